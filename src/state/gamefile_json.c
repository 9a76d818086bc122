/* The game as a document, in each view. The public core (every key a
 * player may see) is built once and shared by the three views; the host
 * view adds the secrets, the player view the player's own. Keys come in a
 * fixed order, so that saving the same game twice gives the same bytes. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile_impl.h"
#include "jsonv.h"

const char *const gf_core_keys[] = {
	"game",       "rules", "players",   "first_player", "start",   "fair_draw",
	"turn",       "over",  "decision",  "tiles_left",   "drawn",   "remaining",
	"actions",    "board", "figures",   "aside",        "returned",     "modules",
	NULL};

/* river and abbot are always there (games made before the modules have
 * them); any other module's key only when it is on, so those games keep
 * their bytes and their state hash. */
json_t *
gamefile_rules_json(const struct rules_options *o)
{
	struct rules_options s = *o;
	json_t *r;

	r = json_pack("{s:i, s:b, s:b, s:b, s:s}", "edition", s.edition, "farmers",
		      s.farmers, "river", module_on(&s, MOD_RIVER), "abbot",
		      module_on(&s, MOD_ABBOT), "river_uturn",
		      gamefile_uturn_name(s.river_uturn));
	/* the house rule only when on: other games keep their bytes */
	if (r && s.dragon_moves != DRAGON_MOVES_EACH &&
	    json_object_set_new(r, "dragon_moves",
				json_string(gamefile_dragon_moves_name(s.dragon_moves))) < 0) {
		json_decref(r);
		r = NULL;
	}
	for (int i = 0; r && i < MODULE_COUNT; i++)
		if (i != MOD_RIVER && i != MOD_ABBOT && module_on(&s, i) &&
		    json_object_set_new(r, module_info(i)->name, json_true()) < 0) {
			json_decref(r);
			r = NULL;
		}
	return r;
}

json_t *
gamefile_decision_json(const struct gamefile *gf)
{
	struct decision d;

	game_decision(gf->game, &d);
	if (d.kind == DECISION_GAME_OVER)
		return json_pack("{s:s}", "kind", d.name);
	if (d.tile < 0) /* a module's decision before any tile: no tile to name */
		return json_pack("{s:s, s:s}", "kind", d.name, "player", gf->name[d.player]);
	return json_pack("{s:s, s:s, s:s}", "kind", d.name, "player", gf->name[d.player],
			 "tile", gf->cat->types[d.tile].id);
}

static json_t *
key_json(int kind, const uint8_t key[GF_KEY_BYTES])
{
	char text[GF_KEY_TEXT_MAX];

	gamefile_key_text(kind, key, text, sizeof(text));
	return json_string(text);
}

static json_t *
players_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *a = json_array();
	bool ok = true;

	for (int p = 0; p < gf->nplayers; p++) {
		const struct player_state *ps = &g->player[p];
		json_t *pl = json_pack("{s:s}", "name", gf->name[p]);
		json_t *supply = gamefile_supply_json(g, p);
		if (gf->has_key[p])
			jv_set(pl, "key", key_json(gf->key_kind[p], gf->key[p]), &ok);
		jv_set(pl, "score", json_integer(ps->score), &ok);
		jv_set(pl, "supply", supply, &ok);
		jv_append(a, pl, &ok);
	}
	return jv_done(a, ok);
}

static json_t *
fair_draw_json(const struct gamefile *gf)
{
	char hex[2 * GF_HASH_BYTES + 1];
	json_t *o;
	bool ok = true;

	jv_tohex(gf->commitment, GF_HASH_BYTES, hex);
	o = json_pack("{s:s}", "bag",
		      gf->bag_mode == GF_BAG_GIVEN ? "given" : "shuffled");
	if (gf->bag_mode == GF_BAG_SHUFFLED)
		jv_set(o, "shuffle", json_string(gf->shuffle), &ok);
	jv_set(o, "commitment", json_string(hex), &ok);
	if (gf->bag_mode == GF_BAG_GIVEN && gf_given_tiles_shown(gf))
		jv_set(o, "tiles", gf_counts_json(gf->cat, gf->bag, gf->nbag), &ok);
	return jv_done(o, ok);
}

