/* Issue 25.1: trait bits per figure row (follower, big, neutral,
 * occupies, may be eaten / captured / removed / go through a portal).
 * The rules that take figures off the board read them, not the type:
 * the Cathars' escape (CATHARS-6) takes only knights, so a mayor (a row
 * of a module outside the tree, tests/mayor-row.h, which lists no trait)
 * standing in a besieged city never escapes.
 *
 *   CARC_TRAIT_GAMES=N   games to play (default 600)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "engine.h"
#include "exp/exp.h"
#include "exp/am.h"
#include "tap.h"
#include "extra-module.h"
#include "mayor-row.h"

enum { MAYOR = FIG_BASE_COUNT };

static const struct figure_type_def *const mayor_rows[] = {&t_mayor};

static const struct rules_module mayor_module = {
	.name = "t-mayor",
	.enabled = always_on,
	.figure_types = mayor_rows,
	.nfigure_types = 1,
};

struct tally {
	int escapes, knights, mayors, mayor_decisions;
};

/* Each escape listed, tried on a copy: which figure went home. */
static void
try_escapes(struct tally *t, const struct game *g, const struct action *a, int n)
{
	int p = g->frames[g->nframes - 1].owner;
	bool mayor_out = g->player[p].supply[MAYOR] == 0;

	t->mayor_decisions += mayor_out;
	for (int i = 0; i < n; i++) {
		struct game *c;
		if (a[i].kind != ACT_ESCAPE || (c = game_clone(g)) == NULL)
			continue;
		/* not the last turn's: the final scoring takes every figure home */
		if (game_apply(c, &a[i], NULL) == 0 && !c->over) {
			t->escapes++;
			t->mayors += c->player[p].supply[MAYOR] > g->player[p].supply[MAYOR];
			t->knights += c->player[p].supply[FIG_FOLLOWER] >
				      g->player[p].supply[FIG_FOLLOWER];
		}
		game_free(c);
	}
}

/* A random game with the Cathars where a mayor goes on whenever it may. */
static void
play(struct tally *t, const struct catalog *cat, int id)
{
	struct game_setup s = {.nplayers = 2 + id % 3, .start = -1};
	struct rules_error err = {0};
	struct ai_rng rng;
	struct game *g;
	struct action *buf, a;
	int cap;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_CATHARS, true);
	memcpy(s.seed, &id, sizeof(id));
	memcpy(s.seed + 8, "figtraits", 9);
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game %d: %s", id, err.text);
	ai_rng_seed(&rng, s.seed);
	cap = game_legal_cap(g);
	buf = malloc(sizeof(*buf) * (size_t)cap);
	while (buf && !g->over) {
		struct decision d;
		int n = game_legal_actions(g, buf, cap), i = 0;
		game_decision(g, &d);
		if (strcmp(d.name, "escape") == 0)
			try_escapes(t, g, buf, n);
		while (i < n && !(buf[i].kind == ACT_FIGURE && buf[i].figure == MAYOR))
			i++;
		a = i < n ? buf[i] : buf[ai_rng_below(&rng, (uint32_t)n)];
		if (game_apply(g, &a, &err) < 0)
			bail_out("game %d: %s", id, err.text);
	}
	free(buf);
	game_free(g);
}

static void
rows(const struct catalog *cat)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_ABBOT, true);
	s.opt.edition = 2;
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game: %s", err.text);
	ok((g->traits[FIG_FOLLOWER] & FT_ANY_FOLLOWER) == FT_ANY_FOLLOWER &&
		   (g->traits[FIG_ABBOT] & FT_ANY_FOLLOWER) == FT_ANY_FOLLOWER,
	   "issue 25.1: the follower and the abbot (UN-13) are followers the rules may take");
	ok(g->traits[MAYOR] == (FT_OCCUPIES | FT_RETURNS),
	   "issue 25.1: a row that lists no trait is no follower; occupies and returns "
	   "come from its row");
	ok(figure_is(g, g->fig_first[1][MAYOR], FT_OCCUPIES) &&
		   !figure_is(g, g->fig_first[1][MAYOR], FT_FOLLOWER) &&
		   figure_is(g, g->fig_first[1][FIG_FOLLOWER], FT_FOLLOWER | FT_EATEN),
	   "issue 25.1: figure_is reads a figure's row's traits");
	game_free(g);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);
	const struct rules_module *mods[MODULES_MAX];
	const char *env = getenv("CARC_TRAIT_GAMES");
	int games = env ? atoi(env) : 600;
	struct tally t = {0};

	if (cat == NULL)
		bail_out("catalog: %s", err.text);
	catalog_add_module(cat, mods, &mayor_module);

	rows(cat);
	for (int id = 0; id < games; id++)
		play(&t, cat, id);
	ok(t.mayor_decisions > 0, "issue 25.1: %d escape decisions with the player's mayor out",
	   t.mayor_decisions);
	ok(t.knights > 0 && t.knights == t.escapes,
	   "CATHARS-6, issue 25.1: each of %d escapes takes a knight home (%d did)", t.escapes,
	   t.knights);
	is_int(t.mayors, 0, "CATHARS-6, issue 25.1: a mayor never escapes a besieged city");
	/* Abbey & Mayor's rows say the same by their traits (issue 25.3) */
	ok(!(figure_type_wagon.traits & FT_FOLLOWER) &&
		   (figure_type_wagon.traits & (FT_EATEN | FT_CAPTURED | FT_REMOVED | FT_PORTAL)) ==
			   (FT_EATEN | FT_CAPTURED | FT_REMOVED | FT_PORTAL),
	   "CATHARS-6, WAGON-4: the wagon is no follower (it never escapes) and has MAYOR-4's "
	   "traits");
	ok(figure_type_barn.traits == 0 && !figure_type_barn.returns && !figure_type_barn.occupies,
	   "BARN-1, BARN-2: the barn is no follower, never goes home, and no rule may take it");

	catalog_builtin(cat);
	catalog_free(cat);
	return done_testing();
}
