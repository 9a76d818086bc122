/* Abbey & Mayor's pieces (exp/am_*.c): what abbey_mayor.c, the module's
 * table, takes from each. */
#ifndef CARC_EXP_AM_H
#define CARC_EXP_AM_H

#include "../module.h"

extern const struct figure_type_def figure_type_wagon, figure_type_barn;

/* The wagon (am_wagon.c): its steps (the wagons after the score, each
 * one's turn, its owner's move), its action, its state and its
 * feature_scored hook. */
extern const struct rules_step am_wagon_steps[];
#define AM_WAGON_NSTEPS 3
int am_wagon_parse(const struct game *g, char **w, int n, struct action *a,
		   struct rules_error *err);
int am_wagon_format(const struct game *g, const struct action *a, char *buf, size_t n);
#define AM_WAGON_ACTION                                                                   \
	{.kind = ACT_WAGON, .word = "wagon", .step = "move-wagon", .parse = am_wagon_parse, \
	 .format = am_wagon_format}
size_t am_wagon_state_size(const struct game *g);
void am_wagon_scored(struct game *g, int root, const int16_t *figures, int n, bool final);

/* The barn (am_barn.c): its action answering the figure decision, the
 * options listing it, its veto, the joins (BARN-5) and the end (BARN-6). */
int am_barn_parse(const struct game *g, char **w, int n, struct action *a,
		  struct rules_error *err);
int am_barn_format(const struct game *g, const struct action *a, char *buf, size_t n);
int am_barn_check(const struct game *g, int player, const struct action *a,
		  struct rules_error *err);
void am_barn_apply(struct game *g, int player, const struct action *a);
#define AM_BARN_ACTION                                                                    \
	{.kind = ACT_BARN, .word = "barn", .step = "place-figure",                          \
	 .offer = "put the barn on a corner", .parse = am_barn_parse,                       \
	 .format = am_barn_format, .check = am_barn_check, .apply = am_barn_apply}
int am_barn_options(const struct game *g, int player, struct action *out, int n, int cap);
int am_barn_veto(const struct game *g, int player, int type, int loc, int where,
		 struct rules_error *err);
void am_barn_after_place(struct game *g, int placed);
void am_barn_final(struct game *g);

#endif
