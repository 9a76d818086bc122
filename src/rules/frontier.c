/* The frontier: the empty cells next to placed tiles, each with the edges
 * its neighbours demand as one need code, kept in parallel arrays so
 * listing where a tile fits reads two small arrays and does one fits-table
 * lookup per cell. (Grouping cells by need code was measured slower: in
 * real games most demands fit.) */
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
		g->front_place[pos] = g->front_place[last];
		g->front_need[pos] = g->front_need[last];
		g->front_cell[pos] = g->front_cell[last];
		g->cells[g->front_cell[pos]].frontier = (int16_t)pos;
	}
	g->front_need[last] = NEED_NOTHING; /* padding (FRONTIER_PAD) */
	g->cells[cell].frontier = -1;
}

/* The cell (at x,y) has a new neighbour on `side` demanding `edge` there. */
void
frontier_demand(struct game *g, int cell, int x, int y, int side, int edge)
{
	int pos = g->cells[cell].frontier, need = edge * need_digit[side];

	if (pos >= 0) {
		g->front_need[pos] = (uint16_t)(g->front_need[pos] + need);
		return;
	}
	pos = g->nfrontier++;
	g->front_need[pos + FRONTIER_PAD] = NEED_NOTHING; /* padding past the new end */
	g->cells[cell].frontier = (int16_t)pos;
	/* written in place: one on the stack, then copied, would be read back
	 * before its bytes were, which stalls */
	g->front_place[pos] = (struct action){
		.kind = ACT_PLACE_TILE,
		.x = (int16_t)x,
		.y = (int16_t)y,
	};
	g->front_need[pos] = (uint16_t)need;
	g->front_cell[pos] = cell;
}

/* The edge kind frontier cell pos demands on a side (0: none). */
int
frontier_wants(const struct game *g, int pos, int side)
{
	return g->front_need[pos] / need_digit[side] % EDGE_BASE;
}

/* For each set of fitting rotations (bit r: rotation r), those rotations
 * in order as struct action bit patterns with only rot set, so adding one
 * to a cell's "place x y 0" gives "place x y rot" whatever the byte order;
 * unused entries are rotation 0. */
union rot_row {
	struct action a[4];
	uint64_t u[4];
};
#define R(r) {.rot = r}
#define ROW(r0, r1, r2, r3) {.a = {R(r0), R(r1), R(r2), R(r3)}}
static const union rot_row rot_rows[16] = {
	ROW(0, 0, 0, 0), ROW(0, 0, 0, 0), ROW(1, 0, 0, 0), ROW(0, 1, 0, 0),
	ROW(2, 0, 0, 0), ROW(0, 2, 0, 0), ROW(1, 2, 0, 0), ROW(0, 1, 2, 0),
	ROW(3, 0, 0, 0), ROW(0, 3, 0, 0), ROW(1, 3, 0, 0), ROW(0, 1, 3, 0),
	ROW(2, 3, 0, 0), ROW(0, 2, 3, 0), ROW(1, 2, 3, 0), ROW(0, 1, 2, 3),
};
#undef ROW
#undef R

/* Frontier cell pos's "place x y 0" plus a rot_rows entry, made in a
 * register: setting the rot byte of a copy in memory and reading the
 * action back whole stalls (the wide load cannot be forwarded from the
 * byte store). */
static inline struct action
place_turned(const struct game *g, int pos, uint64_t rot_bits)
{
	uint64_t u;
	struct action a;

	memcpy(&u, &g->front_place[pos], sizeof(u));
	u += rot_bits;
	memcpy(&a, &u, sizeof(a));
	return a;
}

static inline struct action
emit_one(const struct game *g, int pos, int rot)
{
	return place_turned(g, pos, rot_rows[1u << rot].u[0]);
}

static inline int
emit(struct action *out, int n, int cap, const struct game *g, int pos, int rot)
{
	if (n < cap)
		out[n] = emit_one(g, pos, rot);
	return n + 1;
}

/* The rotations of the type that fit frontier cell pos, as bits. */
static inline unsigned
fits_of(const struct game *g, int type, int pos)
{
	return game_type(g, type)->fits[g->front_need[pos]] & FITS_ROTS;
}

/* Every placement of the type. The common case, room for all (a cell has
 * at most 4 placements, and the padding after the last cell writes past
 * them), runs without bounds checks. */
