/* A spool index kept as a log (SPOOL/timers, SPOOL/games.index): a header
 * line, then one "KEY ..." line per change, appended; the last line of a
 * key wins. A change costs one short append, never a rewrite of the
 * file; the log is rewritten whole (compacted: each key's last line)
 * once it has grown past twice its size at the last rewrite, so the
 * bytes written stay O(1) per change on average.
 *
 *   TAG BASE AUX      BASE: the file's size at its last rewrite; AUX: a
 *                     number of the index's own (the timers' "next"),
 *                     both 20 digits wide, so that AUX is rewritten in
 *                     place
 *
 * The whole file is under PATH.lock (flock) while read or changed. No
 * fsync: the indexes are caches, rebuilt when a writer died while its
 * games changed (writers.h). A line cut short by such a death is taken
 * for no entry; the next append starts a new line after it. */
#ifndef CARC_APPLOG_H
#define CARC_APPLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define APPLOG_SLACK 65536 /* a log this much past twice its base is compacted */

struct applog {
	char path[1100];
	const char *tag;
	int lock, fd; /* -1 when not held / not open */
	long long base, aux;
	off_t size;
};

/* The header alone, without the lock (an idle pass's one read): 1 with
 * *aux, 0 when the file is missing, -1 when it is not the log of tag or
 * its header holds what no writer makes (then applog_open gives 0). */
int applog_peek(const char *path, const char *tag, long long *aux);
/* Takes the lock and opens the log: 1, or 0 when it is missing or its
 * header is not tag's (the lock held: the caller may rebuild it), or -1
 * with why. applog_close lets go. */
int applog_open(struct applog *l, const char *path, const char *tag, char *why, size_t n);
void applog_close(struct applog *l);
/* Appends one line (no newline in it; one is added). 0, or -1 with why. */
int applog_add(struct applog *l, const char *line, char *why, size_t n);
/* Rewrites AUX in place. 0, or -1 with why. */
int applog_set_aux(struct applog *l, long long aux, char *why, size_t n);
/* Whether the log has grown enough to be compacted. */
bool applog_grown(const struct applog *l);
/* Calls each on every complete line after the header, in order (the
 * newline removed). 0, or -1 with why when the file cannot be read. */
int applog_read(struct applog *l, void (*each)(void *ctx, char *line), void *ctx, char *why,
		size_t n);
/* Replaces the log with body (lines, each with its newline) and aux,
 * atomically (a temporary file renamed; the lock held). 0, or -1. */
int applog_rewrite(struct applog *l, const char *body, size_t len, long long aux, char *why,
		   size_t n);

#endif
