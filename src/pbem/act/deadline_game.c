/* A game's clock started after each record, and its line of SPOOL/timers
 * (deadline_game.h). meta.json is written under the lock the game's
 * turns take (flock on history.jsonl), so a turn, a pass and a host
 * command never lose each other's writes. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "crashpoint.h"
#include "history.h"
#include "deadline_game.h"
#include "gamesindex.h"
#include "timers.h"
#include "turn_steps.h"

int
dl_lock(const struct pbem *p, const struct gamedir *gd, char *why, size_t n)
{
	int fd;

	if (p->history_held && strcmp(p->history_held, gd->history) == 0)
		return DL_HELD;
	fd = open(gd->history, O_RDWR | O_CLOEXEC);

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
deadline_touch(struct pbem *p, const struct gamefile *gf, const struct meta *m, char *why,
	       size_t n)
{
	char dir[CONFIG_PATH_MAX + 64];
	struct dl_settings s;
	time_t when;

	snprintf(dir, sizeof(dir), "%s/%s", p->games, gf->id);
	gamesindex_put(dir, gf, m); /* a cache: rebuilt when this fails */

	dl_settings(&p->cfg, m, &s);
	when = dl_next(m, &s);
	/* a decision whose clock is to start again (a rollback): the pass */
	if (when == 0 && m->decision_record < 0 && s.deadline > 0 && !m->paused &&
	    !m->terminated)
		when = pbem_now(p);
	return timers_set(p->cfg.spool, gf->id, when, why, n);
}

int
dl_save(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	const struct meta *m, char *why, size_t n)
{
	struct gf_error err = {0};

	if (timers_set(p->cfg.spool, gf->id, pbem_now(p), why, n) < 0)
		return -1;
	crashpoint("deadline timer marked");
	if (meta_save(gd->dir, m, &err) < 0) {
		snprintf(why, n, "%s/%s: %s", gd->dir, META_FILE, err.text);
		return -1;
	}
	crashpoint("deadline meta saved");
	return deadline_touch(p, gf, m, why, n);
}

bool
dl_new_decision(const struct gamedir *gd, const struct meta *m, long latest)
{
	struct turn_error err = {0};
	struct history h = {0};
	bool turn = false;

	if (m->decision_record < 0)
		return true;
	if (m->decision_record >= latest)
		return false;
	if (history_read(gd->history, &h, &err) < 0)
		return true; /* unreadable here: a fresh deadline, in the player's favour */
	for (long i = m->decision_record + 1; i < h.n && !turn; i++)
		turn = h.rec[i].event != HISTORY_HOST;
	history_free(&h);
	return turn;
}

/* The seat whose decision is due, or -1 when the game is over. */
int
dl_owner(const struct gamefile *gf)
{
	struct decision d;

	game_decision(gf->game, &d);
	return d.kind == DECISION_GAME_OVER ? -1 : d.player;
}

/* The player is back: no deadline missed, and a seat the computer kept
 * for missed ones theirs again (not one the host kicked). */
static bool
came_back(struct meta *m, int seat)
{
	struct meta_seat *s = &m->seat[seat];
	bool changed = s->missed != 0 || s->away;

	s->missed = 0;
	if (s->away)
		s->bot = s->away = false;
	return changed;
}

int
deadline_came_back(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		   int seat, char *why, size_t n)
{
	struct gf_error err = {0};
	struct meta m;
	int fd, r = 0;

	if ((fd = dl_lock(p, gd, why, n)) == -1)
		return -1;
	if (meta_load(gd->dir, gf, &m, &err) < 0) {
		snprintf(why, n, "%s/%s: %s", gd->dir, META_FILE, err.text);
		r = -1;
	} else if (seat >= 0 && seat < m.nseats && came_back(&m, seat)) {
		pbem_log(p, PBEM_INFO, "game %s: %s is back", gf->id, m.seat[seat].name);
		r = dl_save(p, gd, gf, &m, why, n);
	}
	dl_unlock(fd);
	return r;
}

int
deadline_begin(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	       long record, int mover, struct meta *m, char *why, size_t n)
{
	struct gf_error err = {0};
	struct dl_settings s;
	bool changed = false;
	int fd, r = 0;

	if ((fd = dl_lock(p, gd, why, n)) == -1)
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
		r = dl_save(p, gd, gf, m, why, n);
	/* the computer's seat plays at this pass, not at its deadline, and so
	 * does a decision with one legal action: should a crash come before
	 * the loop plays it, the next pass does */
	int owner = dl_owner(gf);
	struct action only;
	if (r == 0 && owner >= 0 && owner < m->nseats && !m->paused && !m->terminated &&
	    (m->seat[owner].bot || m->seat[owner].resigned || turn_forced(gf->game, &only)))
		r = timers_set(p->cfg.spool, gf->id, pbem_now(p), why, n);
	if (r == 0 && !changed) /* (dl_save put it) */
		gamesindex_put(gd->dir, gf, m);
	dl_unlock(fd);
	if (r < 0)
		return -1;
	return m->deadline_at != 0;
}
