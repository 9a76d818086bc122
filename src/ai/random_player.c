/* The random player: every legal action equally likely. Used by selfplay,
 * the demo, the property tests and the benchmark. */
#include <string.h>

#include "ai_impl.h"

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
ai_rng_seed(struct ai_rng *r, const uint8_t seed[SEED_BYTES])
{
	uint64_t x = 0;

	for (int i = 0; i < SEED_BYTES; i += 8) {
		uint64_t part;
		memcpy(&part, seed + i, 8);
		x ^= part + 0x632be59bd9b4e019ULL * (uint64_t)(i + 1);
		x = splitmix(&x);
	}
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix(&x);
}

uint64_t
ai_rng_next(struct ai_rng *r)
{
	uint64_t *s = r->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Lemire's multiply-shift; the bias is below 2^-32 for our sizes. */
uint32_t
ai_rng_below(struct ai_rng *r, uint32_t n)
{
	return (uint32_t)(((ai_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

int
ai_random_action(const struct game *g, struct ai_rng *r, struct action *buf, int cap,
		 struct action *out)
{
	int n = game_legal_count(g, buf, cap);

	if (n <= 0)
		return -1;
	if (n > cap)
		n = cap;
	*out = game_legal_nth(g, (int)ai_rng_below(r, (uint32_t)n), buf);
	return 0;
}

int
ai_random_playout(struct game *g, struct ai_rng *r, struct action *buf, int cap)
{
	struct action a;
	int turns = 0;

	while (ai_random_action(g, r, buf, cap, &a) == 0) {
		turns += a.kind == ACT_PLACE_TILE;
		if (game_apply_legal(g, &a) < 0)
			return -1;
	}
	return turns;
}

uint32_t
ai_rng_below_cb(void *rng, uint32_t n)
{
	return ai_rng_below(rng, n);
}
