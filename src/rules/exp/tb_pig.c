/* The pig (RULES.md 13, PIG-1..4, XEXP-7, CF-08): a figure of no
 * strength on a field holding one of its owner's farmers, leaving with
 * the last of them (figure_type_def.needs: a barn sending them home, the
 * dragon). Its owner, if an owner of the field, scores one more a city:
 * a field rate (score_hook.h), so it adds to the pigsty's and the
 * Cathars double it (8 a besieged city, XEXP-7). */
#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "tb.h"

const struct figure_type_def figure_type_pig = {
	.id = FIG_PIG,
	.name = "pig",
	.role = "pig",
	.letter = 'p',
	.drawing = DRAW_PIG,
	.stand = 1u << SEG_FIELD,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = false,
	.returns = true,
	.traits = FT_EATEN, /* the dragon sends it home (DRAGON-5, XEXP-6, XEXP-7) */
	.strength = 0, /* PIG-2: no follower */
	.supply = 1,   /* TB-1, CF-11 */
	.needs = 1u << FIG_FOLLOWER | 1u << FIG_BIG, /* a farmer of his own (PIG-2) */
	.needs_what = "one of your farmers",
	.rule = "TB-1",
	.stand_rule = "PIG-2",
};

/* PIG-3, EX-TB-03: award_field asks only for the field's owners, so a
 * pig whose owner is not among them gives nothing. It names no rule: the
 * scoring's own (FARM-8, a barn's BARN-4) says why the field scores. */
int
tb_pig_field_rate(struct game *g, int field, int player, int rate)
{
	int16_t idx[FIGURES_MAX];
	int n = figures_on(g, field, idx);

	for (int i = 0; i < n; i++)
		if (g->figure[idx[i]].type == FIG_PIG && g->figure[idx[i]].owner == player)
			return rate + 1;
	return rate;
}
