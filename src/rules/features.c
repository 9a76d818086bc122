/* Features: a disjoint-set forest over segment instances, kept flat: every
 * segment points straight at its feature's root, so finding a feature is
 * one load. Joining relabels the smaller feature's members (union by
 * size keeps that cheap: a segment is relabelled at most log2(n) times).
 * Each root carries what scoring needs (open sides, shields, figures);
 * members form a circular list, walked to relabel and to score. */
#include <string.h>

#include "engine.h"

int
feature_find(const struct game *g, int seg)
{
	return g->feat[seg].parent;
}

static HOT_INLINE int
feature_union(struct game *g, int a, int b)
{
	struct feature *fa, *fb;
	int16_t tmp;
	int m, swap;

	a = g->feat[a].parent;
	b = g->feat[b].parent;
	if (a == b)
		return a;
	/* a becomes the larger, by masks: which one is random, and the
	 * compiler makes a branch of a swap */
	swap = -(g->feat[a].size < g->feat[b].size) & (a ^ b);
	a ^= swap;
	b ^= swap;
	fa = &g->feat[a];
	fb = &g->feat[b];
	m = b;
	do { /* b's members now belong to a */
		g->feat[m].parent = (int16_t)a;
		m = g->feat[m].next;
	} while (m != b);
	fa->size += fb->size;
	fa->shields += fb->shields;
	fa->figures += fb->figures;
	fa->open += fb->open;
	tmp = fa->next; /* splice the two member rings */
	fa->next = fb->next;
	fb->next = tmp;
	return a;
}

/* The lanes of the fresh features that number segments (parent, next). */
static const int16_t numbering_lanes[TILE_SEG_MAX * FEATURE_LANES] = {
#define NUMBERED -1, -1, 0, 0, 0, 0
	NUMBERED, NUMBERED, NUMBERED, NUMBERED, NUMBERED, NUMBERED,
	NUMBERED, NUMBERED, NUMBERED, NUMBERED, NUMBERED, NUMBERED,
#undef NUMBERED
};

/* Each segment of the new tile starts as a feature of its own; nothing is
 * completed yet. All TILE_SEG_MAX of them, from the type's fresh copy
 * with the tile's numbers added, eight lanes at a time straight into
 * place (GCC's vector types: SSE2 or NEON registers, plain code
 * elsewhere); a loop per segment would mispredict its exit. */
typedef int16_t lanes8 __attribute__((vector_size(16)));
_Static_assert(sizeof(((struct tile_type *)0)->fresh) % sizeof(lanes8) == 0,
	       "fresh features are copied 16 bytes at a time");

void
feature_init_tile(struct game *g, int placed)
{
	const struct tile_type *t = game_type(g, g->placed[placed].type);
	int first = seg_instance(placed, 0);
	char *dst = (char *)&g->feat[first];

	g->new_closed = false;
	g->nwalls_done = 0;
	for (size_t i = 0; i < sizeof(t->fresh); i += sizeof(lanes8)) {
		lanes8 v, numbering;
		memcpy(&v, (const char *)t->fresh + i, sizeof(v));
		memcpy(&numbering, (const char *)numbering_lanes + i, sizeof(numbering));
		v += numbering & (int16_t)first;
		memcpy(dst + i, &v, sizeof(v));
	}
}

/* Joins a segment of the new tile with the neighbour's across a border
 * slot; returns the feature, or -1 when a side has nothing there. */
static int
join_slot(struct game *g, int placed, int seg, int np, int nseg)
{
	if (seg == SEG_NONE || nseg == SEG_NONE)
		return -1;
	return feature_union(g, seg_instance(placed, seg), seg_instance(np, nseg));
}

/* A road or city joined across a border: the two open sides that met are
 * closed. */
static void
join_closing(struct game *g, int placed, int seg, int np, int nseg)
{
	int root = join_slot(g, placed, seg, np, nseg);

	if (root < 0)
		return;
	g->feat[root].open -= 2;
	g->new_closed |= g->feat[root].open == 0;
}

/* A wall of the new tile (EDGE_WALL, ABBEY-4) faces np's side: np's road
 * or city there is closed on that side (one open side less: there is
 * nothing to join), and what that completes is noted for the scoring
 * step, roads before cities (UN-06). A field stops at a wall. Cold: only
 * a tile with walls comes here. */
static __attribute__((noinline, cold)) void
wall_side(struct game *g, int side, int np)
{
	int seg = g->placed[np].slot_seg[((side + 2) & 3) * 3 + 1], root, kind, i;

	if (seg == SEG_NONE)
		return;
	kind = game_type(g, g->placed[np].type)->seg[seg].kind;
	root = feature_find(g, seg_instance(np, seg));
	if ((kind != SEG_ROAD && kind != SEG_CITY) || --g->feat[root].open != 0)
		return;
	for (i = g->nwalls_done; i > 0 && kind == SEG_ROAD &&
				 g->feat[g->walls_done[i - 1]].kind != SEG_ROAD;
	     i--)
		g->walls_done[i] = g->walls_done[i - 1];
	g->walls_done[i] = (int16_t)root;
	g->nwalls_done++;
}

