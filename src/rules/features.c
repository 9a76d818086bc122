/* Features: a disjoint-set forest over segment instances, kept flat: every
 * segment points straight at its feature's root, so finding a feature is
 * one load. Joining relabels the smaller feature's members (union by
 * size keeps that cheap: a segment is relabelled at most log2(n) times).
 * Each root carries what scoring needs (open sides, shields, figures);
 * members form a circular list, walked to relabel and to score. */
#include "engine.h"

int
feature_find(const struct game *g, int seg)
{
	return g->feat[seg].parent;
}

static int
feature_union(struct game *g, int a, int b)
{
	struct feature *fa, *fb;
	int16_t tmp;
	int m;

	a = g->feat[a].parent;
	b = g->feat[b].parent;
	if (a == b)
		return a;
	if (g->feat[a].size < g->feat[b].size) {
		int t = a;
		a = b;
		b = t;
	}
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

static void
feature_init_tile(struct game *g, int placed)
{
	const struct tile_type *t = game_type(g, g->placed[placed].type);

	for (int s = 0; s < t->nsegs; s++) {
		int id = seg_instance(placed, s);
		const struct tile_segment *ts = &t->seg[s];
		g->feat[id] = (struct feature){
			.parent = (int16_t)id,
			.next = (int16_t)id,
			.kind = ts->kind,
			.shields = ts->shields,
			.open = (ts->kind == SEG_ROAD || ts->kind == SEG_CITY) ? ts->nsides : 0,
			.size = 1,
		};
	}
}

static void
join_slot(struct game *g, int placed, int seg, int np, int nseg, bool closes)
{
	int root;

	if (seg == SEG_NONE || nseg == SEG_NONE)
		return;
	root = feature_union(g, seg_instance(placed, seg), seg_instance(np, nseg));
	if (closes)
		g->feat[root].open -= 2;
}

/* Remembers the features the new tile's segments ended up in, and which
 * segments share a feature with an earlier one: the figure and scoring
 * steps of this turn read them (nothing joins features in between). */
static void
note_roots(struct game *g, int placed, int nsegs)
{
	g->new_dups = 0;
	for (int s = 0; s < nsegs; s++) {
		g->new_roots[s] = g->feat[seg_instance(placed, s)].parent;
		for (int e = 0; e < s; e++)
			g->new_dups |= (uint16_t)((g->new_roots[e] == g->new_roots[s]) << s);
	}
}

/* Joins the new tile's segments with its neighbours' across shared edges
 * (BASE-MODEL-3) and closes the open sides that now meet. Edge matching
 * guarantees both sides of a border carry the same kinds: a city side is
 * one city (its centre slot stands for it), a road or river side has
 * fields on its halves, a field side fields only. */
void
feature_add_tile(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	const struct tile_type *t = game_type(g, pt->type);
	const uint8_t *mine = t->rot_slot_seg[pt->rot];

	feature_init_tile(g, placed);
	for (int side = 0; side < 4; side++) {
		int np = g->cells[cell_neighbour(g, pt->cell, side)].placed;
		int edge = edge_of_sig(t->sig[pt->rot], side), o = ((side + 2) & 3) * 3;
		const uint8_t *theirs;
		if (np < 0)
			continue;
		theirs = game_type(g, g->placed[np].type)->rot_slot_seg[g->placed[np].rot];
		if (edge == EDGE_CITY || edge == EDGE_ROAD)
			join_slot(g, placed, mine[side * 3 + 1], np, theirs[o + 1], true);
		if (edge != EDGE_CITY) {
			join_slot(g, placed, mine[side * 3], np, theirs[o + 2], false);
			join_slot(g, placed, mine[side * 3 + 2], np, theirs[o], false);
		}
	}
	note_roots(g, placed, t->nsegs);
}

/* Distinct tiles carrying the feature: a tile with two pieces of one city
 * counts once (BASE-MODEL-4). */
int
feature_tile_count(struct game *g, int root)
{
	uint32_t gen = ++g->stamp_gen;
	int n = 0, seg = root;

	do {
		int p = seg / TILE_SEG_MAX;
		if (g->tile_stamp[p] != gen) {
			g->tile_stamp[p] = gen;
			n++;
		}
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

bool
game_feature_complete(const struct game *g, int root)
{
	const struct feature *f = &g->feat[root];

	if (f->kind == SEG_ROAD || f->kind == SEG_CITY)
		return f->open == 0;
	if (f->kind == SEG_MONASTERY || f->kind == SEG_GARDEN)
		return board_neighbours8(g, g->placed[root / TILE_SEG_MAX].cell) == 8;
	return false;
}
