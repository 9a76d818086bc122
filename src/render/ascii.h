/* The text map's building blocks: characters kept as glyph codes until
 * output, so the same map prints as pure ASCII or with UTF-8 box drawing,
 * and one tile drawn into its 7x5 cell. */
#ifndef CARC_RENDER_ASCII_H
#define CARC_RENDER_ASCII_H

#include <stdint.h>
#include <stdio.h>

#include "geom.h"
#include "render.h"
#include "view.h"

#define ACELL_W 7
#define ACELL_H 5

/* A character: plain ASCII below 128, else one of these. */
typedef uint16_t glyph;

enum {
	GL_FIELD = 128, /* on the border of the tile */
	GL_FIELD_IN,    /* inside it */
	GL_CITY,
	GL_SHIELD,
	GL_ROAD_H,
	GL_ROAD_V,
	GL_ROAD_D1,
	GL_ROAD_D2, /* - | \ / */
	GL_RIVER_H,
	GL_RIVER_V,
	GL_RIVER_D1,
	GL_RIVER_D2,
	GL_BRIDGE_H,       /* a road east-west over a river */
	GL_BRIDGE_V,       /* a road north-south over a river */
	GL_RIVER_H_ROAD_N, /* a river east-west, a road ending at it */
	GL_RIVER_H_ROAD_S,
	GL_RIVER_V_ROAD_E,
	GL_RIVER_V_ROAD_W,
	GL_JUNCTION,
	GL_POOL,
	GL_WALL, /* a wall side (the abbey's, ABBEY-4) */
	GL_MARK_NW,
	GL_MARK_NE,
	GL_MARK_SE,
	GL_MARK_SW, /* the last tile's corners */
	GL_END
};

/* The marks beside the corners of a cell the decision due asks about (game_decision_marks),
 * by enum rules_mark_kind: where it has been, where it may go. */
#define ASCII_MARK_CHARS "x>"

/* A rectangle of glyphs: cell (x, y) of the board at column
 * (x - x0) * ACELL_W, row (y - y0) * ACELL_H. */
struct glyph_grid {
	int cols, rows;
	glyph *g;
};

static inline glyph *
grid_at(const struct glyph_grid *gr, int col, int row)
{
	return &gr->g[(size_t)row * gr->cols + col];
}

/* Draws a tile into the cell whose north-west character is (col, row). */
void ascii_tile(const struct tile_geo *geo, struct glyph_grid *gr, int col, int row);
/* The column and row in a cell of a point of the tile (its character). */
int ascii_col(double x);
int ascii_row(double y);
/* A figure: the seat letter and the role's initial, on its anchor. */
void ascii_figure(const struct tile_geo *geo, int seg, int kind, char letter, char role,
		  struct glyph_grid *gr, int col, int row);

/* The character of a tile attribute's symbol in the text map (':' for
 * one without its own yet); the legend explains them (ascii_legend.c). */
char attr_char(int attr);
/* The characters attr_char gives, which a figure's label never hides. */
#define ATTR_CHARS "!&$^:;"

/* The glyph as the character set spells it. */
const char *glyph_text(glyph c, int charset);
/* The length of a row of glyphs without its trailing blanks. */
int glyph_row_length(const glyph *row, int n);
/* Prints n glyphs and a newline. */
void glyph_row_print(FILE *fp, const glyph *row, int n, int charset);

/* Prints the formatted text folded to width columns (0: the mail width),
 * then a newline; NBSP prints as a blank where no line may break. */
#define NBSP '\a'
#define NB "\a"

void text_wrap(FILE *fp, int width, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Tile t (of v's catalogue) in rotations rots[0..n-1], each with its
 * place names around it and listed below (ascii_places.c); its drawings
 * from v's table (v may be NULL: made here). */
void ascii_places(FILE *fp, struct board_view *v, const struct tile_type *t,
		  const int *rots, int n, int charset, int width);

/* Legend, fits list and the tile's rotations below the map. */
void ascii_legend(FILE *fp, struct board_view *v, const struct render_opts *o);

#endif
