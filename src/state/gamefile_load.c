/* Reading a game file: every field is checked, and the first one at fault
 * is named by its JSON path ("rules.edition", "actions[7]"). Then the
 * actions are replayed through the engine and the stored summary must
 * equal the replayed game's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile_impl.h"

#define PATH_LEN 96

static const char *
kind_of(const json_t *j)
{
	switch (json_typeof(j)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
		return "an integer";
	case JSON_REAL:
		return "a real number";
	case JSON_TRUE:
		return "true";
	case JSON_FALSE:
		return "false";
	default:
		return "null";
	}
}

static void
join(char *out, const char *path, const char *key)
{
	snprintf(out, PATH_LEN, "%s%s%s", path, *path ? "." : "", key);
}

/* A typo in a key must not pass for an absent optional field. */
static int
check_keys(json_t *obj, const char *path, const char *const *known, struct gf_error *err)
{
	char p[PATH_LEN], list[256] = "";
	const char *key;
	json_t *v;
	int i;

	json_object_foreach(obj, key, v) {
		for (i = 0; known[i] && strcmp(known[i], key) != 0; i++)
			;
		if (known[i])
			continue;
		for (i = 0; known[i]; i++) {
			size_t len = strlen(list);
			snprintf(list + len, sizeof(list) - len, "%s%s", i ? ", " : "",
				 known[i]);
		}
		join(p, path, key);
		return gf_fail(err, p, "unknown key; the keys here are %s", list);
	}
	return 0;
}

/* obj.key of JSON type want (JSON_TRUE stands for a boolean), or NULL. */
static json_t *
member(json_t *obj, const char *path, const char *key, int want, const char *what,
       struct gf_error *err)
{
	json_t *v = json_object_get(obj, key);
	char p[PATH_LEN];
	bool ok;

	join(p, path, key);
	if (v == NULL) {
		gf_fail(err, p, "missing (expected %s)", what);
		return NULL;
	}
	ok = want == JSON_TRUE ? json_is_boolean(v) : (int)json_typeof(v) == want;
	if (!ok) {
		gf_fail(err, p, "expected %s, found %s", what, kind_of(v));
		return NULL;
	}
	return v;
}

static int
get_int(json_t *obj, const char *path, const char *key, long lo, long hi,
	const char *range, int *out, struct gf_error *err)
{
	json_t *v = member(obj, path, key, JSON_INTEGER, range, err);
	char p[PATH_LEN];

	if (v == NULL)
		return -1;
	if (json_integer_value(v) < lo || json_integer_value(v) > hi) {
		join(p, path, key);
		return gf_fail(err, p, "%lld is not %s", (long long)json_integer_value(v),
			       range);
	}
	*out = (int)json_integer_value(v);
	return 0;
}

static int
get_bool(json_t *obj, const char *path, const char *key, bool *out, struct gf_error *err)
{
	json_t *v = member(obj, path, key, JSON_TRUE, "true or false", err);

	if (v == NULL)
		return -1;
	*out = json_is_true(v);
	return 0;
}

static const char *
get_string(json_t *obj, const char *path, const char *key, const char *what,
	   struct gf_error *err)
{
	json_t *v = member(obj, path, key, JSON_STRING, what, err);

	return v ? json_string_value(v) : NULL;
}

static int
load_header(json_t *root, struct gf_error *err)
{
	const char *format =
	    get_string(root, "", "format", "\"" GAMEFILE_FORMAT "\"", err);
	json_t *v;

	if (format == NULL)
		return -1;
	if (strcmp(format, GAMEFILE_FORMAT) != 0)
		return gf_fail(err, "format",
			       "\"%s\" is not \"%s\": not a carcpbem game file", format,
			       GAMEFILE_FORMAT);
	if ((v = member(root, "", "version", JSON_INTEGER, "the number 1", err)) == NULL)
		return -1;
	if (json_integer_value(v) != GAMEFILE_VERSION)
		return gf_fail(err, "version",
			       "%lld is not %d: this carcpbem reads version %d game "
			       "files only",
			       (long long)json_integer_value(v), GAMEFILE_VERSION,
			       GAMEFILE_VERSION);
	return 0;
}

