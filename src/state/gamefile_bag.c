/* Reading the bag of a game document. The host view has it whole, in
 * order, with the seed it was shuffled from. The other views have the
 * public log of the tiles drawn so far ("?" for one drawn in secret) and
 * how many of each type are to come: their game is blind (game_blind),
 * its pile every tile of the rules in catalogue order and its draws the
 * log's; the replay then gives the counts to come, which must be the
 * document's (gf_check_replayed). */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile_load.h"
#include "jsonv.h"

/* The bag the engine deals for gf's rules and start tile from seed. */
static int *
probe_bag(const struct gamefile *gf, const uint8_t seed[SEED_BYTES], int *n,
	  struct gf_error *err)
{
	struct game_setup s = gf->setup;
	struct rules_error re = {0};
	struct game *g;
	int *order;

	s.order = NULL;
	s.norder = 0;
	memcpy(s.seed, seed, SEED_BYTES);
	if ((g = game_new(gf->cat, &s, &re)) == NULL) {
		gf_fail(err, "", "cannot start the game: %s", re.text);
		return NULL;
	}
	if ((order = malloc(sizeof(int) * (g->bag_len ? g->bag_len : 1))) != NULL) {
		for (int i = 0; i < g->bag_len; i++)
			order[i] = g->bag[i];
		*n = g->bag_len;
	} else
		gf_fail(err, "", "out of memory");
	sodium_memzero(s.seed, sizeof(s.seed));
	game_free(g);
	return order;
}

int *
gf_bag_counts(const struct gamefile *gf, struct gf_error *err)
{
	static const uint8_t zero[SEED_BYTES];
	int n = 0, *order = probe_bag(gf, zero, &n, err);
	int *count = order ? calloc(gf->cat->ntypes, sizeof(int)) : NULL;

	if (order && count == NULL)
		gf_fail(err, "", "out of memory");
	for (int i = 0; count && i < n; i++)
		count[order[i]]++;
	free(order);
	return count;
}

static int
alloc_bag(struct gamefile *gf, size_t n, struct gf_error *err)
{
	if ((gf->bag = malloc(sizeof(int) * (n ? n : 1))) == NULL)
		return gf_fail(err, "", "out of memory");
	gf->nbag = 0;
	return 0;
}

/* Tile ids of the array at path into gf->bag, after those already there. */
static int
append_tiles(struct gamefile *gf, json_t *a, const char *path, struct gf_error *err)
{
	char p[JV_PATH];

	for (size_t i = 0; i < json_array_size(a); i++) {
		jv_index(p, path, i);
		if ((gf->bag[gf->nbag] = gf_tile_at(gf, json_array_get(a, i), p, err)) <
		    0)
			return -1;
		gf->nbag++;
	}
	return 0;
}

static int
load_addresses(json_t *secret, struct gamefile *gf, struct gf_error *err)
{
	json_t *o = json_object_get(secret, "addresses"), *v;
	struct gf_error e;
	char p[JV_PATH];
	const char *name;
	int player;

	if (o == NULL)
		return 0;
	if (!json_is_object(o))
		return gf_fail(
		    err, "secret.addresses",
		    "expected an object like {\"alice\": \"alice@example.org\"}, "
		    "found %s",
		    jv_kind(o));
	json_object_foreach(o, name, v) {
		jv_join(p, "secret.addresses", name);
		if ((player = gamefile_player(gf, name)) < 0 ||
		    strcmp(gf->name[player], name))
			return gf_fail(err, p, "\"%.20s\" is not a player of this game",
				       name);
		if (!json_is_string(v))
			return gf_fail(err, p, "expected a mail address, found %s",
				       jv_kind(v));
		if (gamefile_set_address(gf, player, json_string_value(v), &e) < 0)
			return gf_fail(err, p, "%s", e.text);
	}
	return 0;
}

static int
load_secret(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	static const char *const keys[] = {"seed", "bag", "addresses", "modules", NULL};
	json_t *s = jv_member(root, "", "secret", JSON_OBJECT, "an object", err), *bag;

	if (s == NULL || jv_keys(s, "secret", keys, err) < 0 ||
	    jv_hex(s, "secret", "seed", gf->setup.seed, SEED_BYTES, err) < 0 ||
	    (bag = jv_member(s, "secret", "bag", JSON_ARRAY, "an array of tile ids",
			     err)) == NULL)
		return -1;
	if (json_array_size(bag) == 0)
		return gf_fail(err, "secret.bag",
			       "an empty bag: a game has tiles to draw");
	if (alloc_bag(gf, json_array_size(bag), err) < 0 ||
	    append_tiles(gf, bag, "secret.bag", err) < 0)
		return -1;
	return load_addresses(s, gf, err);
}

