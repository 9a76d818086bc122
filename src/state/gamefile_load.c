/* Reading a game document: every field is checked, and the first one at
 * fault is named by its JSON path ("rules.edition", "actions[7]"). The
 * setup is read first (here), then the bag (gamefile_bag.c), then the
 * stored state is checked for form, the actions are replayed and the
 * stored state must be the replayed one (gamefile_check.c). */
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile_impl.h"
#include "gamefile_load.h"
#include "jsonv.h"

static int
load_header(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	const char *format, *view;
	json_t *v;

	if ((format = jv_string(root, "", "format", "\"" GAMEFILE_FORMAT "\"", err)) ==
	    NULL)
		return -1;
	if (strcmp(format, GAMEFILE_FORMAT) != 0)
		return gf_fail(err, "format",
			       "\"%s\" is not \"%s\": not a carcpbem game file", format,
			       GAMEFILE_FORMAT);
	if ((v = jv_member(root, "", "version", JSON_INTEGER, "the number 3", err)) ==
	    NULL)
		return -1;
	if (json_integer_value(v) == 1)
		return gf_fail(err, "version",
			       "1 is not 2 or 3: this is a game file of carcpbem 0.1, "
			       "from before signed turns; create the game again with "
			       "carcpbem new");
	if (json_integer_value(v) < GAMEFILE_VERSION_MIN ||
	    json_integer_value(v) > GAMEFILE_VERSION)
		return gf_fail(err, "version",
			       "%lld is not %d or %d: this carcpbem reads version %d and "
			       "%d game files only",
			       (long long)json_integer_value(v), GAMEFILE_VERSION_MIN,
			       GAMEFILE_VERSION, GAMEFILE_VERSION_MIN, GAMEFILE_VERSION);
	gf->version = (int)json_integer_value(v);
	view = jv_string(root, "", "view", "\"host\", \"public\" or \"player\"", err);
	if (view == NULL)
		return -1;
	for (gf->view = GF_VIEW_HOST; gf->view <= GF_VIEW_PLAYER; gf->view++)
		if (strcmp(view, gamefile_view_name(gf->view)) == 0)
			return 0;
	return gf_fail(err, "view", "\"%.40s\" is not \"host\", \"public\" or \"player\"",
		       view);
}

/* The keys of the top level: the core, and what the view adds. */
#define TOP_KEYS_MAX 48
static int
load_keys(json_t *root, const struct gamefile *gf, struct gf_error *err)
{
	static const char *const head[] = {"format", "version", "view", "state_hash",
					   NULL};
	static const char *const host[] = {"secret", "archive", NULL};
	static const char *const player[] = {"you", NULL};
	static const char *const none[] = {NULL};
	const char *const *const lists[] = {
	    head, gf_core_keys,
	    gf->view == GF_VIEW_HOST     ? host
	    : gf->view == GF_VIEW_PLAYER ? player
					 : none};
	const char *keys[TOP_KEYS_MAX];

	if (jv_key_list(keys, TOP_KEYS_MAX, lists, 3) < 0)
		return gf_fail(err, "",
			       "this carcpbem knows more top-level keys than its reader "
			       "holds (%d): a build error; raise TOP_KEYS_MAX in "
			       "src/state/gamefile_load.c",
			       TOP_KEYS_MAX);
	if (gf->view != GF_VIEW_HOST && json_object_get(root, "secret"))
		return gf_fail(
		    err, "secret",
		    "a %s view holds no secrets: only the host view has this key",
		    gamefile_view_name(gf->view));
	return jv_keys(root, "", keys, err);
}

static int
load_game_id(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	const char *id = jv_string(root, "", "game", "a game id", err);

	return id ? gamefile_set_id(gf, id, err) : -1;
}

