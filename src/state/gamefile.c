/* The game file in memory and as JSON: creating, playing, serializing.
 * Reading and validating a file is in gamefile_load.c, writing it to disk
 * in gamefile_io.c. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gamefile.h"
#include "gamefile_impl.h"

int
gf_fail(struct gf_error *err, const char *path, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	snprintf(err->path, sizeof(err->path), "%s", path ? path : "");
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	return -1;
}

const char *
gamefile_uturn_name(int river_uturn)
{
	return river_uturn == RIVER_UTURN_AREA ? "area" : "curves";
}

void
gamefile_seed_hex(const uint8_t seed[SEED_BYTES], char hex[2 * SEED_BYTES + 1])
{
	for (int i = 0; i < SEED_BYTES; i++)
		snprintf(hex + 2 * i, 3, "%02x", seed[i]);
}

static int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower((unsigned char)c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int
gamefile_seed_parse(const char *hex, uint8_t seed[SEED_BYTES])
{
	if (strlen(hex) != 2 * SEED_BYTES)
		return -1;
	for (int i = 0; i < SEED_BYTES; i++) {
		int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		seed[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

int
gamefile_check_name(const char *name, char *why, size_t n)
{
	size_t len = strlen(name);

	if (len == 0 || len > GF_NAME_LEN || !isalpha((unsigned char)name[0]))
		goto bad;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("-_.", name[i]))
			goto bad;
	return 0;
bad:
	snprintf(why, n,
		 "\"%s\" is not a player name: use 1 to %d letters, digits, '-', '_' "
		 "or '.', starting with a letter",
		 name, GF_NAME_LEN);
	return -1;
}

/* Names go into JSON object keys and mails: no two alike, whatever the case. */
int
gf_check_names(const char *const *names, int n, struct gf_error *err)
{
	char why[160], path[32];

	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "players[%d].name", i);
		if (gamefile_check_name(names[i], why, sizeof(why)) < 0)
			return gf_fail(err, path, "%s", why);
		for (int j = 0; j < i; j++)
			if (strcasecmp(names[i], names[j]) == 0)
				return gf_fail(err, path,
					       "\"%s\" is the name of two players: "
					       "give each player a different name",
					       names[i]);
	}
	return 0;
}

struct gamefile *
gf_alloc(const struct catalog *cat)
{
	struct gamefile *gf = calloc(1, sizeof(*gf));

	if (gf)
		gf->cat = cat;
	return gf;
}

void
gamefile_free(struct gamefile *gf)
{
	if (gf == NULL)
		return;
	for (int i = 0; i < gf->naction; i++)
		free(gf->action[i]);
	free(gf->action);
	free(gf->order);
	game_free(gf->game);
	free(gf);
}

/* Creates the live game from gf->setup (names and order already set). */
int
gf_start(struct gamefile *gf, struct gf_error *err)
{
	struct rules_error rerr = {0};

	gf->setup.order = gf->order;
	gf->setup.norder = gf->norder;
	gf->game = game_new(gf->cat, &gf->setup, &rerr);
	if (gf->game == NULL)
		return gf_fail(err, "", "cannot start the game: %s%s%s", rerr.rule,
			       rerr.rule[0] ? ": " : "", rerr.text);
	return 0;
}

