/* Precomputed lookups per tile type, so the hot paths do table reads:
 * for every possible demand of an empty cell, the rotations in which the
 * type fits (listing placements is one lookup per frontier cell), and the
 * segment at every board slot in every rotation, and the segments that
 * can be completed, in scoring order. */
#include <string.h>

#include "rules.h"
#include "seg_kind.h"
#include "tile.h"

/* The demand that asks each side in sides (bit per side) for its edge in
 * rotation rot and nothing of the others; -1 when an edge is no digit of
 * a demand (then no demand asks for it). */
static int
demand_of(const struct tile_type *t, int rot, unsigned sides)
{
	int code = 0;

	for (int side = 3; side >= 0; side--) {
		int e = (sides >> side & 1) ? edge_of_sig(t->sig[rot], side) : 0;
		if (e >= EDGE_BASE)
			return -1;
		code = code * EDGE_BASE + e;
	}
	return code;
}

/* A rotation fits exactly the demands that ask, on each side, nothing or
 * that side's edge: 16 codes a rotation, set directly rather than testing
 * every code (this runs for every tile type at every program start). */
static void
compute_fits(struct tile_type *t)
{
	memset(t->fits, 0, sizeof(t->fits));
	for (int rot = 0; rot < 4; rot++)
		for (unsigned sides = 0; sides < 16; sides++) {
			int code = demand_of(t, rot, sides);
			if (code >= 0)
				t->fits[code] |= (uint8_t)(1u << rot);
		}
	for (int code = 0; code < NEED_CODES; code++) {
		unsigned m = t->fits[code];
		unsigned n = (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
		t->fits[code] = (uint8_t)(m | n << FITS_COUNT_SHIFT);
		t->nfits[code] = (uint8_t)n;
	}
	t->fits[NEED_NOTHING] = 0;
	t->nfits[NEED_NOTHING] = 0;
}

/* The slot that names a segment in actions: the slot its place name
 * (place_name.c) resolves to. */
static void
compute_name_slots(struct tile_type *t)
{
	char name[PLACE_NAME_MAX];

	for (int rot = 0; rot < 4; rot++)
		for (int s = 0; s < t->nsegs; s++)
			t->name_slot[rot][s] = (uint8_t)place_name(t, rot, s, name);
}

/* Segments that complete by closing their sides (seg_kind.c), in
 * scoring order (UN-06: by kind, roads before cities), and the open sides
 * each starts with. */
static void
compute_closable(struct tile_type *t)
{
	for (int s = 0; s < t->nsegs; s++) {
		int k = t->seg[s].kind;
		t->seg[s].open = seg_kinds[k].closable ? t->seg[s].nsides : 0;
	}
	t->nclosable = 0;
	for (int k = 0; k < SEG_KIND_COUNT; k++)
		for (int s = 0; seg_kinds[k].closable && s < t->nsegs; s++)
			if (t->seg[s].kind == k)
				t->closable[t->nclosable++] = (uint8_t)s;
}

_Static_assert(sizeof(struct feature) == FEATURE_LANES * sizeof(int16_t) &&
		       offsetof(struct feature, parent) == 0 &&
		       offsetof(struct feature, next) == sizeof(int16_t),
	       "tile_type.fresh holds features as int16 lanes, parent and next first");

/* tile_type.fresh: each segment a feature of its own, as a placed tile's
 * features start (feature_init_tile copies them). */
static void
tile_fresh_features(struct tile_type *t)
{
	struct feature f[TILE_SEG_MAX] = {{0}};

	for (int s = 0; s < TILE_SEG_MAX; s++) {
		f[s].parent = f[s].next = (int16_t)s;
		f[s].size = 1;
		if (s < t->nsegs) {
			f[s].kind = t->seg[s].kind;
			f[s].shields = t->seg[s].shields;
			f[s].open = t->seg[s].open;
		}
	}
	memcpy(t->fresh, f, sizeof(t->fresh));
}

void
tile_compute_tables(struct tile_type *t)
{
	compute_fits(t);
	for (int rot = 0; rot < 4; rot++)
		for (int slot = 0; slot < SLOT_COUNT; slot++)
			t->rot_slot_seg[rot][slot] =
				t->slot_seg[(slot + SLOT_COUNT - 3 * rot) % SLOT_COUNT];
	compute_name_slots(t);
	compute_closable(t);
	t->seg_attrs = 0;
	for (int s = 0; s < t->nsegs; s++)
		t->seg_attrs |= t->seg[s].attrs;
	tile_fresh_features(t);
}
