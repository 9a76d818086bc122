/* The MCTS player: determinized UCT at the root over the seat's whole
 * turns (docs/architecture.md, "Computer players"). The greedy
 * evaluation ranks every whole turn; the best WIDTH stay as the root's
 * arms, each with a prior from its evaluation (progressive bias). Each
 * playout picks an arm by UCB1 plus that bias, copies the game, deals
 * the tiles still to come in a fresh random order (game_redeal: the seat
 * cannot see the real one), plays the arm's actions, then plays on by
 * the rollout policy (rollout.c: ai_params.depth greedy turns and the
 * evaluation, or random to the end) and scores the result for the seat.
 * The choice is the arm with the most playouts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai_impl.h"

#define WIDTH 12          /* arms at the root */
#define EXPLORE 0.5       /* UCB1's constant, rewards being 0..1 */
#define BIAS 1.0          /* weight of the prior, fading as 1/(visits+1) */
#define PRIOR_SCALE 10.0  /* evaluation points that cost the prior 1 */

struct arm {
	const struct ai_turn *t;
	long n;
	double sum, wins, prior;
};

struct search {
	const struct game *g;
	int seat, depth;
	struct ai_rng *rng;
	struct arm arm[WIDTH];
	int narms;
	long total;
	struct action *buf;
	int cap;
	struct game *copy; /* each playout's game, in the same memory */
};

static int
pick_arm(const struct search *s)
{
	double best = -1e300, logn = log((double)s->total + 1);
	int pick = 0;

	for (int i = 0; i < s->narms; i++) {
		const struct arm *a = &s->arm[i];
		if (a->n == 0)
			return i; /* each once first, best evaluated first */
		double u = a->sum / a->n + EXPLORE * sqrt(logn / a->n) +
			   BIAS * a->prior / (a->n + 1);
		if (u > best) {
			best = u;
			pick = i;
		}
	}
	return pick;
}

/* One playout through arm i. */
static int
playout(struct search *s, int i)
{
	struct game *c = s->copy;
	struct arm *a = &s->arm[i];
	double win = 0;

	if (game_copy(c, s->g) < 0 || game_redeal(c, s->seat, ai_rng_below_cb, s->rng) < 0)
		return -1;
	for (int k = 0; k < a->t->n; k++)
		if (game_apply(c, &a->t->a[k], NULL) < 0)
			return -1;
	double v = ai_rollout(c, s->seat, s->depth, s->rng, s->buf, s->cap, &win);
	if (v < 0)
		return -1;
	a->sum += v;
	a->wins += win;
	a->n++;
	s->total++;
	return 0;
}

static void
set_arms(struct search *s, const struct ai_turns *turns)
{
	s->narms = turns->n < WIDTH ? turns->n : WIDTH;
	for (int i = 0; i < s->narms; i++)
		s->arm[i] = (struct arm){.t = &turns->t[i],
					 .prior = (turns->t[i].value - turns->t[0].value) /
						  PRIOR_SCALE};
}

/* Most playouts first; equal counts: the better mean. */
static int
by_visits(const void *a, const void *b)
{
	const struct arm *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	double mx = x->n ? x->sum / x->n : 0, my = y->n ? y->sum / y->n : 0;
	return (mx < my) - (mx > my);
}

static void
explain(const struct search *s, struct ai_explain *ex)
{
	ex->n = s->narms < AI_EXPLAIN_TOP ? s->narms : AI_EXPLAIN_TOP;
	for (int i = 0; i < ex->n; i++) {
		const struct arm *a = &s->arm[i];
		ai_turn_text(s->g, a->t, ex->top[i].text, sizeof(ex->top[i].text));
		ex->top[i].win = a->n ? a->wins / a->n : 0;
		ex->top[i].visits = a->n;
		ex->top[i].value = a->t->value;
	}
	ex->playouts = s->total;
}

/* The index in turns of the chosen turn, or -1. */
int
ai_mcts(const struct game *g, int seat, const struct ai_params *p,
	const struct ai_turns *turns, struct ai_rng *rng, struct ai_explain *ex)
{
	struct search s = {.g = g, .seat = seat, .depth = p->depth, .rng = rng, .cap = game_legal_cap(g)};
	double end = ai_clock() + (p->think > 0 ? p->think : 1.0);
	long budget = p->playouts;

	set_arms(&s, turns);
	if (s.narms > 1 && ((s.buf = malloc(sizeof(*s.buf) * (size_t)s.cap)) == NULL ||
			    (s.copy = game_clone(g)) == NULL)) {
		free(s.buf);
		return -1;
	}
	/* one turn alone (a forced pass): nothing to weigh */
	while (s.narms > 1 && (budget > 0 ? s.total < budget : ai_clock() < end))
		if (playout(&s, pick_arm(&s)) < 0)
			break;
	free(s.buf);
	game_free(s.copy);
	qsort(s.arm, (size_t)s.narms, sizeof(*s.arm), by_visits);
	if (ex)
		explain(&s, ex);
	return (int)(s.arm[0].t - turns->t);
}
