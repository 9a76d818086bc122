/* Boards for the render tests and benchmark: a game of base tiles played
 * by random players until it holds a given number of tiles. The bag is a
 * fixed random list of the base set's types (as many as asked, and some
 * to spare for discards), so boards bigger than one set are possible;
 * the same tag gives the same board. */
#ifndef CARC_TEST_BOARDS_H
#define CARC_TEST_BOARDS_H

#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "rules.h"

static int
boards_pick_type(const struct catalog *cat, struct ai_rng *r)
{
	for (;;) {
		int t = (int)ai_rng_below(r, (uint32_t)cat->ntypes);
		const struct tile_type *tt = &cat->types[t];
		if (tt->group == GROUP_DEFAULT && tt->count[0] > 0 &&
		    !(tt->flags & TILE_START))
			return t;
	}
}

/* A game with ntiles tiles on the board (fewer if the bag runs out),
 * stopped where the next tile is to be placed; NULL if out of memory. */
static struct game *
boards_random(const struct catalog *cat, int ntiles, int nplayers, const char *tag)
{
	struct game_setup setup = {.nplayers = nplayers, .start = -1};
	int n = ntiles + ntiles / 2, *order = malloc(sizeof(*order) * n);
	struct rules_error err = {0};
	struct ai_rng rng;
	struct action *buf = NULL;
	struct game *g;
	size_t len = strlen(tag);

	if (order == NULL)
		return NULL;
	rules_options_default(&setup.opt);
	memcpy(setup.seed, tag, len < SEED_BYTES ? len : SEED_BYTES);
	ai_rng_seed(&rng, setup.seed);
	for (int i = 0; i < n; i++)
		order[i] = boards_pick_type(cat, &rng);
	setup.order = order, setup.norder = n;
	g = game_new(cat, &setup, &err);
	free(order);
	if (g && (buf = malloc(sizeof(*buf) * game_legal_cap(g))) == NULL) {
		game_free(g);
		return NULL;
	}
	while (g && !g->over) {
		struct decision d;
		struct action a;
		game_decision(g, &d);
		if (d.kind == DECISION_PLACE_TILE && g->nplaced >= ntiles)
			break;
		if (ai_random_action(g, &rng, buf, game_legal_cap(g), &a) < 0 ||
		    game_apply(g, &a, &err) < 0)
			break;
	}
	free(buf);
	return g;
}

#endif
