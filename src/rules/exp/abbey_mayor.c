/* Abbey & Mayor (RULES.md section 11: AM-*, ABBEY-*, MAYOR-*, WAGON-*,
 * BARN-*; docs/rules-decisions.md, "Abbey & Mayor"): 12 land tiles, and
 * per player an abbey tile, a mayor, a wagon and a barn. This file is
 * the module's table; each piece's rules live in their own file. */
#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "am.h"

static bool
am_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_ABBEY_MAYOR);
}

static const char *const am_sets[] = {"abbey-mayor", NULL};

static const struct figure_type_def *const am_figures[] = {
	&figure_type_wagon,
	&figure_type_barn,
};

static const struct rules_action am_actions[] = {
	AM_WAGON_ACTION,
	AM_BARN_ACTION,
};

/* The module's state: the pieces' parts, one after another. */
static size_t
am_state_size(const struct game *g)
{
	return am_wagon_state_size(g);
}

/* The hooks with one pointer per module call each piece's. */
static void
am_feature_scored(struct game *g, int root, const int16_t *figures, int n, bool final)
{
	am_wagon_scored(g, root, figures, n, final);
}

static int
am_figure_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	return am_barn_options(g, player, out, n, cap);
}

static int
am_figure_veto(const struct game *g, int player, int type, int loc, int where,
	       struct rules_error *err)
{
	return am_barn_veto(g, player, type, loc, where, err);
}

static void
am_after_place(struct game *g, int placed)
{
	am_barn_after_place(g, placed);
}

static void
am_final_scoring(struct game *g)
{
	am_barn_final(g);
}

const struct rules_module abbey_mayor_module = {
	.name = "abbey-mayor",
	.summary = "Abbey & Mayor: 12 more land tiles; a wagon each (\"wagon N\", \"wagon C\"), "
		   "which, once its road, city or monastery is scored, may move on to a touching "
		   "unfinished and free one (\"wagon X Y PLACE\"); a barn each (\"barn NE\"), "
		   "on a corner where four fields meet: no farmer may join its field, the farmers "
		   "it meets score at once (3 a city, 1 when a tile joins them to it) and go "
		   "home, and at the end it scores 4 a city.",
	.enabled = am_enabled,
	.tilesets = am_sets,
	.figure_types = am_figures,
	.nfigure_types = 2,
	.steps = am_wagon_steps,
	.nsteps = AM_WAGON_NSTEPS,
	.actions = am_actions,
	.nactions = 2,
	.state_size = am_state_size,
	.after_place = am_after_place,
	.feature_scored = am_feature_scored,
	.figure_options = am_figure_options,
	.max_figure_options = 4,
	.figure_veto = am_figure_veto,
	.final_scoring = am_final_scoring,
};
