/* Loading game state documents that are wrong: precise errors with the
 * JSON path, never a crash.
 * - a table of edits, each with the error it must give;
 * - every field of a real game's host, public and player views replaced
 *   in turn by values of every JSON type (and deleted): each document
 *   loads or is refused with a message, and nothing crashes (run it under
 *   ASan or valgrind).
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "gamefile.h"
#include "jsonv.h"
#include "secret-module.h"
#include "tap.h"

static struct gamefile *
sample_game(const struct catalog *cat, int actions)
{
	static const char *const names[] = {"alice", "bob", "carol"};
	struct game_setup s = {.nplayers = 3, .start = -1};
	struct gf_error err = {0};
	struct rules_error re = {0};
	struct action a, *buf;
	struct gamefile *gf;
	struct ai_rng rng;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_ABBOT, true);
	memset(s.seed, 7, SEED_BYTES);
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("%s", err.text);
	for (int p = 0; p < 3; p++) {
		uint8_t key[GF_KEY_BYTES];
		memset(key, p + 1, sizeof(key));
		gamefile_set_key(gf, p, key, &err);
	}
	gamefile_set_address(gf, 1, "bob@example.org", &err);
	buf = malloc(sizeof(*buf) * game_legal_cap(gf->game));
	ai_rng_seed(&rng, s.seed);
	for (int i = 0; i < actions; i++) /* some tiles and figures on the board */
		if (ai_random_action(gf->game, &rng, buf, game_legal_cap(gf->game), &a) <
			0 ||
		    gamefile_play_action(gf, &a, &re) < 0)
			bail_out("playing: %s", re.text);
	free(buf);
	return gf;
}

/* ---- edits with known errors ---- */

struct edit {
	const char *path; /* a.b[2].c */
	const char *value; /* JSON, or NULL to delete */
	const char *error; /* "path: text" */
};

static const struct edit edits[] = {
	{"players[2].supply.followers", "-1",
	 "players[2].supply.followers: -1 is out of range 0..7"},
	{"players[1].supply.abbot", "2",
	 "players[1].supply.abbot: 2 is out of range 0..1"},
	{"players[0].score", "\"12\"",
	 "players[0].score: expected an integer from 0 to 9999, found a string"},
	{"players[0].key", "\"AAAA\"",
	 "players[0].key: \"AAAA\" is not an Ed25519 public key (44 base64 "
	 "characters, or ssh-ed25519 and 68)"},
	{"players[0].key", "\"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA\"",
	 "players[0].key: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA\" is not an Ed25519 "
	 "public key (44 base64 characters, or ssh-ed25519 and 68)"},
	{"players[0].key",
	 "\"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ==\"",
	 "players[0].key: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIQEBAQEBAQEBAQEBAQEBAQEB\" "
	 "is not an Ed25519 public key (44 base64 characters, or ssh-ed25519 and 68)"},
	{"players[1].key", NULL,
	 "players[1]: has no key, but alice has: in a game with keys "
	 "every player has one"},
	{"players[2].name", "\"Bob\"",
	 "players[2].name: \"Bob\" is the name of two players: give each player a "
	 "different name"},
	{"first_player", "3", "first_player: 3 is out of range 0..2"},
	{"board[3].rotation", "100", "board[3].rotation: 100 is not 0, 90, 180 or 270"},
	{"board[3].tile", "\"BA/XX\"", NULL},
	{"board[2].player", "\"mallory\"",
	 "board[2].player: \"mallory\" is not a player of this game"},
	{"figures[0].slot", "\"Q\"",
	 "figures[0].slot: \"Q\" is not a slot: N NL NR E EL ER S SL SR W WL WR, C, I1 or I2"},
	{"figures[0].figure", "\"dragon\"",
	 "figures[0].figure: \"dragon\" is not a figure (thief, knight, farmer, monk, "
	 "abbot, mayor, wagon, barn, builder, pig, big thief, big knight, big farmer, big monk)"},
	{"figures[0].x", "4000", "figures[0]: stands at 4000,"},
	{"decision.kind", "\"dance\"",
	 "decision.kind: the document says \"dance\" but replaying the actions gives "
	 "\"place-tile\""},
	{"tiles_left", "1",
	 "tiles_left: the document says 1 but replaying the actions gives "},
	{"secret.seed", "\"00000000000000000000000000000000"
			"00000000000000000000000000000000\"",
	 "fair_draw.commitment: does not match the seed, the start tile and the bag "
	 "(was the file edited?)"},
	{"secret.addresses.bob", "\"bob at example\"",
	 "secret.addresses.bob: \"bob at example\" is not a mail address like "
	 "alice@example.org"},
	{"fair_draw.bag", "\"random\"",
	 "fair_draw.bag: \"random\" is not \"shuffled\" or \"given\""},
	{"view", "\"admin\"",
	 "view: \"admin\" is not \"host\", \"public\" or \"player\""},
	{"game", "\"G 1\"", NULL},
};

