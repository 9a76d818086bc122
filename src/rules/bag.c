/* The draw pile: built from the enabled tile sets, shuffled from the game's
 * seed with libsodium's deterministic generator, so a seed and a list of
 * actions replay a game exactly. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define SPARE_DRAWS 16

/* Fisher-Yates driven by a ChaCha20 stream keyed by the seed, with
 * bag_index's unbiased indices, from stream[*k]. */
static void
shuffle(int16_t *a, int n, const uint32_t *stream, int *k, int nstream)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)bag_index((uint32_t)i + 1, stream, k, nstream);
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

/* Whether a start tile is in play: its set's, or brought by a set in
 * play (River II's spring, an "also" line) when modules are on. */
static bool
start_in_play(const struct game *g, int type, bool others)
{
	const char *sets[MODULE_COUNT + 1];

	if (module_owner_enabled(&g->opt, g->cat->types[type].set_owner))
		return true;
	return others && catalog_copies(g->cat, type, sets, module_played_sets(&g->opt, sets),
					g->opt.edition) > 0;
}

/* A with-river tile (Games Quarterly's) comes only with a river set of
 * its own (GQ-1); other tiles always. */
static bool
river_tile_in(const struct game *g, const struct tile_type *t)
{
	return !(t->flags & TILE_WITH_RIVER) || catalog_river_on(g->cat, &g->opt);
}

/* The base start tile, or a start pile's that replaces it (module
 * tables, struct draw_pile.start); a start tile flagged to go with
 * another set replaces that set's own (tile_type flags). */
static int
default_start(const struct game *g)
{
	const struct catalog *cat = g->cat;
	bool others = module_sets_on(cat, &g->opt);
	int base = -1, mod = -1;

	for (int i = 0; i < cat->ntypes; i++) {
		const struct tile_type *t = &cat->types[i];
		if (!(t->flags & TILE_START) || !start_in_play(g, i, others))
			continue;
		if (t->draw_rank == DRAW_RANK_OUT) {
			if (!(t->flags & TILE_WITH_RIVER))
				mod = mod < 0 ? i : mod;
			else if (river_tile_in(g, t))
				return i;
			continue;
		}
		if (!others)
			return i; /* no other set: the search ends here */
		if (base < 0)
			base = i;
	}
	return mod >= 0 ? mod : base;
}

/* Order of a shuffled game: the modules' piles (their tables: the
 * river's first, RIVER-2), then the main pile, shuffled; a start pile's
 * tiles are left out (tile_type.draw_rank, made by catalog_use_modules). */
#define NRANK (DRAW_RANK_MAIN + 1)

static inline int
bag_rank(const struct tile_type *t)
{
	return t->draw_rank;
}

int
bag_tile_rank(const struct tile_type *t)
{
	return bag_rank(t);
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
 * a main pile's start tile when another start replaces it (RIVER-1: it
 * goes back in the box). */
static int
start_copies(const struct game *g, int type)
{
	const struct tile_type *t = &g->cat->types[type];

	if (type == g->start_type)
		return 1;
	return (t->flags & TILE_START) && t->draw_rank == DRAW_RANK_MAIN;
}

/* Copies of each type in the draw pile when modules are on, by rank:
 * what the sets in play bring and remove (catalog_copies: River II's
 * spring and its removal of River I's lake, RIVER-7), less the start. */
static int
bag_count_sets(const struct game *g, int *copies, int n[NRANK])
{
	const char *sets[MODULE_COUNT + 1];
	int total = 0, nsets = module_played_sets(&g->opt, sets);

	catalog_copies_all(g->cat, sets, nsets, g->opt.edition, copies);
	for (int i = 0; i < g->cat->ntypes; i++) {
		const struct tile_type *t = &g->cat->types[i];
		copies[i] = copies[i] > 0 && bag_rank(t) >= 0 && river_tile_in(g, t)
				    ? copies[i] - start_copies(g, i)
				    : 0;
		if (copies[i] > 0) {
			n[bag_rank(t)] += copies[i];
			total += copies[i];
		}
	}
	return total;
}

/* Copies of each type in the draw pile, by rank (see bag_rank), for the
 * types below *end (the others have none). */
static int
bag_count(const struct game *g, int *copies, int n[NRANK], int *end)
{
	const char *set = NULL;
	bool enabled = false, seen = false;
	int total = 0;

	*end = g->cat->ntypes;
	if (g->opt.with)
		return bag_count_sets(g, copies, n);
	for (int i = 0; i < g->cat->ntypes; i++) {
		const struct tile_type *t = &g->cat->types[i];
		if (t->set != set) { /* types of one set are contiguous */
			set = t->set;
			enabled = module_owner_enabled(&g->opt, t->set_owner);
			if (seen && !enabled) { /* past the base set, the one played */
				*end = i;
				break;
			}
			seen |= enabled;
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
	int n[NRANK] = {0}, total, nstream, ntypes = g->cat->ntypes, end, rc = -1;
	int local_copies[LOCAL_TYPES];
	uint32_t local_stream[LOCAL_STREAM], *stream = local_stream;
	int *copies = ntypes <= LOCAL_TYPES ? local_copies : malloc(sizeof(*copies) * ntypes);

	if (copies == NULL)
		return -1;
	total = bag_count(g, copies, n, &end);
	nstream = total + SPARE_DRAWS;
	if (nstream > LOCAL_STREAM)
		stream = malloc(sizeof(*stream) * (size_t)nstream);
	if (stream && bag_reserve(g, total ? total : 1) == 0) {
		int first[NRANK], next[NRANK], at = 0, npre = 0, k = 0, kmain = 0;
		for (int r = 0; r < NRANK; r++) { /* where each rank's tiles go */
			first[r] = next[r] = at, at += n[r];
			if (g->cat->draw_shuffled >> r & 1)
				npre += n[r];
		}
		for (int i = 0; i < end; i++) {
			int16_t *to = copies[i] > 0 ? &g->bag[next[bag_rank(&g->cat->types[i])]] : NULL;
			for (int c = 0; c < copies[i]; c++)
				to[c] = (int16_t)i;
			if (to)
				next[bag_rank(&g->cat->types[i])] += copies[i];
		}
		randombytes_buf_deterministic(stream, sizeof(*stream) * (size_t)nstream, g->seed);
		/* The modules' shuffled piles first, one after another in the
		 * stream's first part, then the main pile with the rest (the
		 * piles not shuffled keep their places). */
		for (int r = 0; r < DRAW_RANK_MAIN; r++)
			if (g->cat->draw_shuffled >> r & 1)
				shuffle(g->bag + first[r], n[r], stream, &k, npre + SPARE_DRAWS / 2);
		shuffle(g->bag + first[DRAW_RANK_MAIN], n[DRAW_RANK_MAIN],
			stream + npre + SPARE_DRAWS / 2, &kmain, nstream - npre - SPARE_DRAWS / 2);
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
