/* The built-in rule modules, in the order their steps and hooks run. */
#include "../module.h"
#include "am.h"
#include "exp.h"
#include "gifts.h"

const struct rules_module *const rules_builtin_modules[] = {
	&river_module,
	&gq11_module,
	&river2_module,
	&abbot_module,
	&inns_cathedrals_module, /* before the Cathars: IC-2 */
	&abbey_mayor_module,
	&abbey_mayor_wagon_module, /* its second table (exp/am.h) */
	&traders_builders_module,
	&princess_dragon_module,
	&cathars_module,
	&king_robber_module,
	&gifts_module,
};
const int rules_builtin_nmodules =
	(int)(sizeof(rules_builtin_modules) / sizeof(rules_builtin_modules[0]));
