/* Rounds within a turn (issue 25.1, the review's R2): a module gives the
 * player another tile in the same turn (a sub-turn: the builder's second
 * tile, River II's lake after the volcano), drops a step of the round
 * under way (no figure on the volcano), and reads how many tiles the turn
 * has had ("never a third tile"). A round is the turn's plan from the
 * draw through the score step, with the steps modules insert between;
 * the steps after the score (the Cathars' siege) and the end of the turn
 * are the turn's and run once, after its last round. None of this runs
 * in the base game. */
#include <string.h>

#include "module.h"
#include "engine.h"

/* The index of the topmost frame of step in the round under way (above
 * its turn's end-turn frame), or -1. */
static int
round_frame(const struct game *g, int step)
{
	for (int i = g->nframes; i-- > 0;) {
		if (g->frames[i].step == step)
			return i;
		if (g->frames[i].step == STEP_END_TURN)
			break;
	}
	return -1;
}

/* The plan's steps of a round: from the draw through the score step. */
static int
round_len(const struct game *g)
{
	for (int i = 0; i < g->nplan; i++)
		if (g->plan[i] == STEP_SCORE)
			return i + 1;
	return g->nplan;
}

/* The round's draw frame has argument draw_arg: DRAW_SECOND, or
 * DRAW_ROUND_ASK for a round whose draw asks the round_draw hooks first. */
static int
add_round(struct game *g, int owner, int draw_arg)
{
	int n = round_len(g), at = round_frame(g, STEP_SCORE);

	if (owner < 0 || owner >= g->nplayers || g->nframes + n > FRAME_MAX)
		return -1;
	/* under the round's own score step, so that it runs after it; on
	 * top when that step has run */
	if (at < 0)
		at = g->nframes;
	memmove(&g->frames[at + n], &g->frames[at], sizeof(g->frames[0]) * (size_t)(g->nframes - at));
	for (int i = 0; i < n; i++) /* last step lowest */
		g->frames[at + i] = (struct frame){.step = g->plan[n - 1 - i],
						   .owner = (int8_t)owner,
						   .arg = (int16_t)(g->plan[n - 1 - i] == STEP_DRAW
									? draw_arg
									: 0)};
	g->nframes += n;
	g->plain_turn = false;
	if (g->rounds_turn != g->turn) {
		g->rounds_turn = g->turn;
		g->rounds_added = 0;
		g->rounds_why = NULL;
	}
	g->rounds_added++;
	return 0;
}

int
turn_add_round(struct game *g, int owner)
{
	return add_round(g, owner, DRAW_SECOND);
}

int
turn_skip(struct game *g, int step)
{
	int at = round_frame(g, step);

	if (at < 0)
		return -1;
	memmove(&g->frames[at], &g->frames[at + 1],
		sizeof(g->frames[0]) * (size_t)(g->nframes - at - 1));
	g->nframes--;
	return 0;
}

int
game_turn_tiles(const struct game *g)
{
	return 1 + (g->rounds_turn == g->turn ? g->rounds_added : 0);
}

int
turn_add_round_why(struct game *g, int owner, const char *why)
{
	/* drawn blind: the player may have a say before it (round_draw) */
	if (add_round(g, owner, DRAW_ROUND_ASK) < 0)
		return -1;
	g->rounds_why = why;
	return 0;
}

const char *
game_turn_why(const struct game *g)
{
	return g->rounds_turn == g->turn && g->rounds_added ? g->rounds_why : NULL;
}

const char *
game_decision_news(const struct game *g)
{
	const struct frame *f;

	if (g->over || g->nframes == 0)
		return NULL;
	f = &g->frames[g->nframes - 1];
	if (g->steps[f->step]->news != NULL)
		return g->steps[f->step]->news;
	return f->step == STEP_PLACE_TILE || f->step == STEP_PLACE_ANY ? game_turn_why(g) : NULL;
}

bool
game_turn_why_ahead(const struct game *g)
{
	return game_turn_why(g) && round_frame(g, STEP_DRAW) >= 0;
}
