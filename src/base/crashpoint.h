/* Crash points: the places where the host's tests kill it (SIGKILL) to
 * prove that every step can be cut short and done again (docs/mail.md,
 * "Exactly once"). Without the variables below they do nothing.
 *
 *   CARCPBEM_CRASH_AT=N    the N-th crash point this process reaches kills it
 *   CARCPBEM_CRASH_LOG=F   each crash point reached appends "N WHERE" to F
 */
#ifndef CARC_CRASHPOINT_H
#define CARC_CRASHPOINT_H

void crashpoint(const char *where);

#endif
