/* Traders & Builders through the engine's primitives (RULES.md 13,
 * PIG-4, BUILDER-6, UN-39, XEXP-7): the builder and the pig leave with
 * their owner's last follower on their feature by any path that takes
 * figures off (figure_remove: a barn sending farmers home, the dragon;
 * figure_move: a wagon or a portal), and stay while one is left. The
 * rules of play are in tests/rules/cases/traders-builders.case. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "exp/exp.h"
#include "exp/tb.h"
#include "module.h"
#include "tap.h"

static const struct catalog *cat;

static struct game *
new_game(const char *const *tiles, int n)
{
	struct game_setup s;
	struct rules_error err = {0};
	int order[16];
	struct game *g;

	memset(&s, 0, sizeof(s));
	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_TRADERS_BUILDERS, true);
	s.nplayers = 2;
	s.start = -1;
	for (int i = 0; i < n; i++)
		order[i] = catalog_find(cat, tiles[i]);
	s.order = order;
	s.norder = n;
	g = game_new(cat, &s, &err);
	if (g == NULL)
		bail_out("game_new: %s", err.text);
	return g;
}

static void
play(struct game *g, const char *text)
{
	struct action a;
	struct rules_error err;

	if (action_parse_in(g, text, &a, &err) < 0 || game_apply(g, &a, &err) < 0)
		bail_out("%s: %s", text, err.text);
}

/* Player's figure of this type on the board, or -1. */
static int
on_board(const struct game *g, int player, int type, int nth)
{
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && g->figure[i].type == type &&
		    g->figure[i].loc == LOC_SEGMENT && nth-- == 0)
			return i;
	return -1;
}

/* Red's farmer north of the road at 1,0, his pig at 2,0 (PIG-2). */
static struct game *
pig_game(void)
{
	static const char *const tiles[] = {"BA/RFr", "BA/L", "BA/RFr", "BA/L", "BA/L"};
	struct game *g = new_game(tiles, 5);

	play(g, "place 1 0 0");
	play(g, "farmer N");
	play(g, "place 0 1 0");
	play(g, "pass");
	play(g, "place 2 0 0");
	play(g, "pig N");
	return g;
}

static void
test_pig(void)
{
	struct game *g = pig_game();
	int farmer = on_board(g, 0, FIG_FOLLOWER, 0);

	ok(on_board(g, 0, FIG_PIG, 0) >= 0 && farmer >= 0, "red's farmer and pig on the field");
	figure_remove(g, farmer, true);
	is_int(on_board(g, 0, FIG_PIG, 0), -1,
	       "issue 25.4, PIG-4, XEXP-7: his last farmer sent home (a barn's way): the pig too");
	is_int(g->player[0].supply[FIG_PIG], 1, "the pig is back in red's supply");
	is_int(g->player[0].supply[FIG_FOLLOWER], 7, "and the farmer");
	ok(g->events[g->nevents - 1].kind == EV_RETURN &&
	   g->events[g->nevents - 1].figure == FIG_PIG,
	   "its return is told (an EV_RETURN event)");
	game_free(g);
}

/* A second farmer of red's on the field keeps the pig there. */
static void
test_pig_stays(void)
{
	static const char *const tiles[] = {"BA/RFr", "BA/L", "BA/RFr", "BA/L", "BA/RFr", "BA/L"};
	struct game *g = new_game(tiles, 6);
	int farmer;

	play(g, "place -1 0 0");
	play(g, "farmer N");
	play(g, "place 0 1 0");
	play(g, "pass");
	/* 1,0's north field: the start's, already red's: a second farmer
	 * comes by another field joined later; here the pig first */
	play(g, "place 1 0 0");
	play(g, "pig N");
	play(g, "place 1 1 0");
	play(g, "pass");
	farmer = on_board(g, 0, FIG_FOLLOWER, 0);
	ok(farmer >= 0 && on_board(g, 0, FIG_PIG, 0) >= 0, "red's farmer and pig on the field");
	/* the farmer moved along its own field (a wagon's or portal's way)
	 * leaves the pig with a farmer of his: it stays */
	is_int(figure_move(g, farmer, LOC_SEGMENT, g->figure[on_board(g, 0, FIG_PIG, 0)].seg,
			   NULL),
	       0, "figure_move puts red's farmer beside his pig");
	ok(on_board(g, 0, FIG_PIG, 0) >= 0, "PIG-4: the pig stays while a farmer of his is there");
	game_free(g);
}

