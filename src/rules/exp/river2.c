/* River II (RULES.md section 4): its tiles and special tiles. The river's
 * flow, fork and U-turn rule are exp/river.c's (on with either river);
 * the draw order (the fork first, the volcano, then the lake: RIVER2-2,
 * RIVER2-3, RIVER2-5) is exp/river.c's table of draw piles; River I
 * and II together are the tile sets' also/removes lines (RIVER-7).
 * Here: the volcano (RIVER2-8, CF-09) and the pigsty (RIVER2-7, CF-08).
 * The inn on the lake (RIVER2-9) has no effect without Inns & Cathedrals
 * (XEXP-16): without Inns & Cathedrals its tile plays as a plain bridge. */
#include "../module.h"
#include "../engine.h"
#include "exp.h"

static bool
river2_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_RIVER2);
}

/* RIVER2-5, RIVER2-8, CF-09: no follower on the volcano, and its player
 * places the lake at once. The volcano's figure decision goes; what the
 * volcano completed (a monastery beside it) scores, then the same player
 * has a second round (turn_add_round: the turn number stays) with the
 * lake. */
static void
river2_after_place(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];

	if (!(game_type(g, pt->type)->attrs & TA_BIT(TA_VOLCANO)) ||
	    turn_skip(g, STEP_PLACE_FIGURE) < 0)
		return;
	/* The lake is next in a shuffled pile; a player's view holds the
	 * tiles left in catalogue order, so it is fetched, not assumed. No
	 * lake left (a set-up bag): the volcano's turn ends. */
	if (bag_to_front(g, TA_LAKE) == 0)
		turn_add_round(g, pt->player);
}

/* RIVER2-7, CF-08, XEXP-15: the pigsty (exp/pigsty.c, shared with GQ11). */
static const struct score_hook river2_score_hooks[] = {
	{.field_rate = pigsty_field_rate, .attrs = TA_BIT(TA_PIGSTY)},
};

static const char *const river2_sets[] = {"river2", NULL};

const struct rules_module river2_module = {
	.name = "river2",
	.summary = "River II: a longer river with a fork; a field with the pigsty scores 4 "
		   "instead of 3 a completed city; no figure goes on the volcano, and its player "
		   "places the lake at once.",
	.symbol = "pigsty (&), volcano (^), inn on the lake ($): a field with the pigsty "
		  "scores 4 instead of 3 a completed city; the inn counts only with Inns & "
		  "Cathedrals (IC-13), else the tile is a plain bridge.",
	.symbol_attrs = TA_BIT(TA_PIGSTY) | TA_BIT(TA_VOLCANO) | TA_BIT(TA_INN),
	.enabled = river2_enabled,
	.tilesets = river2_sets,
	.after_place = river2_after_place,
	.score_hooks = river2_score_hooks,
	.nscore_hooks = 1,
};
