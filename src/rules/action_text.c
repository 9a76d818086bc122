/* Actions as text, the form players write in turn files and carcpbem legal
 * prints:  place X Y ROT | thief P | knight P | monk | farmer P | abbot |
 * big thief P (a figure row's kind role words: Inns & Cathedrals) | pass
 * (P = a place such as N, NE or EL, place_name.c; case does not matter),
 * and the rule modules' own actions (the abbot's recall). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "module.h"
#include "engine.h"

struct role_word {
	const char *word;
	int figure;
	int role; /* seg_kind, or SEG_KIND_COUNT for "any the figure allows" */
	int slot; /* fixed slot, or -1 when the player names one */
};

/* A type's row in g, or its catalogue's (the built-in modules' without
 * a game) when g has none. */
static const struct figure_type_def *
any_row(const struct game *g, int type)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	const struct figure_type_def *t = g ? figure_type_of(g, type) : NULL;
	int n;

	if (t)
		return t;
	n = rules_figure_rows(g ? g->cat : NULL, rows, FIG_TYPE_MAX);
	for (int i = 0; i < n && i < FIG_TYPE_MAX; i++)
		if (rows[i]->id == type)
			return rows[i];
	return figure_type_of(NULL, type);
}

static bool
names_row(const struct figure_type_def *row, const char *word, struct role_word *r)
{
	if (row == NULL || row->role == NULL || strcasecmp(word, row->role) != 0)
		return false;
	*r = (struct role_word){row->role, row->id, SEG_KIND_COUNT,
				figure_type_centre(row) ? SLOT_CENTRE : -1};
	return true;
}

/* What a role word names (seg_kind.c's roles and the figure rows): a
 * kind's role word is a follower there; a type's own word is that type
 * on any kind it may stand on. Cloister kinds take no place word. The
 * game's rows first, then its catalogue's (the built-in modules' without
 * a game) whose type the game lacks: "abbot" in a game without abbots
 * parses, and is refused by rule. */
static bool
find_role(const struct game *g, const char *word, struct role_word *r)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int k = seg_kind_of_role(word), n;

	if (k >= 0) {
		*r = (struct role_word){seg_kinds[k].role, FIG_FOLLOWER, k,
					seg_kinds[k].cloister ? SLOT_CENTRE : -1};
		return true;
	}
	for (int t = 0; g && t < FIG_TYPE_MAX; t++)
		if (names_row(figure_type_of(g, t), word, r))
			return true;
	n = rules_figure_rows(g ? g->cat : NULL, rows, FIG_TYPE_MAX);
	for (int i = 0; i < n && i < FIG_TYPE_MAX; i++)
		if (!(g && figure_type_of(g, rows[i]->id)) && names_row(rows[i], word, r))
			return true;
	return false;
}

/* A kind role word of two words ("big thief": a figure row's
 * kind_roles), among g's rows, then its catalogue's (the built-in
 * modules' without a game) as find_role. */
static bool
find_kind_role(const struct game *g, char **w, int n, struct role_word *r)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX], *row;
	char word[64];
	int nr = 0, kind;

	if (n < 2 || snprintf(word, sizeof(word), "%s %s", w[0], w[1]) >= (int)sizeof(word))
		return false;
	for (int t = 0; g && t < FIG_TYPE_MAX; t++)
		if (figure_type_of(g, t))
			rows[nr++] = figure_type_of(g, t);
	if ((row = figure_kind_role_find(rows, nr, word, &kind)) == NULL) {
		nr = rules_figure_rows(g ? g->cat : NULL, rows, FIG_TYPE_MAX);
		row = figure_kind_role_find(rows, nr < FIG_TYPE_MAX ? nr : FIG_TYPE_MAX, word,
					    &kind);
	}
	if (row == NULL)
		return false;
	*r = (struct role_word){row->kind_roles[kind], row->id, kind,
				seg_kinds[kind].cloister ? SLOT_CENTRE : -1};
	return true;
}

/* The longest action a module may have: "WORD WORD X Y FROM TO". */
#define MAX_WORDS 6

static int
split_words(char *s, char **w)
{
	char *save = NULL;
	int n = 0;

	for (char *tok = strtok_r(s, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == MAX_WORDS)
			return -1;
		w[n++] = tok;
	}
	return n;
}

static int
parse_place(char **w, int n, struct action *a, struct rules_error *err)
{
	long x, y, rot;

	if (n != 4 || action_parse_long(w[1], -30000, 30000, &x) < 0 ||
	    action_parse_long(w[2], -30000, 30000, &y) < 0 || action_parse_long(w[3], 0, 270, &rot) < 0 ||
	    rot % 90)
		return rerr(err, RERR_PARSE, "",
			    "write a placement as: place X Y ROTATION (rotation 0, 90, 180 "
			    "or 270 clockwise), e.g. place 1 -2 90");
	*a = (struct action){.kind = ACT_PLACE_TILE, .rot = (uint8_t)(rot / 90),
			     .x = (int16_t)x, .y = (int16_t)y};
	return 0;
}

/* The tile a figure goes on now, or NULL when no figure is due. */
static const struct tile_type *
figure_tile(const struct game *g, int *rot)
{
	const struct placed_tile *pt;
	struct decision d;

	if (g == NULL)
		return NULL;
	game_decision(g, &d);
	if (d.kind != DECISION_PLACE_FIGURE || g->last_placed < 0)
		return NULL;
	pt = &g->placed[g->last_placed];
	*rot = pt->rot;
	return game_type(g, pt->type);
}

int
action_places(const struct game *g, char *buf, size_t n)
{
	const struct tile_type *t;
	int rot;

	buf[0] = '\0';
	if ((t = figure_tile(g, &rot)) == NULL)
		return -1;
	tile_places_text(t, rot, buf, n);
	return 0;
}

