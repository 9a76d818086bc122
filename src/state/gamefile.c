/* The game in memory: creating, copying the setup, playing actions.
 * Reading a document is in gamefile_load.c, writing one in gamefile_json.c
 * and gamefile_io.c. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile_impl.h"
#include "jsonv.h"

struct gamefile *
gf_alloc(const struct catalog *cat)
{
	struct gamefile *gf = calloc(1, sizeof(*gf));

	if (gf) {
		gf->cat = cat;
		gf->me = -1;
		gf->version = GAMEFILE_VERSION;
	}
	return gf;
}

void
gamefile_free(struct gamefile *gf)
{
	if (gf == NULL)
		return;
	for (int i = 0; i < gf->naction; i++)
		free(gf->action[i]);
	for (int p = 0; p < MAX_PLAYERS; p++)
		free(gf->address[p]);
	free(gf->action);
	free(gf->bag);
	free(gf->log);
	game_free(gf->game);
	json_decref(gf->memo.core);
	sodium_memzero(gf->setup.seed, sizeof(gf->setup.seed));
	free(gf);
}

int
gf_start(struct gamefile *gf, struct gf_error *err)
{
	struct rules_error rerr = {0};

	gf->setup.order = gf->bag;
	gf->setup.norder = gf->nbag;
	gf->game = game_new(gf->cat, &gf->setup, &rerr);
	if (gf->game == NULL)
		return gf_fail(err, "", "cannot start the game: %s%s%s", rerr.rule,
			       rerr.rule[0] ? ": " : "", rerr.text);
	return 0;
}

static int
copy_bag(struct gamefile *gf, const int *order, int n)
{
	if ((gf->bag = malloc(sizeof(int) * (n ? n : 1))) == NULL)
		return -1;
	memcpy(gf->bag, order, sizeof(int) * n);
	gf->nbag = n;
	return 0;
}

/* The engine shuffles once; the order is kept from then on, so the game no
 * longer depends on the shuffle (GF_BAG_SHUFFLE names it). */
static int
fix_bag(struct gamefile *gf, struct gf_error *err)
{
	struct game *g;
	int *order;

	gf->setup.order = NULL;
	if (gf_start(gf, err) < 0)
		return -1;
	g = gf->game;
	if ((order = malloc(sizeof(int) * (g->bag_len ? g->bag_len : 1))) == NULL)
		return gf_fail(err, "", "out of memory");
	for (int i = 0; i < g->bag_len; i++)
		order[i] = g->bag[i];
	gf->bag = order;
	gf->nbag = g->bag_len;
	gf->setup.start = g->start_type;
	game_free(g);
	gf->game = NULL;
	return 0;
}

/* Without --id a game is named after its seed, so that the same seed makes
 * the same document. */
static void
default_id(struct gamefile *gf)
{
	static const char tag[] = "carcpbem game id v1";
	uint8_t h[4];

	crypto_generichash(h, sizeof(h), gf->setup.seed, SEED_BYTES,
			   (const unsigned char *)tag, sizeof(tag) - 1);
	jv_tohex(h, sizeof(h), gf->id);
}

/* What gamefile_new makes, gamefile_load must read back: tiles of the
 * game's own sets and edition only. */
static int
check_tiles(const struct catalog *cat, const struct game_setup *setup,
	    struct gf_error *err)
{
	char why[300], path[32];

	for (int i = 0; i < setup->norder; i++) {
		snprintf(path, sizeof(path), "tiles[%d]", i);
		if (setup->order[i] < 0 || setup->order[i] >= cat->ntypes)
			return gf_fail(err, path, "no such tile");
		if (gamefile_find_tile(cat, &setup->opt, cat->types[setup->order[i]].id,
				       why, sizeof(why)) < 0)
			return gf_fail(err, path, "%s", why);
	}
	if (setup->start >= 0 && gamefile_find_tile(cat, &setup->opt,
						    cat->types[setup->start].id, why,
						    sizeof(why)) < 0)
		return gf_fail(err, "start", "%s", why);
	return 0;
}

static int
new_checks(const struct catalog *cat, const struct game_setup *setup,
	   const char *const *names, struct gf_error *err)
{
	struct rules_options o = setup->opt;
	struct rules_error re = {0};
	int min, max;

	module_player_limits(&o, &min, &max);
	if (rules_options_check(&o, setup->nplayers, &re) < 0)
		return gf_fail(err,
			       setup->nplayers < min || setup->nplayers > max ? "players"
									      : "rules",
			       "%s%s%s%s", re.text, re.rule[0] ? " (" : "", re.rule,
			       re.rule[0] ? ")" : "");
	if (gf_check_names(names, setup->nplayers, err) < 0)
		return -1;
	if (setup->order && setup->norder <= 0)
		return gf_fail(err, "tiles", "an empty bag: give at least one tile");
	return check_tiles(cat, setup, err);
}

