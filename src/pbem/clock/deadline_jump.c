/* A host clock that jumps (deadline_pass.h): SPOOL/clock holds the time
 * of the last pass and the boot's time up then (deadline_stamp.h); a
 * jump is written to SPOOL/clock.jump ("FROM TO") before any game is
 * touched, each game's clock is moved by TO - FROM and marked with
 * clock_seen TO, and clock.jump goes last: a run killed midway finds it
 * and finishes, moving no game twice. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic.h"
#include "crashpoint.h"
#include "deadline_impl.h"
#include "deadline_stamp.h"
#include "mails_deadline.h"
#include "timers.h"

static void
clock_path(const struct pbem *p, const char *file, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", p->cfg.spool, file);
}

/* A small file's text, or false when it is missing or unreadable. */
static bool
read_small(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t k;

	if (f == NULL)
		return false;
	k = fread(buf, 1, n - 1, f);
	buf[k] = '\0';
	while (k > 0 && (buf[k - 1] == '\n' || buf[k - 1] == '\r')) /* for the log */
		buf[--k] = '\0';
	fclose(f);
	return true;
}

static int
write_text(const char *path, const char *text, char *why, size_t n)
{
	const char *what = "";

	if (atomic_write(path, text, strlen(text), 0600, true, &what) == 0)
		return 0;
	snprintf(why, n, "%s %.300s: %s", what, path, strerror(errno));
	return -1;
}

/* A time of meta.json (0: none) moved by d, unless that would overflow
 * (a meta.json no clock wrote: left as it is). */
static void
moved(time_t *t, time_t d)
{
	time_t to;

	if (*t != 0 && !__builtin_add_overflow(*t, d, &to))
		*t = to;
}

/* One game's clock moved by the jump, once. */
static int
shift_game(struct pbem *p, const char *game, time_t from, time_t to, char *why, size_t n)
{
	char dir[CONFIG_PATH_MAX + 64];
	struct gf_error err = {0};
	struct gamefile *gf;
	struct gamedir gd;
	struct meta m;
	int fd, r = 0;

	snprintf(dir, sizeof(dir), "%s/%s", p->games, game);
	if (gamedir_of(dir, &gd, &err) < 0 || !gd.is_dir)
		return 0;
	if ((fd = dl_lock(p, &gd, why, n)) == -1)
		return -1;
	if ((gf = gamefile_load(gd.state, p->cat, &err)) == NULL ||
	    meta_load(gd.dir, gf, &m, &err) < 0) {
		snprintf(why, n, "%.100s: %.400s", gd.dir, err.text);
		r = -1;
	} else if (m.clock_seen != to) {
		moved(&m.deadline_at, to - from);
		moved(&m.paused_at, to - from);
		m.clock_seen = to;
		r = dl_save(p, &gd, gf, &m, why, n);
		crashpoint("clock jump game moved");
	}
	gamefile_free(gf);
	dl_unlock(fd);
	return r;
}

static int
warn_host(struct pbem *p, time_t from, time_t to, int games, char *why, size_t n)
{
	struct mail_ctx c = pbem_mail_ctx(p, to, NULL);
	struct template_error terr = {{0}};
	struct outmails out = {0};

	pbem_log(p, PBEM_WARN, "the clock jumped %s by %lld seconds since the last pass: "
		 "the deadlines of %d game%s were moved by as much",
		 to > from ? "forward" : "back", (long long)(to > from ? to - from : from - to),
		 games, games == 1 ? "" : "s");
	if (mails_clock_jump(&c, from, to, games, &out, &terr) < 0) {
		snprintf(why, n, "cannot make the clock warning: %s", terr.text);
		outmails_free(&out);
		return -1;
	}
	return pbem_queue_out(p, &out, why, n);
}

/* Moves every clock of the index by the jump. */
static int
shift_all(struct pbem *p, time_t from, time_t to, char *why, size_t n)
{
	struct timers tm;
	int missing, count = 0, r = 0;
	char (*games)[33];

	if (timers_open(p->cfg.spool, &tm, &missing, why, n) < 0)
		return -1;
	games = malloc(sizeof(*games) * (size_t)(tm.n ? tm.n : 1));
	for (int i = 0; games && i < tm.n; i++)
		memcpy(games[count++], tm.t[i].game, 33);
	timers_close(p->cfg.spool, &tm, 0, why, n);
	if (games == NULL) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	for (int i = 0; i < count && r == 0; i++)
		r = shift_game(p, games[i], from, to, why, n);
	free(games);
	if (r == 0 && count > 0)
		r = warn_host(p, from, to, count, why, n);
	return r;
}

/* SPOOL/clock.jump: 1 with the jump, 0 when there is none; one that
 * holds no two plausible times is logged and removed. */
static int
read_jump(struct pbem *p, const char *path, long long *from, long long *to)
{
	char text[128];
	long long t[2];

	if (!read_small(path, text, sizeof(text)))
		return 0;
	if (dl_times_parse(text, t, 2) == 2) {
		*from = t[0], *to = t[1];
		return 1;
	}
	pbem_log(p, PBEM_WARN, "%s holds no two plausible times (\"%.40s\"): ignored and "
		 "removed", path, text);
	unlink(path);
	return 0;
}

/* SPOOL/clock: true with last; one that holds no plausible time is
 * logged and taken for missing (the pass writes it anew). */
static bool
read_stamp(struct pbem *p, const char *path, struct dl_stamp *last)
{
	char text[128];

	if (!read_small(path, text, sizeof(text)))
		return false;
	if (dl_stamp_parse(text, last))
		return true;
	memset(last, 0, sizeof(*last));
	pbem_log(p, PBEM_WARN, "%s holds no plausible time (\"%.40s\"): taken as missing, "
		 "no clock moved", path, text);
	return false;
}

int
pbem_clock_check(struct pbem *p, struct pbem_stats *st)
{
	char path[CONFIG_PATH_MAX + 16], jpath[CONFIG_PATH_MAX + 16], text[128], why[600];
	struct dl_stamp last = {0}, now = {.wall = pbem_now(p), .up = p->boot_up};
	long long from = 0, to = 0;

	snprintf(now.boot, sizeof(now.boot), "%s", p->boot_id);
	clock_path(p, "clock", path, sizeof(path));
	clock_path(p, "clock.jump", jpath, sizeof(jpath));
	if (read_jump(p, jpath, &from, &to) == 0) {
		if (!read_stamp(p, path, &last) || !dl_jumped(&last, &now, &from))
			goto seen;
		to = now.wall;
		snprintf(text, sizeof(text), "%lld %lld\n", from, to);
		if (write_text(jpath, text, why, sizeof(why)) < 0)
			goto fail;
		crashpoint("clock jump noted");
	}
	if (shift_all(p, (time_t)from, (time_t)to, why, sizeof(why)) < 0)
		goto fail;
	if (unlink(jpath) < 0 && errno != ENOENT) {
		snprintf(why, sizeof(why), "cannot remove %.300s: %s", jpath, strerror(errno));
		goto fail;
	}
seen:
	if (now.wall >= last.wall && now.wall < last.wall + 60 &&
	    strcmp(now.boot, last.boot) == 0)
		return 0; /* an idle pass a minute after the last writes nothing */
	dl_stamp_format(&now, text, sizeof(text));
	if (write_text(path, text, why, sizeof(why)) == 0)
		return 0;
fail:
	pbem_log(p, PBEM_ERR, "%s", why);
	snprintf(st->error, sizeof(st->error), "%.500s", why);
	return -1;
}
