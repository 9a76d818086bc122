/* The pigsty of River II and Games Quarterly 11 (RIVER2-7, GQ-1, CF-08,
 * XEXP-15): the owners of a field holding a pigsty score 1 more per
 * completed city it supplies, 4 instead of 3: a rate of one more for
 * each owner (score_hook.h), so a pig and the Cathars' doubling compose
 * with it (XEXP-7). A tile attribute (TA_PIGSTY) summed while field
 * scoring walks the field; both modules list this hook and the game runs
 * it once, so two pigsties in one field still give +1 per city
 * (docs/rules-decisions.md). The Traders & Builders pig herd is another
 * attribute with no bonus (PIG-1). */
#include "../engine.h"
#include "exp.h"

int
pigsty_field_rate(struct game *g, int field, int player, int rate)
{
	(void)field;
	(void)player;
	return g->attr_sum[TA_PIGSTY] ? rate + 1 : rate;
}
