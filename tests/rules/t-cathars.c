/* Random games with the Cathars (RULES.md 8), alone and with the river
 * and the abbot: every listed action is accepted from its owner and
 * refused from anyone else, survives its text form, and a replay of the
 * texts gives the same game. The escape (CATHARS-6, UN-21) is offered
 * only to the player whose turn it is, returns one of his knights with
 * no points, and happens in these games; besieged cities and their
 * farms score by their own rules (CATHARS-3..5).
 *
 *   CARC_CATHARS_GAMES=N   games to play (default 400)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "exp/exp.h"
#include "rules.h"
#include "tap.h"

#define NCOMBO 4
#define TEXT_MAX 32

static struct catalog *cat;

struct tally {
	int games, actions, listed, escapes_offered, escapes, refused, owner_ok, text_ok, replay_ok;
	int figures_ok, scores_ok, escape_ok, escape_current, rule3, rule4, rule5;
};

static void
setup_of(int id, struct game_setup *s)
{
	memset(s, 0, sizeof(*s));
	rules_options_default(&s->opt);
	module_set(&s->opt, MOD_CATHARS, true);
	module_set(&s->opt, MOD_RIVER, id % NCOMBO & 1);
	module_set(&s->opt, MOD_ABBOT, id % NCOMBO & 2);
	s->opt.edition = 1 + id / NCOMBO % 2;
	s->nplayers = 2 + id / (2 * NCOMBO) % 4;
	s->first_player = id % s->nplayers;
	s->start = -1;
	memcpy(s->seed, &id, sizeof(id));
	memcpy(s->seed + 8, "carc-cathars", 12);
}

static int
on_board(const struct game *g, int player)
{
	int n = 0;

	for (int i = 0; i < g->nfigures; i++)
		n += g->figure[i].owner == player && g->figure[i].type == FIG_FOLLOWER &&
		     g->figure[i].seg >= 0;
	return n;
}

static bool
same_game(const struct game *a, const struct game *b)
{
	if (a->nevents != b->nevents || a->nplaced != b->nplaced || a->over != b->over)
		return false;
	for (int p = 0; p < a->nplayers; p++)
		if (a->player[p].score != b->player[p].score)
			return false;
	for (int i = 0; i < a->nfigures; i++)
		if (a->figure[i].seg != b->figure[i].seg)
			return false;
	for (int i = 0; i < a->nevents; i++)
		if (a->events[i].kind != b->events[i].kind ||
		    a->events[i].points != b->events[i].points ||
		    a->events[i].player != b->events[i].player)
			return false;
	return true;
}

/* The listed actions of one decision: owner, others, text. */
static void
check_listed(struct tally *t, const struct game *g, const struct decision *d,
	     const struct action *a, int n)
{
	t->listed += n;
	for (int i = 0; i < n; i++) {
		struct rules_error err = {0};
		struct action back;
		char text[TEXT_MAX];
		int other = (d->player + 1) % g->nplayers;
		bool ok = game_check_by(g, d->player, &a[i], &err) == 0;

		t->refused += !ok;
		t->owner_ok += g->nplayers == 1 ||
			       (game_check_by(g, other, &a[i], &err) < 0 &&
				err.code == RERR_NOT_YOURS);
		action_format(g, &a[i], text, sizeof(text));
		t->text_ok += action_parse_in(g, text, &back, &err) == 0 &&
			      memcmp(&back, &a[i], sizeof(back)) == 0;
	}
}

