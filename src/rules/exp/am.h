/* Abbey & Mayor's pieces (abbey_mayor.c is the module's table; each
 * piece's rules are in a file of its own: am_abbey.c, am_mayor.c). */
#ifndef CARC_EXP_AM_H
#define CARC_EXP_AM_H

#include "../module.h"

/* The module's state in the game's arena (module_state). */
struct am_state {
	int abbeys[MAX_PLAYERS]; /* abbey tiles each seat still holds (AM-2) */
	int16_t abbey_type;          /* the abbey's tile type, -1 if the catalogue has none */
};
struct am_state *am_state(const struct game *g);

/* am_mayor.c */
extern const struct figure_type_def figure_type_mayor;

/* am_abbey.c: its steps and action rows for the module's tables, in
 * order (the steps are the module's first ones: am_abbey.c pushes them
 * by index) */
#define AM_ABBEY_NSTEPS 3
extern const struct rules_step am_abbey_steps[AM_ABBEY_NSTEPS];
#define AM_ABBEY_NACTIONS 2
extern const struct rules_action am_abbey_actions[AM_ABBEY_NACTIONS];
void am_abbey_setup(struct game *g);
void am_abbey_turn_start(struct game *g);
void am_abbey_end_game(struct game *g);
int am_abbey_extra_tiles(const struct game *g);
int am_abbey_tokens(const struct game *g, struct rules_token *out, int cap);
int am_abbey_state_fields(const struct game *g, struct rules_field *out, int cap);

#endif
