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

/* The cell (at x,y) has a new neighbour on `side` demanding `edge` there:
 * it joins the frontier or, already there, demands one edge more. One
 * path for both (which it is is random, a branch mispredicts): a cell
 * already there gets its own place and cell again. */
void
frontier_demand(struct game *g, int cell, int x, int y, int side, int edge)
{
	int pos = g->cells[cell].frontier, fresh = -(pos < 0), old; /* fresh: all bits */
	uint64_t place = ACTION_FIELD(ACT_PLACE_TILE, kind) | ACTION_FIELD((uint16_t)x, x) |
			 ACTION_FIELD((uint16_t)y, y);

	/* selected by masks: the compiler makes a branch of ?: here */
	pos = (pos & ~fresh) | (g->nfrontier & fresh);
	old = g->front_need[pos] & ~fresh;
	g->nfrontier -= fresh;
	/* padding past the end (FRONTIER_PAD): a cell already there leaves
	 * it as it was */
	g->front_need[g->nfrontier + FRONTIER_PAD - 1] = NEED_NOTHING;
	g->cells[cell].frontier = (int16_t)pos;
	/* made in a register: one built in memory a field at a time would be
	 * read back whole before its bytes were, which stalls */
	memcpy(&g->front_place[pos], &place, sizeof(place));
	g->front_need[pos] = (uint16_t)(old + edge * need_digit[side]);
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

/* The frontier positions a tile with a placement rule is tried on: the
 * cells its module narrows it to, in frontier order, or, with -1, every
 * position (0..nfrontier-1). */
#define RULED_CELLS_MAX 16

static int
ruled_positions(const struct game *g, int type, int pos[RULED_CELLS_MAX])
{
	int cells[RULED_CELLS_MAX], n = board_place_rule_cells(g, type, cells, RULED_CELLS_MAX),
	    np = 0;

	if (n < 0 || n > RULED_CELLS_MAX)
		return -1;
	for (int i = 0; i < n; i++) {
		int p = g->cells[cells[i]].frontier, j = np++;
		if (p < 0) {
			np--;
			continue;
		}
		for (; j > 0 && pos[j - 1] > p; j--) /* insertion: a few cells */
			pos[j] = pos[j - 1];
		pos[j] = p;
	}
	return np;
}

/* Tiles with a placement rule (river tiles) also pass their module's
 * test. */
static int
frontier_scan_ruled(const struct game *g, int type, struct action *out, int cap)
{
	int pos[RULED_CELLS_MAX], np = ruled_positions(g, type, pos), n = 0;

	for (int k = 0, end = np < 0 ? g->nfrontier : np; k < end; k++) {
		int i = np < 0 ? k : pos[k];
		for (unsigned m = fits_of(g, type, i); m; m &= m - 1) {
			if (!board_place_rule_ok(g, type, g->front_cell[i], __builtin_ctz(m)))
				continue;
			n = emit(out, n, cap, g, i, __builtin_ctz(m));
		}
	}
	return n;
}

/* How many placements the type has: the counts that come with each
 * cell's fitting rotations, summed four cells at a time (the padding
 * counts nothing). No action is written. With before (the drawn tile),
 * the placements before each group of four cells are noted there, so
 * the k-th is found without counting again (frontier_nth). */
static HOT_INLINE int
frontier_count(const struct game *g, int type, uint16_t *before)
{
	const uint8_t *nfits = game_type(g, type)->nfits;
	const uint16_t *need = g->front_need;
	int n = 0, i = 0;

	for (; i < g->nfrontier; i += 4) {
		if (before)
			before[i / 4] = (uint16_t)n;
		n += nfits[need[i]] + nfits[need[i + 1]] + nfits[need[i + 2]] + nfits[need[i + 3]];
	}
	/* past the last group, more than any k: frontier_group_of reads
	 * groups eight at a time */
	for (int k = 0; before && k < FRONTIER_GROUP_PAD; k++)
		before[i / 4 + k] = UINT16_MAX;
	return n;
}

/* The group of four cells holding the k-th placement: the last whose
 * placements before it are at most k (an empty group is never the last
 * such, as the one after it starts as low), found by counting those
 * groups, eight at a time (vector compares): where k falls is random,
 * so a search that stops there mispredicts, and a binary search is a
 * chain of loads that everything after the choice waits for. */
static inline int
frontier_group_of(const uint16_t *before, int ngroups, int k)
{
	int n = 0;

	for (int i = 0; i < ngroups; i += FRONTIER_GROUP_PAD)
		for (int j = i; j < i + FRONTIER_GROUP_PAD; j++)
			n += before[j] <= k;
	return n - 1; /* before[0] = 0 counted */
}

/* The k-th placement of the drawn tile in frontier_scan's order (k below
 * the draw's count): its group from the draw's notes, then the cell and
 * the rotation among its fitting ones, without branching. */
static struct action
frontier_nth(const struct game *g, int type, int k)
{
	const struct tile_type *t = game_type(g, type);
	const uint16_t *need = g->front_need;
	int i = 4 * frontier_group_of(g->front_before, (g->nfrontier + 3) / 4, k), before[4];

	k -= g->front_before[i / 4];
	before[0] = 0;
	before[1] = t->nfits[need[i]];
	before[2] = before[1] + t->nfits[need[i + 1]];
	before[3] = before[2] + t->nfits[need[i + 2]];
	int j = (k >= before[1]) + (k >= before[2]) + (k >= before[3]);

	return place_turned(g, i + j, rot_rows[t->fits[need[i + j]] & FITS_ROTS].u[k - before[j]]);
}

int
board_place_count(const struct game *g, int type)
{
	if (tile_has_place_rule(game_type(g, type)))
		return frontier_scan_ruled(g, type, NULL, 0);
	return frontier_count(g, type, NULL);
}

int
board_drawn_count(struct game *g, int type)
{
	if (tile_has_place_rule(game_type(g, type)))
		return frontier_scan_ruled(g, type, NULL, 0);
	return frontier_count(g, type, g->front_before);
}

/* board_drawn_nth for a tile with a placement rule of its own: kept out
 * of line, so that the plain path stays small enough to inline into the
 * playout's choice. */
static __attribute__((noinline)) struct action
drawn_nth_ruled(const struct game *g, int type, int k)
{
	struct action a = {0};
	int pos[RULED_CELLS_MAX], np = ruled_positions(g, type, pos);
	for (int j = 0, end = np < 0 ? g->nfrontier : np; j < end; j++) {
		int i = np < 0 ? j : pos[j];
		for (unsigned m = fits_of(g, type, i); m; m &= m - 1)
			if (board_place_rule_ok(g, type, g->front_cell[i], __builtin_ctz(m)) &&
			    k-- == 0)
				return emit_one(g, i, __builtin_ctz(m));
	}
	return a;
}

struct action
board_drawn_nth(const struct game *g, int k)
{
	int type = g->drawn;

	if (!tile_has_place_rule(game_type(g, type)))
		return frontier_nth(g, type, k);
	return drawn_nth_ruled(g, type, k);
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

/* A tile with walls (TILE_WALLS, the abbey's) where a module puts it: a
 * wall fits whatever tile it faces but never an empty cell (it ends what
 * it meets and demands nothing, so it can leave no demand behind); its
 * other sides match as any tile's. */
bool
board_fits_walls(const struct game *g, int type, int cell, int rot)
{
	const struct tile_type *t = game_type(g, type);
	int pos = g->cells[cell].frontier;

	if (pos < 0)
		return false;
	for (int side = 0; side < 4; side++) {
		int e = edge_of_sig(t->sig[rot], side), want = frontier_wants(g, pos, side);
		if (e == EDGE_WALL ? want == 0 : want != 0 && want != e)
			return false;
	}
	return true;
}
