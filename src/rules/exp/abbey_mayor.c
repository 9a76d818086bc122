/* Abbey & Mayor (RULES.md section 11: AM-*, ABBEY-*, MAYOR-*, WAGON-*,
 * BARN-*; docs/rules-decisions.md, "Abbey & Mayor"): 12 land tiles, and
 * per player an abbey tile, a mayor, a wagon and a barn. This file is
 * the module's table; each piece's rules live in their own file
 * (am_abbey.c, am_mayor.c). */
#include "../module.h"
#include "../engine.h"
#include "am.h"
#include "exp.h"

static bool
am_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_ABBEY_MAYOR);
}

static const char *const am_sets[] = {"abbey-mayor", NULL};

static const struct figure_type_def *const am_figures[] = {&figure_type_mayor};

struct am_state *
am_state(const struct game *g)
{
	return module_state(g, &abbey_mayor_module);
}

static size_t
am_state_size(const struct game *g)
{
	(void)g;
	return sizeof(struct am_state);
}

const struct rules_module abbey_mayor_module = {
	.name = "abbey-mayor",
	.summary = "Abbey & Mayor: 12 more land tiles; each player holds an abbey tile, which "
		   "he may put into a hole (an empty cell with a tile on each side) in place of "
		   "drawing (\"abbey X Y\", asked before the draw while he can), its walls closing "
		   "what they meet, a monk on it scoring as in a monastery; and a mayor, placed "
		   "in a city as a knight is (\"mayor N\"), who counts as many as the city's "
		   "pennants in the majority (none: he wins nothing); five may play.",
	.enabled = am_enabled,
	.tilesets = am_sets,
	.figure_types = am_figures,
	.nfigure_types = 1,
	.steps = am_abbey_steps,
	.nsteps = AM_ABBEY_NSTEPS,
	.actions = am_abbey_actions,
	.nactions = AM_ABBEY_NACTIONS,
	.state_size = am_state_size,
	.setup = am_abbey_setup,
	.turn_start = am_abbey_turn_start,
	.end_game = am_abbey_end_game,
	.extra_tiles = am_abbey_extra_tiles,
	.state_fields = am_abbey_state_fields,
	.tokens = am_abbey_tokens,
};
