/* Princess & Dragon (RULES.md section 12: PD-*, FAIRY-*, VOLCANO-*,
 * DRAGON-*, PORTAL-*, PRINCESS-*; docs/rules-decisions.md, "Princess &
 * Dragon"): 30 land tiles with volcanoes, dragons, magic portals and
 * princesses, and two neutral figures, the dragon and the fairy. This
 * file is the module's table; each piece's rules live in their own file
 * (pd_dragon.c, pd_aside.c, pd_fairy.c, pd_portal.c, pd_princess.c). */
#include <stdio.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

static bool
pd_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_PRINCESS_DRAGON);
}

static const char *const pd_sets[] = {"princess-dragon", NULL};

static size_t
pd_state_size(const struct game *g)
{
	(void)g;
	return sizeof(struct pd_state);
}

/* What the figure decision offers besides a figure: the fairy, the
 * portal and the princess (each instead of a figure). */
static int
pd_figure_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	n = pd_fairy_options(g, player, out, n, cap);
	n = pd_princess_options(g, player, out, n, cap);
	return pd_portal_options(g, player, out, n, cap);
}

static int
pd_most_figure_options(const struct game *g)
{
	return 2 * FIGURES_MAX + pd_portal_most(g);
}

/* The game file's module state: where the dragon and the fairy stand
 * (on the board or not, x, y), the moves of the dragon's movement under
 * way, and the dragon tiles set aside. */
static int
pd_state_fields(const struct game *g, struct rules_field *out, int cap)
{
	const struct pd_state *s = pd_state(g);
	const struct placed_tile *d = s->dragon >= 0 ? &g->placed[s->dragon] : NULL;
	const struct placed_tile *f = s->fairy >= 0 ? &g->placed[s->fairy] : NULL;
	const struct rules_field fields[] = {
		{.key = "dragon", .value = d != NULL},
		{.key = "dragon_x", .value = d ? d->x : 0},
		{.key = "dragon_y", .value = d ? d->y : 0},
		{.key = "dragon_moves", .value = s->moves},
		{.key = "dragon_aside", .value = s->aside},
		{.key = "fairy", .value = f != NULL},
		{.key = "fairy_x", .value = f ? f->x : 0},
		{.key = "fairy_y", .value = f ? f->y : 0},
	};
	int n = (int)(sizeof(fields) / sizeof(fields[0]));

	for (int i = 0; i < n && i < cap; i++)
		out[i] = fields[i];
	return n;
}

/* The dragon and the fairy where they stand, for the maps. */
static int
pd_neutrals(const struct game *g, struct rules_neutral *out, int cap)
{
	const struct pd_state *s = pd_state(g);
	const struct {
		int placed;
		const char *name, *mark;
	} fig[] = {{s->dragon, "the dragon", "DD"}, {s->fairy, "the fairy", "ff"}};
	int n = 0;

	for (size_t i = 0; i < sizeof(fig) / sizeof(fig[0]); i++) {
		if (fig[i].placed < 0)
			continue;
		if (n < cap)
			out[n] = (struct rules_neutral){fig[i].name, fig[i].mark,
							g->placed[fig[i].placed].x,
							g->placed[fig[i].placed].y};
		n++;
	}
	return n;
}

/* The dragon-moves house rule belongs to this module (DRAGON-3). */
static int
pd_check_options(const struct rules_options *opt, struct rules_error *err)
{
	if (opt->dragon_moves != DRAGON_MOVES_EACH && !pd_enabled(opt))
		return rerr(err, RERR_OPTION, "DRAGON-3",
			    "dragon-moves is a rule of princess-dragon: add --with "
			    "princess-dragon, or leave dragon-moves out");
	if (opt->dragon_moves != DRAGON_MOVES_EACH && opt->dragon_moves != DRAGON_MOVES_CURRENT)
		return rerr(err, RERR_OPTION, "DRAGON-3", "dragon-moves is each or current");
	return 0;
}

static void
pd_setup(struct game *g)
{
	pd_dragon_setup(g);
}

static const struct rules_action pd_actions[] = {
	{.kind = ACT_DRAGON, .word = "dragon", .step = "move-dragon", .parse = pd_dragon_parse,
	 .format = pd_dragon_format},
	{.kind = ACT_FAIRY, .word = "fairy", .step = "place-figure",
	 .offer = "put the fairy beside one of your followers", .parse = pd_fairy_parse,
	 .format = pd_fairy_format, .check = pd_fairy_check, .apply = pd_fairy_apply},
	{.kind = ACT_PORTAL, .word = "portal", .step = "place-figure",
	 .offer = "put a follower through the magic portal onto any unfinished, free feature",
	 .parse = pd_portal_parse, .format = pd_portal_format, .check = pd_portal_check,
	 .apply = pd_portal_apply},
	{.kind = ACT_PRINCESS, .word = "princess", .step = "place-figure",
	 .offer = "let the princess send a knight of her city home",
	 .parse = pd_princess_parse, .format = pd_princess_format, .check = pd_princess_check,
	 .apply = pd_princess_apply},
};

static const struct score_category pd_categories[] = {
	{.rule = "FAIRY-3", .category = "fairy",
	 .text = "the fairy beside a follower at the start of the turn"},
	{.rule = "FAIRY-4", .category = "fairy_feature",
	 .text = "the fairy beside a follower whose feature scored"},
};

const struct rules_module princess_dragon_module = {
	.name = "princess-dragon",
	.summary = "Princess & Dragon: 30 more land tiles. A volcano brings the dragon onto it "
		   "at once; no follower may stand on the dragon's tile. After the figure of a "
		   "dragon tile the dragon moves 6 tiles, each player in turn moving it one "
		   "(\"dragon N\" or \"dragon X Y\"), never back to a tile it has been on in that "
		   "movement nor onto the fairy's, and sends home the figures on each tile it "
		   "enters (dragon tiles drawn before any volcano wait aside). Instead of a "
		   "figure you may put the fairy beside one of your followers (\"fairy X Y "
		   "PLACE\": 1 point at the start of your turn, 3 when its feature scores, and "
		   "the dragon keeps off its tile); on a magic-portal tile put a follower on any "
		   "unfinished free feature (\"portal X Y ROLE PLACE\"); on a princess tile send "
		   "home a knight of the city it extends (\"princess X Y PLACE\").",
	.symbol = "volcano (^), dragon (Z), magic portal (O), princess (P): a volcano takes the "
		  "dragon, a dragon tile makes it move, a portal lets a follower go to any "
		  "unfinished free feature, a princess sends a knight of her city home.",
	.symbol_attrs = TA_BIT(TA_VOLCANO) | TA_BIT(TA_DRAGON) | TA_BIT(TA_PORTAL) |
			TA_BIT(TA_PRINCESS),
	.enabled = pd_enabled,
	.tilesets = pd_sets,
	.steps = pd_steps,
	.nsteps = PD_NSTEPS,
	.actions = pd_actions,
	.nactions = 4,
	.score_categories = pd_categories,
	.nscore_categories = 2,
	.state_size = pd_state_size,
	.setup = pd_setup,
	.after_place = pd_dragon_after_place,
	.feature_scored = pd_fairy_scored,
	.turn_start = pd_fairy_turn_start,
	.draw = pd_aside_draw,
	.figure_options = pd_figure_options,
	.most_figure_options = pd_most_figure_options,
	.figure_veto = pd_dragon_veto,
	.state_fields = pd_state_fields,
	.check_options = pd_check_options,
	.neutrals = pd_neutrals,
};
