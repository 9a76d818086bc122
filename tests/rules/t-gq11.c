/* Games Quarterly 11 through the engine API (RULES.md 5, GQ-1; the pigsty
 * RIVER2-7, CF-08, XEXP-15): the bag with and without a river, the start
 * tile, the score hooks a game gets (none in the base game; the pigsty's
 * once however many modules bring it), a clone's own hooks. The rules
 * of play are in tests/rules/cases/gq11.case. */
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "engine.h"
#include "exp/exp.h"
#include "module.h"
#include "tap.h"

static const struct catalog *cat;

static struct game *
new_game(uint32_t with, int edition, const char *start, const char *seed)
{
	struct game_setup s;
	struct rules_error err = {0};
	struct game *g;

	memset(&s, 0, sizeof(s));
	rules_options_default(&s.opt);
	s.opt.with = with;
	s.opt.edition = edition;
	s.nplayers = 2;
	s.start = start ? catalog_find(cat, start) : -1;
	memcpy(s.seed, seed, strlen(seed) < SEED_BYTES ? strlen(seed) : SEED_BYTES);
	g = game_new(cat, &s, &err);
	if (g == NULL)
		bail_out("game_new: %s", err.text);
	return g;
}

/* Copies of tile id in g's bag, and the position of the first (or -1). */
static int
in_bag(const struct game *g, const char *id, int *first)
{
	int t = catalog_find(cat, id), n = 0;

	*first = -1;
	for (int i = 0; i < g->bag_len; i++)
		if (g->bag[i] == t) {
			if (n++ == 0)
				*first = i;
		}
	return n;
}

static int
gq_tiles(const struct game *g)
{
	int n = 0;

	for (int i = 0; i < g->bag_len; i++)
		n += strncmp(cat->types[g->bag[i]].id, "GQ/", 3) == 0;
	return n;
}

static void
test_bag(void)
{
	const uint32_t gq = MODULE_BIT(MOD_GQ11), river = MODULE_BIT(MOD_RIVER);
	int at, lake;

	for (int ed = 1; ed <= 2; ed++) {
		struct game *g = new_game(gq, ed, NULL, "gq-bag");
		is_int(g->bag_len, 81, "GQ-1: edition %d, gq11 alone: 71 + 10 tiles", ed);
		is_int(gq_tiles(g), 10, "GQ-1: the ten land tiles");
		is_int(in_bag(g, "GQ/CICI", &at), 0, "GQ-1: no river tile without a river");
		is_int(in_bag(g, "GQ/RFI", &at), 0, "GQ-1: no road spring without a river");
		is_int(in_bag(g, "GQ/F", &at), 1, "GQ-1: the pigsty tile");
		ok(strcmp(cat->types[g->start_type].id, "BA/RCr") == 0,
		   "BASE-SETUP-1: the base start tile (%s)", cat->types[g->start_type].id);
		game_free(g);

		g = new_game(gq | river, ed, NULL, "gq-bag");
		is_int(g->bag_len, 93, "GQ-1: edition %d with the River: 71 + 11 + 11", ed);
		ok(strcmp(cat->types[g->start_type].id, "GQ/RFI") == 0,
		   "GQ-1: the road spring replaces the River's (%s)", cat->types[g->start_type].id);
		is_int(in_bag(g, "RI/s", &at), 0, "RIVER-1: one spring: the River's stays out");
		is_int(in_bag(g, "GQ/CICI", &at), 1, "GQ-1: the river tile is in the bag");
		in_bag(g, "RI.1/I.e", &lake);
		ok(at >= 0 && at < lake && lake == 11,
		   "RIVER-2: in the river pile, before the lake (%d, lake %d)", at, lake);
		game_free(g);

		g = new_game(gq | river, ed, "RI/s", "gq-bag");
		is_int(in_bag(g, "GQ/RFI", &at), 0, "GQ-1: with the River's spring chosen, the road spring stays out");
		is_int(g->bag_len, 93, "and the bag holds as many tiles");
		game_free(g);
	}
}

static int
other_hook(struct game *g, int root, bool complete, int value)
{
	(void)g, (void)root, (void)complete;
	return value;
}

/* A module as River II will be: its own pigsty row in its table. */
static const struct score_hook sty_hooks[] = {
	{.field_rate = pigsty_field_rate, .attrs = 1u << TA_PIGSTY},
	{.value = other_hook, .attrs = 1u << TA_CATHAR},
};

