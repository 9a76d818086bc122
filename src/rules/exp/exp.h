/* The rule modules built into the program (one file or folder each under
 * src/rules/exp/); modules.c lists them in their order in the turn. */
#ifndef CARC_EXP_H
#define CARC_EXP_H

#include "../rules.h"

struct rules_module;

extern const struct rules_module river_module;
extern const struct rules_module river2_module;
extern const struct rules_module abbot_module;
extern const struct rules_module king_robber_module;
extern const struct rules_module gq11_module;
extern const struct rules_module cathars_module;
extern const struct rules_module inns_cathedrals_module;

/* The built-in modules' own figure types, numbered down from the top
 * (modules outside the tree number theirs up from FIG_BASE_COUNT). */
enum { FIG_BIG = FIG_TYPE_MAX - 1 };

struct game;
/* The river's open ends now (tests). */
int river_open_ends(const struct game *g);

/* The pigsty's owner rate (pigsty.c), in River II's and Games
 * Quarterly's score hooks with attrs TA_BIT(TA_PIGSTY). */
int pigsty_field_rate(struct game *g, int field, int player, int rate);

#endif
