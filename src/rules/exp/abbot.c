/* The abbot (ABBOT-*): one more figure per player, for monasteries and
 * gardens only, and the recall instead of a figure (ABBOT-6, UN-12). */
#include <stdio.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"

static bool
abbot_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_ABBOT);
}

/* ABBOT-1, ABBOT-3: one abbot each, on monasteries and gardens (its
 * row in figure_type.c). */
static const struct figure_type_def *const abbot_figures[] = {&figure_type_abbot};

static int
abbot_seg(const struct game *g, int player)
{
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && g->figure[i].type == FIG_ABBOT)
			return g->figure[i].seg;
	return -1;
}

bool
game_can_recall(const struct game *g, int player)
{
	int seg = abbot_seg(g, player);

	/* UN-12: a feature this tile completed scores in step 3 instead. */
	return seg >= 0 && !game_feature_complete(g, feature_find(g, seg));
}

static int
abbot_figure_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	if (!game_can_recall(g, player))
		return n;
	if (n < cap)
		out[n] = (struct action){.kind = ACT_RECALL};
	return n + 1;
}

static int
recall_parse(const struct game *g, char **w, int n, struct action *a,
	     struct rules_error *err)
{
	(void)g;
	(void)w;
	if (n != 1)
		return rerr(err, RERR_PARSE, "", "write a recall as: recall");
	*a = (struct action){.kind = ACT_RECALL};
	return 0;
}

static int
recall_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	(void)a;
	return snprintf(buf, n, "recall");
}

static int
recall_check(const struct game *g, int player, const struct action *a,
	     struct rules_error *err)
{
	(void)a;
	return game_can_recall(g, player)
		       ? 0
		       : rerr(err, RERR_ILLEGAL, "ABBOT-6",
			      "you have no abbot on an unfinished monastery or garden to recall");
}

static void
recall_apply(struct game *g, int player, const struct action *a)
{
	(void)a;
	score_feature_now(g, abbot_seg(g, player), "ABBOT-6"); /* as it stands */
}

static const struct rules_action abbot_actions[] = {
	{.kind = ACT_RECALL, .word = "recall", .step = "place-figure", .offer = "recall the abbot",
	 .parse = recall_parse,
	 .format = recall_format, .check = recall_check, .apply = recall_apply},
};

/* ABBOT-6: a recalled abbot's points, apart from the monasteries'. */
static const struct score_category abbot_categories[] = {
	{.rule = "ABBOT-6", .category = "abbot_recall"},
};

const struct rules_module abbot_module = {
	.name = "abbot",
	.summary = "Abbot: one more figure each, for monasteries and gardens only; instead "
		   "of placing a figure you may take your abbot back, scoring its monastery "
		   "or garden as it stands (\"recall\").",
	.enabled = abbot_enabled,
	.actions = abbot_actions,
	.nactions = 1,
	.score_categories = abbot_categories,
	.nscore_categories = 1,
	.figure_types = abbot_figures,
	.nfigure_types = 1,
	.figure_options = abbot_figure_options,
	.max_figure_options = 1,
};
