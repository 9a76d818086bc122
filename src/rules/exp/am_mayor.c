/* Abbey & Mayor: the mayor (MAYOR-1..4, UN-05, UN-30; docs/rules-decisions.md,
 * "Abbey & Mayor"). One per player, placed in place of a follower in a
 * city of the tile just placed that nobody occupies; in majorities it
 * counts the city's shields. The engine's majority (score.c) calls its
 * strength function because the row has one; a strength of 0 wins
 * nothing (UN-05, award). */
#include "../engine.h"
#include "am.h"
#include "exp.h"

/* MAYOR-2: the city's shields, 0 without. */
static int
mayor_strength(const struct game *g, int root, int figure)
{
	(void)figure;
	return g->feat[root].shields;
}

/* MAYOR-1: cities only, occupying as a follower does, home when its city
 * scores (MAYOR-3). No follower (CATHARS-6: only knights escape), but
 * dragon, tower, princess and portal may take it (MAYOR-4). */
const struct figure_type_def figure_type_mayor = {
	.id = FIG_MAYOR,
	.name = "mayor",
	.role = "mayor",
	.letter = 'y',
	.drawing = DRAW_MEEPLE_CREST,
	.stand = 1u << SEG_CITY,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.traits = FT_EATEN | FT_CAPTURED | FT_REMOVED | FT_PORTAL,
	.strength_fn = mayor_strength,
	.supply = 1,
	.rule = "AM-2",
	.stand_rule = "MAYOR-1",
};
