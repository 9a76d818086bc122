/* Declarations shared by the computer players' files (src/ai). */
#ifndef CARC_AI_IMPL_H
#define CARC_AI_IMPL_H

#include "ai.h"

/* One whole turn of a seat: its actions, and the evaluation after them. */
struct ai_turn {
	struct action a[AI_TURN_MAX];
	int n;
	int order; /* in the legal order: breaks ties */
	double value;
};

struct ai_turns {
	struct ai_turn *t;
	int n, cap;
};

/* eval.c: how good g is for seat, in points (its lead over the best of
 * the others); ends g (game_finish), so give it a copy. */
double ai_eval(struct game *g, int seat);

/* turns.c: every whole turn seat may play now in g (ai_choose's "the
 * current decision and the seat's next ones until the turn or a draw
 * passes"), each evaluated; sorted best first. Returns how many (> 0),
 * or -1 (not seat's decision, out of memory). Free with ai_turns_free. */
int ai_turns_list(const struct game *g, int seat, struct ai_turns *out);
void ai_turns_free(struct ai_turns *t);
/* Whether seat still owns the decision after a, in the same turn with
 * no tile drawn since before: the turn goes on. */
bool ai_turn_goes_on(const struct game *before, const struct game *after, int seat);
/* The actions' text, "place 1 0 90; knight N", played on a copy of g. */
void ai_turn_text(const struct game *g, const struct ai_turn *t, char *buf, size_t n);

/* mcts.c */
int ai_mcts(const struct game *g, int seat, const struct ai_params *p,
	    const struct ai_turns *turns, struct ai_rng *rng, struct ai_explain *ex);

/* rollout.c: plays on in g (every seat alike: random to the end when
 * depth is 0, else depth greedy turns) and returns what it is worth to
 * seat, 0..1, with *win the chance it wins; -1 on failure. */
double ai_rollout(struct game *g, int seat, int depth, struct ai_rng *r, struct action *buf,
		  int cap, double *win);

/* turns.c: greedy's choice among turns (sorted): the best evaluation,
 * equal ones drawn by lot. */
int ai_greedy_pick(const struct ai_turns *turns, struct ai_rng *rng);

/* clock.c: a monotonic clock, in seconds. */
double ai_clock(void);

/* random_player.c: ai_rng_below for game_redeal's callback. */
uint32_t ai_rng_below_cb(void *rng, uint32_t n);

#endif
