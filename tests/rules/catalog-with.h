/* The built-in catalogue with a test's throwaway modules after the
 * built-in ones (tests only). */
#ifndef TESTS_CATALOG_WITH_H
#define TESTS_CATALOG_WITH_H

#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "tap.h"

/* The modules' array lives as long as the catalogue, as it must:
 * catalog_with_free frees both. */
static struct catalog *
catalog_with(const struct rules_module *const *extra, int n)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);
	const struct rules_module **mods;
	int k;

	if (cat == NULL)
		bail_out("%s", err.text);
	k = cat->nmodules;
	if ((mods = malloc(sizeof(*mods) * (size_t)(k + n))) == NULL)
		bail_out("out of memory");
	memcpy(mods, cat->modules, sizeof(*mods) * (size_t)k);
	if (n > 0)
		memcpy(mods + k, extra, sizeof(*mods) * (size_t)n);
	if (catalog_use_modules(cat, mods, k + n, &err) < 0)
		bail_out("%s", err.text);
	return cat;
}

static void
catalog_with_free(struct catalog *cat)
{
	const struct rules_module *const *mods = cat->modules;

	catalog_free(cat);
	free((void *)mods);
}

#endif
