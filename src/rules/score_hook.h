/* Per-game scoring hooks: a module that changes what a feature is worth
 * (Cathars' besieged cities, ...) adds one; the game runs them over the
 * table's value of every scored feature (score.c). The base game has none
 * and pays one predictable branch. */
#ifndef CARC_SCORE_HOOK_H
#define CARC_SCORE_HOOK_H

#include <stdbool.h>
#include <stdint.h>

struct game;

struct score_hook {
	/* the value of the feature at root, given value from the tables;
	 * g->attr_sum holds the attribute counts of the feature's walk */
	int (*value)(struct game *g, int root, bool complete, int value);
	uint32_t attrs; /* tile_attr bits it reads from g->attr_sum */
};

/* The most hooks the modules of one game bring (modules_build). */
#define SCORE_HOOKS_MAX 8

#endif