/* One step of "a.b[2].c": a key or an index. */
static void
step(const char **p, char *key, size_t *idx, bool *is_idx)
{
	size_t n = strcspn(*p, ".[");

	if (**p == '[') {
		*idx = strtoul(*p + 1, NULL, 10);
		*is_idx = true;
		*p = strchr(*p, ']') + 1;
	} else {
		snprintf(key, 64, "%.*s", (int)n, *p);
		*is_idx = false;
		*p += n;
	}
	if (**p == '.')
		(*p)++;
}

static int
apply_edit(json_t *root, const char *path, const char *value)
{
	const char *p = path;
	json_t *cur = root, *v = value ? json_loads(value, JSON_DECODE_ANY, NULL) : NULL;
	char key[64];
	size_t idx = 0;
	bool is_idx = false;

	while (*p) {
		step(&p, key, &idx, &is_idx);
		if (*p == '\0')
			break;
		cur = is_idx ? json_array_get(cur, idx) : json_object_get(cur, key);
		if (cur == NULL)
			return -1;
	}
	if (is_idx)
		return v ? json_array_set_new(cur, idx, v) : json_array_remove(cur, idx);
	return v ? json_object_set_new(cur, key, v) : json_object_del(cur, key);
}

static void
check_edits(const struct gamefile *gf)
{
	for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		const struct edit *e = &edits[i];
		json_t *doc = gamefile_view_json(gf, GF_VIEW_HOST, -1);
		struct gf_error err = {0};
		struct gamefile *back;
		char got[600];

		if (apply_edit(doc, e->path, e->value) < 0)
			bail_out("no %s in the document", e->path);
		back = gamefile_from_json(doc, gf->cat, &err);
		snprintf(got, sizeof(got), "%s: %s", err.path, err.text);
		if (e->error == NULL)
			ok(back == NULL && strncmp(got, e->path, strlen(e->path)) == 0,
			   "%s = %s: refused at that path (%s)", e->path, e->value, got);
		else
			ok(back == NULL && strncmp(got, e->error, strlen(e->error)) == 0,
			   "%s %s: %s", e->path, e->value ? "edited" : "deleted", got);
		gamefile_free(back);
		json_decref(doc);
	}
}

/* ---- every field, every type ---- */

static const char *const junk[] = {"null", "true", "-1", "0", "99999999999", "\"\"",
				   "\"x\"", "[]", "{}", "[1]", "{\"a\":1}", NULL};

struct tally {
	int documents, refused, silent;
};

static void
try_doc(json_t *doc, const struct catalog *cat, struct tally *t)
{
	struct gf_error err = {0};
	struct gamefile *gf = gamefile_from_json(doc, cat, &err);

	t->documents++;
	if (gf == NULL) {
		t->refused++;
		if (err.text[0] == '\0')
			t->silent++;
	}
	gamefile_free(gf);
}

/* Mutates each node under v in place (and puts it back). */
static void
mutate_all(json_t *root, json_t *v, const struct catalog *cat, struct tally *t)
{
	const char *key;
	json_t *x;
	size_t i;

	if (json_is_object(v)) {
		/* The keys first: deleting and putting back moves a key last. */
		json_t *keys = json_array();
		json_object_foreach(v, key, x)
			json_array_append_new(keys, json_string(key));
		json_array_foreach(keys, i, x) {
			key = json_string_value(x);
			json_t *keep = json_incref(json_object_get(v, key));
			for (int j = 0; junk[j]; j++) {
				json_object_set_new(
				    v, key, json_loads(junk[j], JSON_DECODE_ANY, NULL));
				try_doc(root, cat, t);
			}
			json_object_del(v, key);
			try_doc(root, cat, t);
			json_object_set_new(v, key, keep);
			mutate_all(root, keep, cat, t);
		}
		json_decref(keys);
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, x) {
			json_t *keep = json_incref(x);
			for (int j = 0; junk[j]; j++) {
				json_array_set_new(
				    v, i, json_loads(junk[j], JSON_DECODE_ANY, NULL));
				try_doc(root, cat, t);
			}
			json_array_set_new(v, i, keep);
			if (i < 3) /* the first few elements of long arrays are enough */
				mutate_all(root, keep, cat, t);
		}
	}
}

static void
fuzz_view(const struct gamefile *gf, int view, int me)
{
	json_t *doc = gamefile_view_json(gf, view, me);
	struct tally t = {0};

	mutate_all(doc, doc, gf->cat, &t);
	ok(t.documents > 100 && t.silent == 0,
	   "%s view: %d edited documents, %d refused, each with a message",
	   gamefile_view_name(view), t.documents, t.refused);
	json_decref(doc);
}

/* Issue 26.1: a game with secrets (tests/secret-module.h) at a point
 * where a tile is drawn in secret and held, tiles went back and others
 * are aside: its secret fields (you.secret, secret.modules), "?" in
 * drawn and "returned" walked like every other field; edits of them
 * refused with their path. */
static char open_path[32], open_error[160];