/* Red's thief on the road at 1,0, his builder at 2,0; the thief moved
 * off to the field (figure_move): the builder leaves (UN-39). */
static void
test_builder(void)
{
	static const char *const tiles[] = {"BA/RFr", "BA/L", "BA/RFr", "BA/L", "BA/L"};
	struct game *g = new_game(tiles, 5);
	int thief, field;

	play(g, "place 1 0 0");
	play(g, "thief E");
	play(g, "place 0 1 0");
	play(g, "pass");
	play(g, "place 2 0 0");
	play(g, "builder E");
	thief = on_board(g, 0, FIG_FOLLOWER, 0);
	ok(on_board(g, 0, FIG_BUILDER, 0) >= 0, "red's builder on his road");
	field = seg_instance(game_placed_at(g, 0, 1), 1); /* BA/L's field */
	is_int(figure_move(g, thief, LOC_SEGMENT, field, NULL), 0,
	       "red's thief moved off the road (figure_move)");
	is_int(on_board(g, 0, FIG_BUILDER, 0), -1,
	       "issue 25.4, BUILDER-6, UN-39: the builder left without a follower of his goes "
	       "home");
	is_int(g->player[0].supply[FIG_BUILDER], 1, "back in red's supply");
	game_free(g);
}

/* EX-TB-05: 2 players, blue 20 and red 30 for the goods: wine 3-1 red,
 * grain 2-2, cloth 1-1 (the counts RULES.md gives as one way to it);
 * UN-40: a good nobody holds gives nothing. */
static void
test_goods_final(void)
{
	static const char *const tiles[] = {"BA/L"};
	struct game *g = new_game(tiles, 1);
	struct tb_state *st = tb_state_of(g);
	int events = g->nevents;

	st->goods[TB_WINE][0] = 3, st->goods[TB_WINE][1] = 1;
	st->goods[TB_GRAIN][0] = 2, st->goods[TB_GRAIN][1] = 2;
	st->goods[TB_CLOTH][0] = 1, st->goods[TB_CLOTH][1] = 1;
	tb_goods_final(g);
	is_int(g->player[0].score, 30,
	       "issue 25.4, EX-TB-05, TRADE-2: red (wine 3-1, ties in grain and cloth) scores 30");
	is_int(g->player[1].score, 20, "EX-TB-05: blue scores 20: ties all score");
	is_int(g->nevents - events, 5, "five score events, a good and a player each");
	ok(g->events[events].tile < 0 && strcmp(g->events[events].rule, "TRADE-2") == 0 &&
	   g->events[events].final,
	   "points for no feature, rule TRADE-2, final");
	st->goods[TB_WINE][0] = st->goods[TB_WINE][1] = 0;
	st->goods[TB_GRAIN][0] = st->goods[TB_GRAIN][1] = 0;
	st->goods[TB_CLOTH][0] = st->goods[TB_CLOTH][1] = 0;
	events = g->nevents;
	tb_goods_final(g);
	is_int(g->nevents - events, 0, "UN-40: goods nobody holds score nothing, not a tie at 0");
	game_free(g);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *c = catalog_load_builtin(&err);

	if (c == NULL)
		bail_out("catalog: %s", err.text);
	cat = c;
	test_pig();
	test_pig_stays();
	test_builder();
	test_goods_final();
	catalog_free(c);
	return done_testing();
}
