/* The picture's building blocks (cairo): tiles, figures, the board with
 * its coordinates and marks, the score table. Tiles and figures are drawn
 * in the unit square of their cell (see geom.h); the caller scales. */
#ifndef CARC_RENDER_PICTURE_H
#define CARC_RENDER_PICTURE_H

#include <cairo.h>
#include <math.h>

#include "geom.h"
#include "palette.h"
#include "png_write.h"
#include "render.h"
#include "view.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define PNG_TEXT 9.0     /* pixels: height of a capital in the coordinates and table */
#define PNG_MARGIN 30    /* band around the board for the coordinates */
#define PNG_LINE 20      /* a line of the score table */
#define PNG_MIN_TILE 4   /* tiles get no smaller when a board is scaled down */
#define PNG_MIN_SIZE 256 /* opts.max_px below this counts as this */
#define PNG_TABLE_W 500  /* the picture is at least this wide, for the table */

struct png_layout {
	int px;               /* pixels per tile */
	int board_x, board_y; /* north-west corner of the view's first cell */
	int width, height;
	int table_y; /* top of the score table */
	int drawn_x; /* left of the drawn tile beside the board (png_drawn.c) */
	int drawn_y; /* its top */
	double label; /* cap height of the coordinates */
	int margin;   /* the band around the board for them */
	bool table;   /* the score table is drawn */
	bool board;   /* the board is drawn (not the panel alone) */
};

/* png_cairo.c: the source colour 0xRRGGBB. */
void png_rgb(cairo_t *cr, uint32_t rgb);
/* Ends drawing on s with cr (destroyed): s flushed, or NULL (s destroyed)
 * when cairo failed, out of memory. */
cairo_surface_t *png_drawn_surface(cairo_surface_t *s, cairo_t *cr);

/* One tile, figures aside, in the unit square. */
void png_tile(cairo_t *cr, const struct tile_geo *geo);
/* The same drawn px pixels wide, kept in v's render_cache
 * (png_sprite.c); NULL without one: draw it with png_sprite_draw. */
cairo_surface_t *png_sprite(struct board_view *v, int type, int rot, int px);
/* A tile drawn px wide into a surface of its own (the caller destroys
 * it), as png_sprite keeps them: a picture drawn without a cache copies
 * these too, so that it has the very pixels of one drawn with (drawn in
 * place, clipped to its cell of the larger picture, cairo now and then
 * rounds an edge pixel of a shield one unit apart). */
cairo_surface_t *png_sprite_draw(const struct tile_geo *geo, int px);
/* Fills the current path, then strokes it w wide. */
void png_fill_stroke(cairo_t *cr, uint32_t fill, uint32_t edge, double w);
/* Where the contact sheet draws type i turned rot: the tile's north-west
 * corner in pixels and its size (png_sheet.c; the tests count on it). */
void png_sheet_cell(const struct catalog *cat, const struct render_opts *o, int i, int rot,
		    double *x, double *y, int *px);
/* The symbols of a tile's attributes (png_marks.c), over the tile. */
void png_marks(cairo_t *cr, const struct tile_geo *geo);
/* A figure of the given role (seg_kind, figure type) centred on (0, 0),
 * size the height of a standing one, in the seat's colour. */
/* A figure drawn as enum figure_drawing says (figure_role_drawing). */
void png_figure(cairo_t *cr, int drawing, int seat, double size);
/* The same drawn in place, never laid from a stamp. */
void png_figure_draw(cairo_t *cr, int drawing, int seat, double size);

/* Sizes the picture for the view: tiles as large as opts.tile_px, scaled
 * down until it fits opts.max_px both ways. */
void png_layout(const struct board_view *v, const struct render_opts *o,
		struct png_layout *l);
void png_board(cairo_t *cr, struct board_view *v, const struct png_layout *l);
void png_table(cairo_t *cr, const struct board_view *v, const struct render_opts *o,
	       const struct png_layout *l);
int png_table_height(const struct game *g);
/* The table's width: its columns, or its title when longer. */
int png_table_width(const struct board_view *v, const struct render_opts *o);
#define DRAWN_PX 72   /* a drawn tile beside the board (png_drawn.c) */
#define DRAWN_PAD 22  /* room for the names around it */
#define DRAWN_TITLE 24
#define DRAWN_CELL (DRAWN_PX + 2 * DRAWN_PAD)
#define DRAWN_STEP (DRAWN_CELL + 20) /* from one column to the next */

/* The drawn tile beside the board, with its place names: the room it
 * takes (0, 0 when there is none) and the drawing. */
int png_drawn_width(const struct board_view *v);
int png_drawn_height(const struct board_view *v);
void png_drawn(cairo_t *cr, struct board_view *v, const struct png_layout *l);

/* Text in the current colour, capitals cap high, with its left end
 * (align 0), middle (0.5) or right end (1) at x and the middle of its
 * capitals at y (png_font.c). */
void png_text(cairo_t *cr, const char *s, double x, double y, double align, double cap);
double png_text_width(const char *s, double cap);
/* The same with the top left of the capitals at left, top. */
void png_text_stroke(cairo_t *cr, const char *s, double left, double top, double cap);
/* Keeps cr's text and figures in c's stamps (png_stamp.c) from now on;
 * the render_cache kept, or NULL. */
void png_stamps_keep(cairo_t *cr, struct render_cache *c);
struct render_cache *png_stamps_of(cairo_t *cr);
/* Lay s or a figure, drawn once onto a surface of its own (a stamp, kept
 * in c unless c is NULL), where png_text_stroke or png_figure_draw would
 * draw it; false when they cannot (a context scaled unevenly or turned,
 * text with a pattern or of 31 characters or more, out of memory): then
 * draw it in place. */
bool png_text_laid(cairo_t *cr, struct render_cache *c, const char *s, double left,
		   double top, double cap);
bool png_figure_laid(cairo_t *cr, struct render_cache *c, int drawing, int seat,
		     double size);

/* Writes bytes to path, "-" for standard output. 0 or -1. */
int png_save(const unsigned char *png, size_t len, const char *path,
	     struct render_error *err);

#endif
