/* Walls (issue 25.1, ABBEY-4, CF-12): a tile side written A in the tile
 * format has no piece; placed, it ends the roads and cities of the tiles
 * it faces. What that completes scores as usual, roads before cities;
 * what still has an open side stays open; fields stop there. The tile
 * here (T/A: a monastery with four walls) is put into a hole the way a
 * module's action puts the abbey (ABBEY-2), through the engine's
 * board_place and score_completed; and through turn_place_tile, which
 * puts a walled tile only where each wall faces a tile (issue 25.3). */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "tap.h"

static const char wall_set[] =
	"T/A         0/0      AAAA   L                                                      |\n"
	"T/Ab        0/0      AARA   L; R1{S}; F1{SL SR}                                    |\n";

static const char *const turns[] = {
	"place 1 0 0",	"pass",	   /* red: a road east of the start */
	"place -1 0 0", "pass",	   /* blue: a road west of it */
	"place 1 1 90", "thief W", /* red: a monastery's road ending in the hole */
	"place -1 1 0", "pass",	   /* blue: a road from the hole to the west, open */
	"place 1 2 0",	"pass",	   /* red */
	"place 0 2 0",	"pass",	   /* blue: 0,1 is now a hole */
};

static struct game *
board_with_hole(struct catalog *cat)
{
	const char *ids[] = {"BA/RFr", "BA/RFr", "BA/LR", "BA/RFr", "BA/L", "BA/L", "BA/L", "BA/L"};
	int order[8];
	struct game_setup s;
	struct rules_error err = {0};
	struct game *g;

	for (int i = 0; i < 8; i++)
		order[i] = catalog_find(cat, ids[i]);
	memset(&s, 0, sizeof(s));
	rules_options_default(&s.opt);
	s.nplayers = 2;
	s.start = -1;
	s.order = order;
	s.norder = 8;
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game_new: %s", err.text);
	for (size_t i = 0; i < sizeof(turns) / sizeof(turns[0]); i++) {
		struct action a;
		if (action_parse_in(g, turns[i], &a, &err) < 0 || game_apply(g, &a, &err) < 0)
			bail_out("%s: %s", turns[i], err.text);
	}
	return g;
}

static int
open_at(const struct game *g, int x, int y, int slot)
{
	int p = game_placed_at(g, x, y);

	return g->feat[feature_find(g, seg_instance(p, g->placed[p].slot_seg[slot]))].open;
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);
	struct game *g;
	int walled, p, thief = -1;

	if (cat == NULL || catalog_parse(cat, "t-walls", wall_set, &err) < 0)
		bail_out("catalogue: %s", err.text);
	walled = catalog_find(cat, "T/A");
	ok(cat->types[walled].flags & TILE_WALLS, "issue 25.1: an A side is a wall (TILE_WALLS)");
	is_int(edge_of_sig(cat->types[walled].sig[0], 0), EDGE_WALL, "its north edge is EDGE_WALL");
	{
		int fits = 0;
		for (int code = 1; code < NEED_CODES; code++)
			fits += cat->types[walled].nfits[code];
		is_int(fits, 0, "four walls fit no demand of the frontier: only a module places it");
	}

	g = board_with_hole(cat);
	for (int i = 0; i < g->nfigures; i++)
		thief = g->figure[i].seg >= 0 ? i : thief;
	is_int(open_at(g, 1, 1, 10), 1, "the monastery's road is open at the hole");
	is_int(open_at(g, -1, 1, 4), 2, "the road west of the hole is open at both ends");
	p = board_place(g, walled, 0, 1, 0);
	score_completed(g, p);
	is_int(g->player[0].score, 1,
	       "ABBEY-4, EX-AM-01: the wall completes the 1-tile road: red's thief scores 1");
	ok(thief >= 0 && g->figure[thief].seg < 0, "and goes home");
	is_int(open_at(g, -1, 1, 4), 1,
	       "CF-12: the road to the west is closed at the wall, still open at its other end");
	is_int(g->player[1].score, 0, "nothing else scores");
	ok(feature_find(g, seg_instance(p, cat->types[walled].centre_seg)) ==
		   seg_instance(p, cat->types[walled].centre_seg),
	   "the walled tile's monastery is a feature of its own: no field crosses a wall");
	game_free(g);

	{ /* what a module's action does with such a tile: turn_place_tile */
		struct action hole = {.kind = ACT_PLACE_TILE, .x = 0, .y = 1},
			      open = {.kind = ACT_PLACE_TILE, .x = 0, .y = 3};
		g = board_with_hole(cat);
		is_int(turn_place_tile(g, 0, catalog_find(cat, "T/Ab"), &hole), -1,
		       "issue 25.3: turn_place_tile refuses a walled tile whose road meets a "
		       "field");
		is_int(turn_place_tile(g, 0, walled, &open), -1,
		       "issue 25.3: nor its walls against an empty cell (a wall demands "
		       "nothing of it)");
		is_int(g->nplaced, 7, "nothing placed");
		is_int(turn_place_tile(g, 0, walled, &hole), 0,
		       "issue 25.3, ABBEY-2: it puts the four walls into the hole");
		is_int(g->player[0].score, 0, "not scored yet: the round's score step does that");
		game_free(g);
	}

	{
		struct catalog *bad = calloc(1, sizeof(*bad));
		ok(bad && catalog_parse(bad, "t-bad", "T/X 1/1 AFFF F1{NL NR EL ER SL SR WL WR} |\n",
					&err) < 0 && strstr(err.text, "edges column says AFFF") != NULL,
		   "a side written A with a piece on it is refused: %s", err.text);
		catalog_free(bad);
	}
	catalog_free(cat);
	return done_testing();
}
