/* Segment kinds as data: one row per enum seg_kind with its names, how it
 * completes and what it is worth (RULES.md 1.5, 1.6, FARM, ABBOT). Every
 * layer reads names from here; scoring reads values from here, so a
 * module changes a value through the game's score hooks (score_hook.h),
 * never through a switch on the kind. */
#ifndef CARC_SEG_KIND_H
#define CARC_SEG_KIND_H

#include <stdbool.h>
#include <stdint.h>

#include "tile.h"

struct game;

/* How a role's figure is drawn in the PNG map (png_figure.c). */
enum figure_drawing {
	DRAW_NONE,
	DRAW_MEEPLE,       /* standing: thief */
	DRAW_MEEPLE_CREST, /* crest on the helmet: knight */
	DRAW_LYING,        /* on its back: farmer */
	DRAW_ROBE,         /* robe and hood: monk */
	DRAW_MITRE,        /* robe and mitre: abbot */
	DRAW_WAGON,        /* a cart on two wheels: Abbey & Mayor's wagon */
	DRAW_BARN,         /* a house with a gable: Abbey & Mayor's barn */
	DRAW_HAT,          /* standing with a flat hat: builder (TB-1) */
	DRAW_PIG,          /* a pig on all fours (TB-1) */
	DRAW_KIND_COUNT
};

/* Index into seg_kind_def.value and .rule: scored at the end of the game
 * (incomplete) or during it (complete). */
enum { VALUE_END, VALUE_COMPLETE };

struct seg_kind_def {
	const char *name;   /* "road": feature word in texts and files */
	const char *role;   /* a follower's role word there ("thief"), or NULL */
	char letter;        /* the role's letter on the text map */
	uint8_t drawing;    /* enum figure_drawing of the role */
	uint8_t edge;       /* enum edge_kind of a side it fills; 0: none */
	bool closable;      /* complete when no side is left open (road, city) */
	bool cloister;      /* one tile, complete when its 8 cells are filled */
	bool scores;        /* scored for the figures on it (not fields: farms) */
	/* points per tile and per shield, [VALUE_END] / [VALUE_COMPLETE];
	 * a cloister's "tiles" are its own and the ones around it */
	int8_t per_tile[2], per_shield[2];
	int8_t farm_city;   /* field: points per completed city it borders */
	const char *rule[2]; /* rule id of its scoring, [VALUE_END] / [VALUE_COMPLETE] */
	const char *no_figure_rule; /* why no figure stands on it, if none may */
	/* if set, the value instead of the per-tile sum (a module's kind) */
	int (*value)(struct game *g, int root, bool complete);
};

extern const struct seg_kind_def seg_kinds[SEG_KIND_COUNT];

static inline const struct seg_kind_def *
seg_kind_def(int kind)
{
	return &seg_kinds[kind];
}

/* The kind named so (case-insensitive), or -1. */
int seg_kind_parse(const char *name);
/* The kind whose role word this is ("knight" -> SEG_CITY), or -1. */
int seg_kind_of_role(const char *role);

#endif
