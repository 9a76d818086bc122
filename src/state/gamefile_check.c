/* Checking the state a game document stores: first its form (types,
 * ranges, references), so that nonsense gets a precise message, then that
 * it is exactly the state replaying the actions gives: the engine
 * re-derives the board, the features the figures stand on, the scores and
 * the decision, and any difference is named by its path. */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "gamefile_load.h"
#include "jsonv.h"

#define COORD_MAX 9999
#define COUNT_MAX 9999

/* A reference to a player by name. */
static int
player_ref(const struct gamefile *gf, json_t *obj, const char *path, const char *key,
	   struct gf_error *err)
{
	const char *name = jv_string(obj, path, key, "a player's name", err);
	char p[JV_PATH];
	int i;

	if (name == NULL)
		return -1;
	for (i = 0; i < gf->nplayers && strcmp(gf->name[i], name) != 0; i++)
		;
	if (i < gf->nplayers)
		return i;
	jv_join(p, path, key);
	return gf_fail(err, p, "\"%.20s\" is not a player of this game", name);
}

static int
tile_ref(const struct gamefile *gf, json_t *obj, const char *path, const char *key,
	 struct gf_error *err)
{
	json_t *v = jv_member(obj, path, key, JSON_STRING, "a tile id", err);
	char p[JV_PATH];

	char why[300];
	int t;

	jv_join(p, path, key);
	if (v == NULL)
		return -1;
	t = gamefile_find_board_tile(gf->cat, &gf->setup.opt, json_string_value(v), why,
				     sizeof(why));
	return t < 0 ? gf_fail(err, p, "%s", why) : t;
}

/* One of the words in list (NULL-terminated). */
static int
word_ref(json_t *obj, const char *path, const char *key, const char *const *list,
	 const char *what, struct gf_error *err)
{
	const char *s = jv_string(obj, path, key, what, err);
	char p[JV_PATH];

	if (s == NULL)
		return -1;
	for (int i = 0; list[i]; i++)
		if (strcmp(s, list[i]) == 0)
			return i;
	jv_join(p, path, key);
	return gf_fail(err, p, "\"%.30s\" is not %s", s, what);
}

/* Whether key names a figure type some module of the catalogue has, on
 * or off. */
static bool
other_figure(const struct gamefile *gf, const char *key)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int n = rules_figure_rows(gf->cat, rows, FIG_TYPE_MAX);

	for (int i = 0; i < n && i < FIG_TYPE_MAX; i++) {
		char k[48];
		if (strcmp(gamefile_supply_key(rows[i], k, sizeof(k)), key) == 0)
			return true;
	}
	return false;
}

/* supply: a count per figure type of the game's table (supply.c). */
static int
check_supply(const struct gamefile *gf, json_t *supply, const char *p, struct gf_error *err)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	char keys[FIG_TYPE_MAX][48];
	const char *known[FIG_TYPE_MAX + 1];
	int n = rules_figure_types(gf->cat, &gf->setup.opt, rows, FIG_TYPE_MAX), v;
	const char *key;
	json_t *val;

	n = n > FIG_TYPE_MAX ? FIG_TYPE_MAX : n;
	for (int i = 0; i < n; i++)
		known[i] = gamefile_supply_key(rows[i], keys[i], sizeof(keys[i]));
	known[n] = NULL;
	json_object_foreach(supply, key, val) {
		int i = 0;
		while (known[i] && strcmp(known[i], key) != 0)
			i++;
		if (known[i] == NULL && other_figure(gf, key))
			return gf_fail(err, p, "has \"%s\", but the rules have none", key);
	}
	if (jv_keys(supply, p, known, err) < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (jv_int(supply, p, known[i], 0, rows[i]->supply, &v, err) < 0)
			return -1;
	return 0;
}

static int
check_player(const struct gamefile *gf, json_t *pl, const char *path,
	     struct gf_error *err)
{
	char p[JV_PATH];
	json_t *supply;
	int v;

	if (jv_int(pl, path, "score", 0, COUNT_MAX, &v, err) < 0 ||
	    (supply = jv_member(pl, path, "supply", JSON_OBJECT, "an object", err)) ==
		NULL)
		return -1;
	jv_join(p, path, "supply");
	return check_supply(gf, supply, p, err);
}

static int
check_players(json_t *root, const struct gamefile *gf, struct gf_error *err)
{
	json_t *a = json_object_get(root, "players");
	char p[JV_PATH];

	for (int i = 0; i < gf->nplayers; i++) {
		jv_index(p, "players", (size_t)i);
		if (check_player(gf, json_array_get(a, i), p, err) < 0)
			return -1;
	}
	return 0;
}