bool
gf_given_tiles_shown(const struct gamefile *gf)
{
	return game_has_secrets(gf->game) || game_returned(gf->game) > 0;
}

json_t *
gf_counts_json(const struct catalog *cat, const int *tiles, int n)
{
	int *count = calloc((size_t)cat->ntypes + 1, sizeof(int));
	json_t *o = json_object();
	bool ok = count != NULL;

	for (int i = 0; ok && i < n; i++)
		count[tiles[i]]++;
	for (int t = 0; ok && t < cat->ntypes; t++)
		if (count[t])
			jv_set(o, cat->types[t].id, json_integer(count[t]), &ok);
	free(count);
	return jv_done(o, ok);
}

static json_t *
tiles_json(const struct gamefile *gf, int from, int to)
{
	json_t *a = json_array();
	bool ok = true;

	for (int i = from; i < to; i++)
		jv_append(a, json_string(gf->cat->types[gf->bag[i]].id), &ok);
	return jv_done(a, ok);
}

/* The tiles drawn so far, from the engine's bag: a module may have put
 * tiles back or set them aside since the committed order (bag_ops.c).
 * A tile drawn in secret is "?" to those who may not see it. */
json_t *
gf_drawn_json(const struct game *g, int viewer)
{
	json_t *a = json_array();
	bool ok = true;

	for (int i = 0; i < game_drawn_count(g); i++) {
		int t = game_drawn_seen(g, i, viewer);
		jv_append(a, json_string(t >= 0 ? g->cat->types[t].id : GF_TILE_UNSEEN), &ok);
	}
	return jv_done(a, ok);
}

/* How many of each type are still to come: public, unlike their order.
 * The tiles set aside count with them, so that which ones are aside
 * shows nowhere; "aside" gives only how many. */
static json_t *
remaining_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	int n = gf->cat->ntypes, *count = calloc(n ? n : 1, sizeof(int));
	json_t *o = json_object();
	bool ok = count != NULL;

	if (ok)
		game_remaining_counts(g, count);
	for (int t = 0; ok && t < n; t++)
		if (count[t])
			jv_set(o, gf->cat->types[t].id, json_integer(count[t]), &ok);
	free(count);
	return jv_done(o, ok);
}

static json_t *
actions_json(const struct gamefile *gf)
{
	json_t *a = json_array();
	bool ok = true;

	for (int i = 0; i < gf->naction; i++)
		jv_append(a, json_string(gf->action[i]), &ok);
	return jv_done(a, ok);
}

static json_t *
board_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *a = json_array();
	bool ok = true;

	for (int p = 0; p < g->nplaced; p++) {
		const struct placed_tile *pt = &g->placed[p];
		json_t *t = json_pack("{s:s, s:i, s:i, s:i, s:i}", "tile",
				      g->cat->types[pt->type].id, "x", pt->x, "y", pt->y,
				      "rotation", pt->rot * 90, "turn", pt->turn);
		if (pt->player >= 0)
			jv_set(t, "player", json_string(gf->name[pt->player]), &ok);
		jv_append(a, t, &ok);
	}
	return jv_done(a, ok);
}

/* A figure off the segments (a barn on a corner, a prisoner): its name,
 * the place's word, then the tile's x, y (and the corner) or its index
 * (docs/state-format.md). */
static json_t *
figure_off_json(const struct gamefile *gf, const struct figure *f)
{
	const struct game *g = gf->game;
	int p = figure_loc_placed(f->loc, f->at);
	json_t *o = json_pack("{s:s, s:s, s:s}", "player", gf->name[f->owner], "figure",
			      figure_type_of(g, f->type)->name, "place",
			      figure_loc_word(f->loc) ? figure_loc_word(f->loc) : "other");
	bool ok = o != NULL;

	if (p >= 0) {
		jv_set(o, "x", json_integer(g->placed[p].x), &ok);
		jv_set(o, "y", json_integer(g->placed[p].y), &ok);
		if (f->loc == LOC_CORNER)
			jv_set(o, "corner", json_string(figure_corner_name(f->at)), &ok);
	} else
		jv_set(o, "at", json_integer(f->at), &ok);
	return jv_done(o, ok);
}

