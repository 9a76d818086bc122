/* Computer players. They see the game only through the engine's public
 * API, like a human does through carcpbem legal. */
#ifndef CARC_AI_H
#define CARC_AI_H

#include <stdint.h>

#include "rules.h"

/* A small fast generator for players' choices (xoshiro256**); the bag's
 * shuffle does not use it. */
struct ai_rng {
	uint64_t s[4];
};

void ai_rng_seed(struct ai_rng *r, const uint8_t seed[SEED_BYTES]);
uint64_t ai_rng_next(struct ai_rng *r);
/* Uniform in 0..n-1 (n > 0). */
uint32_t ai_rng_below(struct ai_rng *r, uint32_t n);

/* Picks a uniformly random legal action; buf (cap entries) is scratch.
 * Returns 0, or -1 when there is no decision to take. */
int ai_random_action(const struct game *g, struct ai_rng *r, struct action *buf, int cap,
		     struct action *out);

/* Plays random actions until the game is over; returns the number of
 * turns (tile placements) played, or -1 if the engine refused an action
 * it had listed (a bug). */
int ai_random_playout(struct game *g, struct ai_rng *r, struct action *buf, int cap);

#endif
