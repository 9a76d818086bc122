/* Tile geometry: the picture of a tile as drawable primitives, derived
 * from its segments alone (no per-tile drawings), in board orientation.
 *
 * Coordinates are those of the unit square of one board cell: (0,0) is
 * the north-west corner, (1,1) the south-east one, y grows south as on
 * the board. Cities are closed outlines of cubic pieces; roads and rivers
 * are one cubic each, from a side's middle to another side's middle or to
 * the centre. Both renderers (ascii_cell.c, png_tile.c) draw these in the
 * same order, so the text map and the picture agree:
 *
 *	1. the field (the whole cell)
 *	2. paths that end at the centre or at a city's gate (under cities:
 *	   a road into a city gate, a road to the river bank)
 *	3. rivers running between two sides
 *	4. cities, each outline filled, its inner pieces stroked as walls
 *	5. roads running between two sides (over rivers: bridges)
 *	6. the centre: monastery or garden, or the hub where paths end
 *	7. shields, then figures
 */
#ifndef CARC_RENDER_GEOM_H
#define CARC_RENDER_GEOM_H

#include <stdbool.h>
#include <stdint.h>

#include "tile.h"

#define GEO_CENTRE 4 /* path end at the centre of the cell, not a side */
#define GEO_RES 33   /* raster cells per side, odd so one is in the middle */
#define GEO_PIECES 8 /* most pieces in a city outline */
#define GEO_FLAT 12  /* straight lines per cubic when testing points */
#define GEO_HEDGES 96 /* most raster edges of hedge drawn */

/* Half-widths of paths, and the radius kept free around the centre. */
#define GEO_ROAD_HALF 0.055
#define GEO_RIVER_HALF 0.075
#define GEO_CENTRE_R 0.14
#define GEO_HUB_R 0.08  /* the house where roads end */
#define GEO_POOL_R 0.12 /* a spring or lake */

struct geo_pt {
	double x, y;
};

/* One cubic Bezier piece; a straight one has c1 == p0 and c2 == p3. */
struct geo_bez {
	struct geo_pt p0, c1, c2, p3;
};

struct geo_city {
	uint8_t seg;   /* segment index in the tile type */
	uint8_t sides; /* board sides it covers, bit per enum side */
	uint8_t npiece;
	uint8_t wall; /* bit per piece: inside the cell (a wall), not its edge */
	struct geo_bez piece[GEO_PIECES]; /* closed outline, clockwise */
	int npoly;
	struct geo_pt poly[GEO_PIECES * GEO_FLAT]; /* the outline, flattened */
};

struct geo_path {
	uint8_t seg, kind; /* SEG_ROAD or SEG_RIVER */
	uint8_t a, b;      /* board sides; b is GEO_CENTRE for a path that ends */
	uint8_t to;        /* where a path that ends goes: GEO_CENTRE, or the side
			      of a city it runs into under its wall (a gate) */
	struct geo_bez bez;
	struct geo_pt line[GEO_FLAT + 1]; /* bez, flattened */
};

/* What marks the centre where paths end and nothing else stands. */
enum geo_hub { HUB_NONE, HUB_JUNCTION, HUB_POOL };

struct tile_geo {
	int ncity, npath;
	struct geo_city city[4];
	struct geo_path path[8];
	int centre_kind;      /* SEG_MONASTERY, SEG_GARDEN, or -1 */
	int centre_seg;       /* its segment, or -1 */
	struct geo_pt centre; /* where it stands: the middle unless a path or a
				 wall is there */
	int hub;              /* enum geo_hub */
	uint8_t nshields[TILE_SEG_MAX];
	struct geo_pt anchor[TILE_SEG_MAX]; /* where a figure on the segment stands */
	struct geo_pt shield[TILE_SEG_MAX]; /* city: where its shield shows */
	tile_attrs marks[TILE_SEG_MAX];     /* attributes drawn on each segment */
	struct geo_pt mark[TILE_SEG_MAX];   /* where the first shows (the next
					       ones GEO_MARK_STEP to the right) */
	tile_attrs tile_marks;              /* tile attributes drawn */
	uint8_t walls;                      /* board sides that are walls (EDGE_WALL,
					       the abbey's): drawn as such */
	bool bridge;                        /* the last road drawn goes over the
					       other road or the river (TB-2) */
	struct geo_pt tile_mark;            /* where, on a field */
	/* Hedges: raster cell edges between two fields the data parts where
	 * no road or wall does (GQ/Cc!, AM/C!+): the edge below or right of cell
	 * (row, col). */
	int nhedge;
	struct {
		uint8_t row, col, below;
	} hedge[GEO_HEDGES];
};

/* Tile attributes drawn as a symbol; spring, lake, fork and bridge show
 * in the river and roads themselves. */
#define GEO_TILE_MARKS                                                                   \
	(TA_BIT(TA_VOLCANO) | TA_BIT(TA_DRAGON) | TA_BIT(TA_PORTAL) | TA_BIT(TA_TOWER) | \
	 TA_BIT(TA_ABBEY) | TA_BIT(TA_FIRE))
#define GEO_MARK_STEP 0.13 /* between two symbols of one segment */
#define GEO_MARK_R 0.09    /* the Cathar symbol's radius in the picture */
/* Half the width and height of a figure standing at its anchor: a
 * symbol's spot keeps clear of it (issue 21.8: a Cathar symbol hidden
 * under the knight). */
#define GEO_FIGURE_HALF_W 0.165
#define GEO_FIGURE_HALF_H 0.18

/* Per raster cell, the segment drawn there, or SEG_NONE (a field no slot
 * reaches, which the tile data never asks for). */
struct geo_raster {
	uint8_t seg[GEO_RES][GEO_RES]; /* [row][column] */
};

/* The picture of tile type t turned rot quarters clockwise. */
void geo_build(const struct tile_type *t, int rot, struct tile_geo *g);
/* The raster geo_build derives the anchors from (tests check it against
 * the tile data). */
void geo_rasterize(const struct tile_type *t, int rot, const struct tile_geo *g,
		   struct geo_raster *r);

struct geo_pt geo_bez_at(const struct geo_bez *b, double t);
bool geo_city_contains(const struct geo_city *c, struct geo_pt p);
/* Distance from q to the outline (0 inside) or to the path's line. */
double geo_city_dist(const struct geo_city *c, struct geo_pt q);
double geo_path_dist(const struct geo_path *p, struct geo_pt q);
/* Where a board slot lies on the border of the cell (SLOT_CENTRE: the middle). */
struct geo_pt geo_slot_point(int slot);

/* Internal to geom*.c. */
void geo_place_centre(const struct tile_type *t, struct tile_geo *g);
void geo_anchors(const struct tile_type *t, int rot, struct tile_geo *g);

#endif
