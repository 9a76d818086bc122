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
	(void)complete;
	if (g->attr_sum[TA_PIGSTY] == 0 || seg_kinds[g->feat[root].kind].farm_city == 0)
		return value;
	return value + score_field_cities(g, root);
}