/* One decision; false at the end of the game. */
static bool
step(struct tally *t, struct game *g, struct ai_rng *rng, struct action *buf, int cap,
     char (*log)[TEXT_MAX], int *nlog)
{
	struct decision d;
	struct rules_error err = {0};
	int n, score[MAX_PLAYERS], supply;

	game_decision(g, &d);
	if (d.kind == DECISION_GAME_OVER)
		return false;
	n = game_legal_actions(g, buf, cap);
	if (n < 1 || n > cap || game_legal_actions(g, NULL, 0) != n) {
		t->refused++;
		return false;
	}
	check_listed(t, g, &d, buf, n);
	if (strcmp(d.name, "escape") == 0) {
		t->escapes_offered++;
		t->escape_current += d.player == g->current; /* UN-21: the active player */
	}
	struct action a = buf[ai_rng_below(rng, (uint32_t)n)];
	for (int p = 0; p < g->nplayers; p++)
		score[p] = g->player[p].score;
	supply = g->player[d.player].supply[FIG_FOLLOWER];
	action_format(g, &a, log[*nlog], TEXT_MAX);
	(*nlog)++;
	t->actions++;
	if (game_apply_by(g, d.player, &a, &err) < 0) {
		t->refused++;
		return false;
	}
	if (a.kind == ACT_ESCAPE) { /* CATHARS-6: home, no points (unless the
				      final scoring followed: the last turn) */
		t->escapes++;
		t->escape_ok += g->over || (g->player[d.player].supply[FIG_FOLLOWER] == supply + 1 &&
					    g->player[d.player].score == score[d.player]);
	}
	for (int p = 0; p < g->nplayers; p++) {
		t->scores_ok += g->player[p].score >= score[p];
		t->figures_ok += g->player[p].supply[FIG_FOLLOWER] + on_board(g, p) ==
				 FOLLOWERS_PER_PLAYER;
	}
	return true;
}

static void
count_rules(struct tally *t, const struct game *g)
{
	for (int i = 0; i < g->nevents; i++) {
		const char *r = g->events[i].kind == EV_SCORE ? g->events[i].rule : NULL;
		t->rule3 += r && strcmp(r, "CATHARS-3") == 0;
		t->rule4 += r && strcmp(r, "CATHARS-4") == 0;
		t->rule5 += r && strcmp(r, "CATHARS-5") == 0;
	}
}

static void
play(struct tally *t, int id)
{
	struct game_setup s;
	struct rules_error err = {0};
	struct ai_rng rng;
	struct game *g, *r;
	static char log[1024][TEXT_MAX];
	int nlog = 0, cap;
	struct action *buf, a;
	bool good = true;

	setup_of(id, &s);
	if ((g = game_new(cat, &s, &err)) == NULL) {
		diag("game %d: %s", id, err.text);
		t->refused++;
		return;
	}
	cap = game_legal_cap(g);
	buf = malloc(sizeof(*buf) * (size_t)cap);
	ai_rng_seed(&rng, s.seed);
	while (buf && nlog < 1024 && step(t, g, &rng, buf, cap, log, &nlog))
		;
	t->games++;
	count_rules(t, g);
	r = game_new(cat, &s, &err);
	for (int i = 0; r && good && i < nlog; i++)
		good = action_parse_in(r, log[i], &a, &err) == 0 && game_apply(r, &a, &err) == 0;
	t->replay_ok += r && good && g->over && same_game(g, r);
	game_free(r);
	game_free(g);
	free(buf);
}

int
main(void)
{
	struct rules_error err;
	struct tally t = {0};
	const char *env = getenv("CARC_CATHARS_GAMES");
	int games = env ? atoi(env) : 400;
	int decisions;

	cat = catalog_load_builtin(&err);
	if (cat == NULL)
		bail_out("catalog: %s", err.text);
	for (int id = 0; id < games; id++)
		play(&t, id);
	decisions = t.actions;
	is_int(t.games, games, "%d games with cathars, river and abbot combined", games);
	is_int(t.refused, 0, "no listed action refused from its owner (%d actions)", decisions);
	ok(t.listed > 0 && t.owner_ok == t.listed,
	   "every listed action refused from another player (%d of %d)", t.owner_ok, t.listed);
	is_int(t.text_ok, t.listed, "every listed action survives its text form");
	is_int(t.replay_ok, games, "every game replays identically from its texts");
	ok(t.figures_ok > 0 && t.scores_ok == t.figures_ok,
	   "figures conserved and no score goes down after every action");
	ok(t.escapes_offered > 0 && t.escape_current == t.escapes_offered,
	   "UN-21: %d escapes offered, each to the player whose turn it is", t.escapes_offered);
	ok(t.escapes > 0 && t.escape_ok == t.escapes,
	   "CATHARS-6: %d escapes, each a knight home with no points", t.escapes);
	ok(t.rule3 > 0, "CATHARS-3: %d besieged cities completed and scored", t.rule3);
	ok(t.rule5 > 0, "CATHARS-5: %d fields scored double for besieged cities", t.rule5);
	is_int(t.rule4, 0, "CATHARS-4: an unfinished besieged city gives no points event");
	catalog_free(cat);
	return done_testing();
}
