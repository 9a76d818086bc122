/* Issue 25.1: the draw's piles and the placement rule come from the
 * modules' tables (struct draw_pile, catalog_use_modules), not from a
 * switch on draw groups in the bag: the built-in river's table gives the
 * order RIVER-2 and RIVER2-2..5 ask for, and another table another order. */
#include <string.h>

#include "engine.h"
#include "exp/exp.h"
#include "module.h"
#include "tap.h"

/* What the tile format's groups meant before the tables: the fork, the
 * river, the volcano, the lakes, then the rest; the springs left out;
 * every river tile but a spring with the river's placement rule. */
static int
old_rank(const struct tile_type *t)
{
	switch (t->group) {
	case GROUP_DEFAULT:
		return DRAW_RANK_MAIN;
	case GROUP_RIVER_FORK:
		return 0;
	case GROUP_RIVER_LAKE:
		return t->attrs & TA_BIT(TA_VOLCANO) ? 2 : 3;
	case GROUP_RIVER_SPRING:
		return DRAW_RANK_OUT;
	default:
		return 1;
	}
}

static void
test_builtin(const struct catalog *cat)
{
	int bad_rank = 0, bad_rule = 0, ruled = 0;

	for (int i = 0; i < cat->ntypes; i++) {
		const struct tile_type *t = &cat->types[i];
		bool rule = t->group != GROUP_DEFAULT && t->group != GROUP_RIVER_SPRING;
		bad_rank += bag_tile_rank(t) != old_rank(t);
		bad_rule += tile_has_place_rule(t) != rule;
		ruled += rule;
	}
	is_int(bad_rank, 0, "issue 25.1: the river's table deals fork, river, volcano, lakes, "
			    "then the rest, springs out (RIVER-2, RIVER2-2..5)");
	is_int(bad_rule, 0, "issue 25.1: the %d tiles of the river's piles have its placement "
			    "rule, the springs and land tiles none", ruled);
	is_int(cat->draw_shuffled, 1 << 1, "only the river pile is shuffled");
}

/* Another river: its lake first, then the river, and no placement rule. */
static bool
on_river(const struct rules_options *opt)
{
	return module_on(opt, MOD_RIVER);
}

static const struct draw_pile lake_first_piles[] = {
	{.group = GROUP_RIVER_LAKE},
	{.group = GROUP_RIVER, .shuffled = true},
	{.group = GROUP_RIVER_SPRING, .start = true},
};

static const struct rules_module lake_first = {
	.name = "lake-first",
	.enabled = on_river,
	.tilesets = (const char *const[]){"river", NULL},
	.draw_piles = lake_first_piles,
	.ndraw_piles = 3,
};

static struct game *
river_game(const struct catalog *cat)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_RIVER, true);
	memset(s.seed, 7, SEED_BYTES);
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game_new: %s", err.text);
	return g;
}

static void
test_other_table(struct catalog *cat)
{
	const struct rules_module *mods[32];
	struct rules_error err = {0};
	struct game *g;
	int n = 0, river = 0;

	for (int i = 0; i < cat->nmodules && n < 31; i++)
		mods[n++] = cat->modules[i] == &river_module ? &lake_first : cat->modules[i];
	is_int(catalog_use_modules(cat, mods, n, &err), 0, "a catalogue takes other modules");
	g = river_game(cat);
	ok(strcmp(cat->types[g->start_type].id, "RI/s") == 0,
	   "issue 25.1: the start pile's spring is the start tile (RIVER-1): %s",
	   cat->types[g->start_type].id);
	ok(strcmp(cat->types[g->bag[0]].id, "RI.1/I.e") == 0,
	   "issue 25.1: that table's first pile, the lake, is drawn first: %s",
	   cat->types[g->bag[0]].id);
	while (1 + river < g->bag_len && cat->types[g->bag[1 + river]].group == GROUP_RIVER)
		river++;
	is_int(river, 10, "then its shuffled river pile (RIVER I's ten river tiles)");
	ok(!tile_has_place_rule(&cat->types[g->bag[0]]) &&
	   !tile_has_place_rule(&cat->types[g->bag[1]]),
	   "issue 25.1: a module without place_ok gives its piles no placement rule");
	game_free(g);

	is_int(catalog_use_modules(cat, rules_builtin_modules, rules_builtin_nmodules, &err), 0,
	       "the built-in modules again");
	g = river_game(cat);
	ok(cat->types[g->bag[g->bag_len - 1]].group != GROUP_RIVER_LAKE &&
	   cat->types[g->bag[10]].group == GROUP_RIVER_LAKE,
	   "and the river's table again: the lake after the ten river tiles (RIVER-2)");
	game_free(g);
}

static void
test_too_many(struct catalog *cat)
{
	const struct rules_module *mods[] = {&lake_first, &lake_first, &lake_first};
	struct rules_error err = {0};

	is_int(catalog_use_modules(cat, mods, 3, &err), -1,
	       "issue 25.1: more piles than DRAW_PILES_MAX are refused");
	ok(strstr(err.text, "9 piles") && strstr(err.text, "the most is 7"),
	   "saying how many and the most: %s", err.text);
	is_int(cat->nmodules, rules_builtin_nmodules, "the catalogue keeps its modules");
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);

	if (cat == NULL)
		bail_out("catalog_load_builtin: %s", err.text);
	test_builtin(cat);
	test_other_table(cat);
	test_too_many(cat);
	catalog_free(cat);
	return done_testing();
}