struct gamefile *
gamefile_new(const struct catalog *cat, const struct game_setup *setup,
	     const char *const *names, struct gf_error *err)
{
	struct gamefile *gf;
	int r;

	if (new_checks(cat, setup, names, err) < 0)
		return NULL;
	if ((gf = gf_alloc(cat)) == NULL) {
		gf_fail(err, "", "out of memory");
		return NULL;
	}
	gf->nplayers = setup->nplayers;
	for (int i = 0; i < gf->nplayers; i++)
		snprintf(gf->name[i], sizeof(gf->name[i]), "%s", names[i]);
	gf->setup = *setup;
	gf->bag_mode = setup->order ? GF_BAG_GIVEN : GF_BAG_SHUFFLED;
	if (!setup->order)
		snprintf(gf->shuffle, sizeof(gf->shuffle), "%s", GF_BAG_SHUFFLE);
	if (setup->order)
		r = copy_bag(gf, setup->order, setup->norder) < 0
			? gf_fail(err, "", "out of memory")
			: 0;
	else
		r = fix_bag(gf, err);
	if (r < 0 || gf_start(gf, err) < 0) {
		gamefile_free(gf);
		return NULL;
	}
	gf->setup.start = gf->game->start_type;
	gamefile_commit(cat, gf->setup.seed, gf->setup.start, gf->bag, gf->nbag,
			gf->commitment);
	default_id(gf);
	return gf;
}

int
gamefile_set_id(struct gamefile *gf, const char *id, struct gf_error *err)
{
	char why[160];

	if (gamefile_check_id(id, why, sizeof(why)) < 0)
		return gf_fail(err, "game", "%s", why);
	snprintf(gf->id, sizeof(gf->id), "%s", id);
	return 0;
}

int
gamefile_set_key(struct gamefile *gf, int player, const uint8_t key[GF_KEY_BYTES],
		 struct gf_error *err)
{
	char path[32];

	snprintf(path, sizeof(path), "players[%d].key", player);
	for (int p = 0; p < gf->nplayers; p++)
		if (p != player && gf->has_key[p] &&
		    memcmp(gf->key[p], key, GF_KEY_BYTES) == 0)
			return gf_fail(err, path,
				       "%s and %s have the same key: each player "
				       "needs a key of their own (carcpbem keygen)",
				       gf->name[p], gf->name[player]);
	memcpy(gf->key[player], key, GF_KEY_BYTES);
	gf->has_key[player] = true;
	return 0;
}

/* An address is only carried, never parsed: enough to refuse what would
 * break a mail header. */
int
gamefile_set_address(struct gamefile *gf, int player, const char *address,
		     struct gf_error *err)
{
	size_t len = strlen(address);
	char path[48];
	char *copy;

	snprintf(path, sizeof(path), "players[%d].address", player);
	if (len == 0 || len > GF_ADDRESS_LEN || !strchr(address, '@') ||
	    strpbrk(address, " \t\r\n<>,;\"") != NULL)
		return gf_fail(err, path,
			       "\"%.60s\" is not a mail address like alice@example.org",
			       address);
	if ((copy = strdup(address)) == NULL)
		return gf_fail(err, "", "out of memory");
	free(gf->address[player]);
	gf->address[player] = copy;
	return 0;
}

static int
copy_setup(struct gamefile *c, const struct gamefile *gf)
{
	memcpy(c->id, gf->id, sizeof(c->id));
	c->version = gf->version;
	c->view = gf->view;
	c->me = gf->me;
	c->nplayers = gf->nplayers;
	memcpy(c->name, gf->name, sizeof(c->name));
	memcpy(c->has_key, gf->has_key, sizeof(c->has_key));
	memcpy(c->key, gf->key, sizeof(c->key));
	memcpy(c->key_kind, gf->key_kind, sizeof(c->key_kind));
	c->setup = gf->setup;
	c->bag_mode = gf->bag_mode;
	memcpy(c->shuffle, gf->shuffle, sizeof(c->shuffle));
	memcpy(c->commitment, gf->commitment, sizeof(c->commitment));
	for (int p = 0; p < gf->nplayers; p++)
		if (gf->address[p] && (c->address[p] = strdup(gf->address[p])) == NULL)
			return -1;
	return copy_bag(c, gf->bag, gf->nbag);
}

