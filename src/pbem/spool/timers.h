/* SPOOL/timers: when each game's decision clock next needs a look, so a
 * pass with nothing due reads one line and opens no game (issue 13's
 * scale: thousands of games on one spool).
 *
 *   carcpbem-timers BASE NEXT   NEXT: no later than the earliest time
 *                               below (0: none), 20 digits each
 *   golden 1764057600           GAME TIME, one a change; the last line
 *                               of a game wins, TIME 0 removes it
 *
 * A log (applog.h): a change appends its line (and lowers NEXT in place
 * when it is earlier), so it costs O(1) bytes; the log is compacted when
 * it has doubled. NEXT may be too early (a game's time moved later): the
 * pass that finds nothing due at NEXT reads the whole log and sets it
 * right. The mail loop, carcpbem new, apply and admin may each change a
 * game's line, under SPOOL/timers.lock (flock). A missing or foreign
 * file is rebuilt from the games' meta.json (deadline_pass.c).
 */
#ifndef CARC_TIMERS_H
#define CARC_TIMERS_H

#include <stddef.h>
#include <time.h>

#include "applog.h"

#define TIMERS_FILE "timers"

struct timer {
	char game[33];
	time_t when;
};

struct timers {
	struct timer *t;
	int n, cap;
	struct applog log; /* held from timers_open to timers_close */
};

/* Takes the lock and reads the file (none yet: 0 entries, *missing set).
 * 0, or -1 with why. timers_close releases it, rewriting the file whole
 * when save (else setting NEXT right when it was too early). */
int timers_open(const char *spool, struct timers *tm, int *missing, char *why, size_t n);
int timers_close(const char *spool, struct timers *tm, int save, char *why, size_t n);
/* Sets game's time (0: removes it). */
void timers_put(struct timers *tm, const char *game, time_t when);
/* One game's time, locked, read, changed and saved. */
int timers_set(const char *spool, const char *game, time_t when, char *why, size_t n);
/* The "next" line alone, without the lock: the idle pass's one read.
 * 1 with *next, 0 when the file is missing, -1 when it is unreadable or
 * NEXT is no plausible time. */
int timers_peek(const char *spool, time_t *next);

#endif
