/* The river's flow, for River I and River II alike (RIVER-3, RIVER-4,
 * RIVER2-4, CF-06): a river tile must continue an open end of the river,
 * may not turn back on itself and may not join two branches. Open ends
 * remember the direction of the last curve on their branch; the fork
 * (RIVER2-3) opens two, each with the turn it took. River II's own
 * tiles (volcano, pigsty) are exp/river2.c's. */
#include "../module.h"
#include "../engine.h"
#include "exp.h"

/* An open end: the empty cell the river flows into, by coordinates (the
 * grid's cell numbers change as it grows). */
struct river_end {
	int16_t x, y;
	int8_t from_side; /* side of that cell the river enters by */
	int8_t last_turn; /* -1 left, +1 right, 0 no curve yet */
};

/* Its room is worked out at creation: the start tile opens at most four
 * ends and each tile fills one and opens at most three, so it never
 * runs out (a fixed array of 8 once dropped ends beyond it). */
struct river_state {
	int n, cap;
	struct river_end end[];
};

static bool
river_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_RIVER) || module_on(opt, MOD_RIVER2);
}

static int
river_check_options(const struct rules_options *opt, struct rules_error *err)
{
	if (opt->river_uturn != RIVER_UTURN_CURVES && opt->river_uturn != RIVER_UTURN_AREA)
		return rerr(err, RERR_OPTION, "RIVER-4", "unknown river rule %d",
			    opt->river_uturn);
	return 0;
}

static size_t
river_state_size(const struct game *g)
{
	return sizeof(struct river_state) + sizeof(struct river_end) * (4 + 3 * (size_t)(g->bag_len + 1));
}

static struct river_state *
rs_of(const struct game *g)
{
	return module_state(g, &river_module);
}

static void
river_setup(struct game *g)
{
	rs_of(g)->cap = (int)((river_state_size(g) - sizeof(struct river_state)) /
			      sizeof(struct river_end));
}

static int
end_cell(const struct game *g, const struct river_end *e)
{
	return cell_index(g, e->x, e->y);
}

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
river_end_at(const struct game *g, const struct river_state *rs, int cell)
{
	for (int i = 0; i < rs->n; i++)
		if (end_cell(g, &rs->end[i]) == cell)
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
	const struct river_state *rs = rs_of(g);
	int end = river_end_at(g, rs, cell), sides[4], n, touching = 0, in = -1;

	if (end < 0) { /* most cells asked (every cell a river tile fits) */
		*why = 0;
		return "RIVER-3";
	}
	n = river_sides(t, rot, sides);
	for (int i = 0; i < n; i++)
		if (g->cells[cell_neighbour(g, cell, sides[i])].placed >= 0)
			touching++, in = sides[i];
	if (touching > 1) {
		*why = 3;
		return "RIVER2-4";
	}
	if (touching != 1 || in != rs->end[end].from_side) {
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
		} else if (river_turn(in, sides[i]) != 0 &&
			   river_turn(in, sides[i]) == rs->end[end].last_turn) {
			/* a branch of the fork too (RIVER2-4: "even using the Fork") */
			*why = 1;
			return "RIVER-4";
		}
	}
	return NULL;
}

/* River tiles go only at the open ends (RIVER-3). */
static int
river_cells(const struct game *g, int type, int *cells, int cap)
{
	const struct river_state *rs = rs_of(g);

	(void)type;
	if (rs->n > cap)
		return -1;
	for (int i = 0; i < rs->n; i++)
		cells[i] = end_cell(g, &rs->end[i]);
	return rs->n;
}

static bool
river_ok(const struct game *g, int type, int cell, int rot)
{
	int why;

	return river_problem(g, type, cell, rot, &why) == NULL;
}

static int
river_explain(const struct game *g, int type, int cell, int rot, struct rules_error *err)
{
	static const char *const text[] = {
		"a river tile must continue the open end of the river with its river",
		"the river may not curve twice in a row in the same direction",
		"the river would turn back on itself (the area ahead must stay free)",
		"the two branches of the river may never be joined",
	};
	int why;
	const char *rule = river_problem(g, type, cell, rot, &why);

	if (rule == NULL)
		return 0;
	return rerr(err, RERR_ILLEGAL, rule, "%s: %s", game_type(g, type)->id, text[why]);
}

static void
river_open(struct game *g, struct river_state *rs, const struct placed_tile *pt, int side,
	   int last_turn)
{
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};

	if (rs->n == rs->cap || g->cells[cell_neighbour(g, pt->cell, side)].placed >= 0)
		return; /* the cap is never reached (river_state) */
	rs->end[rs->n++] = (struct river_end){
		.x = (int16_t)(pt->x + dx[side]),
		.y = (int16_t)(pt->y + dy[side]),
		.from_side = (int8_t)((side + 2) & 3),
		.last_turn = (int8_t)last_turn,
	};
}

static void
river_start(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	int sides[4], n = river_sides(game_type(g, pt->type), pt->rot, sides);

	for (int i = 0; i < n; i++)
		river_open(g, rs_of(g), pt, sides[i], 0);
}

int
river_open_ends(const struct game *g)
{
	const struct river_state *rs = module_state(g, &river_module);

	return rs ? rs->n : 0;
}

/* Replaces the end this tile filled with the ends it opens. */
static void
river_after_place(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	const struct tile_type *t = game_type(g, pt->type);
	struct river_state *rs = rs_of(g);
	int sides[4], n = river_sides(t, pt->rot, sides);
	int end = river_end_at(g, rs, pt->cell), in, last;

	if (end < 0 || n == 0)
		return;
	in = rs->end[end].from_side;
	last = rs->end[end].last_turn;
	rs->end[end] = rs->end[--rs->n];
	for (int i = 0; i < n; i++) {
		int turn;
		if (sides[i] == in)
			continue;
		turn = river_turn(in, sides[i]); /* each branch its own (fork) */
		river_open(g, rs, pt, sides[i], turn ? turn : last);
	}
}

static const char *const river_sets[] = {"river", NULL};

/* The draw (RIVER-2, RIVER2-2..5), for either river: the fork, the river
 * tiles shuffled, the volcano, the lake(s), then the main pile; the
 * springs are start tiles (RIVER-1: the spring replaces the base start;
 * GQ-1's road spring, a with-river tile, the river's). */
static const struct draw_pile river_piles[] = {
	{.group = GROUP_RIVER_FORK},
	{.group = GROUP_RIVER, .shuffled = true},
	{.group = GROUP_RIVER_LAKE, .attrs = TA_BIT(TA_VOLCANO)},
	{.group = GROUP_RIVER_LAKE},
	{.group = GROUP_RIVER_SPRING, .start = true},
};

const struct rules_module river_module = {
	.name = "river",
	.summary = "River: the river tiles are placed first, from the spring to the lake, "
		   "each continuing the river, which may not turn back on itself.",
	.enabled = river_enabled,
	.tilesets = river_sets,
	.tiles_need = "a river tile: it needs the river expansion",
	.draw_piles = river_piles,
	.ndraw_piles = sizeof(river_piles) / sizeof(river_piles[0]),
	.state_size = river_state_size,
	.setup = river_setup,
	.start = river_start,
	.after_place = river_after_place,
	.place_ok = river_ok,
	.place_cells = river_cells,
	.place_explain = river_explain,
	.check_options = river_check_options,
};
