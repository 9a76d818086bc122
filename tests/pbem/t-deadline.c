/* The decision clock's arithmetic (src/pbem/conf/deadline.c): the settings
 * (a game's over the config's), absences that do not count, reminders
 * that would come before the notice, the next wake-up, a clock that is
 * stopped, and the deadline as the mails write it. */
#include <stdio.h>
#include <string.h>

#include "deadline.h"
#include "tap.h"

#define H 3600L
#define D 86400L
#define T0 1700000000L /* Tue 14 Nov 2023 22:13:20 UTC */

static void
test_settings(void)
{
	const char *names[] = {"alice", "bob"};
	struct config c;
	struct meta m;
	struct dl_settings s;

	config_defaults(&c);
	meta_init(&m, names, 2);
	dl_settings(&c, &m, &s);
	ok(s.deadline == 0 && s.nreminders == 2 && s.reminder[0] == D && s.reminder[1] == 0 &&
		   s.policy == META_POLICY_WAIT && s.bot_after == 3 && s.absence_max == 14 * D,
	   "the config's defaults: no deadline, reminders 24h,0, wait, 3, 14d");
	m.deadline = 2 * D;
	m.policy = META_POLICY_SKIP;
	m.nreminders = 0;
	dl_settings(&c, &m, &s);
	ok(s.deadline == 2 * D && s.policy == META_POLICY_SKIP && s.nreminders == 0 &&
		   s.grace == 0,
	   "a game's own settings win, the rest stays the config's");
}

static void
test_absences(void)
{
	struct meta_seat seat = {0};

	is_int(dl_deadline_from(&seat, T0, 72 * H), T0 + 72 * H, "no absence: 72h later");
	is_int(dl_deadline_from(NULL, T0, 72 * H), T0 + 72 * H, "no seat: the same");
	seat.nabsences = 2;
	seat.absence[0] = (struct meta_period){T0 + 10 * D, T0 + 12 * D};
	seat.absence[1] = (struct meta_period){T0 + 10 * H, T0 + 20 * H};
	is_int(dl_deadline_from(&seat, T0, 72 * H), T0 + 82 * H,
	       "an absence inside the 72h adds its 10h (absences in any order)");
	is_int(dl_deadline_from(&seat, T0 + 15 * H, 72 * H), T0 + 92 * H,
	       "starting inside an absence: the clock starts at its end");
	is_int(dl_deadline_from(&seat, T0, 10 * H), T0 + 10 * H,
	       "a deadline reached just as an absence starts stays");
	is_int(dl_deadline_from(&seat, T0 + 9 * D, 2 * D), T0 + 13 * D,
	       "an absence after a later start: pushed past it");
}

static void
test_clock(void)
{
	const char *names[] = {"alice", "bob"};
	struct dl_settings s = {.deadline = 72 * H, .nreminders = 2, .reminder = {D, 0},
				.grace = H, .policy = META_POLICY_WAIT, .bot_after = 3};
	struct meta m;

	meta_init(&m, names, 2);
	dl_start(&m, &s, 1, 4, T0);
	ok(m.decision_record == 4 && m.decision_since == T0 && m.deadline_at == T0 + 72 * H &&
		   m.reminded == 0,
	   "started: record, since, deadline");
	is_int(dl_next(&m, &s), T0 + 48 * H, "next: the reminder a day before");
	is_int(dl_reminder_due(&m, &s, T0 + 48 * H - 1), -1, "not due a second early");
	is_int(dl_reminder_due(&m, &s, T0 + 72 * H), 1,
	       "both due after a gap: the latest one only");
	m.reminded = 2;
	is_int(dl_next(&m, &s), T0 + 73 * H, "then the deadline and its grace");
	ok(!dl_passed(&m, &s, T0 + 73 * H - 1) && dl_passed(&m, &s, T0 + 73 * H),
	   "passed once the grace is over");
	m.reminded = 4;
	is_int(dl_next(&m, &s), T0 + 73 * H + 2 * D, "policy wait: daily after it");
	m.paused = true;
	ok(dl_next(&m, &s) == 0 && !dl_passed(&m, &s, T0 + 9 * D) &&
		   dl_reminder_due(&m, &s, T0 + 9 * D) < 0,
	   "paused: no wake-up, nothing due");
	m.paused = false;
	m.terminated = true;
	ok(dl_next(&m, &s) == 0, "terminated: no wake-up");
	m.terminated = false;
	s.deadline = 12 * H;
	dl_start(&m, &s, 0, 5, T0);
	is_int(m.reminded, 1, "a deadline shorter than a reminder: that reminder is skipped");
	is_int(dl_next(&m, &s), T0 + 12 * H, "and the next is the one at the deadline");
	struct meta_period away = {T0 + 6 * H, T0 + 30 * H};
	dl_absence_added(&m, 1, 0, &away, T0 + H);
	is_int(m.deadline_at, T0 + 12 * H, "an absence of another seat than the owner's: no change");
	m.seat[0].absence[m.seat[0].nabsences++] = away; /* noted in the seat first */
	dl_absence_added(&m, 0, 0, &away, T0 + H);
	is_int(m.deadline_at, T0 + 36 * H, "the owner's absence: the deadline moves past it");
	m.seat[0].nabsences = 0;
	s.deadline = 0;
	dl_start(&m, &s, 0, 6, T0);
	ok(m.deadline_at == 0 && dl_next(&m, &s) == 0, "no deadline: no clock");
}

