/* The River (RIVER-3, RIVER-4): a river tile must continue an open end of
 * the river and may not turn back on itself. Open ends remember the
 * direction of the last curve on their branch. */
#include "engine.h"

static int
river_sides(const struct tile_type *t, int rot, int *sides)
{
	int n = 0;

	for (int side = 0; side < 4; side++)
		if (edge_of_sig(t->sig[rot], side) == EDGE_RIVER)
			sides[n++] = side;
	return n;
}

static int
river_end_at(const struct game *g, int cell)
{
	for (int i = 0; i < g->nriver; i++)
		if (g->river[i].cell == cell)
			return i;
	return -1;
}

/* -1 left, +1 right, 0 straight, seen along the flow. */
static int
river_turn(int in_side, int out_side)
{
	int heading = (in_side + 2) & 3;

	if (out_side == heading)
		return 0;
	return out_side == ((heading + 1) & 3) ? 1 : -1;
}

/* True when the 3-wide, 2-deep area ahead of an open side is empty (the
 * area rule some hosts use instead of the curve rule). */
static bool
river_area_free(const struct game *g, int cell, int side)
{
	int ahead = cell_neighbour(g, cell, side);
	int left = (side + 3) & 3, right = (side + 1) & 3;

	for (int step = 0; step < 2; step++) {
		if (g->cells[ahead].placed >= 0 ||
		    g->cells[cell_neighbour(g, ahead, left)].placed >= 0 ||
		    g->cells[cell_neighbour(g, ahead, right)].placed >= 0)
			return false;
		ahead = cell_neighbour(g, ahead, side);
	}
	return true;
}

/* Returns the rule broken (or NULL) and the side the river enters by. */
static const char *
river_problem(const struct game *g, int type, int cell, int rot, int *why)
{
	const struct tile_type *t = game_type(g, type);
	int sides[4], n = river_sides(t, rot, sides), end = river_end_at(g, cell);
	int touching = 0, in = -1;

	for (int i = 0; i < n; i++)
		if (g->cells[cell_neighbour(g, cell, sides[i])].placed >= 0)
			touching++, in = sides[i];
	if (end < 0 || touching != 1 || in != g->river[end].from_side) {
		*why = 0;
		return "RIVER-3";
	}
	for (int i = 0; i < n; i++) {
		if (sides[i] == in)
			continue;
		if (g->opt.river_uturn == RIVER_UTURN_AREA) {
			if (!river_area_free(g, cell, sides[i])) {
				*why = 2;
				return "RIVER-4";
			}
		} else if (n == 2 && river_turn(in, sides[i]) != 0 &&
			   river_turn(in, sides[i]) == g->river[end].last_turn) {
			*why = 1;
			return "RIVER-4";
		}
	}
	return NULL;
}

bool
river_ok(const struct game *g, int type, int cell, int rot)
{
	int why;

	return river_problem(g, type, cell, rot, &why) == NULL;
}

int
river_explain(const struct game *g, int type, int cell, int rot, struct rules_error *err)
{
	static const char *const text[] = {
		"a river tile must continue the open end of the river with its river",
		"the river may not curve twice in a row in the same direction",
		"the river would turn back on itself (the area ahead must stay free)",
	};
	int why;
	const char *rule = river_problem(g, type, cell, rot, &why);

	if (rule == NULL)
		return 0;
	return rerr(err, RERR_ILLEGAL, rule, "%s: %s", game_type(g, type)->id, text[why]);
}

static void
river_open(struct game *g, int cell, int side, int last_turn)
{
	int target = cell_neighbour(g, cell, side);

	if (g->nriver >= (int)(sizeof(g->river) / sizeof(g->river[0])) ||
	    g->cells[target].placed >= 0)
		return;
	g->river[g->nriver++] = (struct river_end){
		.cell = target,
		.from_side = (int8_t)((side + 2) & 3),
		.last_turn = (int8_t)last_turn,
	};
}

void
river_start(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	int sides[4], n = river_sides(game_type(g, pt->type), pt->rot, sides);

	for (int i = 0; i < n; i++)
		river_open(g, pt->cell, sides[i], 0);
}

/* Replaces the end this tile filled with the ends it opens. */
void
river_after_place(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	const struct tile_type *t = game_type(g, pt->type);
	int sides[4], n = river_sides(t, pt->rot, sides);
	int end = river_end_at(g, pt->cell), in, last;

	if (end < 0 || n == 0)
		return;
	in = g->river[end].from_side;
	last = g->river[end].last_turn;
	g->river[end] = g->river[--g->nriver];
	for (int i = 0; i < n; i++) {
		int turn;
		if (sides[i] == in)
			continue;
		turn = river_turn(in, sides[i]);
		river_open(g, pt->cell, sides[i], (n == 2 && turn) ? turn : last);
	}
}
