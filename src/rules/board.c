/* The board: a square grid that grows (re-centred) whenever a tile comes
 * near its border, so it behaves as unbounded (BASE-MODEL-1) while staying
 * small. The empty cells around it are frontier.c's. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define BOARD_MARGIN 4 /* free cells kept between any tile and the border */
#define BOARD_START_WIDTH 32

static const char *const side_names[4] = {"north", "east", "south", "west"};

static struct cell *
cells_new(int width)
{
	struct cell *c = malloc(sizeof(*c) * (size_t)width * width);

	if (c == NULL)
		return NULL;
	/* placed = frontier = -1 everywhere: all bits set */
	memset(c, 0xff, sizeof(*c) * (size_t)width * width);
	return c;
}

/* The arrays sized by the number of tiles; calloc'd where a zero matters
 * (the spare entry past the last tile, the stamps). */
int
board_alloc(struct game *g, int capacity)
{
	free(g->placed);
	free(g->front_place);
	free(g->front_need);
	free(g->front_cell);
	free(g->front_before);
	free(g->feat);
	free(g->tile_stamp);
	g->placed = calloc(capacity + 1, sizeof(*g->placed));
	g->front_place = calloc(frontier_size(capacity), sizeof(*g->front_place));
	g->front_need = malloc(sizeof(*g->front_need) * frontier_size(capacity));
	g->front_cell = malloc(sizeof(*g->front_cell) * frontier_size(capacity));
	g->front_before = malloc(sizeof(*g->front_before) * frontier_groups(capacity));
	g->feat = calloc((size_t)capacity * TILE_SEG_MAX, sizeof(*g->feat));
	g->tile_stamp = calloc(capacity, sizeof(*g->tile_stamp));
	g->alloc_capacity = capacity;
	if (!g->placed || !g->front_place || !g->front_need || !g->front_cell ||
	    !g->front_before || !g->feat || !g->tile_stamp)
		return -1;
	return 0;
}

/* An empty grid of the starting size, reusing the old one if it is big
 * enough. */
static int
board_clear(struct game *g)
{
	int n = BOARD_START_WIDTH * BOARD_START_WIDTH;

	g->width = BOARD_START_WIDTH;
	g->origin = g->width / 2;
	if (g->cells_cap < n) {
		free(g->cells);
		g->cells = cells_new(g->width);
		g->cells_cap = g->cells ? n : 0;
		return g->cells ? 0 : -1;
	}
	memset(g->cells, 0xff, sizeof(*g->cells) * (size_t)n);
	return 0;
}

int
board_init(struct game *g, int capacity)
{
	if (capacity > g->alloc_capacity && board_alloc(g, capacity) < 0)
		return -1;
	g->capacity = capacity;
	g->placed[capacity] = (struct placed_tile){.cloister = false}; /* the spare */
	g->nplaced = 0;
	for (int i = 0; i < FRONTIER_PAD; i++)
		g->front_need[i] = NEED_NOTHING;
	g->nfrontier = 0;
	return board_clear(g);
}

/* A cloister (monastery, garden) at cell: the empty cells around it count
 * one more cloister near (struct cell); returns the tiles around it. */
static int
cloister_claim(struct game *g, int cell)
{
	int w = g->width, around = 0;
	const int off[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};

	for (int k = 0; k < 8; k++) {
		int q = g->cells[cell + off[k]].placed;
		around += q >= 0;
		g->cells[cell + off[k]].placed = (int16_t)(q - (q < 0));
	}
	return around;
}

static int
remap(const struct game *g, int cell, int width, int origin)
{
	int x = cell % g->width - g->origin, y = cell / g->width - g->origin;

	return (y + origin) * width + (x + origin);
}

/* Doubles the grid around the same origin; cell indices held anywhere in
 * the game are translated. */
static int
board_grow(struct game *g)
{
	int width = 2 * g->width, origin = width / 2;
	struct cell *cells = cells_new(width);

	if (cells == NULL)
		return -1;
	for (int p = 0; p < g->nplaced; p++) {
		int c = remap(g, g->placed[p].cell, width, origin);
		cells[c].placed = (int16_t)p;
		g->placed[p].cell = c;
	}
	for (int i = 0; i < g->nfrontier; i++) {
		int c = remap(g, g->front_cell[i], width, origin);
		cells[c].frontier = (int16_t)i;
		g->front_cell[i] = c;
	}
	free(g->cells);
	g->cells = cells;
	g->cells_cap = width * width;
	g->width = width;
	g->origin = origin;
	for (int p = 0; p < g->nplaced; p++) /* the empty cells' counts */
		if (g->placed[p].cloister)
			cloister_claim(g, g->placed[p].cell);
	return 0;
}

static bool
near_border(const struct game *g, int x, int y)
{
	int lo = -g->origin + BOARD_MARGIN, hi = g->width - 1 - g->origin - BOARD_MARGIN;

	return x < lo || x > hi || y < lo || y > hi;
}

/* Cell index of x,y, or -1 when it is off the grid (then nothing is there). */
int
board_cell(const struct game *g, int x, int y)
{
	if (x < -g->origin || x >= g->width - g->origin || y < -g->origin ||
	    y >= g->width - g->origin)
		return -1;
	return cell_index(g, x, y);
}

