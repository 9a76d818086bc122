/* Game state documents on real games (random players, several rules):
 * - the public and player views hold nothing secret: every field is
 *   walked, its path must be one the public schema allows, and no value
 *   may give away the seed, the order of the tiles still in the bag or
 *   another player's address;
 * - save, load, save gives the same bytes, in every view;
 * - a view loads back to the same public state and legal actions;
 * - the engine's shuffle is the one GF_BAG_SHUFFLE names (a change must
 *   rename it, or saved commitments could not be re-checked).
 */
#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "gamefile.h"
#include "tap.h"

#define PATH_LEN 128

/* Every path a public view may have; [] stands for any index, * for any
 * key (remaining counts by tile id). */
static const char *const public_paths[] = {
	"format", "version", "view", "state_hash", "game", "rules", "rules.edition",
	"rules.farmers", "rules.river", "rules.abbot", "rules.river_uturn", "players",
	"players[]", "players[].name", "players[].key", "players[].score",
	"players[].supply", "players[].supply.followers", "players[].supply.abbot",
	"first_player", "start", "fair_draw", "fair_draw.bag", "fair_draw.shuffle",
	"fair_draw.commitment", "turn", "over", "decision", "decision.kind",
	"decision.player", "decision.tile", "tiles_left", "drawn", "drawn[]", "remaining",
	"remaining.*", "actions", "actions[]", "board", "board[]", "board[].tile",
	"board[].x", "board[].y", "board[].rotation", "board[].turn", "board[].player",
	"figures", "figures[]", "figures[].player", "figures[].figure",
	"figures[].feature", "figures[].x", "figures[].y", "figures[].slot", NULL};
static const char *const player_paths[] = {"you", "you.name", "you.address", NULL};

struct secrets {
	char seed_hex[2 * SEED_BYTES + 1], seed_upper[2 * SEED_BYTES + 1], seed_b64[64];
	const char *future[128]; /* tile ids not drawn yet, in order */
	int nfuture;
	const char *address[MAX_PLAYERS];
	int nplayers, me; /* whose view (-1: public) */
};

struct walk {
	const struct secrets *sec;
	int leaks, unknown;
	char first[256];
};

static bool
listed(const char *const *list, const char *path)
{
	for (int i = 0; list[i]; i++)
		if (strcmp(list[i], path) == 0)
			return true;
	return false;
}

static void
leak(struct walk *w, const char *path, const char *what)
{
	if (w->leaks++ == 0)
		snprintf(w->first, sizeof(w->first), "%s: %s", path, what);
}

static void
check_string(struct walk *w, const char *path, const char *s)
{
	const struct secrets *sec = w->sec;

	if (strstr(s, sec->seed_hex) || strstr(s, sec->seed_upper) ||
	    strstr(s, sec->seed_b64))
		leak(w, path, "the seed");
	for (int p = 0; p < sec->nplayers; p++)
		if (p != sec->me && sec->address[p] && strstr(s, sec->address[p]))
			leak(w, path, "another player's address");
}

/* The tiles still in the bag, in order, as a run of an array. */
static void
check_array(struct walk *w, const char *path, json_t *a)
{
	const struct secrets *sec = w->sec;
	size_t n = json_array_size(a);

	if (sec->nfuture < 3)
		return;
	for (size_t i = 0; i + (size_t)sec->nfuture <= n; i++) {
		int k = 0;
		while (k < sec->nfuture && json_is_string(json_array_get(a, i + k)) &&
		       strcmp(json_string_value(json_array_get(a, i + k)),
			      sec->future[k]) == 0)
			k++;
		if (k == sec->nfuture)
			leak(w, path, "the order of the bag");
	}
}

static void
walk(struct walk *w, json_t *v, const char *path, const char *shape)
{
	char p[PATH_LEN], s[PATH_LEN];
	const char *key;
	json_t *x;
	size_t i;

	if (*shape && !listed(public_paths, shape) &&
	    !(w->sec->me >= 0 && listed(player_paths, shape)) && w->unknown++ == 0)
		snprintf(w->first, sizeof(w->first),
			 "%s: a field the public schema lacks", path);
	if (json_is_string(v))
		check_string(w, path, json_string_value(v));
	if (json_is_array(v)) {
		check_array(w, path, v);
		json_array_foreach(v, i, x) {
			snprintf(p, sizeof(p), "%s[%zu]", path, i);
			snprintf(s, sizeof(s), "%s[]", shape);
			walk(w, x, p, s);
		}
	}
	if (json_is_object(v))
		json_object_foreach(v, key, x) {
			check_string(w, path, key);
			snprintf(p, sizeof(p), "%s%s%s", path, *path ? "." : "", key);
			snprintf(s, sizeof(s), "%s%s%s", shape, *shape ? "." : "",
				 strcmp(shape, "remaining") == 0 ? "*" : key);
			walk(w, x, p, s);
		}
}

