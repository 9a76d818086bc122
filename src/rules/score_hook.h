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
	/* the value of a road, city, monastery or garden at root, given
	 * value from the tables; g->attr_sum holds the attribute counts of
	 * the feature's walk. NULL: it changes none. */
	int (*value)(struct game *g, int root, bool complete, int value);
	/* Fields (FARM-8): an owner of the field at root scores, for each
	 * completed city it borders, the city's weight times the owner's
	 * rate. city_weight: the city's weight given weight (1 by the base
	 * rules; a besieged city 2, CATHARS-5); field_rate: points per city
	 * for player, an owner of the field, given rate (the table's; the
	 * pigsty one more, RIVER2-7). g->attr_sum holds the field's
	 * attribute counts. So the pigsty, a pig and the Cathars' doubling
	 * compose, each a factor of its own (XEXP-7). NULL: no change. Any
	 * of the three may name the rule of what it changed (g->score_rule). */
	int (*city_weight)(struct game *g, int field, int city, int weight);
	int (*field_rate)(struct game *g, int field, int player, int rate);
	uint64_t attrs; /* tile_attr bits (TA_BIT, tile.h) it reads from g->attr_sum */
};

/* The most hooks the modules of one game bring (modules_build). */
#define SCORE_HOOKS_MAX 8

#endif
