/* Issue 25.1 (R2): rounds within a turn, through throwaway modules:
 * - t-second gives every turn a second round (the builder's second tile)
 *   as long as the turn has had one tile: never a third (game_turn_tiles).
 *   Its step after place-tile runs in every round, its step after score
 *   once a turn, after the last round;
 * - t-between puts a step after place-tile; River II's volcano must still
 *   lose its figure decision and bring the lake in a second round (the
 *   volcano's rule once popped frames by hand and lost the lake when a
 *   module's step stood in the way);
 * - t-ask gives a second round drawn blind (turn_add_round_why) and asks
 *   its owner a decision of its own before that round's draw (the
 *   round_draw hook: the abbey in place of the builder's second draw,
 *   ABBEY-6, UN-29); rounds added without a why do not ask. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "module.h"
#include "module_id.h"
#include "tap.h"
#include "catalog-with.h"

struct second_state {
	int after_place, after_score, asked, refused, round_draws;
};

static int which; /* the test's switch: the module on in the next game */

extern const struct rules_module second_module;

static bool
second_on(const struct rules_options *opt)
{
	(void)opt;
	return which == 1;
}

static bool
between_on(const struct rules_options *opt)
{
	(void)opt;
	return which == 2;
}

static size_t
second_size(const struct game *g)
{
	(void)g;
	return sizeof(struct second_state);
}

static struct second_state *
second_state(struct game *g)
{
	return module_state(g, &second_module);
}

static void
count_place(struct game *g, const struct frame *f)
{
	(void)f;
	second_state(g)->after_place++;
}

static void
count_score(struct game *g, const struct frame *f)
{
	(void)f;
	second_state(g)->after_score++;
}

/* The builder's rule: one extra tile, never a third. */
static void
second_after_place(struct game *g, int placed)
{
	struct second_state *s = second_state(g);

	if (game_turn_tiles(g) >= 2) {
		s->refused++;
		return;
	}
	s->asked++;
	turn_add_round(g, g->placed[placed].player);
}

static void
count_round_draw(struct game *g, int owner)
{
	(void)owner;
	second_state(g)->round_draws++;
}

static const struct rules_step second_steps[] = {
	{.name = "count-place", .after = "place-tile", .run = count_place},
	{.name = "count-score", .after = "score", .run = count_score},
};

const struct rules_module second_module = {
	.name = "t-second",
	.enabled = second_on,
	.steps = second_steps,
	.nsteps = 2,
	.state_size = second_size,
	.after_place = second_after_place,
	.round_draw = count_round_draw,
};

static bool
ask_on(const struct rules_options *opt)
{
	(void)opt;
	return which == 3;
}

struct ask_state {
	int asked_owner, asked_left, answered;
};

extern const struct rules_module ask_module;

static size_t
ask_size(const struct game *g)
{
	(void)g;
	return sizeof(struct ask_state);
}

static void
ask_after_place(struct game *g, int placed)
{
	if (game_turn_tiles(g) == 1)
		turn_add_round_why(g, g->placed[placed].player, "t-ask");
}

/* Before the blind round's draw: what the owner may do instead. */
static void
ask_round_draw(struct game *g, int owner)
{
	struct ask_state *s = module_state(g, &ask_module);

	s->asked_owner = owner;
	s->asked_left = game_tiles_left(g);
	turn_push(g, module_step(g, &ask_module, 0), owner, 0);
}

static int
ask_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	(void)g;
	(void)f;
	if (cap > 0)
		out[0] = (struct action){.kind = ACT_PASS};
	return 1;
}

static int
ask_check(const struct game *g, const struct frame *f, const struct action *a,
	  struct rules_error *err)
{
	(void)g;
	(void)f;
	return a->kind == ACT_PASS ? 0 : rerr(err, RERR_NOT_NOW, "T-ASK", "pass");
}

static void
ask_apply(struct game *g, const struct frame *f, const struct action *a)
{
	(void)f;
	(void)a;
	((struct ask_state *)module_state(g, &ask_module))->answered++;
}

static const struct rules_step ask_steps[] = {
	{.name = "ask", .decision = "ask", .what = "is asked", .max_actions = 1,
	 .legal = ask_legal, .check = ask_check, .apply = ask_apply},
};

const struct rules_module ask_module = {
	.name = "t-ask",
	.enabled = ask_on,
	.steps = ask_steps,
	.nsteps = 1,
	.state_size = ask_size,
	.after_place = ask_after_place,
	.round_draw = ask_round_draw,
};

