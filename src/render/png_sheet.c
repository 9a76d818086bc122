/* The contact sheet: every tile type of the catalogue in its four
 * rotations, labelled with its id, set and rotations, to check by eye
 * that the drawings (derived from the tile data) look right. */
#include <stdio.h>
#include <stdlib.h>

#include "picture.h"

#define PER_ROW 3
#define GAP 8        /* between the rotations of a tile */
#define BLOCK_GAP 28 /* between tiles */
#define LABEL 20     /* the id above, the rotations below */

struct sheet {
	int px, block_w, block_h, width, height;
};

static void
sheet_layout(const struct catalog *cat, const struct render_opts *o, struct sheet *s)
{
	int rows = (cat->ntypes + PER_ROW - 1) / PER_ROW;

	s->px = o->tile_px > 0 ? o->tile_px : 64;
	s->block_w = 4 * s->px + 3 * GAP;
	s->block_h = LABEL + s->px + LABEL;
	s->width = 2 * PNG_MARGIN + PER_ROW * s->block_w + (PER_ROW - 1) * BLOCK_GAP;
	s->height = 2 * PNG_MARGIN + LABEL + rows * (s->block_h + BLOCK_GAP);
}

/* The north-west corner of type i's block. */
static void
block_at(const struct sheet *s, int i, double *x, double *y)
{
	*x = PNG_MARGIN + (i % PER_ROW) * (s->block_w + BLOCK_GAP);
	*y = PNG_MARGIN + LABEL + (i / PER_ROW) * (s->block_h + BLOCK_GAP);
}

void
png_sheet_cell(const struct catalog *cat, const struct render_opts *o, int i, int rot,
	       double *x, double *y, int *px)
{
	struct sheet s;

	sheet_layout(cat, o, &s);
	block_at(&s, i, x, y);
	*x += rot * (s.px + GAP);
	*y += LABEL;
	*px = s.px;
}

static void
draw_block(cairo_t *cr, const struct tile_type *t, const struct sheet *s, double x,
	   double y)
{
	char label[64];

	png_rgb(cr, RGB_INK);
	snprintf(label, sizeof(label), "%s (%s)", t->id, t->set);
	png_text(cr, label, x, y + LABEL / 2.0, 0, PNG_TEXT);
	for (int r = 0; r < 4; r++) {
		struct tile_geo geo;
		double tx = x + r * (s->px + GAP);
		geo_build(t, r, &geo);
		cairo_save(cr);
		cairo_translate(cr, tx, y + LABEL);
		cairo_scale(cr, s->px, s->px);
		png_tile(cr, &geo);
		cairo_restore(cr);
		png_rgb(cr, RGB_INK);
		snprintf(label, sizeof(label), "%d", r * 90);
		png_text(cr, label, tx + s->px / 2.0, y + LABEL + s->px + LABEL / 2.0,
			 0.5, PNG_TEXT);
	}
}

int
render_png_tiles(const struct catalog *cat, const struct render_opts *o, const char *path,
		 struct render_error *err)
{
	struct sheet s;
	cairo_surface_t *surface;
	cairo_t *cr;
	unsigned char *png = NULL;
	size_t len;
	int r;

	sheet_layout(cat, o, &s);
	surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, s.width, s.height);
	cr = cairo_create(surface);
	png_rgb(cr, RGB_BACKGROUND);
	cairo_paint(cr);
	png_rgb(cr, RGB_INK);
	png_text(cr, "Every tile type, turned 0, 90, 180 and 270 degrees clockwise",
		 PNG_MARGIN, PNG_MARGIN + LABEL / 2.0, 0, PNG_TEXT);
	for (int i = 0; i < cat->ntypes; i++) {
		double x, y;
		block_at(&s, i, &x, &y);
		draw_block(cr, &cat->types[i], &s, x, y);
	}
	cairo_destroy(cr);
	r = png_encode(surface, &png, &len, err);
	cairo_surface_destroy(surface);
	if (r == 0)
		r = png_save(png, len, path, err);
	free(png);
	return r;
}
