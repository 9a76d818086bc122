/* game_redeal (rules.h): a fresh order for the tiles still to come, for
 * computer players that sample what they cannot see. First a canonical
 * order (by rank, then type), so that the order the game held tells
 * nothing; then a Fisher-Yates shuffle within each rank. */
#include <sodium.h>
#include <stdlib.h>

#include "engine.h"

static const char redeal_label[] = "carcpbem redeal v1";

#define LOCAL_KEYS 256

static int
key_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The rank in the high half: a spring (-1) goes first, as in bag.c. */
static uint32_t
tile_key(const struct game *g, int type)
{
	int rank = bag_tile_rank(game_type(g, type)) + 1;

	return (uint32_t)rank << 16 | (uint32_t)type;
}

static void
shuffle_runs(int16_t *t, const uint32_t *key, int n,
	     uint32_t (*below)(void *ctx, uint32_t n), void *ctx)
{
	for (int lo = 0, hi; lo < n; lo = hi) {
		for (hi = lo + 1; hi < n && key[hi] >> 16 == key[lo] >> 16; hi++)
			;
		for (int i = hi - 1; i > lo; i--) {
			int j = lo + (int)below(ctx, (uint32_t)(i - lo + 1));
			int16_t x = t[i];
			t[i] = t[j];
			t[j] = x;
		}
	}
}

/* The tiles still to come in a fresh order (see the file's head). */
static int
redeal_pile(struct game *g, uint32_t (*below)(void *ctx, uint32_t n), void *ctx)
{
	int n = g->bag_len + g->bag_aside - g->bag_next;
	uint32_t local[LOCAL_KEYS], *key = local;
	int16_t *t = g->bag + g->bag_next;

	if (n <= 1)
		return 0;
	if (n > LOCAL_KEYS && (key = malloc(sizeof(*key) * (size_t)n)) == NULL)
		return -1;
	for (int i = 0; i < n; i++)
		key[i] = tile_key(g, t[i]);
	qsort(key, (size_t)n, sizeof(*key), key_cmp);
	for (int i = 0; i < n; i++)
		t[i] = (int16_t)(key[i] & 0xffff);
	shuffle_runs(t, key, n, below, ctx);
	if (key != local)
		free(key);
	return 0;
}

int
game_redeal(struct game *g, int seat, uint32_t (*below)(void *ctx, uint32_t n), void *ctx)
{
	/* the tiles others hold in secret are dealt with the pile */
	hidden_swap_held(g, seat);
	if (redeal_pile(g, below, ctx) < 0)
		return -1;
	hidden_swap_held(g, seat);
	/* the seed's chance to come (a put-back's place, a reshuffle) is no
	 * more the seat's to know than the order dealt: the copy draws its
	 * own from what every view has (the host's game and a view then
	 * choose alike; the caller's random stream is not used, so base
	 * games play as before), as a game of its own, no longer blind */
	{
		uint32_t pub[3] = {(uint32_t)g->bag_next, g->bag_ops, (uint32_t)g->turn};
		crypto_generichash(g->seed, SEED_BYTES, (const unsigned char *)pub, sizeof(pub),
				   (const unsigned char *)redeal_label, sizeof(redeal_label) - 1);
	}
	g->blind = false;
	for (int i = 0; i < g->nmods; i++)
		if (g->mods[i]->redeal)
			g->mods[i]->redeal(g, seat, below, ctx);
	return 0;
}
