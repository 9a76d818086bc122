/* SPOOL/clock's stamps (src/pbem/spool/deadline_stamp.c): what they say about
 * the host's clock between two passes (issue 22.11), and corrupt values
 * taken for a missing file, never for times (issue 22.12). */
#include <stdio.h>
#include <string.h>

#include "deadline.h"
#include "deadline_stamp.h"
#include "tap.h"

#define H 3600LL
#define T0 1700000000LL
#define BOOT "0f5c1f4e-2b1a-4c1e-9a7e-2f6b1d0c9e11"

static struct dl_stamp
stamp(long long wall, const char *boot, long long up)
{
	struct dl_stamp s = {.wall = wall, .up = up};

	snprintf(s.boot, sizeof(s.boot), "%s", boot);
	return s;
}

static void
test_jumps(void)
{
	struct dl_stamp last = stamp(T0, BOOT, 5000), now;
	long long from = 0;

	now = stamp(T0 + 20 * H, BOOT, 5060);
	ok(dl_jumped(&last, &now, &from) && from == T0 + 60,
	   "issue 22.11: 20h on the wall clock, a minute up: a jump of 20h less a minute");
	last = now;
	now = stamp(T0 + 120, BOOT, 5120);
	ok(dl_jumped(&last, &now, &from) && from == T0 + 20 * H + 60,
	   "issue 22.11: set right again: the jump back by as much");
	now = stamp(T0 + 20 * H, BOOT, 5000 + 20 * H);
	last = stamp(T0, BOOT, 5000);
	ok(!dl_jumped(&last, &now, &from), "20h up and 20h on the wall: time that passed");
	now = stamp(T0 + 20 * H, "another-boot", 60);
	ok(!dl_jumped(&last, &now, &from), "another boot: 20h can be time that passed");
	now = stamp(T0 + 20 * H, "", 0);
	ok(!dl_jumped(&last, &now, &from), "no boot known: the same");
	now = stamp(T0 + 26 * H, "", 0);
	ok(dl_jumped(&last, &now, &from) && from == T0, "without evidence, a day: an outage");
	now = stamp(T0 + 3 * 24 * H, BOOT, 5000 + 3 * 24 * H);
	ok(dl_jumped(&last, &now, &from) && from == T0,
	   "three days up: an outage, the whole gap (as before)");
	now = stamp(T0 + 500, BOOT, 5000);
	ok(!dl_jumped(&last, &now, &from), "a drift under 10 minutes: none");
	now = stamp(T0 - 2 * H, BOOT, 5100);
	ok(dl_jumped(&last, &now, &from) && from == T0 + 100, "back 2h in a boot: a jump");
	now = stamp(T0, BOOT, 4000);
	ok(!dl_jumped(&last, &now, &from), "time up going back: not the same boot");
}

static void
test_parse(void)
{
	struct dl_stamp s;
	char buf[128];
	long long t[2];

	ok(dl_stamp_parse("1700000000\n", &s) && s.wall == T0 && s.boot[0] == '\0',
	   "a stamp of old: the time alone");
	ok(dl_stamp_parse("1700000000 " BOOT " 5000\n", &s) && s.wall == T0 &&
		   strcmp(s.boot, BOOT) == 0 && s.up == 5000,
	   "the time, the boot, the time up");
	dl_stamp_format(&s, buf, sizeof(buf));
	is_str(buf, "1700000000 " BOOT " 5000\n", "written as read");
	ok(!dl_stamp_parse("9223372036854775807\n", &s),
	   "issue 22.12: INT64_MAX is no time (the file counts as missing)");
	ok(!dl_stamp_parse("99999999999999999999\n", &s), "issue 22.12: past INT64_MAX: none");
	ok(!dl_stamp_parse("-9223372036854775808\n", &s), "issue 22.12: INT64_MIN: none");
	ok(!dl_stamp_parse("0\n", &s) && !dl_stamp_parse("\n", &s) &&
		   !dl_stamp_parse("17000x\n", &s) && !dl_stamp_parse("7258118401\n", &s),
	   "issue 22.12: zero, nothing, a word, past 2200: none");
	ok(dl_stamp_parse("1700000000 " BOOT " 9223372036854775807\n", &s) && s.wall == T0 &&
		   s.boot[0] == '\0',
	   "issue 22.12: an implausible time up: the boot taken as not known");
	is_int(dl_times_parse("1700000000 1700003600\n", t, 2), 2, "clock.jump: two times");
	is_int(dl_times_parse("9223372036854775807 1700003600\n", t, 2), -1,
	       "issue 22.12: clock.jump with INT64_MAX: none");
	is_int(dl_times_parse("1700000000 -9223372036854775808\n", t, 2), -1,
	       "issue 22.12: clock.jump with INT64_MIN: none");
	is_int(dl_times_parse("1700000000 1 2\n", t, 2), -1, "a third number: none");
}

int
main(void)
{
	test_jumps();
	test_parse();
	return done_testing();
}