/* A module key other than river and abbot: true turns it on. */
static int
load_module_keys(json_t *r, struct rules_options *o, struct gf_error *err)
{
	for (int i = 0; i < MODULE_COUNT; i++) {
		bool on = false;
		if (i == MOD_RIVER || i == MOD_ABBOT ||
		    json_object_get(r, module_info(i)->name) == NULL)
			continue;
		if (jv_bool(r, "rules", module_info(i)->name, &on, err) < 0)
			return -1;
		module_set(o, i, on);
	}
	return 0;
}

/* Modules not yet playable and combinations refused, before the players
 * (whose number module_check checks too). */
static int
check_modules(const struct rules_options *o, struct gf_error *err)
{
	struct rules_error re = {0};
	int min, max;

	module_player_limits(o, &min, &max);
	if (rules_options_check(o, min, &re) < 0)
		return gf_fail(err, "rules", "%s (%s)", re.text, re.rule);
	return 0;
}

/* The house rule's key, absent in most games (the rules: each). */
static int
load_dragon_moves(json_t *r, struct rules_options *o, struct gf_error *err)
{
	json_t *v = json_object_get(r, "dragon_moves");

	o->dragon_moves = DRAGON_MOVES_EACH;
	if (v == NULL)
		return 0;
	if (!json_is_string(v) ||
	    gamefile_dragon_moves_parse(json_string_value(v), &o->dragon_moves) < 0)
		return gf_fail(err, "rules.dragon_moves", "expected \"each\" or \"current\"");
	if (o->dragon_moves != DRAGON_MOVES_EACH && !module_on(o, MOD_PRINCESS_DRAGON))
		return gf_fail(err, "rules.dragon_moves",
			       "a rule of princess-dragon, which this game is played without");
	return 0;
}

static int
load_rules(json_t *root, struct rules_options *o, struct gf_error *err)
{
	const char *keys[8 + MODULE_COUNT] = {"edition", "farmers", "river", "abbot",
					      "river_uturn", "dragon_moves"};
	json_t *r = jv_member(root, "", "rules", JSON_OBJECT, "an object", err);
	const char *uturn;
	bool river, abbot;
	int k = 6;

	for (int i = 0; i < MODULE_COUNT; i++)
		if (i != MOD_RIVER && i != MOD_ABBOT)
			keys[k++] = module_info(i)->name;
	keys[k] = NULL;
	if (r == NULL || jv_keys(r, "rules", keys, err) < 0 ||
	    jv_int(r, "rules", "edition", 1, 2, &o->edition, err) < 0 ||
	    jv_bool(r, "rules", "farmers", &o->farmers, err) < 0 ||
	    jv_bool(r, "rules", "river", &river, err) < 0 ||
	    jv_bool(r, "rules", "abbot", &abbot, err) < 0)
		return -1;
	o->with = 0;
	module_set(o, MOD_RIVER, river);
	module_set(o, MOD_ABBOT, abbot);
	if (load_module_keys(r, o, err) < 0 || check_modules(o, err) < 0)
		return -1;
	uturn = jv_string(r, "rules", "river_uturn", "\"curves\" or \"area\"", err);
	if (uturn == NULL)
		return -1;
	if (strcmp(uturn, "curves") == 0)
		o->river_uturn = RIVER_UTURN_CURVES;
	else if (strcmp(uturn, "area") == 0)
		o->river_uturn = RIVER_UTURN_AREA;
	else
		return gf_fail(err, "rules.river_uturn",
			       "\"%s\" is not \"curves\" or \"area\"", uturn);
	return load_dragon_moves(r, o, err);
}

static int
load_key(struct gamefile *gf, json_t *pl, const char *path, int i, struct gf_error *err)
{
	uint8_t key[GF_KEY_BYTES];
	const char *text;
	char p[JV_PATH];
	int kind;

	if (json_object_get(pl, "key") == NULL)
		return 0;
	if ((text = jv_string(pl, path, "key", "a public key in base64", err)) == NULL)
		return -1;
	jv_join(p, path, "key");
	if (gamefile_key_read(text, &kind, key) < 0)
		return gf_fail(err, p,
			       "\"%.60s\" is not an Ed25519 public key (44 base64 "
			       "characters, or ssh-ed25519 and 68)",
			       text);
	if (gamefile_set_key(gf, i, key, err) < 0)
		return -1;
	gf->key_kind[i] = kind;
	return 0;
}

