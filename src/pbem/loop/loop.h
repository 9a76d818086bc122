/* The host's mail loop (docs/mail.md, "One pass"): a pass over the spool
 * that pbem.h opens:
 *
 *   fetch    IMAP -> the inbox Maildir (with inbox imap)
 *   process  each message of inbox/new: find the turn files, apply them
 *            to their games, queue the mails that follow, and only then
 *            move the message to inbox/cur
 *   flush    the queue -> the outbox directory, or SMTP
 *
 * Exactly once: every step can be cut short by a crash and done again.
 * A turn applied twice is found in the game's history; the mails after
 * record R of a game have names of their own (mails.h) and the game
 * directory's "mailed" file says which records had their mails queued,
 * and from which inbox message; a message is moved to cur/ last.
 */
#ifndef CARC_LOOP_H
#define CARC_LOOP_H

#include <stdbool.h>

#include "pbem.h"

/* One pass: fetch (IMAP), process every message waiting, flush the queue
 * (every queued mail when flush_all, else those whose time has come).
 * 0, or -1 when something failed (st->error says what; the rest went on). */
int pbem_run_once(struct pbem *p, bool flush_all, struct pbem_stats *st);
int pbem_fetch(struct pbem *p, struct pbem_stats *st);
int pbem_process_inbox(struct pbem *p, struct pbem_stats *st);
int pbem_flush(struct pbem *p, bool all, struct pbem_stats *st);
/* Processes the inbox message new/NAME. */
int pbem_process(struct pbem *p, const char *name, struct pbem_stats *st);
/* The group commit of a pass over the inbox (process_group.c, docs/mail.md
 * "Exactly once"): open before the first message; pbem_process acts on a
 * message and leaves its last steps to pbem_group_commit, which makes them
 * for every message acted on since the last commit; close commits what is
 * left and ends the group. 0, or -1 (counted in st, logged). */
int pbem_group_open(struct pbem *p);
int pbem_group_commit(struct pbem *p, struct pbem_stats *st);
int pbem_group_close(struct pbem *p, struct pbem_stats *st);
int pbem_group_size(const struct pbem *p);
/* new/NAME is no mail (a FIFO, a directory, a symlink: why says which):
 * moved aside, never read, with a warning; counted as ignored. 0, or
 * -1 (logged, counted as failed) when it could not be moved. */
int pbem_set_aside(struct pbem *p, const char *name, const char *why,
		   struct pbem_stats *st);
/* Removes the temporary files that a killed carcpbem left in the spool,
 * the queue, the inbox and the outbox (older than PBEM_TEMP_AGE), at most
 * once every PBEM_TEMP_AGE (SPOOL/cleaned); those in a game directory go
 * when a turn opens the game (process_turns.c). */
#define PBEM_TEMP_AGE (10 * 60)
void pbem_clean_temp(struct pbem *p);

#endif
