/* Abbey & Mayor (RULES.md section 11: AM-*, ABBEY-*, MAYOR-*, WAGON-*,
 * BARN-*; docs/rules-decisions.md, "Abbey & Mayor"): 12 land tiles, and
 * per player an abbey tile, a mayor, a wagon and a barn. This file is
 * the module's table; each piece's rules live in their own file. */
#include "../module.h"
#include "../engine.h"
#include "exp.h"

static bool
am_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_ABBEY_MAYOR);
}

static const char *const am_sets[] = {"abbey-mayor", NULL};

const struct rules_module abbey_mayor_module = {
	.name = "abbey-mayor",
	.summary = "Abbey & Mayor: 12 more land tiles.",
	.enabled = am_enabled,
	.tilesets = am_sets,
};