/* Joins the new tile's segments on one side with those of the neighbour
 * np there, across the border (BASE-MODEL-3), and closes the open sides
 * that now meet. Edge matching guarantees both sides of a border carry the
 * same kinds: a city side is one city (its centre slot stands for it), a
 * road or river side has fields on its halves, a field side fields only. */
void
feature_join_side(struct game *g, int placed, int side, int np)
{
	const struct placed_tile *pt = &g->placed[placed], *nt = &g->placed[np];
	const struct tile_type *t = game_type(g, pt->type);
	const uint8_t *mine = pt->slot_seg + side * 3;
	const uint8_t *theirs = nt->slot_seg + ((side + 2) & 3) * 3;
	int edge = edge_of_sig(t->sig[pt->rot], side);

	if (edge == EDGE_WALL) {
		wall_side(g, side, np);
		return;
	}
	if (edge == EDGE_CITY || edge == EDGE_ROAD)
		join_closing(g, placed, mine[1], np, theirs[1]);
	if (edge != EDGE_CITY) {
		join_slot(g, placed, mine[0], np, theirs[2]);
		/* a side that is one field on both tiles is joined already */
		if (mine[2] != mine[0] || theirs[0] != theirs[2])
			join_slot(g, placed, mine[2], np, theirs[0]);
	}
}

/* The attributes a module asked for (g->attr_want) on one segment
 * instance, counted into g->attr_sum. */
void
feature_attrs_add(struct game *g, int seg)
{
	const struct placed_tile *pt = &g->placed[seg / TILE_SEG_MAX];
	const struct tile_type *t = game_type(g, pt->type);
	int s = seg % TILE_SEG_MAX;
	tile_attrs m = t->seg[s].attrs & g->attr_want;

	/* a piece may show a symbol more than once (goods: wine=2) */
	for (; m; m &= m - 1)
		g->attr_sum[__builtin_ctzll(m)] +=
			(uint16_t)tile_attr_count(t, s, __builtin_ctzll(m));
}

/* feature_tile_count for games whose modules sum attributes. */
static int
tile_count_attrs(struct game *g, int root)
{
	uint32_t gen = ++g->stamp_gen;
	int n = 0, seg = root;

	memset(g->attr_sum, 0, sizeof(g->attr_sum));
	do {
		int p = seg / TILE_SEG_MAX;
		n += g->tile_stamp[p] != gen;
		g->tile_stamp[p] = gen;
		feature_attrs_add(g, seg);
		seg = g->feat[seg].next;
	} while (seg != root);
	return n;
}

/* Distinct tiles carrying the feature: a tile with two pieces of one city
 * counts once (BASE-MODEL-4). In the same walk, the attributes modules
 * ask for (g->attr_want; none in the base game) are summed into
 * g->attr_sum. */
int
feature_tile_count(struct game *g, int root)
{
	uint32_t gen = ++g->stamp_gen;
	int n = 0, seg = root;

	if (g->attr_want)
		return tile_count_attrs(g, root);

	do { /* branch-free: whether a tile was seen is random */
		int p = seg / TILE_SEG_MAX;
		n += g->tile_stamp[p] != gen;
		g->tile_stamp[p] = gen;
		seg = g->feat[seg].next;
	} while (seg != root);
	return n;
}

int
game_feature_root(const struct game *g, int seg_instance)
{
	return feature_find(g, seg_instance);
}

int
game_feature_tiles(const struct game *g, int root)
{
	int n = 0, seg = root;

	/* Without scratch stamps: count a member's tile only at its first
	 * member in ring order. Cheap for the few callers outside scoring. */
	do {
		int p = seg / TILE_SEG_MAX, other = root, first = 1;
		while (other != seg) {
			if (other / TILE_SEG_MAX == p) {
				first = 0;
				break;
			}
			other = g->feat[other].next;
		}
		n += first;
		seg = g->feat[seg].next;
	} while (seg != root);
	return n;
}

/* Placed tiles among the 8 cells around a placed tile (BASE-SCORE-MON-2),
 * as board.c counted them: a cloister's completion and score read it. */
int
board_neighbours8(const struct game *g, int cell)
{
	return g->placed[g->cells[cell].placed].around;
}

bool
game_feature_complete(const struct game *g, int root)
{
	const struct feature *f = &g->feat[root];

	if (seg_kinds[f->kind].closable)
		return f->open == 0;
	if (seg_kinds[f->kind].cloister)
		return board_neighbours8(g, g->placed[root / TILE_SEG_MAX].cell) == 8;
	return false;
}
