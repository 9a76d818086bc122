/* Games Quarterly 11 (RULES.md section 5, GQ-1): ten land tiles mixed
 * into the pile, two river tiles played only with a river (the tile set's
 * with-river flag: the bag leaves them out otherwise), the road spring
 * that replaces the river's own spring, and the pigsty of GQ/F (CF-08).
 * Every other tile plays by the normal rules: the module is its tile set
 * and the pigsty hook. docs/rules-decisions.md, "Games Quarterly 11". */
#include "../module.h"
#include "../engine.h"
#include "exp.h"

static bool
gq11_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_GQ11);
}

static const char *const gq11_sets[] = {"gq11", NULL};

/* GQ-1: GQ/F's pigsty as RIVER2-7. */
static const struct score_hook gq11_score_hooks[] = {
	{.field_rate = pigsty_field_rate, .attrs = TA_BIT(TA_PIGSTY)},
};

const struct rules_module gq11_module = {
	.name = "gq11",
	.summary = "Games Quarterly 11: ten more land tiles; a field with the pigsty scores "
		   "4 instead of 3 a completed city.",
	.symbol = "pigsty (a pink pig's face; & on the text map): its field scores 4 instead "
		  "of 3 a completed city.",
	.symbol_attrs = TA_BIT(TA_PIGSTY),
	.enabled = gq11_enabled,
	.tilesets = gq11_sets,
	.score_hooks = gq11_score_hooks,
	.nscore_hooks = 1,
};
