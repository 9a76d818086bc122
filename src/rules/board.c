/* The board: a square grid that grows (re-centred) whenever a tile comes
 * near its border, so it behaves as unbounded (BASE-MODEL-1) while staying
 * small, plus the frontier: the empty cells next to placed tiles with the
 * edges each one demands, kept in one array so legal placements are a
 * tight scan. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define BOARD_MARGIN 4 /* free cells kept between any tile and the border */
#define BOARD_START_WIDTH 32

static const char *const side_names[4] = {"north", "east", "south", "west"};
static const uint16_t need_digit[4] = {1, EDGE_BASE, EDGE_BASE * EDGE_BASE,
				       EDGE_BASE * EDGE_BASE * EDGE_BASE};

static struct cell *
cells_new(int width)
{
	struct cell *c = malloc(sizeof(*c) * (size_t)width * width);

	if (c == NULL)
		return NULL;
	for (int i = 0; i < width * width; i++)
		c[i] = (struct cell){.placed = -1, .frontier = -1};
	return c;
}

int
board_init(struct game *g, int capacity)
{
	g->capacity = capacity;
	g->width = BOARD_START_WIDTH;
	g->origin = g->width / 2;
	g->cells = cells_new(g->width);
	g->placed = malloc(sizeof(*g->placed) * capacity);
	g->frontier = malloc(sizeof(*g->frontier) * (2 * capacity + 4));
	g->feat = malloc(sizeof(*g->feat) * capacity * TILE_SEG_MAX);
	g->tile_stamp = calloc(capacity, sizeof(*g->tile_stamp));
	g->seg_stamp = calloc((size_t)capacity * TILE_SEG_MAX, sizeof(*g->seg_stamp));
	if (!g->cells || !g->placed || !g->frontier || !g->feat || !g->tile_stamp ||
	    !g->seg_stamp)
		return -1;
	g->nplaced = 0;
	g->nfrontier = 0;
	return 0;
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
		int c = remap(g, g->frontier[i].cell, width, origin);
		cells[c].frontier = (int16_t)i;
		g->frontier[i].cell = c;
	}
	for (int i = 0; i < g->nriver; i++)
		g->river[i].cell = remap(g, g->river[i].cell, width, origin);
	free(g->cells);
	g->cells = cells;
	g->width = width;
	g->origin = origin;
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

bool
board_fits(const struct game *g, int type, int cell, int rot)
{
	const struct frontier_cell *f = &g->frontier[g->cells[cell].frontier];
	const struct tile_type *t = game_type(g, type);

	if (!(t->fits[f->need_code] >> rot & 1))
		return false;
	if (t->group != GROUP_DEFAULT && t->group != GROUP_RIVER_SPRING)
		return river_ok(g, type, cell, rot);
	return true;
}

static bool
checks_river(const struct tile_type *t)
{
	return t->group != GROUP_DEFAULT && t->group != GROUP_RIVER_SPRING;
}

static inline int
emit(struct action *out, int n, int cap, const struct frontier_cell *f, int rot)
{
	if (n < cap) {
		out[n].kind = ACT_PLACE_TILE;
		out[n].rot = (uint8_t)rot;
		out[n].x = f->x;
		out[n].y = f->y;
	}
	return n + 1;
}

/* The hot path: one table lookup per frontier cell. */
static int
options_plain(const struct game *g, const struct tile_type *t, struct action *out, int cap)
{
	const struct frontier_cell *f = g->frontier;
	int n = 0;

	for (int i = 0; i < g->nfrontier; i++)
		for (unsigned m = t->fits[f[i].need_code]; m; m &= m - 1)
			n = emit(out, n, cap, &f[i], __builtin_ctz(m));
	return n;
}

/* River tiles pass the river's own test as well. */
static int
options_river(const struct game *g, int type, struct action *out, int cap)
{
	const struct frontier_cell *f = g->frontier;
	int n = 0;

	for (int i = 0; i < g->nfrontier; i++)
		for (unsigned m = game_type(g, type)->fits[f[i].need_code]; m; m &= m - 1)
			if (river_ok(g, type, f[i].cell, __builtin_ctz(m)))
				n = emit(out, n, cap, &f[i], __builtin_ctz(m));
	return n;
}

int
board_place_options(const struct game *g, int type, struct action *out, int cap)
{
	const struct tile_type *t = game_type(g, type);

	if (checks_river(t))
		return options_river(g, type, out, cap);
	return options_plain(g, t, out, cap);
}