static void
nothing(struct game *g, const struct frame *f)
{
	(void)g;
	(void)f;
}

static const struct rules_step between_steps[] = {
	{.name = "between", .after = "place-tile", .run = nothing},
};

static const struct rules_module between_module = {
	.name = "t-between",
	.enabled = between_on,
	.steps = between_steps,
	.nsteps = 1,
};

static struct game *
new_game(const struct catalog *cat, bool river2, int seed)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_RIVER2, river2);
	s.seed[0] = (uint8_t)seed;
	if ((g = game_new(cat, &s, &err)) == NULL)
		diag("game_new: %s", err.text);
	return g;
}

static bool
decision_is(const struct game *g, int kind, int player)
{
	struct decision d;

	game_decision(g, &d);
	return d.kind == kind && d.player == player;
}

/* A legal action picked by a small generator (r). */
static int
play_one(struct game *g, struct action *buf, int cap, uint32_t *r)
{
	struct rules_error err = {0};
	int n = game_legal_actions(g, buf, cap);

	*r = *r * 1664525u + 1013904223u;
	if (n <= 0 || game_apply(g, &buf[(*r >> 8) % (uint32_t)n], &err) < 0) {
		diag("no legal action applies: %s", err.text);
		return -1;
	}
	return 0;
}

static void
second_tile(const struct catalog *cat)
{
	struct game *g;
	struct action a[1];
	int cap, tiles[200] = {0}, bad = 0;
	struct action *buf;
	uint32_t r = 7;

	which = 1;
	if ((g = new_game(cat, false, 5)) == NULL)
		return;
	ok(decision_is(g, DECISION_PLACE_TILE, 0) && game_turn_tiles(g) == 1,
	   "turn 1: alice places her first tile, the turn's only one so far");
	game_legal_actions(g, a, 1);
	game_apply(g, &a[0], NULL);
	ok(decision_is(g, DECISION_PLACE_FIGURE, 0), "then her figure decision on it");
	ok(game_turn_tiles(g) == 2 && second_state(g)->asked == 1,
	   "issue 25.1: a module gave the turn a second tile: the counter reads 2");
	game_apply(g, &(struct action){.kind = ACT_PASS}, NULL);
	ok(decision_is(g, DECISION_PLACE_TILE, 0) && g->turn == 1 && g->current == 0,
	   "issue 25.1: after the first round's score, alice draws again in turn 1");
	is_int(second_state(g)->after_place, 1, "the module's step after place-tile ran once");
	is_int(second_state(g)->after_score, 0, "its step after score waits for the last round");
	game_legal_actions(g, a, 1);
	game_apply(g, &a[0], NULL);
	is_int(second_state(g)->refused, 1, "issue 25.1: the second tile asks no third (the counter reads 2)");
	is_int(second_state(g)->after_place, 2, "the step after place-tile runs in the second round");
	game_apply(g, &(struct action){.kind = ACT_PASS}, NULL);
	ok(decision_is(g, DECISION_PLACE_TILE, 1) && g->turn == 2 && game_turn_tiles(g) == 1,
	   "then bob's turn 2, counter back to 1");
	is_int(second_state(g)->after_score, 1, "the step after score ran once in turn 1");
	is_int(second_state(g)->round_draws, 0,
	       "ABBEY-6: a round added without a why (drawn in the open) asks no round_draw hook");

	cap = game_legal_cap(g);
	buf = malloc(sizeof(*buf) * (size_t)cap);
	while (buf && !g->over && play_one(g, buf, cap, &r) == 0)
		;
	ok(g->over, "the game plays to its end");
	for (int i = 1; i < g->nplaced; i++)
		if (g->placed[i].turn < 200)
			tiles[g->placed[i].turn]++;
	for (int t = 1; t < g->turn; t++) /* the last turn may have run out of tiles */
		bad += tiles[t] != 2;
	is_int(bad, 0, "issue 25.1: every turn but the last placed exactly two tiles (%d turns)", g->turn);
	is_int(second_state(g)->after_place, g->nplaced - 1, "the step after place-tile: per tile");
	ok(second_state(g)->after_score >= g->turn - 1 && second_state(g)->after_score <= g->turn,
	   "the step after score: once per turn (%d in %d turns)", second_state(g)->after_score,
	   g->turn);
	free(buf);
	game_free(g);
}

