/* A catalogue with one more rule module, defined in a test (a module
 * outside the tree), and back. Header only: include it once, after
 * rules.h or module.h. */
#ifndef CARC_TEST_EXTRA_MODULE_H
#define CARC_TEST_EXTRA_MODULE_H

/* cat's modules, then m: mods has room for MODULES_MAX. */
static void
catalog_add_module(struct catalog *cat, const struct rules_module **mods,
		   const struct rules_module *m)
{
	for (int i = 0; i < cat->nmodules; i++)
		mods[i] = cat->modules[i];
	mods[cat->nmodules] = m;
	cat->modules = mods;
	cat->nmodules++;
}

/* The built-in modules again (before catalog_free). */
static void
catalog_builtin(struct catalog *cat)
{
	cat->modules = rules_builtin_modules;
	cat->nmodules = rules_builtin_nmodules;
}

/* A module's switch: on in every game of the test. */
static bool
always_on(const struct rules_options *opt)
{
	(void)opt;
	return true;
}

#endif
