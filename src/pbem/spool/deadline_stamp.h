/* SPOOL/clock, the host's clock at the last pass, and what it says about
 * the clock since (deadline_pass.h, pbem_clock_check): no files here.
 *
 *   WALL [BOOT UP]   the wall clock's time; where known, the boot it was
 *                    read in (/proc/sys/kernel/random/boot_id) and the
 *                    seconds the machine had been up (CLOCK_BOOTTIME,
 *                    suspend included) at that moment
 *
 * Within one boot UP tells the real time between two passes whatever the
 * wall clock did; across boots (or without UP) only a large gap can be
 * told from elapsed time. A value no clock of this program writes (a
 * corrupt file: negative, past DL_TIME_MAX, not a number) makes the file
 * count as missing, so that no arithmetic on it can overflow. */
#ifndef CARC_DEADLINE_STAMP_H
#define CARC_DEADLINE_STAMP_H

#include <stdbool.h>
#include <stddef.h>

#define DL_TIME_MAX 7258118400LL /* 2200-01-01 00:00 UTC */
#define DL_DRIFT 600L /* wall time off the real time by more, in a boot: a jump */
#define DL_BOOT_ID_MAX 40

struct dl_stamp {
	long long wall;
	char boot[DL_BOOT_ID_MAX]; /* "": not known */
	long long up;
};

/* Whether t could be a time this program wrote: 0 < t <= DL_TIME_MAX. */
bool dl_time_plausible(long long t);
/* Reads up to max plausible times from text ("T1 T2 ..."): how many, or
 * -1 when anything there is not a plausible time. */
int dl_times_parse(const char *text, long long *t, int max);
/* SPOOL/clock's text: true with s, false when its time is implausible
 * (the boot part alone implausible: the boot is taken as not known). */
bool dl_stamp_parse(const char *text, struct dl_stamp *s);
void dl_stamp_format(const struct dl_stamp *s, char *buf, size_t n);
/* Whether the clock jumped between the passes last and now: true with
 * *from, the time it would be now had it not (deadlines move by
 * now->wall - *from). In one boot, a wall clock off the real time by
 * more than DL_DRIFT (a forward fault of hours is no longer time that
 * passed); otherwise, as without evidence, back by more than
 * DL_JUMP_BACK or on by more than DL_JUMP_FORWARD (an outage: the whole
 * gap). */
bool dl_jumped(const struct dl_stamp *last, const struct dl_stamp *now, long long *from);

#endif