/* The counts of the object at path ("remaining"): their sum. */
static int
counts_total(json_t *rem, const char *path, long *total, struct gf_error *err)
{
	char p[JV_PATH];
	const char *id;
	json_t *v;

	*total = 0;
	json_object_foreach(rem, id, v) {
		jv_join(p, path, id);
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > 999)
			return json_is_integer(v)
				   ? gf_fail(err, p, "%lld is out of range 1..999",
					     (long long)json_integer_value(v))
				   : gf_fail(err, p,
					     "expected a number of tiles, found %s",
					     jv_kind(v));
		*total += (long)json_integer_value(v);
	}
	return 0;
}

static int
append_counts(struct gamefile *gf, json_t *rem, const char *path, struct gf_error *err)
{
	char p[JV_PATH];
	const char *id;
	json_t *v, *name;
	int t;

	json_object_foreach(rem, id, v) {
		jv_join(p, path, id);
		if ((name = json_string(id)) == NULL)
			return gf_fail(err, "", "out of memory");
		t = gf_tile_at(gf, name, p, err);
		json_decref(name);
		if (t < 0)
			return -1;
		for (json_int_t k = 0; k < json_integer_value(v); k++)
			gf->bag[gf->nbag++] = t;
	}
	return 0;
}

/* The public log: tile ids, "?" for a tile drawn in secret. */
static int
load_log(json_t *drawn, struct gamefile *gf, struct gf_error *err)
{
	char p[JV_PATH];
	json_t *v;

	if ((gf->log = malloc(sizeof(int) * (json_array_size(drawn) + 1))) == NULL)
		return gf_fail(err, "", "out of memory");
	for (gf->nlog = 0; (size_t)gf->nlog < json_array_size(drawn); gf->nlog++) {
		v = json_array_get(drawn, (size_t)gf->nlog);
		jv_index(p, "drawn", (size_t)gf->nlog);
		if (json_is_string(v) && strcmp(json_string_value(v), GF_TILE_UNSEEN) == 0)
			gf->log[gf->nlog] = TILE_UNKNOWN;
		else if ((gf->log[gf->nlog] = gf_tile_at(gf, v, p, err)) < 0)
			return -1;
	}
	return 0;
}

/* The pile of a shuffled game: every tile its rules deal, in catalogue
 * order. */
static int
full_pile(struct gamefile *gf, struct gf_error *err)
{
	int *count = gf_bag_counts(gf, err), n = 0;

	for (int t = 0; count && t < gf->cat->ntypes; t++)
		n += count[t];
	if (count == NULL || alloc_bag(gf, (size_t)n, err) < 0) {
		free(count);
		return -1;
	}
	for (int t = 0; t < gf->cat->ntypes; t++)
		for (int k = 0; k < count[t]; k++)
			gf->bag[gf->nbag++] = t;
	free(count);
	return 0;
}

/* A given bag's tiles are the document's alone: fair_draw.tiles when
 * tiles went back or were drawn in secret (those count in drawn and in
 * remaining both), else those drawn and those to come. */
static int
given_pile(json_t *root, struct gamefile *gf, json_t *rem, long total, struct gf_error *err)
{
	json_t *tiles = json_object_get(json_object_get(root, "fair_draw"), "tiles");

	if (tiles) {
		if (!json_is_object(tiles))
			return gf_fail(err, "fair_draw.tiles",
				       "expected an object of tile counts, found %s",
				       jv_kind(tiles));
		if (counts_total(tiles, "fair_draw.tiles", &total, err) < 0 ||
		    alloc_bag(gf, (size_t)total, err) < 0)
			return -1;
		return append_counts(gf, tiles, "fair_draw.tiles", err);
	}
	if (alloc_bag(gf, (size_t)gf->nlog + (size_t)total, err) < 0)
		return -1;
	for (int i = 0; i < gf->nlog; i++)
		if (gf->log[i] >= 0)
			gf->bag[gf->nbag++] = gf->log[i];
	return append_counts(gf, rem, "remaining", err);
}