/* Says which rule a refused placement breaks, for a refusal the player can
 * act on; only called once the placement is known not to fit. */
int
board_explain_misfit(const struct game *g, int type, int x, int y, int rot,
		     struct rules_error *err)
{
	const struct tile_type *t = game_type(g, type);
	int cell = board_cell(g, x, y);

	if (cell >= 0 && g->cells[cell].placed >= 0)
		return rerr(err, RERR_ILLEGAL, "BASE-MODEL-1", "%d,%d already holds a tile", x, y);
	if (cell < 0 || g->cells[cell].frontier < 0)
		return rerr(err, RERR_ILLEGAL, "BASE-TILE-2",
			    "%d,%d is not next to any placed tile (a shared edge is needed)",
			    x, y);
	for (int side = 0; side < 4; side++) {
		int want = frontier_wants(g, g->cells[cell].frontier, side);
		int have = edge_of_sig(t->sig[rot], side);
		if (want && want != have)
			return rerr(err, RERR_ILLEGAL, "BASE-TILE-3",
				    "%s at %d,%d rotation %d: its %s edge is %s but the "
				    "neighbour there has %s",
				    t->id, x, y, rot * 90, side_names[side],
				    edge_kind_name(have), edge_kind_name(want));
	}
	if (tile_has_place_rule(t) && board_place_rule_explain(g, type, cell, rot, err) < 0)
		return -1;
	return rerr(err, RERR_ILLEGAL, "BASE-TILE-3", "%s does not fit at %d,%d rotation %d",
		    t->id, x, y, rot * 90);
}

/* Counts the new tile into the surroundings of the monasteries and gardens
 * around it (only they need the count; near says whether there are any)
 * and notes those it completes, for the scoring step. */
static HOT_INLINE void
board_count_around(struct game *g, int p, int near)
{
	int w = g->width, cell = g->placed[p].cell, spare = g->capacity;
	const int off[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};

	g->ncloisters_done = 0;
	/* Which cells are filled is random: an empty one reads the spare
	 * entry past the last tile (never a cloister) instead of branching. */
	for (int k = 0; near && k < 8; k++) {
		int q = g->cells[cell + off[k]].placed;
		q = q >= 0 ? q : spare;
		if (g->placed[q].cloister && ++g->placed[q].around == 8)
			g->cloisters_done[g->ncloisters_done++] = (int16_t)q;
	}
	if (g->placed[p].cloister) {
		int around = cloister_claim(g, cell);
		g->placed[p].around = (uint8_t)around;
		if (around == 8)
			g->cloisters_done[g->ncloisters_done++] = (int16_t)p;
	}
}

/* The new tile's sides: an empty one demands the tile's edge there (the
 * frontier), one with a tile joins their features. Which sides have a
 * tile is random: one loop over each kind, each with one exit to
 * mispredict, rather than a branch per side. */
static void
board_link_sides(struct game *g, int p, const struct tile_type *t, int rot)
{
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
	int cell = g->placed[p].cell, x = g->placed[p].x, y = g->placed[p].y, nb[4];
	unsigned present = 0; /* bit per side with a tile */

	for (int side = 0; side < 4; side++) {
		nb[side] = g->cells[cell_neighbour(g, cell, side)].placed;
		present |= (unsigned)(nb[side] >= 0) << side;
	}
	for (unsigned m = ~present & 15; m; m &= m - 1) {
		int side = __builtin_ctz(m);
		frontier_demand(g, cell_neighbour(g, cell, side), x + dx[side], y + dy[side],
				(side + 2) & 3, edge_of_sig(t->sig[rot], side));
	}
	feature_init_tile(g, p);
	for (unsigned m = present; m; m &= m - 1)
		feature_join_side(g, p, __builtin_ctz(m), nb[__builtin_ctz(m)]);
}

/* Puts the tile on the grid, updates the frontier and joins the tile's
 * features with its neighbours'; returns its index, or -1 when growing the
 * grid failed. */
int
board_place(struct game *g, int type, int x, int y, int rot)
{
	const struct tile_type *t = game_type(g, type);
	int p = g->nplaced, cell, near;

	if (near_border(g, x, y) && board_grow(g) < 0)
		return -1;
	cell = cell_index(g, x, y);
	near = -1 - g->cells[cell].placed; /* cloisters around the empty cell */
	g->nplaced++;
	g->placed[p] = (struct placed_tile){
		.type = (uint16_t)type,
		.rot = (uint8_t)rot,
		.x = (int16_t)x,
		.y = (int16_t)y,
		.cell = cell,
		.turn = (int16_t)g->turn,
		.player = (int8_t)(g->turn ? g->current : -1),
		.cloister = t->centre_seg != SEG_NONE,
	};
	memcpy(g->placed[p].slot_seg, t->rot_slot_seg[rot], SLOT_COUNT);
	g->cells[cell].placed = (int16_t)p;
	board_count_around(g, p, near);
	frontier_remove(g, cell);
	board_link_sides(g, p, t, rot);
	return p;
}

int
game_placed_at(const struct game *g, int x, int y)
{
	int cell = board_cell(g, x, y);

	return cell < 0 || g->cells[cell].placed < 0 ? -1 : g->cells[cell].placed;
}