/* ABBEY-6, UN-29: a blind round's draw waits for its owner's decision
 * (round_draw); the draw follows it, in the same turn. */
static void
ask_before_draw(const struct catalog *cat)
{
	struct game *g;
	struct action a[1];
	struct decision d;
	struct ask_state *s;
	int left;

	which = 3;
	if ((g = new_game(cat, false, 9)) == NULL)
		return;
	s = module_state(g, &ask_module);
	game_legal_actions(g, a, 1);
	game_apply(g, &a[0], NULL);
	left = game_tiles_left(g);
	game_apply(g, &(struct action){.kind = ACT_PASS}, NULL);
	game_decision(g, &d);
	ok(d.player == 0 && d.name && strcmp(d.name, "ask") == 0 && g->turn == 1,
	   "issue 25, ABBEY-6, UN-29: after the first round, alice is asked before the blind round's draw (turn 1)");
	ok(s->asked_owner == 0 && s->asked_left == left && game_tiles_left(g) == left &&
		   g->drawn < 0,
	   "issue 25, ABBEY-6, UN-29: the hook ran for the round's owner before its draw: no tile drawn yet");
	game_apply(g, &(struct action){.kind = ACT_PASS}, NULL);
	game_decision(g, &d);
	ok(d.kind == DECISION_PLACE_TILE && d.player == 0 && g->turn == 1 &&
		   game_tiles_left(g) == left - 1 && game_turn_tiles(g) == 2 && s->answered == 1,
	   "issue 25, ABBEY-6, UN-29: then the round's draw: alice places her second tile in turn 1");
	game_legal_actions(g, a, 1);
	game_apply(g, &a[0], NULL);
	game_apply(g, &(struct action){.kind = ACT_PASS}, NULL);
	game_decision(g, &d);
	ok(d.kind == DECISION_PLACE_TILE && d.player == 1 && g->turn == 2 && s->answered == 1,
	   "no third round, no second question: bob's turn 2");
	game_free(g);
}

/* The lake is drawn, or was and fitted nowhere (BASE-TILE-5). */
static bool
lake_drawn(const struct game *g)
{
	if (g->drawn >= 0 && (game_type(g, g->drawn)->attrs & TA_BIT(TA_LAKE)))
		return true;
	for (int i = g->nevents; i-- > 0 && g->events[i].kind != EV_PLACE_TILE;)
		if (g->events[i].kind == EV_DISCARD &&
		    (game_type(g, g->events[i].tile)->attrs & TA_BIT(TA_LAKE)))
			return true;
	return false;
}

/* Plays random games with River II until the volcano is placed; then its
 * player must place the lake, with no figure decision on the volcano. */
static void
volcano_lake(const struct catalog *cat)
{
	int cap, seen = 0, right = 0;
	struct action *buf;

	which = 2;
	for (int seed = 1; seed <= 12; seed++) {
		struct game *g = new_game(cat, true, seed);
		uint32_t r = (uint32_t)seed;
		if (g == NULL)
			return;
		cap = game_legal_cap(g);
		buf = malloc(sizeof(*buf) * (size_t)cap);
		while (buf && !g->over) {
			int turn = g->turn, player = g->current;
			struct decision d;
			if (play_one(g, buf, cap, &r) < 0)
				break;
			/* the lake's draw has cleared last_placed */
			if (!(game_type(g, g->placed[g->nplaced - 1].type)->attrs & TA_BIT(TA_VOLCANO)))
				continue;
			game_decision(g, &d);
			seen++;
			right += d.kind == DECISION_PLACE_TILE && d.player == player &&
				 g->turn == turn && game_turn_tiles(g) == 2 && lake_drawn(g);
			break;
		}
		free(buf);
		game_free(g);
	}
	ok(seen > 0, "the volcano came in %d games", seen);
	is_int(right, seen,
	       "issue 25.1: RIVER2-5, RIVER2-8: with a module's step after place-tile, the volcano's player "
	       "places the lake next, in the same turn, without a figure decision");
}

int
main(void)
{
	static const struct rules_module *const mine[] = {&second_module, &between_module,
							  &ask_module};
	struct catalog *cat = catalog_with(mine, 3);

	second_tile(cat);
	ask_before_draw(cat);
	volcano_lake(cat);
	catalog_with_free(cat);
	return done_testing();
}