static int
load_rules(json_t *root, struct rules_options *o, struct gf_error *err)
{
	static const char *const keys[] = {"edition", "farmers",     "river",
					   "abbot",   "river_uturn", NULL};
	json_t *r = member(root, "", "rules", JSON_OBJECT, "an object", err);
	const char *uturn;

	if (r == NULL || check_keys(r, "rules", keys, err) < 0 ||
	    get_int(r, "rules", "edition", 1, 2, "1 or 2", &o->edition, err) < 0 ||
	    get_bool(r, "rules", "farmers", &o->farmers, err) < 0 ||
	    get_bool(r, "rules", "river", &o->river, err) < 0 ||
	    get_bool(r, "rules", "abbot", &o->abbot, err) < 0)
		return -1;
	uturn = get_string(r, "rules", "river_uturn", "\"curves\" or \"area\"", err);
	if (uturn == NULL)
		return -1;
	if (strcmp(uturn, "curves") == 0)
		o->river_uturn = RIVER_UTURN_CURVES;
	else if (strcmp(uturn, "area") == 0)
		o->river_uturn = RIVER_UTURN_AREA;
	else
		return gf_fail(err, "rules.river_uturn",
			       "\"%s\" is not \"curves\" or \"area\"", uturn);
	return 0;
}

static int
load_player(struct gamefile *gf, json_t *pl, int i, const char **name,
	    struct gf_error *err)
{
	static const char *const keys[] = {"name", NULL};
	char p[PATH_LEN];

	snprintf(p, sizeof(p), "players[%d]", i);
	if (!json_is_object(pl))
		return gf_fail(err, p,
			       "expected an object like {\"name\": \"alice\"}, found %s",
			       kind_of(pl));
	if (check_keys(pl, p, keys, err) < 0 ||
	    (*name = get_string(pl, p, "name", "a string", err)) == NULL)
		return -1;
	snprintf(gf->name[i], sizeof(gf->name[i]), "%s", *name);
	return 0;
}

static int
load_players(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *a = member(root, "", "players", JSON_ARRAY, "an array", err);
	const char *names[MAX_PLAYERS];
	int n;

	if (a == NULL)
		return -1;
	n = (int)json_array_size(a);
	if (n < 2 || n > 5)
		return gf_fail(err, "players", "%d player%s: a game has 2 to 5 players",
			       n, n == 1 ? "" : "s");
	for (int i = 0; i < n; i++)
		if (load_player(gf, json_array_get(a, i), i, &names[i], err) < 0)
			return -1;
	if (gf_check_names(names, n, err) < 0)
		return -1;
	gf->nplayers = gf->setup.nplayers = n;
	return 0;
}

static int
load_seats(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	char range[48];
	const char *seed;

	snprintf(range, sizeof(range), "a seat from 0 to %d", gf->nplayers - 1);
	if (get_int(root, "", "first_player", 0, gf->nplayers - 1, range,
		    &gf->setup.first_player, err) < 0)
		return -1;
	if ((seed = get_string(root, "", "seed", "64 hexadecimal digits", err)) == NULL)
		return -1;
	if (gamefile_seed_parse(seed, gf->setup.seed) < 0)
		return gf_fail(err, "seed", "\"%.80s\" is not 64 hexadecimal digits",
			       seed);
	return 0;
}

static int
tile_at(struct gamefile *gf, json_t *v, const char *path, struct gf_error *err)
{
	char why[300];
	int t;

	if (!json_is_string(v))
		return gf_fail(err, path, "expected a tile id (a string), found %s",
			       kind_of(v));
	t = gamefile_find_tile(gf->cat, &gf->setup.opt, json_string_value(v), why,
			       sizeof(why));
	return t < 0 ? gf_fail(err, path, "%s", why) : t;
}

static int
load_tiles(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *v = json_object_get(root, "tiles");
	char p[PATH_LEN];

	gf->setup.start = -1;
	if (json_object_get(root, "start")) {
		gf->start_given = true;
		gf->setup.start =
		    tile_at(gf, json_object_get(root, "start"), "start", err);
		if (gf->setup.start < 0)
			return -1;
	}
	if (v == NULL)
		return 0;
	if (!json_is_array(v) || json_array_size(v) == 0)
		return gf_fail(err, "tiles",
			       "expected a non-empty array of tile ids, found %s",
			       json_is_array(v) ? "an empty array" : kind_of(v));
	gf->norder = (int)json_array_size(v);
	if ((gf->order = malloc(sizeof(int) * gf->norder)) == NULL)
		return gf_fail(err, "", "out of memory");
	for (int i = 0; i < gf->norder; i++) {
		snprintf(p, sizeof(p), "tiles[%d]", i);
		if ((gf->order[i] = tile_at(gf, json_array_get(v, i), p, err)) < 0)
			return -1;
	}
	return 0;
}

static int
replay(struct gamefile *gf, json_t *v, int i, struct gf_error *err)
{
	struct rules_error re = {0};
	struct action a;
	char p[PATH_LEN];
	const char *text;

	snprintf(p, sizeof(p), "actions[%d]", i);
	if (!json_is_string(v))
		return gf_fail(err, p, "expected an action (a string), found %s",
			       kind_of(v));
	text = json_string_value(v);
	if (action_parse(text, &a, &re) < 0)
		return gf_fail(err, p, "\"%.60s\": %s", text, re.text);
	if (gamefile_play_action(gf, &a, &re) < 0)
		return gf_fail(err, p, "\"%s\" is %s: %s%s%s", text,
			       re.code == RERR_NOMEM ? "not possible" : "illegal",
			       re.rule, re.rule[0] ? ": " : "", re.text);
	return 0;
}