struct gamefile *
gamefile_new(const struct catalog *cat, const struct game_setup *setup,
	     const char *const *names, bool start_given, struct gf_error *err)
{
	struct gamefile *gf;

	if (setup->nplayers < 2 || setup->nplayers > 5) {
		gf_fail(err, "players", "a game has 2 to 5 players, not %d",
			setup->nplayers);
		return NULL;
	}
	if (gf_check_names(names, setup->nplayers, err) < 0)
		return NULL;
	if (setup->order && setup->norder <= 0) {
		gf_fail(err, "tiles", "an empty bag: give at least one tile");
		return NULL;
	}
	if ((gf = gf_alloc(cat)) == NULL) {
		gf_fail(err, "", "out of memory");
		return NULL;
	}
	gf->nplayers = setup->nplayers;
	for (int i = 0; i < gf->nplayers; i++)
		snprintf(gf->name[i], sizeof(gf->name[i]), "%s", names[i]);
	gf->setup = *setup;
	gf->start_given = start_given && setup->start >= 0;
	if (setup->order) {
		gf->order = malloc(sizeof(int) * setup->norder);
		if (gf->order == NULL) {
			gamefile_free(gf);
			gf_fail(err, "", "out of memory");
			return NULL;
		}
		memcpy(gf->order, setup->order, sizeof(int) * setup->norder);
		gf->norder = setup->norder;
	}
	if (gf_start(gf, err) < 0) {
		gamefile_free(gf);
		return NULL;
	}
	return gf;
}

/* Room for one more action text, so recording cannot fail once the
 * engine took the action. */
static int
reserve(struct gamefile *gf)
{
	char **p;
	int cap;

	if (gf->naction < gf->cap_action)
		return 0;
	cap = gf->cap_action ? 2 * gf->cap_action : 64;
	if ((p = realloc(gf->action, sizeof(*p) * cap)) == NULL)
		return -1;
	gf->action = p;
	gf->cap_action = cap;
	return 0;
}

int
gamefile_play_action(struct gamefile *gf, const struct action *a, struct rules_error *err)
{
	char buf[64], *text;

	action_format(gf->game, a, buf, sizeof(buf));
	if (reserve(gf) < 0 || (text = strdup(buf)) == NULL)
		return rerr(err, RERR_NOMEM, "", "out of memory");
	if (game_apply(gf->game, a, err) < 0) {
		free(text);
		return -1;
	}
	gf->action[gf->naction++] = text;
	return 0;
}

int
gamefile_play(struct gamefile *gf, const char *text, struct rules_error *err)
{
	struct action a;

	if (action_parse(text, &a, err) < 0)
		return -1;
	return gamefile_play_action(gf, &a, err);
}

/* ---- tiles ---- */

static int
lower(int c)
{
	return tolower((unsigned char)c);
}