/* The kind is the engine's name for the decision ("place-tile",
 * "place-figure", "game-over" or a rule module's): the replay compares it. */
static int
check_decision(json_t *root, const struct gamefile *gf, struct gf_error *err)
{
	static const char *const keys[] = {"kind", "player", "tile", NULL};
	json_t *d = jv_member(root, "", "decision", JSON_OBJECT, "an object", err);
	const char *kind;

	if (d == NULL || jv_keys(d, "decision", keys, err) < 0 ||
	    (kind = jv_string(d, "decision", "kind",
			      "a decision kind such as \"place-tile\"", err)) == NULL)
		return -1;
	if (strcmp(kind, "game-over") == 0)
		return 0;
	if (player_ref(gf, d, "decision", "player", err) < 0)
		return -1;
	if (json_object_get(d, "tile") == NULL && strcmp(kind, "place-tile") != 0 &&
	    strcmp(kind, "place-figure") != 0)
		return 0;
	return tile_ref(gf, d, "decision", "tile", err) < 0 ? -1 : 0;
}

static int
check_tile(const struct gamefile *gf, json_t *t, const char *path, struct gf_error *err)
{
	static const char *const keys[] = {"tile", "x", "y", "rotation", "turn", "player",
					   NULL};
	char p[JV_PATH];
	int v;

	if (!json_is_object(t))
		return gf_fail(err, path, "expected an object, found %s", jv_kind(t));
	if (jv_keys(t, path, keys, err) < 0 || tile_ref(gf, t, path, "tile", err) < 0 ||
	    jv_int(t, path, "x", -COORD_MAX, COORD_MAX, &v, err) < 0 ||
	    jv_int(t, path, "y", -COORD_MAX, COORD_MAX, &v, err) < 0 ||
	    jv_int(t, path, "rotation", 0, 270, &v, err) < 0 ||
	    jv_int(t, path, "turn", 0, COUNT_MAX, &v, err) < 0)
		return -1;
	jv_join(p, path, "rotation");
	if (json_integer_value(json_object_get(t, "rotation")) % 90)
		return gf_fail(
		    err, p, "%lld is not 0, 90, 180 or 270",
		    (long long)json_integer_value(json_object_get(t, "rotation")));
	if (json_object_get(t, "player") && player_ref(gf, t, path, "player", err) < 0)
		return -1;
	return 0;
}

static bool
on_board(json_t *board, json_t *x, json_t *y)
{
	size_t i;
	json_t *t;

	json_array_foreach(board, i, t)
		if (json_equal(json_object_get(t, "x"), x) &&
		    json_equal(json_object_get(t, "y"), y))
			return true;
	return false;
}

/* The words a figure's "figure" and "feature" may be, from the rules'
 * tables, and "a figure (thief, knight, ...)" to say so. */
struct figure_words {
	const char *roles[ROLE_WORDS_MAX + KIND_ROLE_WORDS_MAX + 1], *kinds[SEG_KIND_COUNT + 1];
	char roles_text[(ROLE_WORDS_MAX + 8) * 16], kinds_text[256];
};

static void
list_text(const char *what, const char *const *list, char *buf, size_t n)
{
	size_t len = (size_t)snprintf(buf, n, "%s (", what);

	for (int i = 0; list[i] && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", list[i]);
	if (len < n)
		snprintf(buf + len, n - len, ")");
}

static void
figure_words(const struct gamefile *gf, struct figure_words *w)
{
	int n = 0;

	int nr = rules_role_words(gf->cat, w->roles, NULL);

	rules_kind_role_words(gf->cat, w->roles + nr, NULL); /* "big thief" */
	for (int k = 0; k < SEG_KIND_COUNT; k++) /* the kinds a figure may stand on */
		if (seg_kinds[k].scores || seg_kinds[k].farm_city)
			w->kinds[n++] = seg_kinds[k].name;
	w->kinds[n] = NULL;
	list_text("a figure", w->roles, w->roles_text, sizeof(w->roles_text));
	list_text("a feature", w->kinds, w->kinds_text, sizeof(w->kinds_text));
}

/* Whether name is the name of a figure row of the catalogue's modules. */
static bool
figure_name(const struct gamefile *gf, const char *name)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int n = rules_figure_rows(gf->cat, rows, FIG_TYPE_MAX);

	for (int i = 0; i < n && i < FIG_TYPE_MAX; i++)
		if (strcmp(rows[i]->name, name) == 0)
			return true;
	return false;
}

/* A figure off the segments: "place" a word of figure_loc_word, on a
 * tile of the board (x, y, a corner's "corner") or at an index. */
