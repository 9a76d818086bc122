/* The deadline pass (deadline_pass.h): the games SPOOL/timers says are
 * due, each locked, its reminders queued (each once: the queue's names
 * and meta.json's "reminded"), and at the deadline the policy. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apply.h"
#include "crashpoint.h"
#include "deadline_impl.h"
#include "mails_deadline.h"
#include "timers.h"
#include "turn_steps.h"
#include "writers.h"

#define DL_MOVES_MAX 64 /* host moves in a row for one game in one pass */

enum dl_move {
	MOVE_NONE,
	MOVE_BOT,  /* a deadline passed: the computer decides */
	MOVE_SKIP, /* a deadline passed: the seat's default */
	MOVE_SEAT, /* the computer plays the seat (missed too many, kicked, resigned) */
	MOVE_FORCED /* the decision has one legal action: the host plays it */
};

struct visit {
	struct pbem *p;
	struct gamedir gd;
	struct gamefile *gf;
	struct meta m;
	struct dl_settings s;
	time_t now;
	bool changed;
	char why[600];
};

static int
remind(struct visit *v, int k, bool overdue)
{
	struct mail_ctx c = pbem_mail_ctx(v->p, v->now, &v->m);
	struct template_error terr = {{0}};
	struct outmails out = {0};

	if (mails_remind(&c, v->gf, v->m.decision_record, k, overdue, &out, &terr) < 0) {
		snprintf(v->why, sizeof(v->why), "cannot make the reminder of game %s: %s",
			 v->gf->id, terr.text);
		outmails_free(&out);
		return -1;
	}
	if (pbem_queue_out(v->p, &out, v->why, sizeof(v->why)) < 0)
		return -1;
	crashpoint("deadline reminder queued");
	pbem_log(v->p, PBEM_INFO, "game %s: reminder %d to %s%s", v->gf->id, k,
		 v->gf->name[dl_owner(v->gf)], overdue ? " (deadline passed)" : "");
	v->m.reminded = k + 1;
	v->changed = true;
	return 0;
}

/* The seat is the computer's now: its player is told (before meta.json
 * says so: a kill in between queues the same name again). */
static int
tell_away(struct visit *v, int seat)
{
	struct mail_ctx c = pbem_mail_ctx(v->p, v->now, &v->m);
	struct template_error terr = {{0}};
	struct outmails out = {0};

	if (mails_away(&c, v->gf, v->m.decision_record, seat, v->m.seat[seat].missed, &out,
		       &terr) < 0) {
		snprintf(v->why, sizeof(v->why), "cannot make the mail to %s: %s",
			 v->gf->name[seat], terr.text);
		outmails_free(&out);
		return -1;
	}
	return pbem_queue_out(v->p, &out, v->why, sizeof(v->why));
}

/* The deadline has passed: the policy. What the host must play. */
static int
passed(struct visit *v, enum dl_move *move)
{
	int seat = dl_owner(v->gf), nrem = v->s.nreminders;
	bool other = seat != v->gf->game->current; /* the Cathars' escape ... */
	struct meta_seat *ms = &v->m.seat[seat];

	if (v->m.reminded <= nrem) { /* the first look after the deadline */
		if (!other)
			ms->missed++;
		if (v->s.policy == META_POLICY_BOT && !other && ms->missed >= v->s.bot_after &&
		    !ms->bot) {
			if (tell_away(v, seat) < 0)
				return -1;
			ms->bot = ms->away = true;
			pbem_log(v->p, PBEM_INFO, "game %s: %s missed %d deadlines: the computer "
				 "plays the seat until %s sends a turn", v->gf->id, ms->name,
				 ms->missed, ms->name);
		}
		if (v->s.policy == META_POLICY_WAIT && !other)
			return remind(v, nrem, true);
		v->m.reminded = nrem + 1;
		v->changed = true;
	} else if (v->s.policy == META_POLICY_WAIT && !other) {
		if (v->now >= dl_next(&v->m, &v->s))
			return remind(v, v->m.reminded, true);
		return 0;
	}
	/* another player's step: pass where it is optional, else the computer
	 * decides from that seat's view, not the first legal action */
	if (other)
		*move = turn_may_pass(v->gf->game) ? MOVE_SKIP : MOVE_BOT;
	else
		*move = v->s.policy == META_POLICY_SKIP ? MOVE_SKIP : MOVE_BOT;
	return 0;
}

