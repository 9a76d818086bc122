/* Issue 25.1: a placement veto hook (module.h, figure_veto) that the
 * figure decision's list, its check and the primitives (figure_put,
 * figure_move) all honour. A module outside the tree forbids every
 * figure on roads ("TEST-VETO"): in random games no thief is ever
 * listed, "thief P" is refused with the module's rule and words where
 * the same game without the module lists it, and figure_put / figure_move
 * onto a road are refused. The base game pays one compare: its short
 * paths (fig_plain) stay on without a veto.
 *
 *   CARC_VETO_GAMES=N   games to play (default 200)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "engine.h"
#include "tap.h"
#include "extra-module.h"

static int
no_roads(const struct game *g, int player, int type, int loc, int where,
	 struct rules_error *err)
{
	(void)player;
	(void)type;
	if (loc != LOC_SEGMENT || g->feat[where].kind != SEG_ROAD)
		return 0;
	return rerr(err, RERR_ILLEGAL, "TEST-VETO", "no figure may stand on a road in this test");
}

static const struct rules_module veto_module = {
	.name = "t-veto",
	.enabled = always_on,
	.figure_veto = no_roads,
};

struct tally {
	int figures_listed, roads_listed, refused, refused_right, put_refused, moved_refused;
};

/* The segment of the new tile a listed figure action names. */
static int
action_seg(const struct game *g, const struct action *a)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	int s = tile_seg_at_slot(game_type(g, pt->type), a->slot, pt->rot);

	return s == SEG_NONE ? -1 : seg_instance(g->last_placed, s);
}

/* A free road of the new tile (as the base game would offer a thief), or -1. */
static int
free_road(const struct game *g)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	const struct tile_type *t = game_type(g, pt->type);

	for (int s = 0; s < t->nsegs; s++)
		if (t->seg[s].kind == SEG_ROAD &&
		    g->feat[feature_find(g, seg_instance(g->last_placed, s))].figures == 0)
			return seg_instance(g->last_placed, s);
	return -1;
}

/* At a figure decision: what is listed, and a thief on a free road refused. */
static void
figure_decision(struct tally *t, struct game *g, const struct action *a, int n)
{
	int p = g->frames[g->nframes - 1].owner, road = free_road(g);
	struct rules_error err = {0};

	for (int i = 0; i < n; i++)
		if (a[i].kind == ACT_FIGURE) {
			int seg = action_seg(g, &a[i]);
			t->figures_listed++;
			t->roads_listed += seg >= 0 && g->feat[seg].kind == SEG_ROAD;
		}
	if (road < 0 || g->player[p].supply[FIG_FOLLOWER] == 0 || !g->nhook[HOOK_FIGURE_VETO])
		return;
	struct action thief = action_figure(FIG_FOLLOWER, (unsigned)game_segment_slot(g, road),
					    SEG_ROAD);
	t->refused++;
	t->refused_right += game_check(g, &thief, &err) < 0 && strcmp(err.rule, "TEST-VETO") == 0 &&
			    strstr(err.text, "road in this test") != NULL;
	t->put_refused += figure_put(g, p, FIG_FOLLOWER, road, &err) < 0 &&
			  strcmp(err.rule, "TEST-VETO") == 0;
}

/* A figure on the board: moving it onto a free road is refused, and it stays. */
static void
try_move(struct tally *t, struct game *g)
{
	int road = free_road(g);
	struct rules_error err = {0};

	for (int i = 0; road >= 0 && i < g->nfigures; i++)
		if (g->figure[i].loc == LOC_SEGMENT) {
			int16_t seg = g->figure[i].seg;
			t->moved_refused += figure_move(g, i, LOC_SEGMENT, road, &err) < 0 &&
					    strcmp(err.rule, "TEST-VETO") == 0 &&
					    g->figure[i].seg == seg;
			return;
		}
}

static void
play(struct tally *t, const struct catalog *cat, int id)
{
	struct game_setup s = {.nplayers = 2 + id % 4, .start = -1};
	struct rules_error err = {0};
	struct ai_rng rng;
	struct game *g;
	struct action *buf, a;
	int cap;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_ABBOT, id & 1);
	s.opt.edition = 1 + (id & 1);
	memcpy(s.seed, &id, sizeof(id));
	memcpy(s.seed + 8, "figveto", 7);
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game %d: %s", id, err.text);
	ai_rng_seed(&rng, s.seed);
	cap = game_legal_cap(g);
	buf = malloc(sizeof(*buf) * (size_t)cap);
	while (buf && !g->over) {
		int n = game_legal_actions(g, buf, cap);
		if (g->frames[g->nframes - 1].step == STEP_PLACE_FIGURE) {
			figure_decision(t, g, buf, n);
			/* a move not refused changes the game: with the veto only */
			if (g->nhook[HOOK_FIGURE_VETO])
				try_move(t, g);
		}
		a = buf[ai_rng_below(&rng, (uint32_t)n)];
		if (game_apply(g, &a, &err) < 0)
			bail_out("game %d: %s", id, err.text);
	}
	free(buf);
	game_free(g);
}

/* Without the module the same kind of game lists thieves, on its short paths. */
static void
base_lists_thieves(const struct catalog *cat)
{
	struct tally t = {0};
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&s.opt);
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game: %s", err.text);
	ok(g->fig_plain && g->nhook[HOOK_FIGURE_VETO] == 0,
	   "issue 25.1: the base game has no veto and keeps its short paths");
	game_free(g);
	for (int id = 0; id < 20; id++)
		play(&t, cat, id);
	ok(t.roads_listed > 0, "issue 25.1: without the veto, %d thieves are listed",
	   t.roads_listed);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);
	const struct rules_module *mods[MODULES_MAX];
	const char *env = getenv("CARC_VETO_GAMES");
	int games = env ? atoi(env) : 200;
	struct tally t = {0};

	if (cat == NULL)
		bail_out("catalog: %s", err.text);
	base_lists_thieves(cat);
	catalog_add_module(cat, mods, &veto_module);

	for (int id = 0; id < games; id++)
		play(&t, cat, id);
	ok(t.figures_listed > 0 && t.roads_listed == 0,
	   "issue 25.1: with the veto, none of %d listed figures is on a road", t.figures_listed);
	ok(t.refused > 0 && t.refused_right == t.refused,
	   "issue 25.1: a thief on a free road is refused by the module's rule (%d of %d)",
	   t.refused_right, t.refused);
	is_int(t.put_refused, t.refused, "issue 25.1: figure_put onto that road is refused too");
	ok(t.moved_refused > 0, "issue 25.1: figure_move onto a road is refused, the figure "
				"stays (%d)", t.moved_refused);

	catalog_builtin(cat);
	catalog_free(cat);
	return done_testing();
}
