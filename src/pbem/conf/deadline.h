/* The decision clock (docs/architecture.md, "Deadlines"): when a decision
 * is due, the reminders before it, and what the game's non-response
 * policy does once it has passed. The settings are the config's unless
 * the game has its own (meta.json); the clock itself lives in meta.json
 * (decision_record, deadline_at, reminded) and each game's next wake-up
 * time in the spool's index SPOOL/timers (timers.c), so that a pass with
 * nothing due opens no game.
 *
 * Every time is the host's clock (pbem_now), never a mail's Date.
 */
#ifndef CARC_DEADLINE_H
#define CARC_DEADLINE_H

#include <stdbool.h>
#include <time.h>

#include "config.h"
#include "meta.h"

#define DL_DAY 86400L
#define DL_JUMP_BACK 3600L      /* a clock back by more than this is a jump */
#define DL_JUMP_FORWARD DL_DAY  /* a pass this long after the last one: an outage */

/* A game's settings: meta's where set, else the config's. */
struct dl_settings {
	long deadline; /* 0: no deadlines */
	int nreminders;
	long reminder[META_REMINDERS_MAX]; /* before the deadline, longest first */
	long grace;
	int policy; /* enum meta_policy */
	int bot_after;
	long absence_max;
};

void dl_settings(const struct config *c, const struct meta *m, struct dl_settings *s);

/* The moment `duration` seconds of the seat's time have run from since:
 * time inside the seat's absences does not count. */
time_t dl_deadline_from(const struct meta_seat *seat, time_t since, long duration);
/* The seconds of the seat's time from `from` to `to`: those outside the
 * union of its absences (dl_deadline_from's inverse). */
long dl_seat_time(const struct meta_seat *seat, time_t from, time_t to);
/* Starts the clock of the decision of seat that follows record. */
void dl_start(struct meta *m, const struct dl_settings *s, int seat, long record,
	      time_t now);
/* The next time the clock needs a look (a reminder, the deadline, a daily
 * reminder after it), or 0: none (no deadline, paused). */
time_t dl_next(const struct meta *m, const struct dl_settings *s);
/* The reminder due at now: its index (m->reminded onwards; later ones
 * that are due too win, so an outage sends one reminder, not all), or -1. */
int dl_reminder_due(const struct meta *m, const struct dl_settings *s, time_t now);
/* Whether the deadline (and the grace after it) has passed. */
bool dl_passed(const struct meta *m, const struct dl_settings *s, time_t now);

/* A player announced an absence p (SET ABSENCE, already in m's seat):
 * when that seat owns the decision due (owner: dl_owner's seat), its
 * deadline is made again from now: the seat's time left until it (with
 * the absences known before, which deadline_at counts already), run
 * past the union of all the seat's absences, so that absences that
 * overlap move it once, not once each. Then deadline_touch. */
void dl_absence_added(struct meta *m, int seat, int owner, const struct meta_period *p,
		      time_t now);

/* The host's commands on the clock (pause, resume, extend: admin.c)
 * change meta.json and then call deadline_touch (deadline_game.h). */

/* "2026-11-28 06:00 UTC" and, for a zone, "Friday 28 November 09:00 EET
 * (Europe/Sofia)"; "" for an empty or unknown zone. */
void dl_format_utc(time_t t, char *buf, size_t n);
void dl_format_local(time_t t, const char *zone, char *buf, size_t n);
/* Whether zone names a zone of the system's database. */
bool dl_zone_known(const char *zone);

#endif
