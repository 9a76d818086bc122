/* The pigsty of River II and Games Quarterly 11 (RIVER2-7, GQ-1, CF-08,
 * XEXP-15): the owners of a field holding a pigsty score 1 more per
 * completed city it supplies, 4 instead of 3. A tile attribute (TA_PIGSTY)
 * summed while field scoring walks the field; both modules list this hook
 * and the game runs it once, so two pigsties in one field still give +1
 * per city (docs/rules-decisions.md). The Traders & Builders pig herd is
 * another attribute with no bonus (PIG-1). */
#include "../engine.h"
#include "exp.h"

int
pigsty_score_hook(struct game *g, int root, bool complete, int value)
{
	const struct seg_kind_def *k = &seg_kinds[g->feat[root].kind];

	(void)complete;
	if (!(g->farm_kinds >> g->feat[root].kind & 1) || g->attr_sum[TA_PIGSTY] == 0 ||
	    k->farm_city == 0)
		return value;
	/* value is still the table's, farm_city per city: River II and GQ11
	 * come before any module that changes a field's value per city
	 * (Cathars' besieged cities) in exp/modules.c, so this hook runs
	 * first; the pigsty adds one per city */
	return value + value / k->farm_city;
}
