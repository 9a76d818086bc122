/* A game's clock started after each record, and its line of SPOOL/timers
 * (deadline_pass.h). meta.json is written under the lock the game's
 * turns take (flock on history.jsonl), so a turn, a pass and a host
 * command never lose each other's writes. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "crashpoint.h"
#include "deadline_impl.h"
#include "timers.h"

int
dl_lock(const struct gamedir *gd, char *why, size_t n)
{
	int fd = open(gd->history, O_RDWR | O_CLOEXEC);

	if (fd >= 0 && flock(fd, LOCK_EX) == 0)
		return fd;
	snprintf(why, n, "cannot lock %s: %s", gd->history, strerror(errno));
	if (fd >= 0)
		close(fd);
	return -1;
}

void
dl_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

int
deadline_touch(struct pbem *p, const char *game, const struct meta *m, char *why, size_t n)
{
	struct dl_settings s;

	dl_settings(&p->cfg, m, &s);
	return timers_set(p->cfg.spool, game, dl_next(m, &s), why, n);
}

int
dl_save(struct pbem *p, const struct gamedir *gd, const char *game, const struct meta *m,
	char *why, size_t n)
{
	struct gf_error err = {0};

	if (timers_set(p->cfg.spool, game, pbem_now(p), why, n) < 0)
		return -1;
	crashpoint("deadline timer marked");
	if (meta_save(gd->dir, m, &err) < 0) {
		snprintf(why, n, "%s/%s: %s", gd->dir, META_FILE, err.text);
		return -1;
	}
	crashpoint("deadline meta saved");
	return deadline_touch(p, game, m, why, n);
}

/* The seat whose decision is due, or -1 when the game is over. */
int
dl_owner(const struct gamefile *gf)
{
	struct decision d;

	game_decision(gf->game, &d);
	return d.kind == DECISION_GAME_OVER ? -1 : d.player;
}

/* The player is back: no deadline missed, the seat theirs again. */
static bool
came_back(struct meta *m, int seat)
{
	struct meta_seat *s = &m->seat[seat];
	bool changed = s->missed != 0 || (s->bot && !s->resigned);

	s->missed = 0;
	if (!s->resigned)
		s->bot = false;
	return changed;
}

int
deadline_begin(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	       long record, int mover, struct meta *m, char *why, size_t n)
{
	struct gf_error err = {0};
	struct dl_settings s;
	bool changed = false;
	int fd, r = 0;

	if ((fd = dl_lock(gd, why, n)) < 0)
		return -1;
	if (meta_load(gd->dir, gf, m, &err) < 0) {
		snprintf(why, n, "%s/%s: %s", gd->dir, META_FILE, err.text);
		dl_unlock(fd);
		return -1;
	}
	dl_settings(&p->cfg, m, &s);
	if (mover >= 0 && mover < m->nseats)
		changed = came_back(m, mover);
	if (m->decision_record != record && (s.deadline > 0 || m->deadline_at != 0)) {
		dl_start(m, &s, dl_owner(gf), record, pbem_now(p));
		m->clock_seen = pbem_now(p);
		changed = true;
	}
	if (changed)
		r = dl_save(p, gd, gf->id, m, why, n);
	dl_unlock(fd);
	if (r < 0)
		return -1;
	return m->deadline_at != 0;
}