/* One look at the clock of a locked game. */
static int
step(struct visit *v, enum dl_move *move)
{
	long latest = v->gf->archive.records - 1;
	int seat = dl_owner(v->gf), k;

	*move = MOVE_NONE;
	if (seat < 0) {
		v->changed = v->m.deadline_at != 0;
		v->m.deadline_at = 0;
		return 0;
	}
	if (v->m.decision_record != latest) {
		if (dl_new_decision(&v->gd, &v->m, latest)) /* a kill after a record */
			dl_start(&v->m, &v->s, seat, latest, v->now);
		else /* host records only: the same decision, its clock as it is */
			v->m.decision_record = latest;
		v->changed = true;
	}
	struct action only;
	if (!v->m.paused && !v->m.terminated && turn_forced(v->gf->game, &only)) {
		*move = MOVE_FORCED; /* the loop's move, which a crash kept back */
		return 0;
	}
	if (v->m.seat[seat].bot || v->m.seat[seat].resigned) {
		/* a seat given to the computer at this very deadline (a kill came
		 * before the move) keeps the deadline as its reason */
		bool acted = dl_passed(&v->m, &v->s, v->now) &&
			     v->m.reminded > v->s.nreminders && v->s.policy != META_POLICY_WAIT;
		*move = !acted				       ? MOVE_SEAT
			: v->s.policy == META_POLICY_SKIP ? MOVE_SKIP
							   : MOVE_BOT;
		return 0;
	}
	if (dl_passed(&v->m, &v->s, v->now)) /* the reminders before it are late */
		return passed(v, move);
	if ((k = dl_reminder_due(&v->m, &v->s, v->now)) >= 0)
		return remind(v, k, false);
	return 0;
}

/* The game's directory: 1 when it is gone (its timers line goes). */
static int
find_game(struct visit *v, const char *game)
{
	char dir[CONFIG_PATH_MAX + 64];
	struct gf_error err = {0};

	snprintf(dir, sizeof(dir), "%s/%s", v->p->games, game);
	if (gamefile_check_id(game, v->why, sizeof(v->why)) < 0 ||
	    gamedir_of(dir, &v->gd, &err) < 0 || !v->gd.is_dir)
		return 1;
	return 0;
}

/* The game locked (*fd; the history's flock) and read, in step with its
 * history (a kill between a record and state.json repaired), and its
 * meta.json. */
static int
load_game(struct visit *v, int *fd)
{
	struct turn_error terr = {0};
	struct history_tail tail;
	struct gf_error err = {0};

	if (archive_open(&v->gd, v->p->cat, fd, &v->gf, &tail, &terr) < 0) {
		snprintf(v->why, sizeof(v->why), "%.100s: %.400s", v->gd.dir, terr.text);
		return -1;
	}
	if (meta_load(v->gd.dir, v->gf, &v->m, &err) < 0) {
		snprintf(v->why, sizeof(v->why), "%.100s: %.400s", v->gd.dir, err.text);
		return -1;
	}
	dl_settings(&v->p->cfg, &v->m, &v->s);
	return 0;
}

/* The host plays the seat whose decision is due: 0 when it did, 1 when
 * this build cannot (the game waits), -1 on failure. */
static int
host_move(struct visit *v, enum dl_move move, struct pbem_stats *st)
{
	int seat = dl_owner(v->gf);
	const char *text = move == MOVE_SKIP	       ? "the deadline passed: the default"
			   : move == MOVE_BOT	       ? "the deadline passed: the computer decided"
			   : move == MOVE_FORCED       ? "the only legal action"
			   : v->m.seat[seat].resigned ? "the player resigned"
						      : "the computer plays the seat";
	int r = move == MOVE_FORCED
		    ? deadline_host_due(v->p, &v->gd, v->why, sizeof(v->why))
		    : deadline_host_move(v->p, &v->gd, seat, move == MOVE_SKIP, text, v->why,
					 sizeof(v->why));

	if (r == -2) {
		pbem_log(v->p, PBEM_WARN, "game %s: %s", v->gf->id, v->why);
		return 1;
	}
	if (r < 0)
		return -1;
	pbem_log(v->p, PBEM_INFO, "game %s: the host played for %s (%s)", v->gf->id,
		 v->gf->name[seat], text);
	st->turns++;
	return 0;
}

/* One game: the clock's due work under the game's lock; a host move
 * with the lock let go (the move takes it itself), then a look again. */