static int
frontier_scan(const struct game *g, int type, struct action *out, int cap)
{
	const uint8_t *fits = game_type(g, type)->fits;
	const struct action *place = g->front_place;
	const uint16_t *need = g->front_need;
	int nf = g->nfrontier, n = 0;

	if (cap < 4 * (nf + 1)) {
		for (int i = 0; i < nf; i++)
			for (unsigned m = fits[need[i]] & FITS_ROTS; m; m &= m - 1)
				n = emit(out, n, cap, g, i, __builtin_ctz(m));
		return n;
	}
	/* Branch-free (which rotations fit is random, so branching on it
	 * mispredicts): write four actions per cell, the fitting ones first,
	 * and keep as many as fit. Four cells a turn of the loop: the cells
	 * after the last are padding, which fits nothing. */
	struct action *o = out;
	for (int i = 0; i < nf; i += 4)
		for (int k = i; k < i + 4; k++) {
			unsigned f = fits[need[k]];
			const uint64_t *r = rot_rows[f & FITS_ROTS].u;
			uint64_t base;
			memcpy(&base, &place[k], sizeof(base));
			/* one 8-byte store an action: an array built on the
			 * stack and copied out wide stalls the load that
			 * reads it back (store forwarding fails on AMD) */
			for (int j = 0; j < 4; j++) {
				uint64_t a = base + r[j];
				memcpy(&o[j], &a, sizeof(a));
			}
			/* the count comes with the set, in one load: the
			 * next cell's stores wait for it */
			o += f >> FITS_COUNT_SHIFT;
		}
	return (int)(o - out);
}

/* Tiles with a placement rule (river tiles) also pass their module's
 * test. */
static int
frontier_scan_ruled(const struct game *g, int type, struct action *out, int cap)
{
	int n = 0;

	for (int i = 0; i < g->nfrontier; i++)
		for (unsigned m = fits_of(g, type, i); m; m &= m - 1) {
			if (!board_place_rule_ok(g, type, g->front_cell[i], __builtin_ctz(m)))
				continue;
			n = emit(out, n, cap, g, i, __builtin_ctz(m));
		}
	return n;
}

/* How many placements the type has: the counts that come with each
 * cell's fitting rotations, summed four cells at a time (the padding
 * counts nothing). No action is written. */
static int
frontier_count(const struct game *g, int type)
{
	const uint8_t *fits = game_type(g, type)->fits;
	const uint16_t *need = g->front_need;
	int n = 0;

	for (int i = 0; i < g->nfrontier; i += 4)
		n += (fits[need[i]] >> FITS_COUNT_SHIFT) + (fits[need[i + 1]] >> FITS_COUNT_SHIFT) +
		     (fits[need[i + 2]] >> FITS_COUNT_SHIFT) +
		     (fits[need[i + 3]] >> FITS_COUNT_SHIFT);
	return n;
}

/* The k-th placement in frontier_scan's order (k below frontier_count).
 * Whole groups of four cells are skipped, since each step waits for the
 * one before and the exit mispredicts; inside the group, the cell and
 * the rotation among its fitting ones are found without branching. */
static struct action
frontier_nth(const struct game *g, int type, int k)
{
	const uint8_t *fits = game_type(g, type)->fits;
	const uint16_t *need = g->front_need;
	int i = 0, before[4];

	for (;; i += 4) {
		before[1] = fits[need[i]] >> FITS_COUNT_SHIFT;
		before[2] = before[1] + (fits[need[i + 1]] >> FITS_COUNT_SHIFT);
		before[3] = before[2] + (fits[need[i + 2]] >> FITS_COUNT_SHIFT);
		int all = before[3] + (fits[need[i + 3]] >> FITS_COUNT_SHIFT);
		if (k < all)
			break;
		k -= all;
	}
	int j = (k >= before[1]) + (k >= before[2]) + (k >= before[3]);

	before[0] = 0;
	return place_turned(g, i + j, rot_rows[fits[need[i + j]] & FITS_ROTS].u[k - before[j]]);
}

int
board_place_count(const struct game *g, int type)
{
	if (tile_has_place_rule(game_type(g, type)))
		return frontier_scan_ruled(g, type, NULL, 0);
	return frontier_count(g, type);
}

struct action
board_place_nth(const struct game *g, int type, int k)
{
	struct action a = {0};

	if (!tile_has_place_rule(game_type(g, type)))
		return frontier_nth(g, type, k);
	for (int i = 0; i < g->nfrontier; i++)
		for (unsigned m = fits_of(g, type, i); m; m &= m - 1)
			if (board_place_rule_ok(g, type, g->front_cell[i], __builtin_ctz(m)) &&
			    k-- == 0)
				return emit_one(g, i, __builtin_ctz(m));
	return a;
}

int
board_place_options(const struct game *g, int type, struct action *out, int cap)
{
	if (tile_has_place_rule(game_type(g, type)))
		return frontier_scan_ruled(g, type, out, cap);
	return frontier_scan(g, type, out, cap);
}

bool
board_fits(const struct game *g, int type, int cell, int rot)
{
	const struct tile_type *t = game_type(g, type);
	int pos = g->cells[cell].frontier;

	if (pos < 0 || !(t->fits[g->front_need[pos]] >> rot & 1))
		return false;
	return !tile_has_place_rule(t) || board_place_rule_ok(g, type, cell, rot);
}
