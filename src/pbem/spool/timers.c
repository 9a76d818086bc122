/* SPOOL/timers (timers.h). */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "deadline_stamp.h"
#include "gamefile.h"
#include "timers.h"

#define TIMERS_TAG "carcpbem-timers"

static void
path_of(const char *spool, const char *file, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", spool, file);
}

int
timers_peek(const char *spool, time_t *next)
{
	char path[1100];
	long long t;
	int r;

	path_of(spool, TIMERS_FILE, path, sizeof(path));
	if ((r = applog_peek(path, TIMERS_TAG, &t)) == 1 && t != 0 && !dl_time_plausible(t))
		return -1; /* no writer's NEXT: the whole log is read, and NEXT set right */
	if (r == 1)
		*next = (time_t)t;
	return r;
}

void
timers_put(struct timers *tm, const char *game, time_t when)
{
	int lo = 0, hi = tm->n;

	while (lo < hi) { /* kept sorted by game id */
		int mid = (lo + hi) / 2;

		if (strcmp(tm->t[mid].game, game) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	bool found = lo < tm->n && strcmp(tm->t[lo].game, game) == 0;

	if (found && when == 0) {
		memmove(&tm->t[lo], &tm->t[lo + 1], (size_t)(tm->n - lo - 1) * sizeof(tm->t[0]));
		tm->n--;
	} else if (found) {
		tm->t[lo].when = when;
	} else if (when != 0) {
		if (tm->n == tm->cap) {
			int cap = tm->cap ? 2 * tm->cap : 64;
			struct timer *t = realloc(tm->t, (size_t)cap * sizeof(*t));

			if (t == NULL)
				return; /* the rebuild finds it again */
			tm->t = t, tm->cap = cap;
		}
		memmove(&tm->t[lo + 1], &tm->t[lo], (size_t)(tm->n - lo) * sizeof(tm->t[0]));
		snprintf(tm->t[lo].game, sizeof(tm->t[lo].game), "%s", game);
		tm->t[lo].when = when;
		tm->n++;
	}
}

/* One line of the log: "GAME TIME". */
static void
read_entry(void *ctx, char *line)
{
	struct timers *tm = ctx;
	char game[64], end;
	long long t;

	if (sscanf(line, "%63s %lld%c", game, &t, &end) == 2 && strlen(game) <= GF_ID_LEN &&
	    t >= 0)
		timers_put(tm, game, (time_t)t);
}

int
timers_open(const char *spool, struct timers *tm, int *missing, char *why, size_t n)
{
	char path[1100];
	int r;

	memset(tm, 0, sizeof(*tm));
	path_of(spool, TIMERS_FILE, path, sizeof(path));
	if ((r = applog_open(&tm->log, path, TIMERS_TAG, why, n)) < 0)
		return -1;
	*missing = r == 0; /* none yet, or torn by hand: rebuilt */
	if (r == 1 && applog_read(&tm->log, read_entry, tm, why, n) < 0) {
		timers_close(spool, tm, 0, why, n);
		return -1;
	}
	return 0;
}

static time_t
earliest(const struct timers *tm)
{
	time_t next = 0;

	for (int i = 0; i < tm->n; i++)
		if (next == 0 || tm->t[i].when < next)
			next = tm->t[i].when;
	return next;
}

/* The log compacted: each game's time, one line each. */
static int
rewrite(struct timers *tm, time_t next, char *why, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	int r;

	if (fp == NULL)
		return snprintf(why, n, "out of memory"), -1;
	for (int i = 0; i < tm->n; i++)
		fprintf(fp, "%s %lld\n", tm->t[i].game, (long long)tm->t[i].when);
	if (fclose(fp) != 0 || text == NULL)
		r = (snprintf(why, n, "out of memory"), -1);
	else
		r = applog_rewrite(&tm->log, text, len, (long long)next, why, n);
	free(text);
	return r;
}

int
timers_close(const char *spool, struct timers *tm, int save, char *why, size_t n)
{
	time_t next = earliest(tm);
	int r = 0;

	(void)spool;
	if (save)
		r = rewrite(tm, next, why, n);
	else if (tm->log.fd >= 0 && tm->log.aux != (long long)next)
		r = applog_set_aux(&tm->log, (long long)next, why, n);
	applog_close(&tm->log);
	free(tm->t);
	memset(tm, 0, sizeof(*tm));
	tm->log.fd = tm->log.lock = -1;
	return r;
}

int
timers_set(const char *spool, const char *game, time_t when, char *why, size_t n)
{
	struct timers tm = {0};
	char path[1100], line[80];
	int r;

	path_of(spool, TIMERS_FILE, path, sizeof(path));
	if ((r = applog_open(&tm.log, path, TIMERS_TAG, why, n)) <= 0) {
		applog_close(&tm.log); /* none: the next pass makes it, from every game */
		return r;
	}
	r = 0;
	/* NEXT first: a kill before the line leaves it early, never late */
	if (when != 0 && (tm.log.aux == 0 || (long long)when < tm.log.aux))
		r = applog_set_aux(&tm.log, (long long)when, why, n);
	snprintf(line, sizeof(line), "%s %lld", game, (long long)when);
	if (r == 0)
		r = applog_add(&tm.log, line, why, n);
	if (r == 0 && applog_grown(&tm.log)) {
		if ((r = applog_read(&tm.log, read_entry, &tm, why, n)) == 0)
			r = rewrite(&tm, earliest(&tm), why, n);
	}
	applog_close(&tm.log);
	free(tm.t);
	return r;
}