static int
visit(struct pbem *p, const char *game, struct pbem_stats *st)
{
	struct visit v = {.p = p, .now = pbem_now(p)};
	int r = 0;

	if (find_game(&v, game) != 0)
		return timers_set(p->cfg.spool, game, 0, v.why, sizeof(v.why));
	for (int moves = 0; r == 0 && moves < DL_MOVES_MAX; moves++) {
		enum dl_move move = MOVE_NONE;
		int fd = -1;

		if (moves == 0) { /* mails a kill kept from a host's move or record */
			if ((r = load_game(&v, &fd)) == 0)
				r = dl_repair_mails(p, &v.gd, v.gf, v.why, sizeof(v.why));
			gamefile_free(v.gf);
			v.gf = NULL;
			dl_unlock(fd);
			if (r < 0)
				break;
		}
		v.changed = false;
		if ((r = load_game(&v, &fd)) == 0)
			r = step(&v, &move);
		if (r == 0 && v.changed)
			r = dl_save(p, &v.gd, v.gf, &v.m, v.why, sizeof(v.why));
		else if (r == 0)
			r = deadline_touch(p, v.gf, &v.m, v.why, sizeof(v.why));
		/* until the move is made, the next pass must come back */
		if (r == 0 && move != MOVE_NONE)
			r = timers_set(p->cfg.spool, game, v.now, v.why, sizeof(v.why));
		dl_unlock(fd);
		if (r == 0 && move != MOVE_NONE)
			r = host_move(&v, move, st);
		gamefile_free(v.gf);
		v.gf = NULL;
		if (move == MOVE_NONE)
			break;
	}
	if (r < 0) {
		pbem_log(p, PBEM_ERR, "%s", v.why);
		snprintf(st->error, sizeof(st->error), "%.500s", v.why);
	}
	return r < 0 ? -1 : 0;
}

/* ---- the index ---- */

/* SPOOL/timers from every game's meta.json: once, when it is missing
 * (a spool from before deadlines, or a file removed by hand). */
static void
rebuild(struct pbem *p, struct timers *tm)
{
	struct gf_error err = {0};
	struct dirent *e;
	DIR *d = opendir(p->games);
	int n = 0;

	while (d && (e = readdir(d)) != NULL) {
		char dir[CONFIG_PATH_MAX + 300], why[200];
		struct gamefile *gf;
		struct gamedir gd;
		struct dl_settings s;
		struct meta m;

		snprintf(dir, sizeof(dir), "%s/%s", p->games, e->d_name);
		if (e->d_name[0] == '.' || gamefile_check_id(e->d_name, why, sizeof(why)) < 0 ||
		    gamedir_of(dir, &gd, &err) < 0 || !gd.is_dir ||
		    (gf = gamefile_load(gd.state, p->cat, &err)) == NULL)
			continue;
		if (meta_load(gd.dir, gf, &m, &err) == 0) {
			dl_settings(&p->cfg, &m, &s);
			/* a clock not started yet (a crash, or deadlines newly set) */
			if (s.deadline > 0 && !gf->game->over &&
			    dl_new_decision(&gd, &m, gf->archive.records - 1))
				timers_put(tm, e->d_name, pbem_now(p)), n++;
			else if (dl_next(&m, &s) != 0)
				timers_put(tm, e->d_name, dl_next(&m, &s)), n++;
		}
		gamefile_free(gf);
	}
	if (d)
		closedir(d);
	pbem_log(p, PBEM_INFO, "%s/%s made from the games' clocks (%d game%s)", p->cfg.spool,
		 TIMERS_FILE, n, n == 1 ? "" : "s");
}

/* The games due now, from the index (made when missing). */
static int
due_games(struct pbem *p, char (**games)[33], int *n, char *why, size_t nwhy)
{
	time_t now = pbem_now(p), next;
	struct timers tm;
	int missing, r = timers_peek(p->cfg.spool, &next);

	*games = NULL, *n = 0;
	writers_check(p->cfg.spool); /* a writer died: the other indexes dropped */
	if (r == 1 && (next == 0 || next > now))
		return 0; /* the idle pass: one line read */
	if (timers_open(p->cfg.spool, &tm, &missing, why, nwhy) < 0)
		return -1;
	if (missing)
		rebuild(p, &tm);
	*games = malloc(sizeof(**games) * (size_t)(tm.n ? tm.n : 1));
	for (int i = 0; *games && i < tm.n; i++)
		if (tm.t[i].when <= now)
			memcpy((*games)[(*n)++], tm.t[i].game, 33);
	return timers_close(p->cfg.spool, &tm, missing, why, nwhy);
}

int
pbem_deadlines(struct pbem *p, struct pbem_stats *st)
{
	char (*games)[33], why[400];
	int n, r = 0;

	if (due_games(p, &games, &n, why, sizeof(why)) < 0) {
		pbem_log(p, PBEM_ERR, "%s", why);
		snprintf(st->error, sizeof(st->error), "%.500s", why);
		return -1;
	}
	for (int i = 0; i < n && !(p->stop && *p->stop); i++)
		if (visit(p, games[i], st) < 0)
			r = -1;
	free(games);
	return r;
}