static bool
sty_enabled(const struct rules_options *opt)
{
	return opt->farmers; /* on in these tests */
}

static const struct rules_module sty_module = {
	.name = "sty",
	.enabled = sty_enabled,
	.score_hooks = sty_hooks,
	.nscore_hooks = 2,
};

static void
test_hooks(void)
{
	struct game *g = new_game(0, 1, NULL, "hooks"), *c;
	struct catalog two = *cat;
	const struct rules_module *mods[MODULES_MAX];
	struct ai_rng rng;
	struct action *buf;
	int n = 0;

	is_int(g->nscore_hooks, 0, "the base game has no score hook");
	ok(g->attr_want == 0, "and sums no attribute");
	game_free(g);

	g = new_game(MODULE_BIT(MOD_GQ11), 1, NULL, "hooks");
	is_int(g->nscore_hooks, 1, "GQ-1: a gq11 game has the pigsty's hook");
	ok(g->score_hooks[0]->field_rate == pigsty_field_rate, "pigsty_field_rate");
	is_int(g->nfield_hooks, 1, "a field hook");
	ok(g->attr_want == 1u << TA_PIGSTY, "it sums the pigsty attribute");

	/* CF-08: River II brings the same rule; it runs once. */
	for (int i = 0; i < cat->nmodules; i++)
		mods[n++] = cat->modules[i];
	mods[n++] = &sty_module;
	two.modules = mods;
	two.nmodules = n;
	cat = &two;
	c = new_game(MODULE_BIT(MOD_GQ11), 1, NULL, "hooks");
	is_int(c->nscore_hooks, 2, "CF-08: two modules with the pigsty: its hook once, and the other");
	ok(c->score_hooks[0]->field_rate == pigsty_field_rate && c->score_hooks[1]->value == other_hook,
	   "in module order");
	ok(c->attr_want == ((1u << TA_PIGSTY) | (1u << TA_CATHAR)), "both attributes summed");
	game_free(c);
	cat = g->cat;

	/* A clone's hooks point to the modules' static tables, never into
	 * the original: play it after the original is freed (ASan would see a
	 * dangling pointer). */
	c = game_clone(g);
	ok(c && c->nscore_hooks == g->nscore_hooks, "a clone keeps the hooks");
	game_free(g);
	ai_rng_seed(&rng, (const uint8_t *)"clone-after-free-0123456789abcdef");
	buf = malloc(sizeof(*buf) * (size_t)game_legal_max(c));
	ok(buf && ai_random_playout(c, &rng, buf, game_legal_max(c)) >= 0 && c->over,
	   "the clone plays to its end");
	free(buf);
	game_free(c);
}

/* Issue 25.1, XEXP-7: field points are each owner's rate times the
 * weighed cities. A module outside the tree gives seat 0 one more a city
 * (as a pig will, PIG-3) and weighs every city twice (as the Cathars'
 * besieged ones, CATHARS-5); with the pigsty (RIVER2-7) they compose. */
static int
pig_of_red(struct game *g, int field, int player, int rate)
{
	(void)g, (void)field;
	return player == 0 ? rate + 1 : rate;
}

static int
every_city_twice(struct game *g, int field, int city, int weight)
{
	(void)field, (void)city;
	g->score_rule = "T-WEIGHT";
	return 2 * weight;
}

static const struct score_hook factor_hooks[2][1] = {
	{{.field_rate = pig_of_red}},
	{{.field_rate = pig_of_red, .city_weight = every_city_twice}},
};
static const struct rules_module factor_modules[2] = {
	{.name = "pig", .enabled = sty_enabled, .score_hooks = factor_hooks[0], .nscore_hooks = 1},
	{.name = "pig-weight", .enabled = sty_enabled, .score_hooks = factor_hooks[1],
	 .nscore_hooks = 1},
};

/* BA/C closes the start's city at 0,-1; blue's farmer on the tile north
 * of it (sty: the pigsty tile GQ/F, or BA/L), red's north of the road on
 * BA/RFr at 1,0; BA/L at 1,-1 joins the two fields: a tie on one field
 * that borders one completed city. The points of red and blue and the
 * rule of blue's event. */
