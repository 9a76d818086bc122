/* Chance a rule draws after the start (a tile put back, a deck of cards
 * shuffled), from the game's committed seed: a stream of its own per
 * label and operation number, so replay repeats every draw and no
 * player can foresee one (engine.h, seed_stream). */
#include <sodium.h>
#include <string.h>

#include "engine.h"

/* ChaCha20 keyed by BLAKE2b(key: the seed, message: the label with its
 * NUL, then op's four bytes, least first: bag_ops.c's stream since it
 * began, so put-backs of saved games stay where they were). */
void
seed_stream(const struct game *g, const char *label, uint32_t op, uint32_t *stream, int n)
{
	unsigned char msg[64 + 4], key[randombytes_SEEDBYTES];
	size_t len = strlen(label) + 1;

	if (len > 64)
		len = 64;
	memcpy(msg, label, len);
	for (int i = 0; i < 4; i++)
		msg[len + i] = (unsigned char)(op >> (8 * i));
	crypto_generichash(key, sizeof(key), msg, len + 4, g->seed, SEED_BYTES);
	randombytes_buf_deterministic(stream, sizeof(*stream) * (size_t)n, key);
	sodium_memzero(key, sizeof(key));
}
