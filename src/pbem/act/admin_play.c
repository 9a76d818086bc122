/* The host moves for a seat (admin_play_for): the computer player
 * decides from the seat's player view, never the host's, and the turn is
 * signed with the host key and recorded as the host's (by, why). */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostcmd.h"
#include "bot.h"
#include "gamesindex.h"
#include "hostkey.h"
#include "hostrec.h"
#include "mails.h"
#include "turnfile.h"
#include "turn_steps.h"

/* Why the host played a decision with one legal action (turn_forced). */
static const char forced_why[] = BOT_FORCED_WHY;

struct play {
	struct pbem *p;
	const struct gamedir *gd;
	int seat;
	const char *why_text;
	const struct seckey *key;
	bool skip;     /* the seat's default, not the computer's choice */
	bool forced;   /* the decision's one legal action (turn_forced) */
	bool catch_up; /* the first move of a run: mails a crash kept back */
};

/* Moves made one after the other, mailed once at the end (run_mail): the
 * players read one mail of what the computer did, not one a move. */
struct run {
	long record;       /* the last move's record, -1 before any */
	int events_from;   /* the first event of the first move's turn: a
			      turn's update has all its steps, the others'
			      too (docs/mail.md, "The turn across several
			      players") */
	int moves;
	char actions[256]; /* the only move's actions as written */
	char told[512];    /* the forced moves, for the mails: "the host played
			      for alice: pass (the only legal action)" */
};

/* The seat's view, as its player gets it by mail. */
static struct gamefile *
player_view(const struct gamefile *gf, int seat, struct turn_error *err)
{
	json_t *v = gamefile_view_json(gf, GF_VIEW_PLAYER, seat);
	struct gf_error e = {0};
	struct gamefile *view = v ? gamefile_from_json(v, gf->cat, &e) : NULL;

	json_decref(v);
	if (view == NULL)
		terr(err, TURN_FAIL, "the player's view: %s", e.text);
	return view;
}

/* The host's computer player, its choices drawn from what the seat sees
 * and where the history stands: the same view gives the same move, but
 * not again after a rollback. */
_Static_assert((int)PLAYER_RANDOM == (int)AI_RANDOM && (int)PLAYER_GREEDY == (int)AI_GREEDY &&
		       (int)PLAYER_MCTS == (int)AI_MCTS,
	       "bot-player's values are ai_kind's");

static void
player_of(const struct pbem *p, const struct gamefile *view, long records,
	  struct ai_params *ai)
{
	char state[GF_STATE_HEX + 24] = "";

	ai_params_default(ai);
	ai->kind = p->cfg.bot_player; /* enum config_player is enum ai_kind */
	ai->think = (double)p->cfg.bot_think;
	gamefile_state_hash(view, state);
	snprintf(state + strlen(state), 24, " %ld", records);
	crypto_generichash(ai->seed, sizeof(ai->seed), (const unsigned char *)state,
			   strlen(state), (const unsigned char *)"carcpbem host move", 18);
}

static int
fill(void *ctx, const struct record_run *rr, const struct history *h,
     struct history_record *r, struct turn_error *err)
{
	struct play *pl = ctx;
	const struct gamefile *gf = rr->gf;
	struct gamefile *view;
	struct decision d;
	struct ai_params ai;
	struct turn t;
	char why[200];
	int rc = -1;

	if (pl->catch_up && admin_mails_catch_up(pl->p, pl->gd, gf, h, why, sizeof(why)) < 0)
		return terr(err, TURN_FAIL, "%s", why);
	game_decision(gf->game, &d);
	if (rr->terminated || gf->game->over || d.player != pl->seat)
		return terr(err, TURN_NOT_YOUR_DECISION, "the decision due in game %s is "
			    "not %s's", gf->id, gf->name[pl->seat]);
	if ((view = player_view(gf, pl->seat, err)) == NULL)
		return -1;
	player_of(pl->p, view, gf->archive.records, &ai);
	if (turn_start(view, pl->seat, &t, err) < 0)
		goto done;
	if ((pl->forced ? bot_forced_turn(view, pl->seat, &t, why, sizeof(why))
	     : pl->skip ? bot_default_turn(view, pl->seat, &t, why, sizeof(why))
			: bot_play_turn(view, pl->seat, &ai, &t, why, sizeof(why))) < 0) {
		terr(err, TURN_FAIL, "the computer player: %s", why);
		goto done;
	}
	if (turn_sign(&t, pl->key, err) < 0)
		goto done;
	r->event = HISTORY_TURN;
	r->turn = t.number;
	snprintf(r->player, sizeof(r->player), "%s", gf->name[pl->seat]);
	turn_id(&t, r->turn_id);
	r->by_host = true;
	r->why = strndup(pl->why_text ? pl->why_text : "", HISTORY_WHY_LEN - 1);
	if ((r->text = turn_format(&t)) == NULL || r->why == NULL) {
		terr(err, TURN_FAIL, "out of memory");
		goto done;
	}
	r->text[strlen(r->text) - 1] = '\0'; /* the line ends there */
	rc = 0;
done:
	gamefile_free(view);
	return rc;
}