static int
load_player(struct gamefile *gf, json_t *pl, int i, const char **name,
	    struct gf_error *err)
{
	static const char *const keys[] = {"name", "key", "score", "supply", NULL};
	char p[JV_PATH];

	jv_index(p, "players", (size_t)i);
	if (!json_is_object(pl))
		return gf_fail(err, p,
			       "expected an object like {\"name\": \"alice\", ...}, "
			       "found %s",
			       jv_kind(pl));
	if (jv_keys(pl, p, keys, err) < 0 ||
	    (*name = jv_string(pl, p, "name", "a player name", err)) == NULL)
		return -1;
	snprintf(gf->name[i], sizeof(gf->name[i]), "%s", *name);
	return load_key(gf, pl, p, i, err);
}

/* Keys are all or nothing: a game takes signed turns or none. */
static int
check_keys_complete(const struct gamefile *gf, struct gf_error *err)
{
	char p[JV_PATH];

	for (int i = 0; i < gf->nplayers; i++)
		if (gf->has_key[i] != gf->has_key[0]) {
			snprintf(p, sizeof(p), "players[%d]", gf->has_key[0] ? i : 0);
			return gf_fail(err, p,
				       "has no key, but %s has: in a game with keys "
				       "every player has one",
				       gf->name[gf->has_key[0] ? 0 : i]);
		}
	return 0;
}

static int
load_players(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *a = jv_member(root, "", "players", JSON_ARRAY, "an array", err);
	const char *names[MAX_PLAYERS];
	struct rules_error re = {0};
	int n;

	if (a == NULL)
		return -1;
	n = (int)json_array_size(a);
	if (n > MAX_PLAYERS || rules_options_check(&gf->setup.opt, n, &re) < 0)
		return gf_fail(err, "players", "%d player%s: %s (%s)", n, n == 1 ? "" : "s",
			       n > MAX_PLAYERS ? "too many" : re.text,
			       n > MAX_PLAYERS ? "BASE-COMP-3" : re.rule);
	gf->nplayers = gf->setup.nplayers = n;
	for (int i = 0; i < n; i++)
		if (load_player(gf, json_array_get(a, i), i, &names[i], err) < 0)
			return -1;
	if (gf_check_names(names, n, err) < 0)
		return -1;
	return check_keys_complete(gf, err);
}

int
gf_tile_at(const struct gamefile *gf, json_t *v, const char *path, struct gf_error *err)
{
	char why[300];
	int t;

	if (!json_is_string(v))
		return gf_fail(err, path, "expected a tile id (a string), found %s",
			       jv_kind(v));
	t = gamefile_find_tile(gf->cat, &gf->setup.opt, json_string_value(v), why,
			       sizeof(why));
	return t < 0 ? gf_fail(err, path, "%s", why) : t;
}

static int
load_seats(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *start;

	if (jv_int(root, "", "first_player", 0, gf->nplayers - 1, &gf->setup.first_player,
		   err) < 0)
		return -1;
	if ((start = jv_member(root, "", "start", JSON_STRING, "a tile id", err)) == NULL)
		return -1;
	return (gf->setup.start = gf_tile_at(gf, start, "start", err)) < 0 ? -1 : 0;
}