static int
load_actions(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *a = member(root, "", "actions", JSON_ARRAY, "an array of actions", err);

	if (a == NULL)
		return -1;
	for (size_t i = 0; i < json_array_size(a); i++)
		if (replay(gf, json_array_get(a, i), (int)i, err) < 0)
			return -1;
	return 0;
}

/* The first place where stored and real differ: path grows to it and the
 * two values (NULL when absent) come back through *s and *r. */
static bool
first_diff(json_t *stored, json_t *real, char *path, json_t **s, json_t **r)
{
	size_t len = strlen(path);
	const char *key;
	json_t *v;

	if (!json_is_object(stored) || !json_is_object(real)) {
		*s = stored, *r = real;
		return !(stored && real && json_equal(stored, real));
	}
	json_object_foreach(real, key, v) {
		snprintf(path + len, PATH_LEN - len, ".%s", key);
		if (first_diff(json_object_get(stored, key), v, path, s, r))
			return true;
	}
	json_object_foreach(stored, key, v) {
		snprintf(path + len, PATH_LEN - len, ".%s", key);
		if (json_object_get(real, key) == NULL) {
			*s = v, *r = NULL;
			return true;
		}
	}
	path[len] = '\0';
	return false;
}

static void
show_value(const json_t *v, char *buf, size_t n)
{
	char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);

	snprintf(buf, n, "%.60s", text ? text : "?");
	free(text);
}

static int
check_summary(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *stored = member(root, "", "summary", JSON_OBJECT, "an object", err);
	json_t *real, *s, *r;
	char path[PATH_LEN] = "summary", sv[64], rv[64];
	int ret = 0;

	if (stored == NULL)
		return -1;
	if ((real = gamefile_summary_json(gf)) == NULL)
		return gf_fail(err, "", "out of memory");
	if (first_diff(stored, real, path, &s, &r)) {
		if (s)
			show_value(s, sv, sizeof(sv));
		if (r)
			show_value(r, rv, sizeof(rv));
		if (s == NULL)
			ret = gf_fail(err, path,
				      "missing; replaying the actions gives %s", rv);
		else if (r == NULL)
			ret = gf_fail(err, path,
				      "unknown key (the summary has turn, over, "
				      "decision, scores, tiles_left)");
		else
			ret =
			    gf_fail(err, path,
				    "the file says %s but replaying the actions gives %s "
				    "(was the file edited?)",
				    sv, rv);
	}
	json_decref(real);
	return ret;
}

static int
load_all(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	static const char *const keys[] = {"format",       "version", "rules", "players",
					   "first_player", "seed",    "start", "tiles",
					   "actions",      "summary", NULL};

	if (load_header(root, err) < 0 || check_keys(root, "", keys, err) < 0 ||
	    load_rules(root, &gf->setup.opt, err) < 0 ||
	    load_players(root, gf, err) < 0 || load_seats(root, gf, err) < 0 ||
	    load_tiles(root, gf, err) < 0 || gf_start(gf, err) < 0 ||
	    load_actions(root, gf, err) < 0)
		return -1;
	return check_summary(root, gf, err);
}

static json_t *
read_json(const char *path, struct gf_error *err)
{
	FILE *fp = fopen(path, "r");
	json_error_t je;
	json_t *root;

	if (fp == NULL) {
		gf_fail(err, "", "cannot open: %s", strerror(errno));
		return NULL;
	}
	root = json_loadf(fp, JSON_REJECT_DUPLICATES, &je);
	fclose(fp);
	if (root == NULL)
		gf_fail(err, "", "not valid JSON: line %d, column %d: %s", je.line,
			je.column, je.text);
	else if (!json_is_object(root)) {
		gf_fail(err, "",
			"not a carcpbem game file: the top level is %s, not an object",
			kind_of(root));
		json_decref(root);
		root = NULL;
	}
	return root;
}

struct gamefile *
gamefile_load(const char *path, const struct catalog *cat, struct gf_error *err)
{
	json_t *root = read_json(path, err);
	struct gamefile *gf;

	if (root == NULL)
		return NULL;
	if ((gf = gf_alloc(cat)) == NULL)
		gf_fail(err, "", "out of memory");
	else if (load_all(root, gf, err) < 0) {
		gamefile_free(gf);
		gf = NULL;
	}
	json_decref(root);
	return gf;
}