static int
parse_slot(const struct game *g, const char *word, int *slot, struct rules_error *err)
{
	const struct tile_type *t;
	char places[160];
	int rot;

	if (action_place_slot(word, slot, err) < 0)
		return -1;
	if ((t = figure_tile(g, &rot)) == NULL)
		return 0;
	if (place_resolve(t, rot, word, slot) != SEG_NONE)
		return 0;
	tile_places_text(t, rot, places, sizeof(places));
	return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-2",
		    "%s as placed (rotation %d) has nothing at %s; its places: %s", t->id,
		    rot * 90, word, places);
}

static int
parse_figure(const struct game *g, const struct role_word *r, char **w, int n,
	     struct action *a, struct rules_error *err)
{
	int slot = r->slot;

	if (n > 2 || (r->slot < 0 && n != 2))
		return rerr(err, RERR_PARSE, "",
			    "write a %s as: %s PLACE, e.g. %s N or %s NE (places N E S W, "
			    "NE SE SW NW, NL NR EL ER SL SR WL WR, C for the centre)",
			    r->word, r->word, r->word, r->word);
	if (n == 2 && parse_slot(g, w[1], &slot, err) < 0)
		return -1;
	*a = (struct action){.kind = ACT_FIGURE, .figure = (uint8_t)r->figure,
			     .slot = (uint8_t)slot, .role = (uint8_t)r->role};
	return 0;
}

/* "thief, knight, farmer, monk, abbot, big thief, ...": every role word
 * of g's catalogue, the rows' kind role words last. */
static const char *
role_list(const struct game *g, char *buf, size_t n)
{
	const char *words[ROLE_WORDS_MAX + KIND_ROLE_WORDS_MAX + 1];
	size_t len = 0;
	int nw = rules_role_words(g ? g->cat : NULL, words, NULL);

	rules_kind_role_words(g ? g->cat : NULL, words + nw, NULL);
	buf[0] = '\0';
	for (int i = 0; words[i] && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", words[i]);
	return buf;
}

/* Whether a module action of the role word's own takes the text: the
 * row stands on no feature (a corner figure's "WORD NE"), or the text has
 * more words than a figure's ("WORD X Y PLACE" beside "WORD N"). */
static bool
module_word_first(const struct game *g, const struct role_word *r, char **w, int n)
{
	const struct figure_type_def *row = any_row(g, r->figure);

	if (r->figure == FIG_FOLLOWER || module_action_find(g, -1, w[0]) == NULL)
		return false;
	return n > 2 || (row != NULL && row->stand == 0);
}

int
action_parse(const char *text, struct action *a, struct rules_error *err)
{
	return action_parse_in(NULL, text, a, err);
}

int
action_parse_in(const struct game *g, const char *text, struct action *a,
		struct rules_error *err)
{
	char buf[128], list[256], *w[MAX_WORDS];
	struct role_word role;
	const struct rules_action *ma;
	int n;

	if (strlen(text) >= sizeof(buf))
		return rerr(err, RERR_PARSE, "", "action too long");
	strcpy(buf, text);
	n = split_words(buf, w);
	if (n <= 0)
		return rerr(err, RERR_PARSE, "", n == 0 ? "empty action" : "too many words");
	if (strcasecmp(w[0], "place") == 0)
		return parse_place(w, n, a, err);
	if (n == 1 && strcasecmp(w[0], "pass") == 0) {
		*a = (struct action){.kind = ACT_PASS};
		return 0;
	}
	if (find_role(g, w[0], &role) && !module_word_first(g, &role, w, n))
		return parse_figure(g, &role, w, n, a, err);
	if (find_kind_role(g, w, n, &role)) /* "big thief S": the place after both */
		return parse_figure(g, &role, w + 1, n - 1, a, err);
	if ((ma = module_action_find(g, -1, w[0])) != NULL)
		return ma->parse(g, w, n, a, err);
	return rerr(err, RERR_PARSE, "", "unknown action '%s': expected place, %s, recall or pass",
		    w[0], role_list(g, list, sizeof(list)));
}

/* The place name of a figure's slot on the tile just placed; the slot's
 * own name when no figure is due. */
static const char *
slot_place(const struct game *g, int slot, char name[PLACE_NAME_MAX])
{
	const struct tile_type *t;
	int rot, s;

	if ((t = figure_tile(g, &rot)) == NULL || slot >= SLOT_COUNT ||
	    (s = tile_seg_at(t, slot, rot)) == SEG_NONE)
		return slot_name(slot);
	place_name(t, rot, s, name);
	return name;
}

int
action_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	char name[PLACE_NAME_MAX];
	const struct figure_type_def *row;
	const char *word;
	const struct rules_action *ma;

	switch (a->kind) {
	case ACT_PLACE_TILE:
		return snprintf(buf, n, "place %d %d %d", a->x, a->y, a->rot * 90);
	case ACT_PASS:
		return snprintf(buf, n, "pass");
	case ACT_FIGURE:
		row = any_row(g, a->figure);
		word = row && row->role ? row->role : figure_role(NULL, a->role, FIG_FOLLOWER);
		if (row && row->kind_roles && a->role < SEG_KIND_COUNT && row->kind_roles[a->role])
			word = row->kind_roles[a->role]; /* "big thief" */
		if (row && row->role ? figure_type_centre(row)
				     : a->role < SEG_KIND_COUNT && seg_kinds[a->role].cloister)
			return snprintf(buf, n, "%s", word);
		return snprintf(buf, n, "%s %s", word, slot_place(g, a->slot, name));
	default:
		if ((ma = module_action_find(g, a->kind, NULL)) != NULL)
			return ma->format(g, a, buf, n);
		return snprintf(buf, n, "?");
	}
}
