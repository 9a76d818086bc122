/* The supply of figures in the game file, the texts and the load check
 * come from the game's figure-type table: a throwaway module's figures
 * show up with no code for them, and a base game's stay as they were. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamefile.h"
#include "module.h"
#include "tap.h"

/* Two figure types of a module outside the tree: one a player has one
 * of, one a player has two of. They stand nowhere: this test is about
 * the supply only. */
static const struct figure_type_def wagon = {
	.id = FIG_BASE_COUNT, .name = "wagon", .role = "wagon", .letter = 'w',
	.locs = 1u << LOC_SUPPLY, .supply = 1, .strength = 1, .rule = "TEST-1",
};
static const struct figure_type_def barrel = {
	.id = FIG_BASE_COUNT + 1, .name = "barrel", .role = "barrel", .letter = 'b',
	.locs = 1u << LOC_SUPPLY, .supply = 2, .strength = 1, .rule = "TEST-2",
};
static const struct figure_type_def *const carts_rows[] = {&wagon, &barrel};

static bool
carts_enabled(const struct rules_options *opt)
{
	return opt->edition == 2; /* the test's switch */
}

static const struct rules_module carts_module = {
	.name = "carts",
	.enabled = carts_enabled,
	.figure_types = carts_rows,
	.nfigure_types = 2,
};

static struct gamefile *
new_game(const struct catalog *cat, int edition, bool abbot)
{
	static const char *const names[] = {"alice", "bob"};
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct gf_error err = {0};
	struct gamefile *gf;

	rules_options_default(&s.opt);
	s.opt.edition = edition;
	module_set(&s.opt, MOD_ABBOT, abbot);
	s.seed[0] = 5;
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	return gf;
}

static char *
supply_of(const struct gamefile *gf, int p)
{
	json_t *o = gamefile_supply_json(gf->game, p);
	char *s = o ? json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT) : NULL;

	json_decref(o);
	return s;
}

/* Saves gf with one player's supply set to text; what loading says. */
static void
load_edited(const struct gamefile *gf, const struct catalog *cat, const char *supply,
	    const char *want, const char *what)
{
	char path[64];
	json_t *doc = gamefile_to_json(gf), *pl = json_array_get(json_object_get(doc, "players"), 1);
	struct gf_error err = {0};
	struct gamefile *back;
	char said[640];

	json_object_set_new(pl, "supply", json_loads(supply, 0, NULL));
	snprintf(path, sizeof(path), "t-supply-%ld.json", (long)getpid());
	json_dump_file(doc, path, JSON_PRESERVE_ORDER | JSON_INDENT(2));
	json_decref(doc);
	back = gamefile_load(path, cat, &err);
	snprintf(said, sizeof(said), "%s: %s", err.path, err.text);
	if (want == NULL)
		ok(back != NULL, "%s: loads (%s)", what, err.text);
	else
		ok(back == NULL && strcmp(said, want) == 0, "%s: refused: %s", what, said);
	gamefile_free(back);
	unlink(path);
}

int
main(void)
{
	struct rules_error re = {0};
	struct catalog *cat = catalog_load_builtin(&re);
	const struct rules_module *mods[16];
	struct gamefile *gf;
	char text[256], *s;

	if (cat == NULL)
		bail_out("%s", re.text);

	gf = new_game(cat, 1, false);
	is_str(s = supply_of(gf, 0), "{\"followers\":7}", "base game: followers only");
	free(s);
	gamefile_supply_text(gf->game, 0, text, sizeof(text));
	is_str(text, "7 of 7 followers in supply", "base game: the text as before");
	gamefile_free(gf);

	gf = new_game(cat, 1, true);
	is_str(s = supply_of(gf, 1), "{\"followers\":7,\"abbot\":1}", "abbot: named, one");
	free(s);
	gamefile_supply_text(gf->game, 1, text, sizeof(text));
	is_str(text, "7 of 7 followers in supply, abbot in supply", "abbot: the text as before");
	load_edited(gf, cat, "{\"followers\": 7, \"abbot\": 2}",
		    "players[1].supply.abbot: 2 is out of range 0..1", "abbot 2");
	gamefile_free(gf);

	gf = new_game(cat, 1, false);
	load_edited(gf, cat, "{\"followers\": 7, \"abbot\": 1}",
		    "players[1].supply: has \"abbot\", but the rules have none",
		    "an abbot without the abbot module");
	gamefile_free(gf);

	/* the module outside the tree, on for the 2nd edition */
	for (int i = 0; i < cat->nmodules; i++)
		mods[i] = cat->modules[i];
	mods[cat->nmodules] = &carts_module;
	cat->modules = mods;
	cat->nmodules++;
	gf = new_game(cat, 2, false);
	is_str(s = supply_of(gf, 0), "{\"followers\":7,\"wagon\":1,\"barrels\":2}",
	       "a module's figures: in the file's supply, by their rows");
	free(s);
	gamefile_supply_text(gf->game, 0, text, sizeof(text));
	is_str(text, "7 of 7 followers in supply, wagon in supply, 2 of 2 barrels in supply",
	       "a module's figures: in the text of show and the mails");
	load_edited(gf, cat, "{\"followers\": 7, \"wagon\": 1, \"barrels\": 2}", NULL,
		    "the module's supply as written");
	load_edited(gf, cat, "{\"followers\": 7, \"wagon\": 1, \"barrels\": 3}",
		    "players[1].supply.barrels: 3 is out of range 0..2", "barrels 3");
	load_edited(gf, cat, "{\"followers\": 7, \"wagon\": 1}",
		    "players[1].supply.barrels: missing (expected an integer from 0 to 2)", "barrels missing");
	gamefile_free(gf);

	cat->modules = rules_builtin_modules;
	cat->nmodules = rules_builtin_nmodules;
	catalog_free(cat);
	return done_testing();
}
