/* Traders & Builders (RULES.md section 13: TB-*, BUILDER-*, PIG-*,
 * TRADE-*; docs/rules-decisions.md, "Traders & Builders"): 24 land tiles,
 * 20 of them with a trade good, and per player a builder and a pig. This
 * file is the module's table; each piece's rules live in their own file
 * (tb_builder.c, tb_pig.c, tb_goods.c). */
#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "tb.h"

static bool
tb_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_TRADERS_BUILDERS);
}

static const char *const tb_sets[] = {"traders-builders", NULL};

static const struct figure_type_def *const tb_figures[] = {
	&figure_type_builder,
	&figure_type_pig,
};

static size_t
tb_state_size(const struct game *g)
{
	(void)g;
	return sizeof(struct tb_state);
}

struct tb_state *
tb_state_of(const struct game *g)
{
	return module_state(g, &traders_builders_module);
}

static const struct score_hook tb_score_hooks[] = {
	{.field_rate = tb_pig_field_rate},
};

static const struct score_category tb_categories[] = {
	{.rule = "TRADE-2",
	 .category = "goods",
	 .text = "the most tokens of a trade good",
	 .texts = tb_goods_most,
	 .ntexts = TB_GOODS},
};

const struct rules_module traders_builders_module = {
	.name = "traders-builders",
	.summary = "Traders & Builders: 24 more land tiles; whoever completes a city takes "
		   "its trade goods (wine, grain, cloth), and at the end the most of each good "
		   "scores 10; a builder each (\"builder N\", on a road or city with a follower "
		   "of yours: extending that feature again gives you a second tile that turn) "
		   "and a pig (\"pig S\", on a field with a farmer of yours: 4 a city instead "
		   "of 3 for you if you own the field).",
	.symbol = "trade goods (wine w, grain g, cloth c on the text map): whoever completes "
		  "the city takes one token per symbol; at the end the most tokens of each "
		  "good score 10.",
	.symbol_attrs = TA_BIT(TA_WINE) | TA_BIT(TA_GRAIN) | TA_BIT(TA_CLOTH),
	.enabled = tb_enabled,
	.tilesets = tb_sets,
	.figure_types = tb_figures,
	.nfigure_types = 2,
	.score_hooks = tb_score_hooks,
	.nscore_hooks = 1,
	.score_categories = tb_categories,
	.nscore_categories = 1,
	.state_size = tb_state_size,
	.after_place = tb_builder_after_place,
	.on_complete = tb_goods_on_complete,
	.final_scoring = tb_goods_final,
	.state_fields = tb_goods_fields,
	.holdings = tb_goods_holdings,
};