static void
secrets_of(const struct gamefile *gf, int me, struct secrets *sec)
{
	memset(sec, 0, sizeof(*sec));
	gamefile_seed_hex(gf->setup.seed, sec->seed_hex);
	for (int i = 0; i <= 2 * SEED_BYTES; i++)
		sec->seed_upper[i] = (char)toupper((unsigned char)sec->seed_hex[i]);
	sodium_bin2base64(sec->seed_b64, sizeof(sec->seed_b64), gf->setup.seed,
			  SEED_BYTES, sodium_base64_VARIANT_ORIGINAL);
	for (int i = gf->game->bag_next; i < gf->nbag && sec->nfuture < 128; i++)
		sec->future[sec->nfuture++] = gf->cat->types[gf->bag[i]].id;
	sec->nplayers = gf->nplayers;
	for (int p = 0; p < gf->nplayers; p++)
		sec->address[p] = gf->address[p];
	sec->me = me;
}

static int views_checked, leaks_found, unknown_found;

static void
check_view(const struct gamefile *gf, int view, int me, const char *what)
{
	json_t *doc = gamefile_view_json(gf, view, me);
	struct secrets sec;
	struct walk w = {.sec = &sec};

	secrets_of(gf, view == GF_VIEW_HOST ? -1 : me, &sec);
	walk(&w, doc, "", "");
	json_decref(doc);
	views_checked++;
	if (view == GF_VIEW_HOST) { /* the walker must see what is there */
		if (w.leaks == 0)
			ok(0, "%s: the walker misses the seed in the host view", what);
		return;
	}
	if (w.leaks || w.unknown)
		diag("%s: %s", what, w.first);
	leaks_found += w.leaks;
	unknown_found += w.unknown;
}

/* save, load, save: the same bytes, in every view. */
static int
round_trip(const struct gamefile *gf, int view, int me)
{
	struct gf_error err = {0};
	char *one = gamefile_view_dumps(gf, view, me), *two = NULL;
	json_t *root = json_loads(one, 0, NULL);
	struct gamefile *back = gamefile_from_json(root, gf->cat, &err);
	int same = 0;

	if (back == NULL)
		diag("%s view does not load: %s: %s", gamefile_view_name(view), err.path,
		     err.text);
	else if ((two = gamefile_dumps(back)) != NULL)
		same = strcmp(one, two) == 0;
	if (back && view != GF_VIEW_HOST) { /* a view plays on like the game */
		char h1[GF_STATE_HEX + 1], h2[GF_STATE_HEX + 1], l1[4096], l2[4096];
		gamefile_state_hash(gf, h1);
		gamefile_state_hash(back, h2);
		gamefile_legal_text(gf, " ", l1, sizeof(l1));
		gamefile_legal_text(back, " ", l2, sizeof(l2));
		same &= strcmp(h1, h2) == 0 && strcmp(l1, l2) == 0;
	}
	gamefile_free(back);
	json_decref(root);
	free(one);
	free(two);
	return same;
}

struct config {
	const char *name;
	int players, edition;
	bool river, abbot, given;
};

static const struct config configs[] = {
	{"base, 2 players", 2, 1, false, false, false},
	{"2nd edition, river, abbot, 5 players", 5, 2, true, true, false},
	{"3 players, abbot", 3, 1, false, true, false},
	{"a given bag", 2, 1, false, false, true},
};

