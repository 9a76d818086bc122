/* The hashes of docs/state-format.md: the state hash a turn file names,
 * and the fair-draw commitment to the seed and the bag. Both hash text
 * with a prefix of their own (domain separation), so that no text of one
 * kind can pass for the other. */
#include <sodium.h>
#include <stdint.h>
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

static void
update_str(crypto_generichash_state *st, const char *s)
{
	crypto_generichash_update(st, (const unsigned char *)s, strlen(s));
}

/* ---- the memo: one hash a state, however often a turn asks ---- */

static void
put_int(crypto_generichash_state *st, long long v)
{
	uint8_t b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)((unsigned long long)v >> (8 * i));
	crypto_generichash_update(st, b, sizeof(b));
}

static void
put_str(crypto_generichash_state *st, const char *s)
{
	size_t n = strlen(s);

	put_int(st, (long long)n);
	crypto_generichash_update(st, (const unsigned char *)s, n);
}

/* What gf_public_core reads: the setup and bag, the players' names and
 * keys, the actions played, and the engine's state, which those actions
 * give (the replay check of a loaded game relies on it: the engine is
 * deterministic); its counters and the draw pile are hashed too, all the
 * same, at little cost. A few kB, some 1 % of the core's text and hash. */
static void
memo_key(const struct gamefile *gf, uint8_t out[GF_HASH_BYTES])
{
	static const char prefix[] = "carcpbem state memo v1\n";
	const struct game *g = gf->game;
	const struct rules_options *o = &gf->setup.opt;
	crypto_generichash_state st;

	crypto_generichash_init(&st, NULL, 0, GF_HASH_BYTES);
	update_str(&st, prefix);
	put_int(&st, (long long)(uintptr_t)gf->cat);
	put_int(&st, gf->version);
	put_str(&st, gf->id);
	put_int(&st, gf->nplayers);
	for (int p = 0; p < gf->nplayers; p++) {
		put_str(&st, gf->name[p]);
		put_int(&st, gf->has_key[p]);
		put_int(&st, gf->key_kind[p]);
		crypto_generichash_update(&st, gf->key[p], GF_KEY_BYTES);
		put_int(&st, g->player[p].score);
		crypto_generichash_update(&st, g->player[p].supply, FIG_TYPE_MAX);
	}
	/* river and abbot stand apart from with's bits for old hashes */
	put_int(&st, o->edition), put_int(&st, o->farmers), put_int(&st, module_on(o, MOD_RIVER));
	put_int(&st, module_on(o, MOD_ABBOT)), put_int(&st, o->river_uturn), put_int(&st, o->with);
	if (o->dragon_moves != DRAGON_MOVES_EACH) /* the house rule; others keep their hash */
		put_int(&st, o->dragon_moves);
	put_int(&st, gf->setup.first_player), put_int(&st, gf->setup.start);
	put_int(&st, gf->bag_mode);
	put_str(&st, gf->shuffle);
	crypto_generichash_update(&st, gf->commitment, GF_HASH_BYTES);
	put_int(&st, gf->naction);
	for (int i = 0; i < gf->naction; i++)
		put_str(&st, gf->action[i]);
	put_int(&st, g->turn), put_int(&st, g->over), put_int(&st, g->current);
	put_int(&st, g->drawn), put_int(&st, g->nframes), put_int(&st, g->nplaced);
	put_int(&st, g->nfigures), put_int(&st, g->nevents), put_int(&st, g->bag_next);
	put_int(&st, g->bag_len), put_int(&st, g->bag_aside), put_int(&st, g->bag_ops);
	for (int i = 0; i < g->bag_len + g->bag_aside; i++)
		put_int(&st, g->bag[i]);
	crypto_generichash_final(&st, out, GF_HASH_BYTES);
}

/* The memo of gf's state: its core and hash, built now if gf changed. */
static struct gf_memo *
memo_of(const struct gamefile *gf)
{
	/* the memo is a cache, not the game: writable in a const game */
	struct gf_memo *m = (struct gf_memo *)&gf->memo;
	uint8_t key[GF_HASH_BYTES];
	json_t *core;

	memo_key(gf, key);
	if (m->ok && m->core != NULL && sodium_memcmp(key, m->key, GF_HASH_BYTES) == 0)
		return m;
	m->ok = false;
	json_decref(m->core);
	m->core = NULL;
	if ((core = gf_public_core(gf)) == NULL || gf_core_hash(core, m->hash) < 0) {
		json_decref(core);
		return NULL;
	}
	memcpy(m->key, key, GF_HASH_BYTES);
	m->core = core;
	m->ok = true;
	return m;
}

int
gf_state_hash_bytes(const struct gamefile *gf, uint8_t out[GF_HASH_BYTES])
{
	const struct gf_memo *m = memo_of(gf);

	if (m == NULL)
		return -1;
	memcpy(out, m->hash, GF_HASH_BYTES);
	return 0;
}

json_t *
gf_shared_core(const struct gamefile *gf, uint8_t hash[GF_HASH_BYTES])
{
	const struct gf_memo *m = memo_of(gf);

	if (m == NULL)
		return NULL;
	memcpy(hash, m->hash, GF_HASH_BYTES);
	return json_incref(m->core);
}

int
gamefile_state_hash(const struct gamefile *gf, char out[GF_STATE_HEX + 1])
{
	uint8_t h[GF_HASH_BYTES];

	if (gf_state_hash_bytes(gf, h) < 0)
		return -1;
	jv_tohex(h, (size_t)gamefile_state_hex(gf) / 2, out);
	return 0;
}

/* Version 2 named the first 8 bytes of the hash: its games keep that, so
 * that their turns and archives still check. */
int
gamefile_state_hex(const struct gamefile *gf)
{
	return gf->version == 2 ? GF_STATE_HEX_V2 : GF_STATE_HEX;
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
