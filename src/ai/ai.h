/* Computer players. They see the game only through the engine's public
 * API, like a human does through carcpbem legal. */
#ifndef CARC_AI_H
#define CARC_AI_H

#include <stdint.h>

#include "rules.h"

/* A small fast generator for players' choices (xoshiro256**); the bag's
 * shuffle does not use it. */
struct ai_rng {
	uint64_t s[4];
};

void ai_rng_seed(struct ai_rng *r, const uint8_t seed[SEED_BYTES]);
uint64_t ai_rng_next(struct ai_rng *r);
/* Uniform in 0..n-1 (n > 0). */
uint32_t ai_rng_below(struct ai_rng *r, uint32_t n);

/* Picks a uniformly random legal action; buf (cap entries) is scratch.
 * Returns 0, or -1 when there is no decision to take. */
int ai_random_action(const struct game *g, struct ai_rng *r, struct action *buf, int cap,
		     struct action *out);

/* Plays random actions until the game is over; returns the number of
 * turns (tile placements) played, or -1 if the engine refused an action
 * it had listed (a bug). */
int ai_random_playout(struct game *g, struct ai_rng *r, struct action *buf, int cap);

/* ---- choosing a turn (ai_choose): random, greedy or MCTS ----
 *
 * Every player sees the game only through the engine's legal actions and
 * an evaluation of the state they lead to (eval.c): no rule knowledge of
 * its own, so each rule module gets a computer player as it lands. They
 * are meant to be given a player's view (a game loaded from carcpbem view
 * GAME --player NAME): none of them reads the order of the tiles to come,
 * which a view does not have (MCTS samples it from the tiles still to
 * come, game_redeal; greedy looks at no future draw). */

enum ai_kind { AI_RANDOM, AI_GREEDY, AI_MCTS };

struct ai_params {
	int kind;          /* enum ai_kind */
	double think;      /* MCTS: seconds per decision, when playouts is 0 */
	long playouts;     /* MCTS: playouts per decision; with a seed, the
			      same choice every time (tests) */
	int depth;         /* MCTS rollouts: 0 plays random to the end, N
			      plays N greedy turns and evaluates */
	uint8_t seed[SEED_BYTES]; /* every random choice comes from it */
};

/* The most actions one choice returns: a whole turn of one seat. */
#define AI_TURN_MAX 8
#define AI_EXPLAIN_TOP 3

/* What MCTS thought (the others fill what they can). */
struct ai_explain {
	int n;                       /* moves below, best first */
	struct {
		char text[200];      /* "place 1 0 90; knight N" */
		double win;          /* estimated chance to win, 0..1 (MCTS) */
		long visits;         /* playouts that began with it */
		double value;        /* the evaluation after it (eval.c) */
	} top[AI_EXPLAIN_TOP];
	int candidates;              /* whole turns considered */
	long playouts;               /* playouts in all */
	double seconds;              /* time taken */
};

/* Sets p to the defaults: MCTS, 1 s per decision, rollouts of depth 2,
 * a zero seed. */
void ai_params_default(struct ai_params *p);
/* "random", "greedy", "mcts" -> enum ai_kind, or -1. */
int ai_kind_parse(const char *name);
const char *ai_kind_name(int kind);

/* The actions seat should play now in g: the current decision and those
 * that follow it for the same seat in the same turn before any new draw
 * (a tile and its figure: "place 1 0 90", "knight N"), at most
 * AI_TURN_MAX, written to out (*nout of them), legal in turn when applied
 * to g in order. ex (may be NULL) gets the top moves. Returns 0, or -1
 * when the decision due is not seat's (or the game is over, or memory ran
 * out). When the seat still has the decision after them (a module's tile
 * drawn within the turn), call again: bot_play_seat (src/pbem/act/bot.h) does.
 * Cost: greedy well under a millisecond (plain build, two players);
 * MCTS its budget (p->think, or p->playouts at some thousands a second)
 * plus one greedy listing. Deterministic for a given game, seat and p
 * when p->playouts is set. */
int ai_choose(const struct game *g, int seat, const struct ai_params *p,
	      struct action *out, int *nout, struct ai_explain *ex);

#endif