static void
tied_field(const struct rules_module *extra, uint32_t with, const char *sty, int *red,
	   int *blue, const char **rule)
{
	static const char *const turns[] = {"place 0 -1 180", "pass",	   "place 0 -2 0",
					    "farmer N",	      "place 1 0 0",   "farmer NL",
					    "place 1 -1 0",   "pass"};
	const char *ids[] = {"BA/C", sty, "BA/RFr", "BA/L"};
	int order[4];
	struct catalog one = *cat;
	const struct rules_module *mods[16];
	struct rules_error err = {0};
	struct game_setup s;
	struct game *g;
	int n = 0;

	for (int i = 0; i < cat->nmodules; i++)
		mods[n++] = cat->modules[i];
	if (extra)
		mods[n++] = extra;
	one.modules = mods;
	one.nmodules = n;
	for (int i = 0; i < 4; i++)
		order[i] = catalog_find(cat, ids[i]);
	memset(&s, 0, sizeof(s));
	rules_options_default(&s.opt);
	s.opt.with = with;
	s.nplayers = 2;
	s.start = -1;
	s.order = order;
	s.norder = 4;
	if ((g = game_new(&one, &s, &err)) == NULL)
		bail_out("game_new: %s", err.text);
	for (size_t i = 0; i < sizeof(turns) / sizeof(turns[0]); i++) {
		struct action a;
		if (action_parse_in(g, turns[i], &a, &err) < 0 || game_apply(g, &a, &err) < 0)
			bail_out("%s: %s", turns[i], err.text);
	}
	*red = g->player[0].score;
	*blue = g->player[1].score;
	*rule = "";
	for (int i = 0; i < g->nevents; i++)
		if (g->events[i].kind == EV_SCORE && g->events[i].player == 1)
			*rule = g->events[i].rule;
	if (!g->over)
		bail_out("the game goes on");
	game_free(g);
}

static void
test_field_factors(void)
{
	int red, blue;
	const char *rule;

	tied_field(NULL, MODULE_BIT(MOD_GQ11), "GQ/F", &red, &blue, &rule);
	ok(red == 4 && blue == 4, "RIVER2-7: a tie on the pigsty's field: 4 each for one city (%d, %d)",
	   red, blue);
	is_str(rule, "FARM-8", "the field's own rule");
	tied_field(&factor_modules[0], 0, "BA/L", &red, &blue, &rule);
	ok(red == 4 && blue == 3,
	   "issue 25.1: an owner's own rate: red's pig makes 4, blue 3 (%d, %d)", red, blue);
	tied_field(&factor_modules[0], MODULE_BIT(MOD_GQ11), "GQ/F", &red, &blue, &rule);
	ok(red == 5 && blue == 4, "XEXP-7: the pig and the pigsty add up: 5 and 4 (%d, %d)", red,
	   blue);
	tied_field(&factor_modules[1], MODULE_BIT(MOD_GQ11), "GQ/F", &red, &blue, &rule);
	ok(red == 10 && blue == 8,
	   "XEXP-7: a city weighed twice doubles each owner's rate: 10 and 8 (%d, %d)", red, blue);
	is_str(rule, "T-WEIGHT", "the weighing hook names its rule");
}

static void
test_combinations(void)
{
	struct rules_error err = {0};
	struct rules_options o;

	is_int(module_combo_check(MODULE_BIT(MOD_GQ11) | MODULE_BIT(MOD_TRADERS_BUILDERS), &err),
	       0, "issue 25.4, XEXP-15, CF-08: gq11 with traders-builders (the pigsty beside the "
		  "pig)");
	rules_options_default(&o);
	o.with = MODULE_BIT(MOD_GQ11) | MODULE_BIT(MOD_RIVER) | MODULE_BIT(MOD_ABBOT);
	is_int(rules_options_check(&o, 5, &err), 0, "GQ-1: gq11 with the River and the abbot");
	o.with = MODULE_BIT(MOD_GQ11);
	is_int(rules_options_check(&o, 1, &err), 0, "UN-03: a solo gq11 game");
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *c = catalog_load_builtin(&err);

	if (c == NULL)
		bail_out("catalog: %s", err.text);
	cat = c;
	test_bag();
	test_hooks();
	test_field_factors();
	test_combinations();
	catalog_free(c);
	return done_testing();
}
