/* Inns & Cathedrals (RULES.md section 15, IC-*; docs/rules-decisions.md,
 * "Inns & Cathedrals"): 18 land tiles, a big follower per player that
 * counts twice in majorities, and two score rules: a road with an inn
 * and a city with a cathedral are worth more when completed and nothing
 * when not. The sixth colour is module_id.c's player limit (UN-03). */
#include "../module.h"
#include "../engine.h"
#include "exp.h"

static bool
ic_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_INNS_CATHEDRALS);
}

static const char *const ic_sets[] = {"inns-cathedrals", NULL};

/* IC-5: the big follower is a thief, knight, farmer or monk as its
 * feature says, written with "big" before the role; capitals on the
 * text map. */
static const char *const big_roles[SEG_KIND_COUNT] = {
	[SEG_ROAD] = "big thief",
	[SEG_CITY] = "big knight",
	[SEG_FIELD] = "big farmer",
	[SEG_MONASTERY] = "big monk",
};
static const char big_letters[SEG_KIND_COUNT] = {
	[SEG_ROAD] = 'T',
	[SEG_CITY] = 'K',
	[SEG_FIELD] = 'F',
	[SEG_MONASTERY] = 'M',
};

/* IC-4..7: one each, strength 2, home when its feature scores. */
const struct figure_type_def figure_type_big = {
	.id = FIG_BIG,
	.name = "big follower",
	.stand = 1u << SEG_ROAD | 1u << SEG_CITY | 1u << SEG_FIELD | 1u << SEG_MONASTERY,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.strength = 2,
	.supply = 1,
	/* a follower as any other (IC-1, IC-7): a big knight escapes a
	 * besieged city (CATHARS-6) */
	.traits = FT_ANY_FOLLOWER | FT_BIG,
	.rule = "IC-4",
	.stand_rule = "IC-5",
	.kind_roles = big_roles,
	.kind_letters = big_letters,
};

static const struct figure_type_def *const ic_figures[] = {&figure_type_big};

/* IC-8, IC-9: a road with an inn, 2 a tile completed, nothing at the
 * end. */
static int
inn_value(struct game *g, int root, bool complete)
{
	g->score_rule = complete ? "IC-8" : "IC-9";
	return complete ? 2 * game_feature_tiles(g, root) : 0;
}

/* IC-10, IC-11: a city with a cathedral, 3 a tile and a pennant
 * completed, nothing at the end. The Cathars' hook runs after this one
 * and takes one off each (IC-2, CATHARS-3). */
static int
cathedral_value(struct game *g, int root, bool complete)
{
	g->score_rule = complete ? "IC-10" : "IC-11";
	return complete ? 3 * (game_feature_tiles(g, root) + g->feat[root].shields) : 0;
}

/* IC-12: fields, monasteries and gardens keep their value. IC-13: the
 * inn of River II's Inn on the Lake is an inn like these. */
static int
ic_value(struct game *g, int root, bool complete, int v)
{
	int edge = seg_kinds[g->feat[root].kind].edge;

	if (edge == EDGE_ROAD && g->attr_sum[TA_INN])
		return inn_value(g, root, complete);
	if (edge == EDGE_CITY && g->attr_sum[TA_CATHEDRAL])
		return cathedral_value(g, root, complete);
	return v;
}

static const struct score_hook ic_score[] = {{
	.value = ic_value,
	.attrs = TA_BIT(TA_INN) | TA_BIT(TA_CATHEDRAL),
}};

const struct rules_module inns_cathedrals_module = {
	.name = "inns-cathedrals",
	.summary = "Inns & Cathedrals: 18 more land tiles and a big follower each, which counts "
		   "as two followers for the majority (write \"big thief S\", \"big knight N\", "
		   "\"big farmer NE\", \"big monk\"); a completed road with an inn scores 2 a "
		   "tile, a completed city with a cathedral 3 a tile and pennant, and either "
		   "scores nothing when unfinished at the end; six may play.",
	.symbol = "inn ($) and cathedral (:): a completed road with an inn scores 2 a tile, a "
		  "completed city with a cathedral 3 a tile and pennant; unfinished at the end, "
		  "either scores nothing.",
	.symbol_attrs = TA_BIT(TA_INN) | TA_BIT(TA_CATHEDRAL),
	.enabled = ic_enabled,
	.tilesets = ic_sets,
	.figure_types = ic_figures,
	.nfigure_types = 1,
	.score_hooks = ic_score,
	.nscore_hooks = 1,
};