bool
board_has_place(const struct game *g, int type)
{
	const struct tile_type *t = game_type(g, type);

	for (int i = 0; i < g->nfrontier; i++) {
		unsigned m = t->fits[g->frontier[i].need_code];
		for (int rot = 0; m; rot++, m >>= 1)
			if ((m & 1) && (!checks_river(t) || river_ok(g, type, g->frontier[i].cell, rot)))
				return true;
	}
	return false;
}

/* Says which rule a placement breaks, for a refusal the player can act on. */
int
board_explain_misfit(const struct game *g, int type, int x, int y, int rot,
		     struct rules_error *err)
{
	const struct tile_type *t = game_type(g, type);
	const struct frontier_cell *f;
	int cell = board_cell(g, x, y);

	if (cell >= 0 && g->cells[cell].placed >= 0)
		return rerr(err, RERR_ILLEGAL, "BASE-MODEL-1", "%d,%d already holds a tile", x, y);
	if (cell < 0 || g->cells[cell].frontier < 0)
		return rerr(err, RERR_ILLEGAL, "BASE-TILE-2",
			    "%d,%d is not next to any placed tile (a shared edge is needed)",
			    x, y);
	f = &g->frontier[g->cells[cell].frontier];
	for (int side = 0; side < 4; side++) {
		int want = edge_of_sig(f->need_val, side);
		int have = edge_of_sig(t->sig[rot], side);
		if (want && want != have)
			return rerr(err, RERR_ILLEGAL, "BASE-TILE-3",
				    "%s at %d,%d rotation %d: its %s edge is %s but the "
				    "neighbour there has %s",
				    t->id, x, y, rot * 90, side_names[side],
				    edge_kind_name(have), edge_kind_name(want));
	}
	if (checks_river(t))
		return river_explain(g, type, cell, rot, err);
	return 0;
}

static void
frontier_remove(struct game *g, int cell)
{
	int pos = g->cells[cell].frontier;
	struct frontier_cell last;

	if (pos < 0)
		return;
	last = g->frontier[--g->nfrontier];
	g->frontier[pos] = last;
	g->cells[last.cell].frontier = (int16_t)pos;
	g->cells[cell].frontier = -1;
}

static void
frontier_demand(struct game *g, int cell, int side, int edge)
{
	struct cell *c = &g->cells[cell];
	struct frontier_cell *f;

	if (c->frontier < 0) {
		c->frontier = (int16_t)g->nfrontier;
		g->frontier[g->nfrontier++] = (struct frontier_cell){
			.cell = cell,
			.x = (int16_t)(cell % g->width - g->origin),
			.y = (int16_t)(cell / g->width - g->origin),
		};
	}
	f = &g->frontier[c->frontier];
	f->need_code = (uint16_t)(f->need_code + edge * need_digit[side]);
	f->need_val |= (uint16_t)(edge << (4 * side));
}

/* Puts the tile on the grid and updates the frontier; returns its index,
 * or -1 when growing the grid failed. */
int
board_place(struct game *g, int type, int x, int y, int rot)
{
	const struct tile_type *t = game_type(g, type);
	int p = g->nplaced, cell;

	if (near_border(g, x, y) && board_grow(g) < 0)
		return -1;
	cell = cell_index(g, x, y);
	g->nplaced++;
	g->placed[p] = (struct placed_tile){
		.type = (uint16_t)type,
		.rot = (uint8_t)rot,
		.x = (int16_t)x,
		.y = (int16_t)y,
		.cell = cell,
		.turn = (int16_t)g->turn,
		.player = (int8_t)(g->turn ? g->current : -1),
	};
	g->cells[cell].placed = (int16_t)p;
	frontier_remove(g, cell);
	for (int side = 0; side < 4; side++) {
		int n = cell_neighbour(g, cell, side);
		if (g->cells[n].placed < 0)
			frontier_demand(g, n, (side + 2) & 3, edge_of_sig(t->sig[rot], side));
	}
	return p;
}

/* Placed tiles among the 8 cells around a cell (BASE-SCORE-MON-2). */
int
board_neighbours8(const struct game *g, int cell)
{
	int n = 0, w = g->width;

	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			if ((dx || dy) && g->cells[cell + dy * w + dx].placed >= 0)
				n++;
	return n;
}

int
game_placed_at(const struct game *g, int x, int y)
{
	int cell = board_cell(g, x, y);

	return cell < 0 ? -1 : g->cells[cell].placed;
}
