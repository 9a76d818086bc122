/* The hashes of docs/state-format.md: the state hash a turn file names,
 * and the fair-draw commitment to the seed and the bag. Both hash text
 * with a prefix of their own (domain separation), so that no text of one
 * kind can pass for the other. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile_impl.h"
#include "jsonv.h"

static const char state_prefix[] = "carcpbem state v1\n";
static const char commit_prefix[] = "carcpbem bag commitment v1\n";

/* Compact, keys sorted, ASCII only: one text for one state, whatever
 * order a document lists its keys in. */
int
gf_core_hash(json_t *core, uint8_t out[GF_HASH_BYTES])
{
	crypto_generichash_state st;
	char *text = jv_dumps(core, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII);

	if (text == NULL)
		return -1;
	crypto_generichash_init(&st, NULL, 0, GF_HASH_BYTES);
	crypto_generichash_update(&st, (const unsigned char *)state_prefix,
				  sizeof(state_prefix) - 1);
	crypto_generichash_update(&st, (const unsigned char *)text, strlen(text));
	crypto_generichash_final(&st, out, GF_HASH_BYTES);
	free(text);
	return 0;
}

int
gamefile_state_hash(const struct gamefile *gf, char out[GF_STATE_HEX + 1])
{
	json_t *core = gf_public_core(gf);
	uint8_t h[GF_HASH_BYTES];
	int r = -1;

	if (core && gf_core_hash(core, h) == 0) {
		jv_tohex(h, (size_t)gamefile_state_hex(gf) / 2, out);
		r = 0;
	}
	json_decref(core);
	return r;
}

/* Version 2 named the first 8 bytes of the hash: its games keep that, so
 * that their turns and archives still check. */
int
gamefile_state_hex(const struct gamefile *gf)
{
	return gf->version == 2 ? GF_STATE_HEX_V2 : GF_STATE_HEX;
}

static void
update_str(crypto_generichash_state *st, const char *s)
{
	crypto_generichash_update(st, (const unsigned char *)s, strlen(s));
}

/* "seed HEX\nstart ID\nbag ID ID ...\n" after the prefix. */
void
gamefile_commit(const struct catalog *cat, const uint8_t seed[SEED_BYTES], int start,
		const int *bag, int nbag, uint8_t out[GF_HASH_BYTES])
{
	crypto_generichash_state st;
	char hex[2 * SEED_BYTES + 1];

	gamefile_seed_hex(seed, hex);
	crypto_generichash_init(&st, NULL, 0, GF_HASH_BYTES);
	update_str(&st, commit_prefix);
	update_str(&st, "seed ");
	update_str(&st, hex);
	update_str(&st, "\nstart ");
	update_str(&st, cat->types[start].id);
	update_str(&st, "\nbag");
	for (int i = 0; i < nbag; i++) {
		update_str(&st, " ");
		update_str(&st, cat->types[bag[i]].id);
	}
	update_str(&st, "\n");
	crypto_generichash_final(&st, out, GF_HASH_BYTES);
	sodium_memzero(hex, sizeof(hex));
}