static int
check_figure_off(const struct gamefile *gf, json_t *board, json_t *f, const char *path,
		 struct gf_error *err)
{
	static const char *const keys[] = {"player", "figure", "place", "x", "y", "corner", "at",
					   NULL};
	const char *name, *place, *corner;
	char p[JV_PATH];
	int v, loc;

	if (jv_keys(f, path, keys, err) < 0 || player_ref(gf, f, path, "player", err) < 0 ||
	    (name = jv_string(f, path, "figure", "a figure's name", err)) == NULL ||
	    (place = jv_string(f, path, "place", "a place", err)) == NULL)
		return -1;
	jv_join(p, path, "figure");
	if (!figure_name(gf, name))
		return gf_fail(err, p, "\"%.20s\" is not a figure", name);
	jv_join(p, path, "place");
	if ((loc = figure_loc_parse(place)) < 0)
		return gf_fail(err, p,
			       "\"%.20s\" is not a place: corner, quarter, tower, prison or other",
			       place);
	if (figure_loc_placed(loc, 0) < 0)
		return jv_int(f, path, "at", 0, COUNT_MAX, &v, err);
	if (jv_int(f, path, "x", -COORD_MAX, COORD_MAX, &v, err) < 0 ||
	    jv_int(f, path, "y", -COORD_MAX, COORD_MAX, &v, err) < 0)
		return -1;
	jv_join(p, path, "corner");
	if (loc == LOC_CORNER &&
	    ((corner = jv_string(f, path, "corner", "a corner (NE, SE, SW, NW)", err)) == NULL ||
	     figure_corner_parse(corner) < 0 ||
	     strcmp(figure_corner_name(figure_corner_parse(corner)), corner) != 0))
		return gf_fail(err, p, "not a corner: NE, SE, SW or NW");
	if (!on_board(board, json_object_get(f, "x"), json_object_get(f, "y")))
		return gf_fail(err, path, "stands at %lld,%lld, where the board has no tile",
			       (long long)json_integer_value(json_object_get(f, "x")),
			       (long long)json_integer_value(json_object_get(f, "y")));
	return 0;
}

static int
check_figure(const struct gamefile *gf, json_t *board, const struct figure_words *w,
	     json_t *f, const char *path, struct gf_error *err)
{
	static const char *const keys[] = {"player", "figure", "feature", "x",
					   "y",      "slot",   NULL};
	const char *slot;
	char p[JV_PATH];
	int v;

	if (!json_is_object(f))
		return gf_fail(err, path, "expected an object, found %s", jv_kind(f));
	if (json_object_get(f, "place"))
		return check_figure_off(gf, board, f, path, err);
	if (jv_keys(f, path, keys, err) < 0 ||
	    player_ref(gf, f, path, "player", err) < 0 ||
	    word_ref(f, path, "figure", w->roles, w->roles_text, err) < 0 ||
	    word_ref(f, path, "feature", w->kinds, w->kinds_text, err) < 0 ||
	    jv_int(f, path, "x", -COORD_MAX, COORD_MAX, &v, err) < 0 ||
	    jv_int(f, path, "y", -COORD_MAX, COORD_MAX, &v, err) < 0 ||
	    (slot = jv_string(f, path, "slot", "a slot (N, NL, ..., C)", err)) == NULL)
		return -1;
	jv_join(p, path, "slot");
	if (slot_parse(slot) < 0 || strcmp(slot_name(slot_parse(slot)), slot) != 0)
		return gf_fail(err, p,
			       "\"%.10s\" is not a slot: N NL NR E EL ER S SL SR W WL "
			       "WR, C, I1 or I2",
			       slot);
	if (!on_board(board, json_object_get(f, "x"), json_object_get(f, "y")))
		return gf_fail(err, path,
			       "stands at %lld,%lld, where the board has no tile",
			       (long long)json_integer_value(json_object_get(f, "x")),
			       (long long)json_integer_value(json_object_get(f, "y")));
	return 0;
}

/* check(gf, element, path) for each element of the array root.key. */
static int
check_array(json_t *root, const struct gamefile *gf, const char *key, json_t *board,
	    struct gf_error *err)
{
	json_t *a = jv_member(root, "", key, JSON_ARRAY, "an array", err), *v;
	struct figure_words w;
	char p[JV_PATH];
	size_t i;

	if (a == NULL)
		return -1;
	if (board)
		figure_words(gf, &w); /* once for all the figures */
	json_array_foreach(a, i, v) {
		jv_index(p, key, i);
		if ((board ? check_figure(gf, board, &w, v, p, err)
			   : check_tile(gf, v, p, err)) < 0)
			return -1;
	}
	return 0;
}

