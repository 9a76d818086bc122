/* The evaluation the greedy player maximises and MCTS uses as a prior:
 * for each player, the points they have, what their figures would score
 * if the game ended now (the engine's own final scoring on a copy: every
 * rule module's values come with it), and their figures: one in the
 * supply is worth more the more tiles are left, one on the board counts
 * as much as the tiles left are likely to free it (a farmer never: the
 * field is never complete, so farmers pay off late). The result is the
 * seat's lead over the best of the others. */
#include <math.h>

#include "ai_impl.h"

/* A figure in the supply with the whole pile to come, in points. */
#define FIGURE_WORTH 4.0
/* How many tiles it takes, roughly, to close one open side. */
#define TILES_PER_SIDE 10.0

/* The chance that the feature at root is complete before the pile runs
 * out: each open side (a cloister's empty cells) needs a tile. */
static double
chance_freed(const struct game *g, int root, int left)
{
	const struct feature *f = &g->feat[root];
	int open = f->open;

	if (game_feature_complete(g, root))
		return 1.0;
	if (g->farm_kinds >> f->kind & 1)
		return 0.0;
	if (open == 0) /* a cloister: its empty neighbours */
		open = 8 - g->placed[root / TILE_SEG_MAX].around;
	return pow(left / (left + TILES_PER_SIDE), open > 0 ? open : 1);
}

/* The figures' worth for each player. */
static void
figures_worth(const struct game *g, int left, double phase, double *v)
{
	double unit = FIGURE_WORTH * phase;

	for (int p = 0; p < g->nplayers; p++)
		for (int t = 0; t < FIG_TYPE_MAX; t++)
			v[p] += unit * g->player[p].supply[t];
	/* a figure off the segments (a barn on a corner) is spent for good:
	 * what it brings, final scoring counts */
	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		if (f->loc == LOC_SEGMENT)
			v[f->owner] += unit * chance_freed(g, game_feature_root(g, f->seg),
							   left);
	}
}

double
ai_eval(struct game *g, int seat)
{
	int left = game_tiles_left(g), total = left + g->nplaced;
	double v[MAX_PLAYERS] = {0}, phase = total ? (double)left / total : 0, best = -1e9;

	figures_worth(g, left, phase, v);
	game_finish(g);
	for (int p = 0; p < g->nplayers; p++) {
		v[p] += g->player[p].score;
		if (p != seat && v[p] > best)
			best = v[p];
	}
	return g->nplayers > 1 ? v[seat] - best : v[seat];
}
