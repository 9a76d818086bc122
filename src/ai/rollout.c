/* The rollout policy MCTS plays the rest of a game with, every seat
 * alike: uniformly random legal actions (docs/PERFORMANCE.md, "Computer
 * players", says why: measured against cheaper-to-read heuristics). */
#include "ai_impl.h"

int
ai_rollout(struct game *g, struct ai_rng *r, struct action *buf, int cap)
{
	return ai_random_playout(g, r, buf, cap);
}
