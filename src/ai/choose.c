/* ai_choose (ai.h): one seat's turn from a random, greedy or MCTS player. */
#include <stdlib.h>
#include <string.h>

#include "ai_impl.h"

static const char *const kind_names[] = {"random", "greedy", "mcts"};

void
ai_params_default(struct ai_params *p)
{
	memset(p, 0, sizeof(*p));
	p->kind = AI_MCTS;
	p->think = 1.0;
	p->depth = 2;
}

int
ai_kind_parse(const char *name)
{
	for (int i = 0; i < 3; i++)
		if (strcmp(name, kind_names[i]) == 0)
			return i;
	return -1;
}

const char *
ai_kind_name(int kind)
{
	return kind >= 0 && kind < 3 ? kind_names[kind] : "?";
}

/* Random actions on a copy while the seat's turn goes on. */
static int
random_turn(const struct game *g, int seat, struct ai_rng *rng, struct ai_turn *t)
{
	struct game *c = game_clone(g);
	int cap = game_legal_cap(g), r = 0;
	struct action *buf = malloc(sizeof(*buf) * (size_t)cap);

	t->n = 0;
	do {
		if (!c || !buf || ai_random_action(c, rng, buf, cap, &t->a[t->n]) < 0 ||
		    game_apply(c, &t->a[t->n], NULL) < 0) {
			r = -1;
			break;
		}
		t->n++;
	} while (t->n < AI_TURN_MAX && ai_turn_goes_on(g, c, seat));
	game_free(c);
	free(buf);
	return r;
}

/* What greedy saw: the best three evaluations. */
static void
explain_greedy(const struct game *g, const struct ai_turns *turns, struct ai_explain *ex)
{
	ex->n = turns->n < AI_EXPLAIN_TOP ? turns->n : AI_EXPLAIN_TOP;
	for (int i = 0; i < ex->n; i++) {
		ai_turn_text(g, &turns->t[i], ex->top[i].text, sizeof(ex->top[i].text));
		ex->top[i].win = -1;
		ex->top[i].visits = 0;
		ex->top[i].value = turns->t[i].value;
	}
}

static int
search_turn(const struct game *g, int seat, const struct ai_params *p,
	    struct ai_rng *rng, struct ai_turn *t, struct ai_explain *ex)
{
	struct ai_turns turns;
	int i;

	if (ai_turns_list(g, seat, &turns) < 0)
		return -1;
	if (ex)
		ex->candidates = turns.n;
	if (p->kind == AI_GREEDY) {
		i = ai_greedy_pick(&turns, rng);
		if (ex)
			explain_greedy(g, &turns, ex);
	} else
		i = ai_mcts(g, seat, p, &turns, rng, ex);
	if (i >= 0)
		*t = turns.t[i];
	ai_turns_free(&turns);
	return i < 0 ? -1 : 0;
}

int
ai_choose(const struct game *g, int seat, const struct ai_params *p,
	  struct action *out, int *nout, struct ai_explain *ex)
{
	double start = ai_clock();
	struct ai_turn t = {0};
	struct ai_rng rng;
	struct decision d;
	struct game *own = NULL;
	const struct game *v;
	int r;

	*nout = 0;
	if (ex)
		memset(ex, 0, sizeof(*ex));
	game_decision(g, &d);
	if (g->over || d.player != seat)
		return -1;
	ai_rng_seed(&rng, p->seed);
	/* a secret of others (a hand, a tile kept back) is dealt afresh on a
	 * clone before anything reads the game: the choice cannot depend on
	 * it; the order of the pile no player reads (mcts deals its own) */
	if (game_has_secrets(g) && (own = game_clone(g)) != NULL &&
	    game_redeal(own, seat, ai_rng_below_cb, &rng) < 0) {
		game_free(own);
		return -1;
	}
	if (game_has_secrets(g) && own == NULL)
		return -1;
	v = own ? own : g;
	r = p->kind == AI_RANDOM ? random_turn(v, seat, &rng, &t)
				 : search_turn(v, seat, p, &rng, &t, ex);
	game_free(own);
	if (r < 0)
		return -1;
	memcpy(out, t.a, sizeof(*out) * (size_t)t.n);
	*nout = t.n;
	if (ex)
		ex->seconds = ai_clock() - start;
	return 0;
}
