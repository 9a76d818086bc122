/* The draw pile: built from the enabled tile sets, shuffled from the game's
 * seed with libsodium's deterministic generator, so a seed and a list of
 * actions replay a game exactly. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static bool
set_enabled(const struct rules_options *opt, const char *set)
{
	if (strcmp(set, "base") == 0)
		return true;
	if (strcmp(set, "river") == 0)
		return opt->river;
	return false;
}

/* Draws uniform indices from a ChaCha20 stream keyed by the seed; 64-bit
 * values make the modulo bias negligible (below 2^-50 for our sizes). */
static void
shuffle(int16_t *a, int n, const uint8_t *stream)
{
	for (int i = n - 1; i > 0; i--) {
		uint64_t r;
		int j;
		memcpy(&r, stream + 8 * (size_t)i, 8);
		j = (int)(r % (uint64_t)(i + 1));
		int16_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

static int
default_start(const struct game *g)
{
	const struct catalog *cat = g->cat;
	int want = g->opt.river ? GROUP_RIVER_SPRING : GROUP_DEFAULT;

	for (int i = 0; i < cat->ntypes; i++)
		if ((cat->types[i].flags & TILE_START) && cat->types[i].group == want &&
		    set_enabled(&g->opt, cat->types[i].set))
			return i;
	return -1;
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

static int
bag_shuffled(struct game *g)
{
	int n[3] = {0, 0, 0}, total = 0, k = 0;
	uint8_t *stream;
	int ed = g->opt.edition - 1;

	for (int i = 0; i < g->cat->ntypes; i++) {
		const struct tile_type *t = &g->cat->types[i];
		int copies = t->count[ed] - (i == g->start_type);
		if (set_enabled(&g->opt, t->set) && bag_rank(t) >= 0 && copies > 0)
			n[bag_rank(t)] += copies, total += copies;
	}
	g->bag = malloc(sizeof(*g->bag) * (total ? total : 1));
	stream = malloc(8 * (size_t)(total + 1));
	if (!g->bag || !stream) {
		free(stream);
		return -1;
	}
	for (int rank = 0; rank < 3; rank++)
		for (int i = 0; i < g->cat->ntypes; i++) {
			const struct tile_type *t = &g->cat->types[i];
			int copies = t->count[ed] - (i == g->start_type);
			if (!set_enabled(&g->opt, t->set) || bag_rank(t) != rank)
				continue;
			while (copies-- > 0)
				g->bag[k++] = (int16_t)i;
		}
	randombytes_buf_deterministic(stream, 8 * (size_t)(total + 1), g->seed);
	shuffle(g->bag, n[0], stream);
	shuffle(g->bag + n[0] + n[1], n[2], stream + 8 * (size_t)n[0]);
	free(stream);
	g->bag_len = total;
	return 0;
}

int
bag_fill(struct game *g, const struct game_setup *setup, struct rules_error *err)
{
	g->start_type = setup->start >= 0 ? setup->start : default_start(g);
	if (g->start_type < 0 || g->start_type >= g->cat->ntypes)
		return rerr(err, RERR_OPTION, "BASE-SETUP-1", "no start tile in the tile sets");
	if (setup->order == NULL)
		return bag_shuffled(g) < 0 ? rerr(err, RERR_NOMEM, "", "out of memory") : 0;
	g->bag = malloc(sizeof(*g->bag) * (setup->norder ? setup->norder : 1));
	if (!g->bag)
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