static struct gamefile *
new_game(const struct catalog *cat, const struct config *c, int seed)
{
	static const char *const names[] = {"alice", "bob", "carol", "dave", "eve"};
	static const char *const given_ids[] = {"BA/C",    "BA/C",  "BA/L", "BA/CRr",
						"BA/RRRR", "BA/Rr", "BA/CFc.1"};
	int given[7];
	struct game_setup s = {.nplayers = c->players, .start = -1};
	struct gf_error err = {0};
	struct gamefile *gf;
	char addr[64];

	rules_options_default(&s.opt);
	s.opt.edition = c->edition;
	module_set(&s.opt, MOD_RIVER, c->river);
	module_set(&s.opt, MOD_ABBOT, c->abbot);
	crypto_generichash(s.seed, SEED_BYTES, (const uint8_t *)&seed, sizeof(seed), NULL,
			   0);
	for (int i = 0; i < 7; i++)
		given[i] = catalog_find(cat, given_ids[i]);
	if (c->given)
		s.order = given, s.norder = 7;
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	for (int p = 0; p < c->players; p++) {
		uint8_t key[GF_KEY_BYTES];
		snprintf(addr, sizeof(addr), "%s@example.org", names[p]);
		gamefile_set_address(gf, p, addr, &err);
		randombytes_buf(key, sizeof(key));
		gamefile_set_key(gf, p, key, &err);
	}
	return gf;
}

/* Plays a game at random, checking every view every few actions. */
static void
play_and_check(const struct catalog *cat, const struct config *c, int seed)
{
	struct gamefile *gf = new_game(cat, c, seed);
	struct ai_rng rng;
	struct action a, *buf = malloc(sizeof(*buf) * game_legal_cap(gf->game));
	struct rules_error re;
	int step = 0, trips = 0, good = 0;

	ai_rng_seed(&rng, gf->setup.seed);
	for (;;) {
		if (step++ % 17 == 0 || gf->game->over) {
			check_view(gf, GF_VIEW_HOST, -1, c->name);
			check_view(gf, GF_VIEW_PUBLIC, -1, c->name);
			for (int p = 0; p < gf->nplayers; p++)
				check_view(gf, GF_VIEW_PLAYER, p, c->name);
			for (int v = GF_VIEW_HOST; v <= GF_VIEW_PLAYER; v++, trips++)
				good += round_trip(
				    gf, v,
				    v == GF_VIEW_PLAYER ? step % gf->nplayers : -1);
		}
		if (gf->game->over || ai_random_action(gf->game, &rng, buf,
						       game_legal_cap(gf->game), &a) < 0)
			break;
		if (gamefile_play_action(gf, &a, &re) < 0)
			bail_out("the engine refused its own action: %s", re.text);
	}
	is_int(good, trips, "%s: save, load, save gives the same bytes (%d times)",
	       c->name, trips);
	ok(gf->game->over, "%s: played to the end", c->name);
	free(buf);
	gamefile_free(gf);
}

/* The first tiles of the bag seed 0..0 shuffles to under the base rules:
 * if the engine's shuffle changes, GF_BAG_SHUFFLE must change with it. */
static void
shuffle_pinned(const struct catalog *cat)
{
	static const char *const expect[] = {"BA/CRRR", "BA/RCr", "BA/LR", "BA/C"};
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct gf_error err = {0};
	struct gamefile *gf;
	char got[128] = "", want[128] = "";

	rules_options_default(&s.opt);
	if ((gf = gamefile_new(cat, &s, (const char *const[]){"a", "b"}, &err)) == NULL)
		bail_out("%s", err.text);
	for (int i = 0; i < 4; i++) {
		strcat(got, gf->cat->types[gf->bag[i]].id);
		strcat(got, " ");
		strcat(want, expect[i]);
		strcat(want, " ");
	}
	is_str(GF_BAG_SHUFFLE, "chacha20-fisher-yates-lemire/1", "the shuffle's name");
	if (!is_str(got, want, "the shuffle of seed 0 is the one %s names",
		    GF_BAG_SHUFFLE))
		diag("the engine's shuffle changed: give GF_BAG_SHUFFLE a new name");
	gamefile_free(gf);
}

int
main(void)
{
	struct rules_error re = {0};
	struct catalog *cat;
	int games = getenv("CARC_VIEW_GAMES") ? atoi(getenv("CARC_VIEW_GAMES")) : 3;

	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		bail_out("setup: %s", re.text);
	for (size_t c = 0; c < sizeof(configs) / sizeof(configs[0]); c++)
		for (int i = 0; i < games; i++)
			play_and_check(cat, &configs[c], (int)c * 1000 + i);
	is_int(leaks_found, 0, "no secret in %d public and player views", views_checked);
	is_int(unknown_found, 0, "every field of those views is in the public schema");
	shuffle_pinned(cat);
	catalog_free(cat);
	return done_testing();
}
