/* The state hash's memo (src/state/statehash.c, gf->memo): a turn asks
 * for the hash of one state several times, and only the first builds and
 * hashes the public core. Checked on random games (base, river and
 * abbot), after every action:
 * - the hash with the memo is the hash without it, and so are the bytes
 *   of every view of the document;
 * - the memo is consulted (a planted hash comes back while the game is
 *   unchanged), and is passed by whatever changes the state: an action,
 *   a new key, a new id, a truncation, a memo copied from another game;
 * - a document edited by hand is still refused when loaded.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "gamefile.h"
#include "tap.h"

static const char *const names[] = {"alice", "bob", "carol"};

static struct gamefile *
new_game(const struct catalog *cat, bool modules, int seed)
{
	struct game_setup s = {.nplayers = 3, .start = -1};
	struct gf_error err = {0};
	struct gamefile *gf;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_RIVER, modules);
	module_set(&s.opt, MOD_ABBOT, modules);
	crypto_generichash(s.seed, SEED_BYTES, (const uint8_t *)&seed, sizeof(seed), NULL,
			   0);
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	for (int p = 0; p < 3; p++) {
		uint8_t key[GF_KEY_BYTES];
		randombytes_buf(key, sizeof(key));
		gamefile_set_key(gf, p, key, &err);
	}
	return gf;
}

/* The memo as it is, to put back later (its core stays referenced). */
static struct gf_memo
memo_keep(const struct gamefile *gf)
{
	struct gf_memo keep = gf->memo;

	json_incref(keep.core);
	return keep;
}

static void
memo_put_back(struct gamefile *gf, struct gf_memo keep)
{
	json_decref(gf->memo.core);
	gf->memo = keep;
}

/* The hash as if no memo existed (the memo is kept as it was). */
static void
fresh_hash(struct gamefile *gf, char out[GF_STATE_HEX + 1])
{
	struct gf_memo keep = memo_keep(gf);

	gf->memo.ok = false;
	gamefile_state_hash(gf, out);
	memo_put_back(gf, keep);
}

/* Every view's text, with the memo and without: the same bytes. */
static bool
views_same(struct gamefile *gf)
{
	bool same = true;

	for (int v = GF_VIEW_HOST; v <= GF_VIEW_PLAYER; v++) {
		struct gf_memo keep = memo_keep(gf);
		char *a, *b;
		gamefile_state_hash(gf, (char[GF_STATE_HEX + 1]){0}); /* memo filled */
		a = gamefile_view_dumps(gf, v, v == GF_VIEW_PLAYER ? 1 : -1);
		gf->memo.ok = false;
		b = gamefile_view_dumps(gf, v, v == GF_VIEW_PLAYER ? 1 : -1);
		memo_put_back(gf, keep);
		same = same && a && b && strcmp(a, b) == 0;
		free(a);
		free(b);
	}
	return same;
}

/* Plays a game at random; after each action the memo's hash must be the
 * fresh one, before and after it is filled. */
static void
play(const struct catalog *cat, bool modules, int seed)
{
	const char *what = modules ? "river and abbot" : "base";
	struct gamefile *gf = new_game(cat, modules, seed);
	struct action a, *buf = malloc(sizeof(*buf) * game_legal_cap(gf->game));
	struct rules_error re;
	struct ai_rng rng;
	int actions = 0, bad = 0, views_bad = 0;

	ai_rng_seed(&rng, gf->setup.seed);
	for (;;) {
		char with[GF_STATE_HEX + 1], again[GF_STATE_HEX + 1], fresh[GF_STATE_HEX + 1];
		gamefile_state_hash(gf, with);  /* the memo of the last state, or empty */
		gamefile_state_hash(gf, again); /* now surely from the memo */
		fresh_hash(gf, fresh);
		bad += strcmp(with, fresh) != 0 || strcmp(again, fresh) != 0;
		if (actions % 11 == 0 && !views_same(gf))
			views_bad++;
		if (gf->game->over || ai_random_action(gf->game, &rng, buf,
						       game_legal_cap(gf->game), &a) < 0)
			break;
		if (gamefile_play_action(gf, &a, &re) < 0)
			bail_out("the engine refused its own action: %s", re.text);
		actions++;
	}
	is_int(bad, 0, "%s: the memo's hash is the fresh one after each of %d actions", what,
	       actions);
	is_int(views_bad, 0, "%s: every view has the same bytes with and without the memo",
	       what);
	free(buf);
	gamefile_free(gf);
}

