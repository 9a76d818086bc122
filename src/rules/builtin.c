/* The engine with the rule modules built into the program
 * (exp/modules.c): what needs them before or without a game. The top of
 * the engine: the catalogue, games and modules below never name the
 * built-in list, a game reads its catalogue's (catalog.modules). */
#include <sodium.h>
#include <stdlib.h>

#include "tile.h"
#include "module.h"
#include "engine.h"
#include "tilesets_data.h"

struct catalog *
catalog_load_builtin(struct rules_error *err)
{
	struct catalog *cat;
	size_t i;

	/* Once per process, before any game: lets libsodium pick its fast
	 * ChaCha20 for the bag's shuffle (idempotent and thread-safe). */
	if (sodium_init() < 0) {
		rerr(err, RERR_NOMEM, "", "libsodium could not be initialised");
		return NULL;
	}
	if ((cat = calloc(1, sizeof(*cat))) == NULL) {
		rerr(err, RERR_NOMEM, "", "out of memory");
		return NULL;
	}
	for (i = 0; i < builtin_tileset_count; i++) {
		if (catalog_parse(cat, builtin_tilesets[i].name,
		    builtin_tilesets[i].text, err) == -1) {
			catalog_free(cat);
			return NULL;
		}
	}
	if (catalog_use_modules(cat, rules_builtin_modules, rules_builtin_nmodules, err) < 0) {
		catalog_free(cat);
		return NULL;
	}
	return cat;
}

/* Every built-in module checks its own options, on or not: the options
 * are written before anyone knows which modules a catalogue has. */
int
rules_options_check(const struct rules_options *opt, int nplayers, struct rules_error *err)
{
	return rules_options_check_in(opt, nplayers, rules_builtin_modules,
				      rules_builtin_nmodules, err);
}

/* The words a file or a turn of any game of cat may name a figure by
 * (the built-in modules' when cat is NULL): the kinds' roles, then every
 * figure row's own word, its module on or off (an abbot in a game without
 * abbots reads, and the rules refuse it). No list of names elsewhere. */
int
rules_role_words(const struct catalog *cat, const char **out, char *letters)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int n = rules_figure_rows(cat, rows, FIG_TYPE_MAX);

	return figure_role_words(rows, n < FIG_TYPE_MAX ? n : FIG_TYPE_MAX, out, letters);
}

int
rules_kind_role_words(const struct catalog *cat, const char **out, char *letters)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int n = rules_figure_rows(cat, rows, FIG_TYPE_MAX);

	return figure_kind_role_words(rows, n < FIG_TYPE_MAX ? n : FIG_TYPE_MAX, out, letters);
}

int
rules_figure_rows(const struct catalog *cat, const struct figure_type_def **out, int cap)
{
	return cat ? figure_types_among(cat->modules, cat->nmodules, out, cap)
		   : figure_types_among(rules_builtin_modules, rules_builtin_nmodules, out, cap);
}

/* A module action among the modules g's catalogue knows, the built-in
 * ones when g is NULL (action_parse, without a game). */
const struct rules_action *
module_action_find(const struct game *g, int kind, const char *word)
{
	const struct rules_action *a;

	if (g == NULL)
		return module_action_among(rules_builtin_modules, rules_builtin_nmodules, kind,
					   word);
	/* a word two modules share (one built in, one a test's) is the one
	 * of the module this game plays */
	a = module_action_among(g->mods, g->nmods, kind, word);
	return a ? a : module_action_among(g->cat->modules, g->cat->nmodules, kind, word);
}
