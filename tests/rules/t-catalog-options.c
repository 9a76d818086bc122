/* Every option the engine lists can be written and is accepted, for
 * every tile of every built-in set in every rotation: what `legal` prints
 * (action_format), `play` reads back (action_parse_in on the game) to the
 * same action, and game_check accepts it. The inner fields of KR/CCcc
 * were listed as "farmer C", which named the centre and was refused.
 *
 * Part 1 places each tile type, turned each way, next to a start tile it
 * fits (an empty board: every feature free). Part 2 plays random games
 * with all sets in the bag (only test programs put the expansion sets in
 * a game) and checks every listed option of every decision.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "tap.h"

#define TEXT_MAX 48
#define RANDOM_GAMES 60 /* CARC_OPTION_GAMES=N plays N (the valgrind test: few) */

struct run {
	long checked, failed;
	char first[600]; /* room for an id, an action and a whole rules_error */
};

static void
fail(struct run *r, const char *fmt, const char *id, const char *text, const char *why)
{
	if (r->failed++ == 0)
		snprintf(r->first, sizeof(r->first), fmt, id, text, why);
}

static bool
same_action(const struct action *a, const struct action *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == ACT_PLACE_TILE)
		return a->x == b->x && a->y == b->y && a->rot == b->rot;
	if (a->kind == ACT_FIGURE)
		return a->figure == b->figure && a->slot == b->slot && a->role == b->role;
	return true;
}

/* Format, parse back in the game, compare, check. */
static void
check_options(const struct game *g, const char *id, struct run *r)
{
	int cap = game_legal_max(g), n;
	struct action *acts = malloc(sizeof(*acts) * (size_t)cap);

	n = game_legal_actions(g, acts, cap);
	for (int i = 0; i < n && i < cap; i++) {
		char text[TEXT_MAX];
		struct action back;
		struct rules_error err = {0};
		action_format(g, &acts[i], text, sizeof(text));
		r->checked++;
		if (action_parse_in(g, text, &back, &err) < 0)
			fail(r, "%s: '%s' does not parse: %s", id, text, err.text);
		else if (!same_action(&back, &acts[i]))
			fail(r, "%s: '%s' reads back as another action%s", id, text, "");
		else if (game_check(g, &back, &err) < 0)
			fail(r, "%s: '%s' is refused: %s", id, text, err.text);
	}
	free(acts);
}

static void
setup_for(struct game_setup *s, const int *order, int norder, int start, int n)
{
	memset(s, 0, sizeof(*s));
	rules_options_default(&s->opt);
	s->opt.edition = 2;
	s->opt.farmers = true;
	module_set(&s->opt, MOD_ABBOT, true);
	s->nplayers = 2;
	s->order = order;
	s->norder = norder;
	s->start = start;
	s->seed[0] = (uint8_t)n;
}

/* Places type t turned rot beside start tile s, if a listed placement
 * does so; then checks the figure options. 1 if placed. */
static int
try_place(const struct catalog *cat, int t, int rot, int s, struct run *r)
{
	struct game_setup setup;
	struct rules_error err = {0};
	struct game *g;
	struct action acts[64];
	int n, placed = 0;

	setup_for(&setup, &t, 1, s, 0);
	if ((g = game_new(cat, &setup, &err)) == NULL)
		return 0;
	n = game_legal_actions(g, acts, 64);
	for (int i = 0; i < n && i < 64 && !placed; i++) {
		if (acts[i].kind != ACT_PLACE_TILE || acts[i].rot != rot)
			continue;
		check_options(g, cat->types[t].id, r);
		if (game_apply(g, &acts[i], &err) < 0) {
			fail(r, "%s: placing %s refused: %s", cat->types[t].id, "", err.text);
			break;
		}
		check_options(g, cat->types[t].id, r);
		placed = 1;
	}
	game_free(g);
	return placed;
}

/* A side that is a wall (EDGE_WALL): only a module's action puts such a
 * tile down (the abbey, into a hole). */
static bool
has_wall(const struct tile_type *t)
{
	for (int side = 0; side < 4; side++)
		if ((t->sig[0] >> (4 * side) & 15) == EDGE_WALL)
			return true;
	return false;
}