/* Case-insensitive edit distance, to suggest ids close to a mistyped one. */
static int
edit_distance(const char *a, const char *b)
{
	int row[TILE_ID_MAX + 1], la = (int)strlen(a), lb = (int)strlen(b);

	if (lb > TILE_ID_MAX)
		lb = TILE_ID_MAX;
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = i;
		for (int j = 1; j <= lb; j++) {
			int up = row[j],
			    best = diag + (lower(a[i - 1]) != lower(b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

#define SUGGEST 5

static bool
tile_usable(const struct catalog *cat, const struct rules_options *opt, int i)
{
	return (strcmp(cat->types[i].set, "river") != 0 || opt->river) &&
	       cat->types[i].count[opt->edition - 1] > 0;
}

/* The usable ids closest to a mistyped one, closest first. */
static void
suggest_ids(const struct catalog *cat, const struct rules_options *opt, const char *id,
	    char *out, size_t n)
{
	int best[SUGGEST], dist[SUGGEST], k = 0;
	size_t len;

	for (int i = 0; i < cat->ntypes; i++) {
		int d, j;
		if (!tile_usable(cat, opt, i))
			continue;
		d = edit_distance(id, cat->types[i].id);
		for (j = k; j > 0 && dist[j - 1] > d; j--)
			if (j < SUGGEST)
				best[j] = best[j - 1], dist[j] = dist[j - 1];
		if (j < SUGGEST) {
			best[j] = i, dist[j] = d;
			if (k < SUGGEST)
				k++;
		}
	}
	snprintf(out, n, "closest known ids:");
	for (int j = 0; j < k; j++) {
		len = strlen(out);
		snprintf(out + len, n - len, "%s %s", j ? "," : "",
			 cat->types[best[j]].id);
	}
}

int
gamefile_find_tile(const struct catalog *cat, const struct rules_options *opt,
		   const char *id, char *why, size_t n)
{
	int i = catalog_find(cat, id);
	char near[160];

	if (i < 0) {
		suggest_ids(cat, opt, id, near, sizeof(near));
		snprintf(why, n, "unknown tile id '%s' (%s)", id, near);
		return -1;
	}
	if (strcmp(cat->types[i].set, "river") == 0 && !opt->river) {
		snprintf(why, n, "tile %s is a river tile: it needs the river expansion",
			 id);
		return -1;
	}
	if (cat->types[i].count[opt->edition - 1] == 0) {
		snprintf(why, n, "tile %s is not in the %s edition's tile set", id,
			 opt->edition == 1 ? "1st" : "2nd");
		return -1;
	}
	return i;
}

/* ---- to JSON ---- */

json_t *
gamefile_rules_json(const struct rules_options *o)
{
	return json_pack("{s:i, s:b, s:b, s:b, s:s}", "edition", o->edition, "farmers",
			 o->farmers, "river", o->river, "abbot", o->abbot, "river_uturn",
			 gamefile_uturn_name(o->river_uturn));
}

json_t *
gamefile_decision_json(const struct gamefile *gf)
{
	struct decision d;

	game_decision(gf->game, &d);
	if (d.kind == DECISION_GAME_OVER)
		return json_pack("{s:s}", "kind", decision_kind_name(d.kind));
	return json_pack("{s:s, s:s, s:s}", "kind", decision_kind_name(d.kind), "player",
			 gf->name[d.player], "tile", gf->cat->types[d.tile].id);
}

json_t *
gamefile_summary_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *scores = json_object();

	for (int p = 0; p < gf->nplayers; p++)
		json_object_set_new(scores, gf->name[p],
				    json_integer(g->player[p].score));
	return json_pack("{s:i, s:b, s:o, s:o, s:i}", "turn", g->turn, "over", g->over,
			 "decision", gamefile_decision_json(gf), "scores", scores,
			 "tiles_left", game_tiles_left(g));
}

static json_t *
strings_json(char **s, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_string(s[i]));
	return a;
}

static json_t *
players_json(const struct gamefile *gf)
{
	json_t *a = json_array();

	for (int p = 0; p < gf->nplayers; p++)
		json_array_append_new(a, json_pack("{s:s}", "name", gf->name[p]));
	return a;
}

/* The keys in a fixed order, so that saving the same game twice gives the
 * same bytes. */
json_t *
gamefile_to_json(const struct gamefile *gf)
{
	char hex[2 * SEED_BYTES + 1];
	json_t *root;

	gamefile_seed_hex(gf->setup.seed, hex);
	root = json_pack("{s:s, s:i, s:o, s:o, s:i, s:s}", "format", GAMEFILE_FORMAT,
			 "version", GAMEFILE_VERSION, "rules",
			 gamefile_rules_json(&gf->setup.opt), "players", players_json(gf),
			 "first_player", gf->setup.first_player, "seed", hex);
	if (root == NULL)
		return NULL;
	if (gf->start_given)
		json_object_set_new(root, "start",
				    json_string(gf->cat->types[gf->setup.start].id));
	if (gf->order) {
		json_t *tiles = json_array();
		for (int i = 0; i < gf->norder; i++)
			json_array_append_new(
			    tiles, json_string(gf->cat->types[gf->order[i]].id));
		json_object_set_new(root, "tiles", tiles);
	}
	json_object_set_new(root, "actions", strings_json(gf->action, gf->naction));
	json_object_set_new(root, "summary", gamefile_summary_json(gf));
	return root;
}

char *
gamefile_dumps(const struct gamefile *gf)
{
	json_t *root = gamefile_to_json(gf);
	char *text, *out;
	size_t len;

	if (root == NULL)
		return NULL;
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (text == NULL)
		return NULL;
	len = strlen(text);
	if ((out = realloc(text, len + 2)) == NULL) {
		free(text);
		return NULL;
	}
	memcpy(out + len, "\n", 2);
	return out;
}
