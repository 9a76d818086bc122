/* Abbey & Mayor's pieces (abbey_mayor.c holds the rule set's two tables;
 * each piece's rules are in a file of its own: am_abbey.c, am_mayor.c,
 * am_wagon.c, am_barn.c): what the tables take from each. */
#ifndef CARC_EXP_AM_H
#define CARC_EXP_AM_H

#include "../module.h"

/* The first table's state in the game's arena (module_state). */
struct am_state {
	int abbeys[MAX_PLAYERS]; /* abbey tiles each seat still holds (AM-2) */
	int16_t abbey_type;          /* the abbey's tile type, -1 if the catalogue has none */
};
struct am_state *am_state(const struct game *g);

/* am_mayor.c */
extern const struct figure_type_def figure_type_mayor;

/* am_abbey.c: its steps and action rows, the first table's (am_abbey.c
 * pushes its steps by index) */
#define AM_ABBEY_NSTEPS 3
extern const struct rules_step am_abbey_steps[AM_ABBEY_NSTEPS];
#define AM_ABBEY_NACTIONS 2
extern const struct rules_action am_abbey_actions[AM_ABBEY_NACTIONS];
void am_abbey_setup(struct game *g);
void am_abbey_turn_start(struct game *g);
void am_abbey_round_draw(struct game *g, int owner);
void am_abbey_end_game(struct game *g);
int am_abbey_extra_tiles(const struct game *g);
int am_abbey_tokens(const struct game *g, struct rules_token *out, int cap);
int am_abbey_state_fields(const struct game *g, struct rules_field *out, int cap);

/* The second table: the wagon and the barn (abbey_mayor.c). */
extern const struct rules_module abbey_mayor_wagon_module;

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
