/* Abbey & Mayor (RULES.md section 11: AM-*, ABBEY-*, MAYOR-*, WAGON-*,
 * BARN-*; docs/rules-decisions.md, "Abbey & Mayor"): 12 land tiles, and
 * per player an abbey tile, a mayor, a wagon and a barn. This file holds
 * the rule set's two tables, both on with --with abbey-mayor: the tiles,
 * the abbey and the mayor; the wagon and the barn. Each table has its
 * own steps, actions, state and hooks, so the pieces stay apart; each
 * piece's rules live in their own file (am_abbey.c, am_mayor.c,
 * am_wagon.c, am_barn.c). */
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

/* ---- the tiles, the abbey and the mayor ---- */

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
		   "what they meet, a monk on it scoring as in a monastery; a mayor, placed "
		   "in a city as a knight is (\"mayor N\"), who counts as many as the city's "
		   "pennants in the majority (none: he wins nothing); a wagon (\"wagon N\", "
		   "\"wagon C\"), which, once its road, city or monastery is scored, may move on "
		   "to a touching unfinished and free one (\"wagon X Y PLACE\"); and a barn "
		   "(\"barn NE\"), on a corner where four fields meet: no farmer may join its "
		   "field, the farmers it meets score at once (3 a city, 1 when a tile joins them "
		   "to it) and go home, and at the end it scores 4 a city; five may play.",
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
	.round_draw = am_abbey_round_draw,
	.end_game = am_abbey_end_game,
	.extra_tiles = am_abbey_extra_tiles,
	.state_fields = am_abbey_state_fields,
	.tokens = am_abbey_tokens,
};

/* ---- the wagon and the barn ---- */

static const struct figure_type_def *const am_wb_figures[] = {
	&figure_type_wagon,
	&figure_type_barn,
};

static const struct rules_action am_wb_actions[] = {
	AM_WAGON_ACTION,
	AM_BARN_ACTION,
};

/* The hooks both pieces could use: the barn's alone so far. */
static int
am_wb_figure_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	return am_barn_options(g, player, out, n, cap);
}

const struct rules_module abbey_mayor_wagon_module = {
	.name = "abbey-mayor",
	.enabled = am_enabled,
	.figure_types = am_wb_figures,
	.nfigure_types = 2,
	.steps = am_wagon_steps,
	.nsteps = AM_WAGON_NSTEPS,
	.actions = am_wb_actions,
	.nactions = 2,
	.state_size = am_wagon_state_size,
	.after_place = am_barn_after_place,
	.feature_scored = am_wagon_scored,
	.figure_options = am_wb_figure_options,
	.max_figure_options = 4,
	.figure_veto = am_barn_veto,
	.final_scoring = am_barn_final,
};