/* issue 22.10: 17 days away in announcements that overlap moved a 72h
 * deadline by 8 weeks (each pushed it by its whole length). */
static void
test_overlapping_absences(void)
{
	const char *names[] = {"alice", "bob"};
	struct dl_settings s = {.deadline = 72 * H, .policy = META_POLICY_SKIP};
	struct meta_seat *me;
	struct meta m;

	meta_init(&m, names, 2);
	dl_start(&m, &s, 0, 4, T0);
	me = &m.seat[0];
	for (int i = 0; i < 3; i++) { /* days 1-15, 3-17, 4-18 */
		struct meta_period p = {T0 + (1 + i + !!i) * D, T0 + (15 + i + !!i) * D};
		me->absence[me->nabsences++] = p;
		dl_absence_added(&m, 0, 0, &p, T0 + H);
	}
	is_int(m.deadline_at, T0 + 20 * D,
	       "issue 22.10: three overlapping absences (days 1 to 18) move a 72h deadline "
	       "past their union once: 23h before, 48h after");
	struct meta_period inside = {T0 + 2 * D, T0 + 10 * D};
	me->absence[me->nabsences++] = inside;
	dl_absence_added(&m, 0, 0, &inside, T0 + 2 * H);
	is_int(m.deadline_at, T0 + 20 * D,
	       "issue 22.10: an absence inside those known: the deadline stays");
	is_int(m.deadline_at, dl_deadline_from(me, T0, 72 * H),
	       "issue 22.10: the same as a clock started with all four known");
	is_int(dl_seat_time(me, T0, T0 + 20 * D), 72 * H,
	       "issue 22.10: the seat's time to it is the 72h");
	is_int(dl_seat_time(me, T0 + 5 * D, T0 + 6 * D), 0, "no seat time inside an absence");
	is_int(dl_seat_time(NULL, T0, T0 + H), H, "no seat: all of it");
}

static void
test_format(void)
{
	char buf[160];

	dl_format_utc(T0, buf, sizeof(buf));
	is_str(buf, "Tuesday 14 November 2023 22:13 UTC", "UTC");
	dl_format_local(T0, "Europe/Sofia", buf, sizeof(buf));
	is_str(buf, "Wednesday 15 November 2023 00:13 EET (Europe/Sofia)", "a zone");
	dl_format_local(T0, "America/New_York", buf, sizeof(buf));
	is_str(buf, "Tuesday 14 November 2023 17:13 EST (America/New_York)", "another zone");
	dl_format_local(T0, "../../etc/passwd", buf, sizeof(buf));
	is_str(buf, "", "a path is no zone");
	dl_format_local(T0, "Mars/Olympus", buf, sizeof(buf));
	is_str(buf, "", "an unknown zone: nothing");
	ok(dl_zone_known("UTC") && !dl_zone_known("") && !dl_zone_known("Europe"),
	   "zones: files of the zone database only");
	dl_format_utc(T0, buf, sizeof(buf));
	is_str(buf, "Tuesday 14 November 2023 22:13 UTC", "TZ put back: UTC still UTC");
}

int
main(void)
{
	test_settings();
	test_absences();
	test_clock();
	test_overlapping_absences();
	test_format();
	return done_testing();
}
