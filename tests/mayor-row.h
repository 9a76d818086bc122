/* A mayor's figure row for tests (no module of the tree has one yet): in
 * cities only, its strength the city's shields (MAYOR-2's shape), one
 * per player, id FIG_BASE_COUNT. Header only: include it once, after
 * engine.h or module.h. */
#ifndef CARC_TEST_MAYOR_ROW_H
#define CARC_TEST_MAYOR_ROW_H

static int
t_shields(const struct game *g, int root, int figure)
{
	(void)figure;
	return g->feat[root].shields;
}

static const struct figure_type_def t_mayor = {
	.id = FIG_BASE_COUNT,
	.name = "mayor",
	.role = "mayor",
	.letter = 'y',
	.drawing = DRAW_MEEPLE,
	.stand = 1u << SEG_CITY,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.strength_fn = t_shields,
	.supply = 1,
	.rule = "TEST-1",
	.stand_rule = "TEST-2",
};

#endif
