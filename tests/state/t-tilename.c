/* Issue 25.1: a tile id given to a game without the module that brings
 * its set is refused with the module's own words (tiles_need), not with
 * a test of the set's name in src/state/tilename.c. */
#include <string.h>

#include "gamefile.h"
#include "module.h"
#include "tap.h"

static bool
never(const struct rules_options *opt)
{
	(void)opt;
	return false;
}

/* A module that says what the Cathars' tiles are. */
static const struct rules_module siege_words = {
	.name = "siege-words",
	.enabled = never,
	.tilesets = (const char *const[]){"cathars", NULL},
	.tiles_need = "a siege tile: add --with cathars to play it",
};

static void
refused(const struct catalog *cat, const char *id, const char *want, const char *title)
{
	struct rules_options opt;
	char why[256] = "";

	rules_options_default(&opt);
	is_int(gamefile_find_tile(cat, &opt, id, why, sizeof(why)), -1, "%s is refused", id);
	is_str(why, want, "%s", title);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);
	const struct rules_module *mods[32];
	int n = 0;

	if (cat == NULL)
		bail_out("catalog_load_builtin: %s", err.text);
	refused(cat, "RI/s", "tile RI/s is a river tile: it needs the river expansion",
		"issue 25.1: the river's table says what its tiles need");
	refused(cat, "SI.CA/C", "tile SI.CA/C is in the tile set cathars: it needs --with cathars",
		"a module without words: its tile set and --with");
	for (int i = 0; i < cat->nmodules && n < 31; i++)
		mods[n++] = cat->modules[i];
	mods[n++] = &siege_words;
	if (catalog_use_modules(cat, mods, n, &err) < 0)
		bail_out("catalog_use_modules: %s", err.text);
	refused(cat, "SI.CA/C", "tile SI.CA/C is a siege tile: add --with cathars to play it",
		"issue 25.1: another module's words, from its table");
	if (catalog_use_modules(cat, rules_builtin_modules, rules_builtin_nmodules, &err) < 0)
		bail_out("catalog_use_modules: %s", err.text);
	catalog_free(cat);
	return done_testing();
}
