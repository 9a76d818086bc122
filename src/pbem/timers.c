/* SPOOL/timers (timers.h). */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "gamefile.h"
#include "timers.h"

static void
path_of(const char *spool, const char *file, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", spool, file);
}

int
timers_peek(const char *spool, time_t *next)
{
	char path[1100], line[64];
	long long t;
	FILE *f;
	int r;

	path_of(spool, TIMERS_FILE, path, sizeof(path));
	if ((f = fopen(path, "r")) == NULL)
		return errno == ENOENT ? 0 : -1;
	r = fgets(line, sizeof(line), f) && sscanf(line, "next %lld", &t) == 1 ? 1 : -1;
	fclose(f);
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

static int
read_entries(FILE *f, struct timers *tm)
{
	char line[128], game[64];
	long long t;

	if (fgets(line, sizeof(line), f) == NULL || strncmp(line, "next ", 5) != 0)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %lld", game, &t) == 2 && strlen(game) <= GF_ID_LEN)
			timers_put(tm, game, (time_t)t);
	return 0;
}

int
timers_open(const char *spool, struct timers *tm, int *missing, char *why, size_t n)
{
	char path[1100];
	FILE *f;

	memset(tm, 0, sizeof(*tm));
	*missing = 0;
	path_of(spool, TIMERS_FILE ".lock", path, sizeof(path));
	if ((tm->lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0 ||
	    flock(tm->lock, LOCK_EX) < 0) {
		snprintf(why, n, "cannot lock %s: %s", path, strerror(errno));
		if (tm->lock >= 0)
			close(tm->lock);
		tm->lock = -1;
		return -1;
	}
	path_of(spool, TIMERS_FILE, path, sizeof(path));
	if ((f = fopen(path, "r")) == NULL) {
		*missing = errno == ENOENT;
		if (*missing)
			return 0;
		snprintf(why, n, "cannot read %s: %s", path, strerror(errno));
	} else {
		int r = read_entries(f, tm);

		fclose(f);
		*missing = r < 0; /* torn by hand: rebuilt */
		return 0;
	}
	timers_close(spool, tm, 0, why, n);
	return -1;
}

int
timers_close(const char *spool, struct timers *tm, int save, char *why, size_t n)
{
	struct gf_error err = {0};
	char path[1100], *text = NULL;
	size_t len = 0;
	time_t next = 0;
	FILE *fp;
	int r = 0;

	for (int i = 0; i < tm->n; i++)
		if (next == 0 || tm->t[i].when < next)
			next = tm->t[i].when;
	if (save && (fp = open_memstream(&text, &len)) != NULL) {
		fprintf(fp, "next %lld\n", (long long)next);
		for (int i = 0; i < tm->n; i++)
			fprintf(fp, "%s %lld\n", tm->t[i].game, (long long)tm->t[i].when);
		fclose(fp);
		path_of(spool, TIMERS_FILE, path, sizeof(path));
		if (text == NULL ||
		    gamefile_write_atomic(path, text, len, 0600, true, &err) < 0) {
			snprintf(why, n, "cannot write %s: %s", path, text ? err.text : "no memory");
			r = -1;
		}
		free(text);
	} else if (save) {
		snprintf(why, n, "out of memory");
		r = -1;
	}
	if (tm->lock >= 0)
		close(tm->lock);
	free(tm->t);
	memset(tm, 0, sizeof(*tm));
	tm->lock = -1;
	return r;
}

int
timers_set(const char *spool, const char *game, time_t when, char *why, size_t n)
{
	struct timers tm;
	int missing;

	if (timers_open(spool, &tm, &missing, why, n) < 0)
		return -1;
	if (!missing) /* else the next pass makes it, from every game */
		timers_put(&tm, game, when);
	return timers_close(spool, &tm, !missing, why, n);
}
