/* The rule modules built into the program (one file or folder each under
 * src/rules/exp/); modules.c lists them in their order in the turn. */
#ifndef CARC_EXP_H
#define CARC_EXP_H

#include "../rules.h"

struct rules_module;

/* The built-in modules' action kinds (enum action_kind has the base's):
 * numbers in memory only, the game file has their words. */
enum builtin_action_kind {
	ACT_RECALL = ACT_BASE_COUNT, /* abbot: take the abbot back and score it (ABBOT-6) */
	ACT_ESCAPE,                  /* cathars: a knight escapes a besieged city (CATHARS-6) */
	ACT_ABBEY,                   /* abbey-mayor: the abbey into a hole (ABBEY-1) */
	ACT_WAGON,                   /* abbey-mayor: a scored wagon moves on (WAGON-3) */
	ACT_BARN,                    /* abbey-mayor: a barn on a corner (BARN-1) */
	ACT_DRAW,                    /* abbey-mayor: draw, keeping the abbey (ABBEY-1) */
	ACT_OPEN,                    /* gifts: open a gift card (GIFTS-7) */
	ACT_KEEP,                    /* gifts: keep one of Take 2's tiles (GIFTS-TAKE2-1) */
	ACT_DRAGON,                  /* princess-dragon: one step of the dragon (DRAGON-3) */
	ACT_FAIRY,                   /* princess-dragon: the fairy beside a follower (FAIRY-1) */
	ACT_PORTAL,                  /* princess-dragon: a follower through the portal (PORTAL-1) */
	ACT_PRINCESS,                /* princess-dragon: a knight sent home (PRINCESS-1) */
	ACT_BUILTIN_COUNT
};
_Static_assert(ACT_BUILTIN_COUNT <= ACT_KIND_COUNT, "modules outside the tree start after ours");

extern const struct rules_module river_module;
extern const struct rules_module river2_module;
extern const struct rules_module abbot_module;
extern const struct rules_module king_robber_module;
extern const struct rules_module gq11_module;
extern const struct rules_module cathars_module;
extern const struct rules_module inns_cathedrals_module;
extern const struct rules_module abbey_mayor_module;
extern const struct rules_module traders_builders_module;
extern const struct rules_module princess_dragon_module;

/* The built-in modules' own figure types, numbered down from the top
 * (modules outside the tree number theirs up from FIG_BASE_COUNT). */
enum {
	FIG_BIG = FIG_TYPE_MAX - 1, /* inns-cathedrals */
	FIG_MAYOR = FIG_TYPE_MAX - 2, /* abbey-mayor */
	FIG_WAGON = FIG_TYPE_MAX - 3,
	FIG_BARN = FIG_TYPE_MAX - 4,
	FIG_BUILDER = FIG_TYPE_MAX - 5, /* traders-builders */
	FIG_PIG = FIG_TYPE_MAX - 6,
};

struct game;
/* The river's open ends now (tests). */
int river_open_ends(const struct game *g);

/* The pigsty's owner rate (pigsty.c), in River II's and Games
 * Quarterly's score hooks with attrs TA_BIT(TA_PIGSTY). */
int pigsty_field_rate(struct game *g, int field, int player, int rate);

#endif
