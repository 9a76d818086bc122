/* Features: union-find over segment instances. Each root carries what
 * scoring needs (open sides, shields, figures); members form a circular
 * list so a feature's tiles and fields can be walked when it is scored. */
#include "engine.h"

int
feature_find(const struct game *g, int seg)
{
	while (g->feat[seg].parent != seg)
		seg = g->feat[seg].parent;
	return seg;
}

/* Finds the root and flattens the path on the way. */
static int
feature_find_compress(struct game *g, int seg)
{
	int root = feature_find(g, seg);

	while (g->feat[seg].parent != root) {
		int up = g->feat[seg].parent;
		g->feat[seg].parent = (int16_t)root;
		seg = up;
	}
	return root;
}

static int
feature_union(struct game *g, int a, int b)
{
	struct feature *fa, *fb;
	int16_t tmp;

	a = feature_find_compress(g, a);
	b = feature_find_compress(g, b);
	if (a == b)
		return a;
	if (g->feat[a].size < g->feat[b].size) {
		int t = a;
		a = b;
		b = t;
	}
	fa = &g->feat[a];
	fb = &g->feat[b];
	fb->parent = (int16_t)a;
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

static bool
joins_across_edges(int kind)
{
	return kind == SEG_ROAD || kind == SEG_CITY || kind == SEG_FIELD;
}

/* Joins the new tile's segments with its neighbours' across shared edges
 * (BASE-MODEL-3) and closes the open sides that now meet. */
void
feature_add_tile(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	const struct tile_type *t = game_type(g, pt->type);

	feature_init_tile(g, placed);
	for (int side = 0; side < 4; side++) {
		int nc = cell_neighbour(g, pt->cell, side);
		int np = g->cells[nc].placed;
		const struct tile_type *nt;
		if (np < 0)
			continue;
		nt = game_type(g, g->placed[np].type);
		for (int i = 0; i < 3; i++) {
			int slot = side * 3 + i, other = slot_opposite(slot);
			int s = tile_seg_at(t, slot, pt->rot);
			int o = tile_seg_at(nt, other, g->placed[np].rot);
			int root;
			if (s == SEG_NONE || o == SEG_NONE || t->seg[s].kind != nt->seg[o].kind ||
			    !joins_across_edges(t->seg[s].kind))
				continue;
			root = feature_union(g, seg_instance(placed, s), seg_instance(np, o));
			if (i == 1 && t->seg[s].kind != SEG_FIELD)
				g->feat[root].open -= 2;
		}
	}
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