/* One move for seat, added to the run ru (not mailed yet); *gf the game
 * after (gamefile_free it). */
static int
play_one(struct pbem *p, const struct gamedir *gd, int seat, const char *why_text,
	 bool skip, struct gamefile **gf, struct run *ru, char *why, size_t n)
{
	struct turn_error err = {0};
	struct apply_result res;
	struct seckey k;
	bool forced = why_text == forced_why;
	struct play pl = {p, gd, seat, why_text, &k, skip, forced, ru->moves == 0};
	int r;

	*gf = NULL;
	if (pbem_host_key(&p->cfg, &k, why, n) < 0)
		return ADMIN_FAIL;
	r = archive_host_write(gd, p->cat, &k, pbem_now(p), fill, NULL, &pl, gf, &res, &err);
	key_wipe(&k);
	if (r < 0) {
		snprintf(why, n, "%s", err.text);
		return err.code == TURN_FAIL ? ADMIN_FAIL : ADMIN_REFUSED;
	}
	pbem_log(p, PBEM_INFO, "game %s turn %ld: the host played for %s (%s): %s",
		 (*gf)->id, res.turn, (*gf)->name[seat], why_text, res.actions);
	if (ru->moves++ == 0)
		ru->events_from = pbem_events_of_turn((*gf)->game, res.turn);
	ru->record = res.record;
	snprintf(ru->actions, sizeof(ru->actions), "%s", res.actions);
	if (bot_told_why(why_text))
		bot_told(ru->told, sizeof(ru->told), (*gf)->name[seat], res.actions, why_text);
	if (!pbem_game_by_mail(gd)) /* (else deadline_begin puts it) */
		gamesindex_put(gd->dir, *gf, NULL);
	return 0;
}

/* The run's mails, as after a mailed turn whose events are all of the
 * run's: the notice of the decision that follows, one update to each
 * other player, or the game-over mails. A crash before them leaves the
 * moves unmailed: the next move or host command mails the last one
 * (admin_mails_catch_up). */
static int
run_mail(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	 const struct run *ru, char *why, size_t n)
{
	if (ru->moves == 0 || gf == NULL || !pbem_game_by_mail(gd))
		return 0;
	/* a figure's place named as written is the only move's own */
	if (pbem_mail_turn_told(p, gd, gf, ru->record, ru->events_from,
				ru->moves == 1 ? ru->actions : NULL, NULL,
				ru->told[0] ? ru->told : NULL, why, n) < 0)
		return ADMIN_FAIL;
	return 0;
}

/* The seat of the decision due when the host plays it: its only legal
 * action (*why_text forced_why), or a seat meta.json gives to the
 * computer; else -1. Not while the game is paused or ended. */
static int
bot_seat(const struct gamedir *gd, const struct gamefile *gf, const char **why_text)
{
	struct gf_error e = {0};
	struct decision d;
	struct action only;
	struct meta m;

	if (gf->game->over)
		return -1;
	game_decision(gf->game, &d);
	if (meta_load(gd->dir, gf, &m, &e) < 0 || m.terminated || m.paused ||
	    d.player < 0 || d.player >= m.nseats)
		return -1;
	*why_text = turn_forced(gf->game, &only) ? forced_why : "the computer plays the seat";
	if (*why_text == forced_why)
		return d.player;
	return m.seat[d.player].bot || m.seat[d.player].resigned ? d.player : -1;
}

