/* The frontier: the empty cells next to placed tiles, each with the edges
 * its neighbours demand as one need code, kept in one array so listing
 * where a tile fits is one fits-table lookup per cell. (Grouping cells by
 * need code was measured slower: in real games most demands fit.) */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

_Static_assert(sizeof(struct action) == sizeof(uint64_t), "actions are copied as 8 bytes");

static const uint16_t need_digit[4] = {1, EDGE_BASE, EDGE_BASE * EDGE_BASE,
				       EDGE_BASE * EDGE_BASE * EDGE_BASE};

void
frontier_remove(struct game *g, int cell)
{
	int pos = g->cells[cell].frontier, last;

	if (pos < 0)
		return;
	last = --g->nfrontier;
	if (last != pos) {
		g->frontier[pos] = g->frontier[last];
		g->cells[g->frontier[pos].cell].frontier = (int16_t)pos;
	}
	g->cells[cell].frontier = -1;
}

/* The cell (at x,y) has a new neighbour on `side` demanding `edge` there. */
void
frontier_demand(struct game *g, int cell, int x, int y, int side, int edge)
{
	struct cell *c = &g->cells[cell];
	struct frontier_cell *f;

	if (c->frontier < 0) {
		struct action place = {
			.kind = ACT_PLACE_TILE,
			.x = (int16_t)x,
			.y = (int16_t)y,
		};
		c->frontier = (int16_t)g->nfrontier++;
		f = &g->frontier[c->frontier];
		*f = (struct frontier_cell){.cell = cell, .x = place.x, .y = place.y};
		memcpy(&f->place, &place, sizeof(f->place));
	}
	f = &g->frontier[c->frontier];
	f->need_code = (uint16_t)(f->need_code + edge * need_digit[side]);
	f->need_val |= (uint16_t)(edge << (4 * side));
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

/* Every placement of the type. The common case, room for all (a cell has
 * at most 4 placements), runs without bounds checks. */
static int
frontier_scan(const struct game *g, int type, struct action *out, int cap)
{
	const struct tile_type *t = game_type(g, type);
	const struct frontier_cell *f = g->frontier;
	int n = 0;

	if (cap < 4 * g->nfrontier) {
		for (int i = 0; i < g->nfrontier; i++)
			for (unsigned m = t->fits[f[i].need_code]; m; m &= m - 1)
				n = emit(out, n, cap, &f[i], __builtin_ctz(m));
		return n;
	}
	/* Branch-free: write all four rotations, keep those that fit (which
	 * fit is random, so branching on it mispredicts); one 8-byte store
	 * per action from the cell's ready-made "place x y 0". rot_one is the
	 * bit pattern of rot = 1, so adding it r times sets rot = r whatever
	 * the byte order. */
	uint64_t rot_one;
	struct action one = {.rot = 1};
	struct action *o = out;

	memcpy(&rot_one, &one, sizeof(rot_one));
	for (const struct frontier_cell *end = f + g->nfrontier; f < end; f++) {
		unsigned m = t->fits[f->need_code];
		uint64_t base = f->place;
		memcpy(o, &base, sizeof(base));
		o += m & 1;
		base += rot_one;
		memcpy(o, &base, sizeof(base));
		o += (m >> 1) & 1;
		base += rot_one;
		memcpy(o, &base, sizeof(base));
		o += (m >> 2) & 1;
		base += rot_one;
		memcpy(o, &base, sizeof(base));
		o += m >> 3;
	}
	return (int)(o - out);
}

static bool
frontier_any(const struct game *g, int type)
{
	const struct tile_type *t = game_type(g, type);

	for (int i = 0; i < g->nfrontier; i++)
		if (t->fits[g->frontier[i].need_code])
			return true;
	return false;
}

/* River tiles also pass the river's own test. With stop_at_first, only
 * whether there is a placement at all (0 or 1). */
static int
frontier_scan_river(const struct game *g, int type, struct action *out, int cap,
		    bool stop_at_first)
{
	const struct frontier_cell *f = g->frontier;
	int n = 0;

	for (int i = 0; i < g->nfrontier; i++)
		for (unsigned m = game_type(g, type)->fits[f[i].need_code]; m; m &= m - 1) {
			if (!river_ok(g, type, f[i].cell, __builtin_ctz(m)))
				continue;
			if (stop_at_first)
				return 1;
			n = emit(out, n, cap, &f[i], __builtin_ctz(m));
		}
	return n;
}

int
board_place_options(const struct game *g, int type, struct action *out, int cap)
{
	if (checks_river(game_type(g, type)))
		return frontier_scan_river(g, type, out, cap, false);
	return frontier_scan(g, type, out, cap);
}

bool
board_has_place(const struct game *g, int type)
{
	if (checks_river(game_type(g, type)))
		return frontier_scan_river(g, type, NULL, 0, true) > 0;
	return frontier_any(g, type);
}

bool
board_fits(const struct game *g, int type, int cell, int rot)
{
	const struct tile_type *t = game_type(g, type);
	int pos = g->cells[cell].frontier;

	if (pos < 0 || !(t->fits[g->frontier[pos].need_code] >> rot & 1))
		return false;
	return !checks_river(t) || river_ok(g, type, cell, rot);
}