struct gamefile *
gamefile_initial(const struct gamefile *gf, struct gf_error *err)
{
	struct gamefile *c = gf_alloc(gf->cat);

	if (c == NULL || copy_setup(c, gf) < 0) {
		gamefile_free(c);
		gf_fail(err, "", "out of memory");
		return NULL;
	}
	if (gf_start(c, err) < 0) {
		gamefile_free(c);
		return NULL;
	}
	return c;
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

/* Another player's decision: say whose, by name. */
static int
not_yours(const struct gamefile *gf, struct rules_error *err)
{
	struct decision d;

	game_decision(gf->game, &d);
	snprintf(err->text, sizeof(err->text), "it is not your decision: %s %s",
		 gf->name[d.player], d.what);
	return -1;
}

/* player -1: as the decision's owner. */
static int
play_action_by(struct gamefile *gf, int player, const struct action *a,
	       struct rules_error *err)
{
	char buf[64], *text;
	int r;

	action_format(gf->game, a, buf, sizeof(buf));
	if (reserve(gf) < 0 || (text = strdup(buf)) == NULL)
		return rerr(err, RERR_NOMEM, "", "out of memory");
	r = player < 0 ? game_apply(gf->game, a, err) : game_apply_by(gf->game, player, a, err);
	if (r < 0) {
		free(text);
		return err->code == RERR_NOT_YOURS ? not_yours(gf, err) : -1;
	}
	gf->action[gf->naction++] = text;
	return 0;
}

int
gamefile_play_action(struct gamefile *gf, const struct action *a, struct rules_error *err)
{
	return play_action_by(gf, -1, a, err);
}

/* The rules name the slot a place word acted on ("NL" for "N" on a field
 * side): put back the player's word, the first time the slot is named. */
static void
name_as_written(struct rules_error *err, const struct action *a, const char *text)
{
	const char *slot = slot_name(a->slot), *word = text, *at = err->text;
	size_t n = strlen(slot), wn;
	char rest[sizeof(err->text)];

	word += strspn(word, " \t\r\n");        /* the role word */
	word += strcspn(word, " \t\r\n");
	word += strspn(word, " \t\r\n");        /* the place word */
	if ((wn = strcspn(word, " \t\r\n")) == 0 || wn > 12)
		return;
	for (; (at = strstr(at, slot)) != NULL; at += n)
		if ((at == err->text || at[-1] == ' ') && strchr(" ;:,", at[n]))
			break;
	if (at == NULL || (wn == n && strncmp(word, slot, n) == 0))
		return;
	snprintf(rest, sizeof(rest), "%s", at + n);
	snprintf(err->text + (at - err->text), sizeof(err->text) - (size_t)(at - err->text),
		 "%.*s%s", (int)wn, word, rest);
}

/* A figure refused by the rules: name the tile's places too. */
static int
refused_figure(const struct gamefile *gf, struct rules_error *err)
{
	char places[160];
	size_t len = strlen(err->text);

	if (action_places(gf->game, places, sizeof(places)) == 0)
		snprintf(err->text + len, sizeof(err->text) - len, "; %s as placed: %s",
			 gf->cat->types[gf->game->placed[gf->game->last_placed].type].id,
			 places);
	return -1;
}

int
gamefile_play(struct gamefile *gf, const char *text, struct rules_error *err)
{
	return gamefile_play_by(gf, -1, text, err);
}

int
gamefile_play_by(struct gamefile *gf, int player, const char *text, struct rules_error *err)
{
	struct action a;

	if (action_parse_in(gf->game, text, &a, err) < 0)
		return -1; /* a place the tile lacks: the message lists its places */
	if (play_action_by(gf, player, &a, err) < 0) {
		if (a.kind != ACT_FIGURE || err->code == RERR_NOMEM ||
		    err->code == RERR_NOT_YOURS)
			return -1;
		name_as_written(err, &a, text);
		return refused_figure(gf, err);
	}
	return 0;
}

int
gf_replay_action(struct gamefile *gf, const char *text, const char *path,
		 struct gf_error *err)
{
	struct rules_error re = {0};
	struct action a;

	/* a view's draws so far followed its log, or the log is at fault */
	if (gf_check_log(gf, err) < 0)
		return -1;
	if (action_parse_in(gf->game, text, &a, &re) < 0)
		return gf_fail(err, path, "\"%.60s\": %s", text, re.text);
	if (gamefile_play_action(gf, &a, &re) < 0)
		return gf_fail(err, path, "\"%s\" is %s: %s%s%s", text,
			       re.code == RERR_NOMEM ? "not possible" : "illegal",
			       re.rule, re.rule[0] ? ": " : "", re.text);
	return 0;
}

int
gamefile_truncate(struct gamefile *gf, int n, struct gf_error *err)
{
	char **old = gf->action, path[32];
	int nold = gf->naction, r = 0;

	gf->action = NULL;
	gf->naction = gf->cap_action = 0;
	game_free(gf->game);
	gf->game = NULL;
	if (gf_start(gf, err) < 0)
		r = -1;
	for (int i = 0; i < n && i < nold && r == 0; i++) {
		snprintf(path, sizeof(path), "actions[%d]", i);
		r = gf_replay_action(gf, old[i], path, err);
	}
	for (int i = 0; i < nold; i++)
		free(old[i]);
	free(old);
	return r;
}
