/* How MCTS plays on after an arm's turn, every seat alike, and what the
 * result is worth to the seat: depth greedy whole turns and the
 * evaluation (the default, 2), or random play to the end (depth 0);
 * docs/PERFORMANCE.md, "Computer players", has the measurements behind
 * the choice. */
#include <math.h>

#include "ai_impl.h"

#define MARGIN_SCALE 20.0 /* points of lead worth most of the margin half */
#define EVAL_SCALE 12.0   /* evaluation points worth most of a win */

/* The end for the seat: a win (1, 0.5 shared) and the margin, half each. */
static double
final_reward(const struct game *g, int seat, double *win)
{
	int best = -1000000;

	for (int p = 0; p < g->nplayers; p++)
		if (p != seat && g->player[p].score > best)
			best = g->player[p].score;
	if (g->nplayers == 1)
		best = g->player[seat].score;
	int margin = g->player[seat].score - best;
	*win = margin > 0 ? 1.0 : margin == 0 ? 0.5 : 0.0;
	return 0.5 * *win + 0.25 * (1.0 + tanh(margin / MARGIN_SCALE));
}

/* One greedy whole turn of whoever's decision it is. */
static int
greedy_step(struct game *g, struct ai_rng *r)
{
	struct ai_turns turns;
	struct decision d;
	int rc = 0;

	game_decision(g, &d);
	if (ai_turns_list(g, d.player, &turns) < 0)
		return -1;
	const struct ai_turn *t = &turns.t[ai_greedy_pick(&turns, r)];
	for (int i = 0; i < t->n && rc == 0; i++)
		rc = game_apply(g, &t->a[i], NULL);
	ai_turns_free(&turns);
	return rc;
}

double
ai_rollout(struct game *g, int seat, int depth, struct ai_rng *r, struct action *buf,
	   int cap, double *win)
{
	if (depth <= 0) {
		if (ai_random_playout(g, r, buf, cap) < 0)
			return -1;
		return final_reward(g, seat, win);
	}
	for (int k = 0; k < depth && !g->over; k++)
		if (greedy_step(g, r) < 0)
			return -1;
	if (g->over) /* the real end, not a guess */
		return final_reward(g, seat, win);
	double v = ai_eval(g, seat);
	*win = 0.5 * (1.0 + tanh(v / EVAL_SCALE));
	return *win;
}