/* Moves while the decision due is a bot seat's (a game of bots ends),
 * then mails the run (ru: the moves before it, if any). */
static int
play_bots(struct pbem *p, const struct gamedir *gd, struct gamefile *gf, struct run *ru,
	  long *last, char *why, size_t n)
{
	char lost[200]; /* the mails' failure after a move's: the move's is told */
	const char *why_text = NULL;
	int seat, r = 0, m;

	while (r == 0 && (seat = bot_seat(gd, gf, &why_text)) >= 0) {
		struct gamefile *next = NULL;
		r = play_one(p, gd, seat, why_text, false, &next, ru, why, n);
		if (next == NULL)
			break;
		gamefile_free(gf);
		gf = next;
	}
	if (ru->moves > 0)
		*last = ru->record;
	/* the moves made are mailed, even when a later one failed */
	m = r == 0 ? run_mail(p, gd, gf, ru, why, n)
		   : run_mail(p, gd, gf, ru, lost, sizeof(lost));
	gamefile_free(gf);
	return r != 0 ? r : m;
}

static int
play_for(struct pbem *p, const char *game, int seat, const char *why_text, bool skip,
	 char *why, size_t n)
{
	struct gamefile *gf = NULL;
	struct run ru = {.record = -1};
	struct gamedir gd;
	long last = -1;
	int r;

	if ((r = admin_game_dir(p, game, &gd, why, n)) < 0)
		return r;
	if ((r = play_one(p, &gd, seat, why_text, skip, &gf, &ru, why, n)) < 0) {
		gamefile_free(gf);
		return r;
	}
	return play_bots(p, &gd, gf, &ru, &last, why, n);
}

/* Whether meta.json gives any seat to the computer (and the game runs):
 * one small file, so that a turn of a game without such seats costs no
 * second load of the game. Its seats' names come from the file. */
static bool
any_bot_seat(const struct gamedir *gd)
{
	struct gf_error e = {0};
	struct meta m;
	bool any = false;

	if (meta_peek(gd->dir, &m, &e) < 0)
		return true; /* the full load says what is wrong */
	for (int i = 0; i < m.nseats; i++)
		any |= m.seat[i].bot || m.seat[i].resigned;
	return any && !m.paused && !m.terminated;
}

int
admin_play_for(struct pbem *p, const char *game, int seat, const char *why_text,
	       char *why, size_t n)
{
	return play_for(p, game, seat, why_text, false, why, n);
}

int
admin_play_default(struct pbem *p, const char *game, int seat, const char *why_text,
		   char *why, size_t n)
{
	return play_for(p, game, seat, why_text, true, why, n);
}

static int
play_due(struct pbem *p, const char *game, bool forced, long *last, char *why, size_t n)
{
	struct gf_error e = {0};
	struct run ru = {.record = -1};
	struct gamefile *gf;
	struct gamedir gd;
	int r;

	if ((r = admin_game_dir(p, game, &gd, why, n)) < 0)
		return r;
	if (!forced && !any_bot_seat(&gd))
		return 0;
	if ((gf = gamefile_load(gd.state, p->cat, &e)) == NULL)
		return snprintf(why, n, "%s: %s", gd.state, e.text), ADMIN_FAIL;
	return play_bots(p, &gd, gf, &ru, last, why, n);
}

int
admin_play_bots(struct pbem *p, const char *game, long *last, char *why, size_t n)
{
	return play_due(p, game, false, last, why, n);
}

int
admin_play_due(struct pbem *p, const char *game, long *last, char *why, size_t n)
{
	return play_due(p, game, true, last, why, n);
}

int
admin_game_dir(struct pbem *p, const char *game, struct gamedir *gd, char *why, size_t n)
{
	char dir[CONFIG_PATH_MAX + 64], reason[160];
	struct gf_error e = {0};

	if (gamefile_check_id(game, reason, sizeof(reason)) < 0)
		return snprintf(why, n, "'%s' is no game id: %s", game, reason), ADMIN_REFUSED;
	snprintf(dir, sizeof(dir), "%s/%s", p->games, game);
	if (gamedir_of(dir, gd, &e) < 0 || !gd->is_dir)
		return snprintf(why, n, "there is no game %s in %s", game, p->games),
		       ADMIN_REFUSED;
	return 0;
}
