/* The draw pile: built from the enabled tile sets, shuffled from the game's
 * seed with libsodium's deterministic generator, so a seed and a list of
 * actions replay a game exactly. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define SPARE_DRAWS 16

/* Fisher-Yates driven by a ChaCha20 stream keyed by the seed, with
 * bag_index's unbiased indices. */
static void
shuffle(int16_t *a, int n, const uint32_t *stream, int nstream)
{
	int k = 0;

	for (int i = n - 1; i > 0; i--) {
		int j = (int)bag_index((uint32_t)i + 1, stream, &k, nstream);
		int16_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* Whether a module that is on brings tile sets. */
static bool
module_sets_on(const struct catalog *cat, const struct rules_options *opt)
{
	for (int i = 0; i < cat->nmodules; i++)
		if (cat->modules[i]->tilesets && cat->modules[i]->enabled(opt))
			return true;
	return false;
}

/* The base start tile, or a module's that replaces it (RIVER-1). */
static int
default_start(const struct game *g)
{
	const struct catalog *cat = g->cat;
	bool others = module_sets_on(cat, &g->opt);
	int base = -1;

	for (int i = 0; i < cat->ntypes; i++) {
		const struct tile_type *t = &cat->types[i];
		if (!(t->flags & TILE_START) || !module_owner_enabled(&g->opt, t->set_owner))
			continue;
		if (t->set_owner != SET_OWNER_BASE)
			return i;
		if (!others)
			return i; /* no other set: the search ends here */
		if (base < 0)
			base = i;
	}
	return base;
}

/* Order of a shuffled game: river tiles, then the lake(s), then the rest
 * (RIVER-2); springs other than the start are left out (one spring). */
static int
bag_rank(const struct tile_type *t)
{
	switch (t->group) {
	case GROUP_RIVER:
	case GROUP_RIVER_FORK:
		return 0;
	case GROUP_RIVER_LAKE:
		return 1;
	case GROUP_RIVER_SPRING:
		return -1;
	default:
		return 2;
	}
}

/* Room for n tiles in g->bag, reusing it when it is big enough. */
static int
bag_reserve(struct game *g, int n)
{
	if (n <= g->bag_cap)
		return 0;
	free(g->bag);
	g->bag = malloc(sizeof(*g->bag) * (size_t)n);
	g->bag_cap = g->bag ? n : 0;
	return g->bag ? 0 : -1;
}

/* Copies of a type that stay out of the pile: the start tile placed, and
 * the base start tile when another start replaces it (RIVER-1: it goes
 * back in the box). */
static int
start_copies(const struct game *g, int type)
{
	const struct tile_type *t = &g->cat->types[type];

	if (type == g->start_type)
		return 1;
	return (t->flags & TILE_START) && t->group == GROUP_DEFAULT;
}

/* Copies of each type in the draw pile, by rank (see bag_rank). */
static int
bag_count(const struct game *g, int *copies, int n[3])
{
	const char *set = NULL;
	bool enabled = false;
	int total = 0;

	for (int i = 0; i < g->cat->ntypes; i++) {
		const struct tile_type *t = &g->cat->types[i];
		if (t->set != set) { /* types of one set are contiguous */
			set = t->set;
			enabled = module_owner_enabled(&g->opt, t->set_owner);
		}
		copies[i] = enabled && bag_rank(t) >= 0
				    ? t->count[g->opt.edition - 1] - start_copies(g, i)
				    : 0;
		if (copies[i] > 0) {
			n[bag_rank(t)] += copies[i];
			total += copies[i];
		}
	}
	return total;
}

/* Scratch the built-in sets need, with room to spare: on the stack, so a
 * new game costs no allocation. */
#define LOCAL_TYPES 128
#define LOCAL_STREAM 256

static int
bag_shuffled(struct game *g)
{
	int n[3] = {0, 0, 0}, total, nstream, ntypes = g->cat->ntypes, rc = -1;
	int local_copies[LOCAL_TYPES];
	uint32_t local_stream[LOCAL_STREAM], *stream = local_stream;
	int *copies = ntypes <= LOCAL_TYPES ? local_copies : malloc(sizeof(*copies) * ntypes);

	if (copies == NULL)
		return -1;
	total = bag_count(g, copies, n);
	nstream = total + SPARE_DRAWS;
	if (nstream > LOCAL_STREAM)
		stream = malloc(sizeof(*stream) * (size_t)nstream);
	if (stream && bag_reserve(g, total ? total : 1) == 0) {
		int next[3] = {0, n[0], n[0] + n[1]}; /* where each rank's tiles go */
		for (int i = 0; i < ntypes; i++)
			for (int c = 0; c < copies[i]; c++)
				g->bag[next[bag_rank(&g->cat->types[i])]++] = (int16_t)i;
		randombytes_buf_deterministic(stream, sizeof(*stream) * (size_t)nstream, g->seed);
		/* River pile first, then the main pile, each with its own values. */
		shuffle(g->bag, n[0], stream, n[0] + SPARE_DRAWS / 2);
		shuffle(g->bag + n[0] + n[1], n[2], stream + n[0] + SPARE_DRAWS / 2,
			nstream - n[0] - SPARE_DRAWS / 2);
		g->bag_len = total;
		rc = 0;
	}
	if (copies != local_copies)
		free(copies);
	if (stream != local_stream)
		free(stream);
	return rc;
}

int
bag_fill(struct game *g, const struct game_setup *setup, struct rules_error *err)
{
	g->start_type = setup->start >= 0 ? setup->start : default_start(g);
	if (g->start_type < 0 || g->start_type >= g->cat->ntypes)
		return rerr(err, RERR_OPTION, "BASE-SETUP-1", "no start tile in the tile sets");
	if (setup->order == NULL)
		return bag_shuffled(g) < 0 ? rerr(err, RERR_NOMEM, "", "out of memory") : 0;
	if (bag_reserve(g, setup->norder ? setup->norder : 1) < 0)
		return rerr(err, RERR_NOMEM, "", "out of memory");
	for (int i = 0; i < setup->norder; i++) {
		if (setup->order[i] < 0 || setup->order[i] >= g->cat->ntypes)
			return rerr(err, RERR_OPTION, "", "tile %d of the order is unknown", i + 1);
		g->bag[i] = (int16_t)setup->order[i];
	}
	g->bag_len = setup->norder;
	return 0;
}

int
game_tiles_left(const struct game *g)
{
	return g->bag_len - g->bag_next;
}