/* The memo answers while the game is unchanged, and no longer once it
 * changed, whatever changed it. */
static void
passed_by_changes(const struct catalog *cat)
{
	struct gamefile *gf = new_game(cat, false, 7), *other = new_game(cat, false, 8);
	char h0[GF_STATE_HEX + 1], h[GF_STATE_HEX + 1], f[GF_STATE_HEX + 1];
	struct gf_error err = {0};
	struct rules_error re;
	uint8_t key[GF_KEY_BYTES];

	gamefile_state_hash(gf, h0);
	memset(gf->memo.hash, 0xab, GF_HASH_BYTES); /* planted */
	gamefile_state_hash(gf, h);
	ok(strncmp(h, "abababab", 8) == 0, "the memo is consulted: a planted hash comes back");
	gf->memo.ok = false;

	randombytes_buf(key, sizeof(key));
	gamefile_state_hash(gf, h);
	gamefile_set_key(gf, 1, key, &err);
	gamefile_state_hash(gf, h);
	fresh_hash(gf, f);
	ok(strcmp(h, h0) != 0 && strcmp(h, f) == 0, "a new key: a new hash, the fresh one");

	gamefile_set_id(gf, "another-id", &err);
	gamefile_state_hash(gf, h0);
	fresh_hash(gf, f);
	ok(strcmp(h, h0) != 0 && strcmp(h0, f) == 0, "a new id: a new hash, the fresh one");

	if (gamefile_play(gf, gf->game->over ? "pass" : "place 1 0 0", &re) < 0) {
		struct action a, *buf = malloc(sizeof(*buf) * game_legal_cap(gf->game));
		struct ai_rng rng;
		ai_rng_seed(&rng, gf->setup.seed);
		if (ai_random_action(gf->game, &rng, buf, game_legal_cap(gf->game), &a) < 0 ||
		    gamefile_play_action(gf, &a, &re) < 0)
			bail_out("no action to play: %s", re.text);
		free(buf);
	}
	gamefile_state_hash(gf, h);
	fresh_hash(gf, f);
	ok(strcmp(h, h0) != 0 && strcmp(h, f) == 0, "an action: a new hash, the fresh one");

	if (gamefile_truncate(gf, 0, &err) < 0)
		bail_out("gamefile_truncate: %s", err.text);
	gamefile_state_hash(gf, h);
	is_str(h, h0, "truncated to the start: the start's hash again");

	memo_put_back(other, memo_keep(gf)); /* a memo that is not other's */
	gamefile_state_hash(other, h);
	fresh_hash(other, f);
	ok(strcmp(h, h0) != 0 && strcmp(h, f) == 0,
	   "another game's memo copied in is not used");
	gamefile_free(gf);
	gamefile_free(other);
}

/* Loading still checks the stored state against the replay: a score or
 * a state hash changed by hand is refused (the memo of a loaded game
 * starts empty, and the check computes the hash). */
static void
edits_refused(const struct catalog *cat)
{
	struct gamefile *gf = new_game(cat, false, 9), *back;
	struct gf_error err = {0};
	json_t *doc;

	gamefile_play(gf, "place 1 0 0", &(struct rules_error){0});
	doc = gamefile_to_json(gf);
	back = gamefile_from_json(doc, cat, &err);
	ok(back != NULL, "the document as saved loads (%s)", err.text);
	gamefile_free(back);

	json_object_set_new(json_array_get(json_object_get(doc, "players"), 0), "score",
			    json_integer(5));
	back = gamefile_from_json(doc, cat, &err);
	ok(back == NULL && strstr(err.path, "players[0].score") != NULL,
	   "a score changed by hand is refused (%s: %s)", err.path, err.text);
	gamefile_free(back);
	json_decref(doc);

	doc = gamefile_to_json(gf);
	json_object_set_new(doc, "state_hash", json_string("00000000"));
	back = gamefile_from_json(doc, cat, &err);
	ok(back == NULL && strcmp(err.path, "state_hash") == 0,
	   "a state hash changed by hand is refused (%s: %s)", err.path, err.text);
	gamefile_free(back);
	json_decref(doc);
	gamefile_free(gf);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat;

	if (sodium_init() < 0 || (cat = catalog_load_builtin(&err)) == NULL)
		bail_out("setup failed: %s", err.text);
	play(cat, false, 1);
	play(cat, true, 2);
	passed_by_changes(cat);
	edits_refused(cat);
	catalog_free(cat);
	return done_testing();
}