static void
each_tile(const struct catalog *cat)
{
	struct run r = {0};
	int covered = 0, inner_named = 0, walled = 0, walled_placed = 0;

	for (int t = 0; t < cat->ntypes; t++) {
		bool wall = has_wall(&cat->types[t]);
		walled += wall;
		for (int rot = 0; rot < 4; rot++) {
			int s = 0;
			while (s < cat->ntypes && !try_place(cat, t, rot, s, &r))
				s++;
			covered += s < cat->ntypes && !wall;
			walled_placed += s < cat->ntypes && wall;
		}
	}
	is_int(covered, 4 * (cat->ntypes - walled),
	       "every tile type of every set placed in every rotation");
	ok(walled > 0 && walled_placed == 0,
	   "ABBEY-2: a tile with walls (the abbey) is never a placement of the draw (%d types)",
	   walled);
	ok(r.failed == 0, "BASE-FOLLOW-2: every option listed on them is written, read back "
			  "and accepted (%ld checked)%s%s",
	   r.checked, r.failed ? ": " : "", r.first);
	for (int t = 0; t < cat->ntypes; t++)
		for (int rot = 0; rot < 4; rot++) {
			char name[PLACE_NAME_MAX];
			const struct tile_type *tt = &cat->types[t];
			for (int k = 0; k < TILE_INNER_MAX && tt->inner_seg[k] != SEG_NONE; k++)
				inner_named += place_name(tt, rot, tt->inner_seg[k], name) ==
						       SLOT_INNER + k &&
					       strcmp(name, k ? "I2" : "I1") == 0;
		}
	ok(inner_named > 0 && inner_named % 4 == 0,
	   "inner fields are named I1 and I2 in every rotation (%d names)", inner_named);
}

/* A bag of every copy of every set's tiles, shuffled by a small LCG. */
static int
all_sets_bag(const struct catalog *cat, int *bag, int cap, unsigned seed)
{
	const char *const sets[] = {"base", "river", "river2", "gq11", "cathars", "king-robber"};
	int n = 0;

	for (int t = 0; t < cat->ntypes; t++) {
		int c = catalog_copies(cat, t, sets, 6, 2);
		if (cat->types[t].group != GROUP_DEFAULT)
			c = c ? 1 : 0; /* river tiles once: they need a river end */
		for (int k = 0; k < c && n < cap; k++)
			bag[n++] = t;
	}
	for (int i = n - 1; i > 0; i--) {
		int j, x;
		seed = seed * 1103515245u + 12345u;
		j = (int)((seed >> 8) % (unsigned)(i + 1));
		x = bag[i], bag[i] = bag[j], bag[j] = x;
	}
	return n;
}

static void
random_games(const struct catalog *cat)
{
	struct run r = {0};
	const char *env = getenv("CARC_OPTION_GAMES");
	int bag[400], games = 0, start = catalog_find(cat, "BA/RCr");
	int ngames = env ? atoi(env) : RANDOM_GAMES;

	for (int n = 0; n < ngames; n++) {
		struct game_setup setup;
		struct rules_error err = {0};
		struct game *g;
		int len = all_sets_bag(cat, bag, 400, (unsigned)n + 1), cap;
		unsigned pick = (unsigned)n * 2654435761u;
		struct action *acts;
		setup_for(&setup, bag, len, start, n);
		setup.nplayers = 2 + n % 4;
		if ((g = game_new(cat, &setup, &err)) == NULL) {
			fail(&r, "game %s: %s%s", "", err.text, "");
			continue;
		}
		cap = game_legal_cap(g);
		acts = malloc(sizeof(*acts) * (size_t)cap);
		while (!g->over) {
			int k = game_legal_actions(g, acts, cap);
			check_options(g, "random game", &r);
			pick = pick * 1664525u + 1013904223u;
			if (k == 0 || game_apply(g, &acts[(pick >> 8) % (unsigned)k], &err) < 0)
				break;
		}
		games += g->over;
		free(acts);
		game_free(g);
	}
	is_int(games, ngames, "random games with every set end");
	ok(r.failed == 0, "every listed option of every decision is written, read back and "
			  "accepted (%ld checked)%s%s",
	   r.checked, r.failed ? ": " : "", r.first);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);

	if (cat == NULL)
		bail_out("cannot load the tile sets: %s", err.text);
	each_tile(cat);
	random_games(cat);
	catalog_free(cat);
	return done_testing();
}
