/* Issue 25.1 (R2): the end-game step. When the pile is empty, a module's
 * end_game hook may push decisions (the abbeys' last round, UN-29): they
 * are asked, each of its owner, before final scoring, and the game ends
 * once they are taken. A hook that pushes nothing leaves the game as it
 * was: the same game, the same scores as without the module. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "module.h"
#include "tap.h"
#include "catalog-with.h"

#define ACT_LAST ACT_KIND_COUNT /* the first number free for modules outside the tree */

struct last_state {
	int asked, taken, final_taken, final_runs;
	int first_owner, order_ok;
};

static bool pushes = true; /* the test's switch: the hook asks, or not */

extern const struct rules_module last_module;

static bool
always(const struct rules_options *opt)
{
	(void)opt;
	return true;
}

static size_t
last_size(const struct game *g)
{
	(void)g;
	return sizeof(struct last_state);
}

static struct last_state *
last_state(const struct game *g)
{
	return module_state(g, &last_module);
}

/* Everyone, from the player whose turn it was: pushed last first. */
static void
last_end_game(struct game *g)
{
	int step = module_step(g, &last_module, 0);

	if (!pushes)
		return;
	last_state(g)->first_owner = g->current;
	for (int i = g->nplayers; i-- > 0;)
		turn_push(g, step, (g->current + i) % g->nplayers, 0);
}

static int
last_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	(void)g;
	(void)f;
	for (int i = 0; i < 2 && i < cap; i++)
		out[i] = (struct action){.kind = ACT_LAST, .x = (int16_t)i};
	return 2;
}

static int
last_check(const struct game *g, const struct frame *f, const struct action *a,
	   struct rules_error *err)
{
	(void)g;
	(void)f;
	return a->kind == ACT_LAST ? 0 : rerr(err, RERR_NOT_NOW, "", "last N first");
}

/* A point for "last 1"; the owners must come in turn order. */
static void
last_apply(struct game *g, const struct frame *f, const struct action *a)
{
	struct last_state *s = last_state(g);

	s->order_ok += f->owner == (s->first_owner + s->taken) % g->nplayers;
	s->taken++;
	g->player[f->owner].score += a->x;
}

static void
last_final(struct game *g)
{
	last_state(g)->final_taken = last_state(g)->taken;
	last_state(g)->final_runs++;
}

static const struct rules_step last_steps[] = {
	{.name = "last", .decision = "last", .what = "has a last word", .max_actions = 2,
	 .legal = last_legal, .check = last_check, .apply = last_apply},
};

const struct rules_module last_module = {
	.name = "t-last",
	.enabled = always,
	.steps = last_steps,
	.nsteps = 1,
	.state_size = last_size,
	.end_game = last_end_game,
	.final_scoring = last_final,
};

static struct game *
new_game(const struct catalog *cat)
{
	struct game_setup s = {.nplayers = 3, .start = -1};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&s.opt);
	s.seed[0] = 9;
	if ((g = game_new(cat, &s, &err)) == NULL)
		diag("game_new: %s", err.text);
	return g;
}

/* Plays legal actions picked by a small generator until the decision
 * named stop (or the end); the same picks for the same lists. */
static void
play_until(struct game *g, const char *stop, uint32_t *r)
{
	int cap = game_legal_cap(g);
	struct action *buf = malloc(sizeof(*buf) * (size_t)cap);
	struct decision d;

	for (game_decision(g, &d); buf && !g->over && strcmp(d.name, stop) != 0;
	     game_decision(g, &d)) {
		int n = game_legal_actions(g, buf, cap);
		*r = *r * 1664525u + 1013904223u;
		if (n <= 0 || game_apply(g, &buf[(*r >> 8) % (uint32_t)n], NULL) < 0) {
			diag("no legal action applies");
			break;
		}
	}
	free(buf);
}

static void
last_round(const struct catalog *cat)
{
	struct game *g = new_game(cat);
	uint32_t r = 1;
	struct decision d;
	int before[3], ok_scores = 0;

	if (g == NULL)
		return;
	play_until(g, "last", &r);
	game_decision(g, &d);
	ok(!g->over && strcmp(d.name, "last") == 0 && g->bag_next == g->bag_len,
	   "issue 25.1: the pile is empty: the module's decision comes, the game is not over");
	is_int(last_state(g)->final_runs, 0, "final scoring waits for it");
	for (int p = 0; p < 3; p++)
		before[p] = g->player[p].score;
	for (int i = 0; i < 3 && !g->over; i++) {
		struct action a = {.kind = ACT_LAST, .x = 1};
		game_decision(g, &d);
		ok(game_apply_by(g, (d.player + 1) % 3, &a, NULL) < 0,
		   "another player may not take %s's last word", d.player == 0 ? "seat 1's" : "it");
		ok(game_apply_by(g, d.player, &a, NULL) == 0, "seat %d takes it", d.player + 1);
	}
	ok(g->over, "then the game is over");
	is_int(last_state(g)->order_ok, 3, "each player once, in turn order from the current");
	ok(last_state(g)->final_runs == 1 && last_state(g)->final_taken == 3,
	   "issue 25.1: final scoring ran once, after the three decisions");
	for (int p = 0; p < 3; p++)
		ok_scores += g->player[p].score >= before[p] + 1;
	is_int(ok_scores, 3, "the points of the last round are in the scores");
	game_free(g);
}

/* A hook that pushes nothing: the base game's end, to the point. */
static void
nothing_pushed(const struct catalog *base, const struct catalog *with)
{
	struct game *a = new_game(base), *b;
	uint32_t ra = 4, rb = 4;
	int same = 0;

	pushes = false;
	b = new_game(with);
	if (a == NULL || b == NULL)
		return;
	play_until(a, "-", &ra);
	play_until(b, "-", &rb);
	ok(a->over && b->over && last_state(b)->final_runs == 1, "both games end");
	for (int p = 0; p < 3; p++)
		same += a->player[p].score == b->player[p].score;
	ok(same == 3 && a->nplaced == b->nplaced && a->turn == b->turn && a->nevents == b->nevents,
	   "issue 25.1: with the hook pushing nothing, the same game as without the module");
	game_free(a);
	game_free(b);
}

int
main(void)
{
	static const struct rules_module *const mine[] = {&last_module};
	struct catalog *cat = catalog_with(mine, 1), *base = catalog_with(NULL, 0);

	last_round(cat);
	nothing_pushed(base, cat);
	catalog_with_free(cat);
	catalog_with_free(base);
	return done_testing();
}