/* The seat whose view this is (you.name, read again with the rest of
 * you once the game is replayed), or -1. */
static int
view_seat(json_t *root, const struct gamefile *gf)
{
	json_t *name = json_object_get(json_object_get(root, "you"), "name");

	return json_is_string(name) ? gamefile_player(gf, json_string_value(name)) : -1;
}

static int
load_public_bag(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	json_t *drawn =
	    jv_member(root, "", "drawn", JSON_ARRAY, "an array of tile ids", err);
	json_t *rem = drawn ? jv_member(root, "", "remaining", JSON_OBJECT,
					"an object of tile counts", err)
			    : NULL;
	long total;

	if (rem == NULL || counts_total(rem, "remaining", &total, err) < 0 ||
	    load_log(drawn, gf, err) < 0)
		return -1;
	if (json_array_size(drawn) + (size_t)total == 0)
		return gf_fail(err, "drawn",
			       "no tiles drawn and none left: a game has tiles");
	gf->setup.blind = true;
	gf->setup.viewer = gf->view == GF_VIEW_PLAYER ? view_seat(root, gf) : -1;
	gf->setup.log = gf->log;
	gf->setup.nlog = gf->nlog;
	return gf->bag_mode == GF_BAG_SHUFFLED ? full_pile(gf, err)
					       : given_pile(root, gf, rem, total, err);
}

/* A shuffled bag holds exactly what the tile sets put in it. */
static int
check_counts(const struct gamefile *gf, struct gf_error *err)
{
	const char *path = "secret.bag";
	int *want = gf_bag_counts(gf, err), *have;
	int r = 0;

	if (want == NULL)
		return -1;
	if ((have = calloc(gf->cat->ntypes, sizeof(int))) == NULL) {
		free(want);
		return gf_fail(err, "", "out of memory");
	}
	for (int i = 0; i < gf->nbag; i++)
		have[gf->bag[i]]++;
	for (int t = 0; t < gf->cat->ntypes && r == 0; t++)
		if (have[t] != want[t])
			r = gf_fail(err, path,
				    "%d cop%s of %s, but the tile sets of these rules "
				    "leave %d to draw (was the file edited?)",
				    have[t], have[t] == 1 ? "y" : "ies",
				    gf->cat->types[t].id, want[t]);
	free(have);
	free(want);
	return r;
}

static int
check_commitment(const struct gamefile *gf, struct gf_error *err)
{
	uint8_t h[GF_HASH_BYTES];

	gamefile_commit(gf->cat, gf->setup.seed, gf->setup.start, gf->bag, gf->nbag, h);
	if (sodium_memcmp(h, gf->commitment, sizeof(h)) != 0)
		return gf_fail(err, "fair_draw.commitment",
			       "does not match the seed, the start tile and the bag (was "
			       "the file edited?)");
	return 0;
}

/* Only this carcpbem's own shuffle can be checked; an older one stays
 * bound by the commitment. */
static int
check_shuffle(const struct gamefile *gf, struct gf_error *err)
{
	int n = 0, *order, r = 0;
	char p[JV_PATH];

	if (gf->bag_mode != GF_BAG_SHUFFLED || strcmp(gf->shuffle, GF_BAG_SHUFFLE) != 0)
		return 0;
	if ((order = probe_bag(gf, gf->setup.seed, &n, err)) == NULL)
		return -1;
	for (int i = 0; i < n && i < gf->nbag && r == 0; i++)
		if (order[i] != gf->bag[i]) {
			jv_index(p, "secret.bag", (size_t)i);
			r = gf_fail(err, p,
				    "%s, but the seed shuffles %s here (was the file "
				    "edited?)",
				    gf->cat->types[gf->bag[i]].id,
				    gf->cat->types[order[i]].id);
		}
	free(order);
	return r;
}

int
gf_load_bag(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	int r = gf->view == GF_VIEW_HOST ? load_secret(root, gf, err)
					 : load_public_bag(root, gf, err);

	if (r < 0 || gf->view != GF_VIEW_HOST)
		return r;
	if (gf->bag_mode == GF_BAG_SHUFFLED && check_counts(gf, err) < 0)
		return -1;
	if (check_commitment(gf, err) < 0)
		return -1;
	return check_shuffle(gf, err);
}
