/* What a map shows of a game, shared by the text and the picture: the
 * area drawn, the tile placed last, where the tile to place fits, and the
 * geometry of each tile type in each rotation (computed once per map). */
#ifndef CARC_RENDER_VIEW_H
#define CARC_RENDER_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "geom.h"
#include "rules.h"

struct view_fit {
	int16_t x, y;
	uint8_t rots; /* bit r: the tile fits there turned r quarters */
};

struct board_view {
	const struct game *g;
	int minx, miny, nx, ny; /* cells drawn: the tiles and the fits */
	int last;               /* placed index of the tile placed last, or -1 */
	int fit_tile;           /* tile type the fits are for, or -1 */
	int nfit;
	struct view_fit *fit;  /* sorted by y, then x */
	struct tile_geo **geo; /* [type * 4 + rot], made when first asked */
	bool shared_geo;       /* geo belongs to a render_cache */
	struct render_cache *cache; /* that cache, or NULL */
};

struct render_cache {
	const struct catalog *cat;
	struct tile_geo **geo; /* as board_view's */
	void *sprites;         /* the picture's tiles drawn (png_sprite.c), */
	void (*sprites_free)(void *); /* and how to free them */
	void *stamps;                 /* the picture's text and figures drawn */
	void (*stamps_free)(void *);  /* (png_stamp.c), and how to free them */
};

/* fits: list where the drawn tile fits, if a tile is to be placed. The
 * drawings come from cache when it is of g's catalogue (cache may be
 * NULL). 0, or -1 when out of memory. */
int view_init(struct board_view *v, const struct game *g, bool fits,
	      struct render_cache *cache);
void view_free(struct board_view *v);
/* The picture of a tile type in a rotation; NULL when out of memory. */
const struct tile_geo *view_geo(struct board_view *v, int type, int rot);
/* The rotations that fit at x, y (bit per quarter turn), or 0. */
int view_fit_at(const struct board_view *v, int x, int y);
/* Whether cell x, y is on the map (a cropped map shows part of the board). */
static inline bool
view_shows(const struct board_view *v, int x, int y)
{
	return x >= v->minx && y >= v->miny && x < v->minx + v->nx && y < v->miny + v->ny;
}
/* Where a figure stands: its tile (placed index) and its segment there. */
void view_figure(const struct game *g, int i, int *placed, int *seg);

#endif
