/* Actions on another tile than the one placed, for the rule modules'
 * parsers (module.h): "WORD X Y" (a cell), "WORD X Y PLACE" for a figure
 * type the module gives, and "WORD X Y ROLE PLACE" (the type named by
 * the role word). Apart from action_text.c because they read the game's own
 * figure rows only, never the built-in modules' (a text parsed without a
 * game): the modules call them, so nothing here may reach the modules'
 * list (tests/t0040-layers.sh: no circle of more than 3 files). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "module.h"
#include "engine.h"

int
action_parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return (errno || end == s || *end || *out < lo || *out > hi) ? -1 : 0;
}

int
action_place_slot(const char *word, int *slot, struct rules_error *err)
{
	*slot = place_word_slot(word);
	if (*slot < 0)
		return rerr(err, RERR_PARSE, "",
			    "unknown place '%s': use N E S W, NE SE SW NW, NL NR EL ER SL SR "
			    "WL WR, C, or I1 I2 for a field inside the tile",
			    word);
	return 0;
}

/* The figure type of the game that a role word names: a kind's role is a
 * follower's, else a row's own word; false without a game. */
static bool
game_role(const struct game *g, const char *word, int *figure)
{
	if (seg_kind_of_role(word) >= 0) {
		*figure = FIG_FOLLOWER;
		return true;
	}
	for (int t = 0; g && t < FIG_TYPE_MAX; t++) {
		const struct figure_type_def *row = figure_type_of(g, t);
		if (row && row->role && strcasecmp(word, row->role) == 0) {
			*figure = row->id;
			return true;
		}
	}
	return false;
}

/* The tile at x,y of g, as turned, or NULL (no game, no tile there). */
static const struct tile_type *
tile_at(const struct game *g, int x, int y, int *rot)
{
	int p = g ? game_placed_at(g, x, y) : -1;

	if (p < 0)
		return NULL;
	*rot = g->placed[p].rot;
	return game_type(g, g->placed[p].type);
}

int
action_parse_xy(char **w, int n, int kind, struct action *a)
{
	long v[2];
	char *end;

	if (n != 3)
		return -1;
	for (int i = 0; i < 2; i++) {
		v[i] = strtol(w[1 + i], &end, 10);
		if (end == w[1 + i] || *end || v[i] < INT16_MIN || v[i] > INT16_MAX)
			return -1;
	}
	*a = (struct action){.kind = (uint8_t)kind, .x = (int16_t)v[0], .y = (int16_t)v[1]};
	return 0;
}

/* "X Y [ROLE] PLACE" from w[1] on: the tile, then the place on it as
 * turned (any place word when g has no tile there). */
int
action_parse_at(const struct game *g, char **w, int n, int kind, int figure,
		struct action *a, struct rules_error *err)
{
	int type = figure;
	const struct tile_type *t;
	long x, y;
	int slot, rot, want = figure < 0 ? 5 : 4;

	if (n != want || action_parse_long(w[1], -30000, 30000, &x) < 0 ||
	    action_parse_long(w[2], -30000, 30000, &y) < 0 ||
	    (figure < 0 && !game_role(g, w[3], &type)))
		return rerr(err, RERR_PARSE, "", "write it as: %s X Y %sPLACE, e.g. %s 1 -2 %sN",
			    w[0], figure < 0 ? "ROLE " : "", w[0], figure < 0 ? "knight " : "");
	if (action_place_slot(w[n - 1], &slot, err) < 0)
		return -1;
	if ((t = tile_at(g, (int)x, (int)y, &rot)) != NULL &&
	    place_resolve(t, rot, w[n - 1], &slot) == SEG_NONE) {
		char places[160];
		tile_places_text(t, rot, places, sizeof(places));
		return rerr(err, RERR_ILLEGAL, "", "%s at %ld,%ld has nothing at %s; its places: %s",
			    t->id, x, y, w[n - 1], places);
	}
	*a = action_at((unsigned)kind, (int)x, (int)y, (unsigned)type, (unsigned)slot);
	return 0;
}

int
action_format_at(const struct game *g, const struct action *a, const char *word, bool role,
		 char *buf, size_t n)
{
	char name[PLACE_NAME_MAX];
	int rot = 0;
	const struct tile_type *t = tile_at(g, a->x, a->y, &rot);
	int s = t ? tile_seg_at_slot(t, a->at_slot, rot) : SEG_NONE;
	const char *place = slot_name(a->at_slot);

	if (s != SEG_NONE) {
		place_name(t, rot, s, name);
		place = name;
	}
	if (!role)
		return snprintf(buf, n, "%s %d %d %s", word, a->x, a->y, place);
	return snprintf(buf, n, "%s %d %d %s %s", word, a->x, a->y,
			figure_role(g, s != SEG_NONE ? t->seg[s].kind : SEG_KIND_COUNT,
				    a->at_figure),
			place);
}