int
gf_check_form(json_t *root, const struct gamefile *gf, struct gf_error *err)
{
	bool over;
	int v;

	if (check_players(root, gf, err) < 0 ||
	    jv_int(root, "", "turn", 0, COUNT_MAX, &v, err) < 0 ||
	    jv_bool(root, "", "over", &over, err) < 0 ||
	    check_decision(root, gf, err) < 0 ||
	    jv_int(root, "", "tiles_left", 0, COUNT_MAX, &v, err) < 0 ||
	    check_array(root, gf, "board", NULL, err) < 0)
		return -1;
	return check_array(root, gf, "figures", json_object_get(root, "board"), err);
}

int
gf_check_log(const struct gamefile *gf, struct gf_error *err)
{
	int k = game_log_fault(gf->game);
	char p[JV_PATH];

	if (k == 0)
		return 0;
	jv_index(p, "drawn", (size_t)(k - 1));
	if (gf->log[k - 1] == TILE_UNKNOWN)
		return gf_fail(err, p,
			       "\"%s\" stands for a tile drawn in secret, but the "
			       "game draws a tile in the open here (was the file edited?)",
			       GF_TILE_UNSEEN);
	return gf_fail(err, p,
		       "%s, but no copy of it is left to draw here: the tile sets of "
		       "these rules and the tiles drawn before leave none (was the file "
		       "edited?)",
		       gf->cat->types[gf->log[k - 1]].id);
}

int
gf_check_replayed(json_t *root, const struct gamefile *gf, struct gf_error *err)
{
	uint8_t h[GF_HASH_BYTES];
	json_t *real = gf_shared_core(gf, h), *mine = NULL;
	char hex[GF_STATE_HEX + 1];
	const char *stored;
	int r = gf_check_log(gf, err);

	if (real == NULL)
		return gf_fail(err, "", "out of memory");
	/* a player view names the tiles its player drew in secret */
	if (gf->view == GF_VIEW_PLAYER && gf_sees_more(gf->game, gf->setup.viewer))
		mine = gf_drawn_json(gf->game, gf->setup.viewer);
	for (int i = 0; gf_core_keys[i] && r == 0; i++) {
		json_t *s = json_object_get(root, gf_core_keys[i]);
		json_t *v = json_object_get(real, gf_core_keys[i]);
		if (mine && strcmp(gf_core_keys[i], "drawn") == 0)
			v = mine;
		if (s || v) /* "modules" is there only when a module has state */
			r = jv_compare(s, v, gf_core_keys[i], err);
	}
	json_decref(mine);
	json_decref(real);
	if (r < 0)
		return -1;
	jv_tohex(h, (size_t)gamefile_state_hex(gf) / 2, hex);
	if ((stored = jv_string(root, "", "state_hash", "the state hash in hexadecimal",
				err)) == NULL)
		return -1;
	if (strcmp(stored, hex) != 0)
		return gf_fail(
		    err, "state_hash",
		    "the document says \"%.20s\" but its public state hashes to "
		    "\"%s\" (was the file edited?)",
		    stored, hex);
	return 0;
}

static int
load_you(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	static const char *const keys[] = {"name", "address", "secret", NULL};
	json_t *you = jv_member(root, "", "you", JSON_OBJECT, "an object", err);
	const char *addr;
	struct gf_error e;

	if (you == NULL || jv_keys(you, "you", keys, err) < 0 ||
	    (gf->me = player_ref(gf, you, "you", "name", err)) < 0)
		return -1;
	if (json_object_get(you, "address") == NULL)
		return 0;
	if ((addr = jv_string(you, "you", "address", "a mail address", err)) == NULL)
		return -1;
	if (gamefile_set_address(gf, gf->me, addr, &e) < 0)
		return gf_fail(err, "you.address", "%s", e.text);
	return 0;
}

static int
load_archive(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	static const char *const keys[] = {"records", "head", NULL};
	json_t *a = json_object_get(root, "archive");
	int records;

	if (a == NULL)
		return 0;
	if (!json_is_object(a))
		return gf_fail(err, "archive", "expected an object, found %s",
			       jv_kind(a));
	if (jv_keys(a, "archive", keys, err) < 0 ||
	    jv_int(a, "archive", "records", 1, 1000000, &records, err) < 0 ||
	    jv_hex(a, "archive", "head", gf->archive.head, GF_HASH_BYTES, err) < 0)
		return -1;
	gf->archive.records = records;
	return 0;
}

int
gf_load_extras(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	if ((gf->view == GF_VIEW_PLAYER && load_you(root, gf, err) < 0) ||
	    (gf->view == GF_VIEW_HOST && load_archive(root, gf, err) < 0))
		return -1;
	return gf_load_secrets(root, gf, err);
}