static int
load_fair_draw(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	static const char *const keys[] = {"bag", "shuffle", "commitment", "tiles", NULL};
	json_t *o = jv_member(root, "", "fair_draw", JSON_OBJECT, "an object", err);
	const char *bag, *shuffle;

	if (o == NULL || jv_keys(o, "fair_draw", keys, err) < 0 ||
	    (bag = jv_string(o, "fair_draw", "bag", "\"shuffled\" or \"given\"", err)) ==
		NULL)
		return -1;
	if (strcmp(bag, "shuffled") != 0 && strcmp(bag, "given") != 0)
		return gf_fail(err, "fair_draw.bag",
			       "\"%.40s\" is not \"shuffled\" or \"given\"", bag);
	gf->bag_mode = bag[0] == 's' ? GF_BAG_SHUFFLED : GF_BAG_GIVEN;
	if (gf->bag_mode == GF_BAG_SHUFFLED) {
		shuffle = jv_string(o, "fair_draw", "shuffle", "the shuffle's name", err);
		if (shuffle == NULL)
			return -1;
		if (strlen(shuffle) >= sizeof(gf->shuffle))
			return gf_fail(err, "fair_draw.shuffle", "too long");
		snprintf(gf->shuffle, sizeof(gf->shuffle), "%s", shuffle);
	} else if (json_object_get(o, "shuffle"))
		return gf_fail(err, "fair_draw.shuffle",
			       "a given bag was not shuffled: remove this key");
	if (gf->bag_mode == GF_BAG_SHUFFLED && json_object_get(o, "tiles"))
		return gf_fail(err, "fair_draw.tiles",
			       "a shuffled bag's tiles are the tile sets': remove this key");
	return jv_hex(o, "fair_draw", "commitment", gf->commitment, GF_HASH_BYTES, err);
}

static int
load_actions(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *a =
	    jv_member(root, "", "actions", JSON_ARRAY, "an array of actions", err);
	char p[JV_PATH];

	if (a == NULL)
		return -1;
	for (size_t i = 0; i < json_array_size(a); i++) {
		json_t *v = json_array_get(a, i);
		jv_index(p, "actions", i);
		if (!json_is_string(v))
			return gf_fail(err, p, "expected an action (a string), found %s",
				       jv_kind(v));
		if (gf_replay_action(gf, json_string_value(v), p, err) < 0)
			return -1;
	}
	return 0;
}

static int
load_all(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	if (load_header(root, gf, err) < 0 || load_keys(root, gf, err) < 0 ||
	    load_game_id(root, gf, err) < 0 ||
	    load_rules(root, &gf->setup.opt, err) < 0 ||
	    load_players(root, gf, err) < 0 || load_seats(root, gf, err) < 0 ||
	    load_fair_draw(root, gf, err) < 0 || gf_load_bag(root, gf, err) < 0 ||
	    gf_check_form(root, gf, err) < 0 || gf_start(gf, err) < 0 ||
	    load_actions(root, gf, err) < 0 || gf_check_replayed(root, gf, err) < 0)
		return -1;
	return gf_load_extras(root, gf, err);
}

struct gamefile *
gamefile_from_json(json_t *root, const struct catalog *cat, struct gf_error *err)
{
	struct gamefile *gf;

	if (!json_is_object(root)) {
		gf_fail(err, "",
			"not a carcpbem game file: the top level is %s, not an object",
			jv_kind(root));
		return NULL;
	}
	if ((gf = gf_alloc(cat)) == NULL)
		gf_fail(err, "", "out of memory");
	else if (load_all(root, gf, err) < 0) {
		gamefile_free(gf);
		gf = NULL;
	}
	return gf;
}

struct gamefile *
gamefile_load(const char *path, const struct catalog *cat, struct gf_error *err)
{
	FILE *fp = fopen(path, "r");
	struct gamefile *gf;
	json_error_t je;
	json_t *root;

	if (fp == NULL) {
		gf_fail(err, "", "cannot open: %s", strerror(errno));
		return NULL;
	}
	root = json_loadf(fp, JSON_REJECT_DUPLICATES, &je);
	fclose(fp);
	if (root == NULL) {
		gf_fail(err, "", "not valid JSON: line %d, column %d: %s", je.line,
			je.column, je.text);
		return NULL;
	}
	gf = gamefile_from_json(root, cat, err);
	json_decref(root);
	return gf;
}