static void
secret_edits(struct catalog *cat)
{
	static const struct edit secret[] = {
		{"you.secret.t-secrets.cards[0]", "9",
		 "you.secret.t-secrets: cards: "},
		{"you.secret.t-secrets", "{\"cards\": 1}",
		 "you.secret.t-secrets: cards: expected a list of 3 counts"},
		{"you.secret.t-secrets.hand", "[1]",
		 "you.secret.t-secrets: cards: expected a list of 3 counts"},
		{"you.secret", "{\"t-nothing\": {}}",
		 "you.secret.t-nothing: no rule module of this game is named so"},
		{"returned", "7", "returned: the document says 7 but replaying the actions gives"},
		{open_path, "\"?\"", open_error},
		{"fair_draw.tiles", "{\"BA/C\": 1}",
		 "fair_draw.tiles: a shuffled bag's tiles are the tile sets': remove this key"},
	};
	const struct rules_module *mods[MODULES_MAX];
	struct gamefile *gf;
	json_t *doc;
	int held = -1;

	catalog_add_module(cat, mods, &secret_module);
	gf = sample_game(cat, 0);
	for (int n = 0; n < 300 && !gf->game->over; n++) {
		struct action a[512];
		struct rules_error re;
		held = -1;
		for (int i = 0; held < 0 && i < game_drawn_count(gf->game); i++)
			if (game_drawn_seen(gf->game, i, -1) == TILE_UNKNOWN)
				held = game_drawn_seen(gf->game, i, gf->game->current);
		if (held >= 0 && game_returned(gf->game) > 0 && gf->game->bag_aside > 0)
			break;
		if (game_drawn_count(gf->game) == 2 && game_drawn_seen(gf->game, 1, -1) >= 0) {
			snprintf(open_path, sizeof(open_path), "drawn[1]");
			snprintf(open_error, sizeof(open_error),
				 "drawn[1]: \"?\" stands for a tile drawn in secret, but the "
				 "game draws a tile in the open here");
		}
		if (game_legal_actions(gf->game, a, 512) < 1 ||
		    gamefile_play_action(gf, &a[n % game_legal_actions(gf->game, a, 512)], &re) < 0)
			bail_out("playing: %s", re.text);
	}
	ok(held >= 0 && game_returned(gf->game) > 0 && gf->game->bag_aside > 0,
	   "issue 26.1: the sample holds a tile in secret, has tiles back and aside");
	for (size_t i = 0; i < sizeof(secret) / sizeof(secret[0]); i++) {
		struct gf_error err = {0};
		struct gamefile *back;
		char got[600];
		doc = gamefile_view_json(gf, GF_VIEW_PLAYER, gf->game->current);
		if (apply_edit(doc, secret[i].path, secret[i].value) < 0)
			bail_out("no %s in the document", secret[i].path);
		back = gamefile_from_json(doc, cat, &err);
		snprintf(got, sizeof(got), "%s: %s", err.path, err.text);
		ok(back == NULL && strncmp(got, secret[i].error, strlen(secret[i].error)) == 0,
		   "issue 26.1: %s edited: %s", secret[i].path, got);
		gamefile_free(back);
		json_decref(doc);
	}
	fuzz_view(gf, GF_VIEW_HOST, -1);
	fuzz_view(gf, GF_VIEW_PUBLIC, -1);
	fuzz_view(gf, GF_VIEW_PLAYER, gf->game->current);
	gamefile_free(gf);
	catalog_builtin(cat);
}

/* Issue 11: the reader's list of top-level keys is bounded, and says so
 * rather than write past its end. */
static void
check_key_list(void)
{
	static const char *const a[] = {"format", "version", "view", NULL};
	static const char *const b[] = {"game", "rules", NULL};
	const char *const *const lists[] = {a, b};
	const char *out[8] = {"x", "x", "x", "x", "x", "x", "x", "x"};

	is_int(jv_key_list(out, 6, lists, 2), 5, "key list: 5 keys fit in 6 entries");
	ok(out[4] && strcmp(out[4], "rules") == 0 && out[5] == NULL,
	   "key list: the keys in order, NULL at the end");
	for (int i = 0; i < 8; i++)
		out[i] = "x";
	is_int(jv_key_list(out, 5, lists, 2), -1, "key list: 5 keys and the NULL do not fit in 5");
	ok(out[0] == NULL && strcmp(out[5], "x") == 0,
	   "key list: an empty list, nothing written beyond its 5 entries");
	is_int(jv_key_list(out, 0, lists, 2), -1, "key list: no room at all");
}

int
main(void)
{
	struct rules_error re = {0};
	struct catalog *cat;
	struct gamefile *gf;

	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		bail_out("setup: %s", re.text);
	check_key_list();
	gf = sample_game(cat, 40);
	check_edits(gf);
	fuzz_view(gf, GF_VIEW_HOST, -1);
	fuzz_view(gf, GF_VIEW_PUBLIC, -1);
	fuzz_view(gf, GF_VIEW_PLAYER, 1);
	gamefile_free(gf);
	secret_edits(cat);
	catalog_free(cat);
	return done_testing();
}