json_t *
gamefile_figures_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *a = json_array();
	bool ok = true;

	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		const struct placed_tile *pt;
		int kind;
		if (f->loc != LOC_SEGMENT) {
			if (f->loc != LOC_SUPPLY)
				jv_append(a, figure_off_json(gf, f), &ok);
			continue;
		}
		pt = &g->placed[f->seg / TILE_SEG_MAX];
		kind = g->feat[f->seg].kind;
		jv_append(a,
			  json_pack("{s:s, s:s, s:s, s:i, s:i, s:s}", "player",
				    gf->name[f->owner], "figure",
				    figure_role(g, kind, f->type), "feature",
				    seg_kind_name(kind), "x", pt->x, "y", pt->y, "slot",
				    slot_name(game_segment_slot(g, f->seg))),
			  &ok);
	}
	return jv_done(a, ok);
}

/* The game file's "turn" counts the turn being played; after the last
 * one, the turn that found the pile empty (files before the engine
 * counted only turns played keep their bytes and state hashes). */
static int
file_turn(const struct game *g)
{
	return g->turn + g->over;
}

/* A module's field: its number, or its list of numbers. */
json_t *
gf_field_json(const struct rules_field *f)
{
	json_t *a;

	if (f->values == NULL)
		return json_integer(f->value);
	if ((a = json_array()) == NULL)
		return NULL;
	for (int i = 0; i < f->nvalues; i++)
		if (json_array_append_new(a, json_integer(f->values[i])) < 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* Module i's fields, all of them (a module says how many it has: the
 * buffer grows to that, nothing is dropped), as {"key": n or [n...]};
 * NULL with *ok still true when it has none. */
static json_t *
module_json(const struct game *g, int i, bool *ok)
{
	struct rules_field local[16], *f = local;
	int n = game_module_state(g, i, f, 16);
	json_t *m;

	if (n > 16 && (f = malloc(sizeof(*f) * (size_t)n)) != NULL)
		n = game_module_state(g, i, f, n);
	if (f == NULL)
		*ok = false;
	if (n <= 0 || f == NULL)
		return NULL;
	if ((m = json_object()) == NULL)
		*ok = false;
	for (int k = 0; m && k < n; k++)
		jv_set(m, f[k].key, gf_field_json(&f[k]), ok);
	if (f != local)
		free(f);
	return m;
}

/* The rule modules' own state, {"module": {"key": n, ...}}, or NULL when
 * no module on has any: a base game's file keeps its bytes. */
static json_t *
modules_json(const struct game *g)
{
	json_t *o = NULL;
	bool ok = true;

	for (int i = 0; i < game_modules(g) && ok; i++) {
		json_t *m = module_json(g, i, &ok);
		if (m == NULL)
			continue;
		if (o == NULL && (o = json_object()) == NULL) {
			json_decref(m);
			return NULL;
		}
		jv_set(o, game_module_name(g, i), m, &ok);
	}
	return o ? jv_done(o, ok) : NULL;
}

json_t *
gf_public_core(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *core, *mods = modules_json(g);

	core = json_pack("{s:s, s:o, s:o, s:i, s:s, s:o, s:i, s:b, s:o, s:i, s:o, s:o, "
			 "s:o, s:o, s:o}",
			 "game", gf->id, "rules", gamefile_rules_json(&gf->setup.opt),
			 "players", players_json(gf), "first_player",
			 gf->setup.first_player, "start",
			 gf->cat->types[gf->setup.start].id, "fair_draw",
			 fair_draw_json(gf), "turn", file_turn(g), "over", g->over, "decision",
			 gamefile_decision_json(gf), "tiles_left", game_tiles_left(g),
			 "drawn", gf_drawn_json(g, -1), "remaining",
			 remaining_json(gf), "actions", actions_json(gf), "board",
			 board_json(gf), "figures", gamefile_figures_json(gf));
	/* only while tiles are aside: other games keep their bytes and hash */
	if (core && g->bag_aside &&
	    json_object_set_new(core, "aside", json_integer(g->bag_aside)) < 0) {
		json_decref(core);
		core = NULL;
	}
	if (core && game_returned(g) &&
	    json_object_set_new(core, "returned", json_integer(game_returned(g))) < 0) {
		json_decref(core);
		core = NULL;
	}
	if (core && mods && json_object_set_new(core, "modules", mods) < 0) {
		json_decref(core);
		return NULL;
	}
	if (core == NULL)
		json_decref(mods);
	return core;
}

static json_t *
secret_json(const struct gamefile *gf)
{
	char hex[2 * SEED_BYTES + 1];
	json_t *o, *mods, *addr = json_object();
	bool ok = addr != NULL;

	gamefile_seed_hex(gf->setup.seed, hex);
	o = json_pack("{s:s, s:o}", "seed", hex, "bag", tiles_json(gf, 0, gf->nbag));
	sodium_memzero(hex, sizeof(hex));
	for (int p = 0; p < gf->nplayers; p++)
		if (gf->address[p])
			jv_set(addr, gf->name[p], json_string(gf->address[p]), &ok);
	if (json_object_size(addr))
		jv_set(o, "addresses", addr, &ok);
	else
		json_decref(addr);
	if ((mods = gf_host_secrets_json(gf, &ok)) != NULL)
		jv_set(o, "modules", mods, &ok);
	return jv_done(o, ok);
}

static json_t *
you_json(const struct gamefile *gf, int p)
{
	json_t *o = json_pack("{s:s}", "name", gf->name[p]), *mine;
	bool ok = true;

	if (gf->address[p])
		jv_set(o, "address", json_string(gf->address[p]), &ok);
	if ((mine = gf_seat_secrets_json(gf->game, p, &ok)) != NULL)
		jv_set(o, "secret", mine, &ok);
	return jv_done(o, ok);
}

static json_t *
archive_json(const struct gamefile *gf)
{
	char hex[2 * GF_HASH_BYTES + 1];

	jv_tohex(gf->archive.head, GF_HASH_BYTES, hex);
	return json_pack("{s:I, s:s}", "records", (json_int_t)gf->archive.records,
			 "head", hex);
}

static void
add_view_extras(json_t *root, const struct gamefile *gf, int view, int player, bool *ok)
{
	if (view == GF_VIEW_PLAYER && player >= 0 && player < gf->nplayers) {
		jv_set(root, "you", you_json(gf, player), ok);
		/* the tiles the player drew in secret and holds, by name */
		if (gf_sees_more(gf->game, player))
			jv_set(root, "drawn", gf_drawn_json(gf->game, player), ok);
	}
	if (view != GF_VIEW_HOST)
		return;
	jv_set(root, "secret", secret_json(gf), ok);
	if (gf->archive.records > 0)
		jv_set(root, "archive", archive_json(gf), ok);
}

/* The view with the state's shared core in it (gf->memo): to dump, not
 * to change. */
static json_t *
view_shared(const struct gamefile *gf, int view, int player)
{
	uint8_t h[GF_HASH_BYTES];
	json_t *core = gf_shared_core(gf, h), *root, *v;
	char hex[GF_STATE_HEX + 1];
	const char *key;
	bool ok = true;

	if (core == NULL)
		return NULL;
	jv_tohex(h, (size_t)gamefile_state_hex(gf) / 2, hex);
	root = json_pack("{s:s, s:i, s:s, s:s}", "format", GAMEFILE_FORMAT, "version",
			 gf->version, "view", gamefile_view_name(view), "state_hash",
			 hex);
	json_object_foreach(core, key, v)
		if (json_object_set(root, key, v) < 0)
			ok = false;
	json_decref(core);
	add_view_extras(root, gf, view, player, &ok);
	return jv_done(root, ok);
}

json_t *
gamefile_view_json(const struct gamefile *gf, int view, int player)
{
	json_t *shared = view_shared(gf, view, player);
	json_t *own = shared ? json_deep_copy(shared) : NULL;

	json_decref(shared);
	return own;
}

json_t *
gamefile_to_json(const struct gamefile *gf)
{
	return gamefile_view_json(gf, gf->view, gf->me);
}

static char *
dumps_nl(json_t *root)
{
	char *text, *out;
	size_t len;

	if (root == NULL)
		return NULL;
	text = jv_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
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

char *
gamefile_view_dumps(const struct gamefile *gf, int view, int player)
{
	return dumps_nl(view_shared(gf, view, player));
}

char *
gamefile_dumps(const struct gamefile *gf)
{
	return dumps_nl(view_shared(gf, gf->view, gf->me));
}
