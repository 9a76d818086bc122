/* The symbols tiles show beyond their edges (enum tile_attr), drawn from
 * the tile data at the spots geom_anchor.c picks: the Cathar symbol, the
 * pigsty, the inn on its lake, the volcano; any other attribute as a
 * small disc with its initial, until its module draws it. */
#include <math.h>

#include "picture.h"

#define INK_W 0.015
#define MARK_R 0.06

/* A dark red disc with a yellow cross: the city is besieged. Larger
 * than the other symbols: it changes the city's worth and allows the
 * escape (issue 21.8). */
static void
draw_cathar(cairo_t *cr, struct geo_pt c)
{
	const double arm = GEO_MARK_R * 0.62;

	cairo_arc(cr, c.x, c.y, GEO_MARK_R, 0, 2 * M_PI);
	png_fill_stroke(cr, RGB_CATHAR, RGB_INK, INK_W);
	cairo_set_line_width(cr, 0.03);
	png_rgb(cr, RGB_CATHAR_CROSS);
	cairo_move_to(cr, c.x - arm, c.y);
	cairo_line_to(cr, c.x + arm, c.y);
	cairo_move_to(cr, c.x, c.y - arm);
	cairo_line_to(cr, c.x, c.y + arm);
	cairo_stroke(cr);
}

/* A pink pig's face: the pigsty. */
static void
draw_pigsty(cairo_t *cr, struct geo_pt c)
{
	cairo_arc(cr, c.x, c.y, MARK_R, 0, 2 * M_PI);
	png_fill_stroke(cr, RGB_PIG, RGB_INK, INK_W);
	cairo_new_path(cr);
	cairo_arc(cr, c.x, c.y + 0.012, 0.026, 0, 2 * M_PI);
	png_fill_stroke(cr, RGB_PIG, RGB_INK, INK_W * 0.7);
	png_rgb(cr, RGB_INK);
	for (int k = -1; k <= 1; k += 2) {
		cairo_arc(cr, c.x + k * 0.01, c.y + 0.012, 0.006, 0, 2 * M_PI);
		cairo_fill(cr);
	}
}

/* A small lake with a house on its shore: the inn. */
static void
draw_inn(cairo_t *cr, struct geo_pt c)
{
	cairo_save(cr);
	cairo_translate(cr, c.x, c.y + 0.02);
	cairo_scale(cr, 1, 0.6);
	cairo_arc(cr, 0, 0, MARK_R, 0, 2 * M_PI);
	cairo_restore(cr);
	png_fill_stroke(cr, RGB_RIVER, RGB_RIVER_EDGE, INK_W);
	cairo_rectangle(cr, c.x - 0.03, c.y - 0.06, 0.06, 0.045);
	png_fill_stroke(cr, RGB_MONASTERY, RGB_INK, INK_W * 0.7);
	cairo_move_to(cr, c.x - 0.04, c.y - 0.06);
	cairo_line_to(cr, c.x, c.y - 0.095);
	cairo_line_to(cr, c.x + 0.04, c.y - 0.06);
	cairo_close_path(cr);
	png_fill_stroke(cr, RGB_ROOF, RGB_INK, INK_W * 0.7);
}

/* A brown cone with lava at its top. */
static void
draw_volcano(cairo_t *cr, struct geo_pt c)
{
	cairo_move_to(cr, c.x - 0.1, c.y + 0.07);
	cairo_line_to(cr, c.x - 0.03, c.y - 0.06);
	cairo_line_to(cr, c.x + 0.03, c.y - 0.06);
	cairo_line_to(cr, c.x + 0.1, c.y + 0.07);
	cairo_close_path(cr);
	png_fill_stroke(cr, RGB_VOLCANO, RGB_INK, INK_W);
	cairo_move_to(cr, c.x - 0.03, c.y - 0.06);
	cairo_line_to(cr, c.x + 0.03, c.y - 0.06);
	cairo_line_to(cr, c.x + 0.012, c.y - 0.02);
	cairo_line_to(cr, c.x - 0.012, c.y - 0.02);
	cairo_close_path(cr);
	png_rgb(cr, RGB_LAVA);
	cairo_fill(cr);
}

/* Any other attribute: a pale disc with the word's initial. */
static void
draw_other(cairo_t *cr, struct geo_pt c, int attr)
{
	char s[2] = {tile_attr_name(attr)[0], '\0'};
	double px = 1, py = 0;

	cairo_arc(cr, c.x, c.y, MARK_R, 0, 2 * M_PI);
	png_fill_stroke(cr, RGB_MARK, RGB_INK, INK_W);
	cairo_user_to_device_distance(cr, &px, &py);
	cairo_save(cr);
	cairo_translate(cr, c.x, c.y);
	cairo_scale(cr, 1 / px, 1 / px);
	png_rgb(cr, RGB_INK);
	png_text(cr, s, 0, 0, 0.5, MARK_R * px);
	cairo_restore(cr);
}

static void
draw_mark(cairo_t *cr, struct geo_pt c, int attr)
{
	cairo_new_path(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	switch (attr) {
	case TA_CATHAR:
		draw_cathar(cr, c);
		break;
	case TA_PIGSTY:
		draw_pigsty(cr, c);
		break;
	case TA_INN:
		draw_inn(cr, c);
		break;
	case TA_VOLCANO:
		draw_volcano(cr, c);
		break;
	default:
		draw_other(cr, c, attr);
	}
}

/* Each attribute once, left to right from its spot. */
static void
draw_marks(cairo_t *cr, struct geo_pt at, tile_attrs bits)
{
	for (int a = 0, k = 0; a < TA_COUNT; a++)
		if (bits & TA_BIT(a))
			draw_mark(cr, (struct geo_pt){at.x + GEO_MARK_STEP * k++, at.y}, a);
}

void
png_marks(cairo_t *cr, const struct tile_geo *geo)
{
	for (int s = 0; s < TILE_SEG_MAX; s++)
		if (geo->marks[s])
			draw_marks(cr, geo->mark[s], geo->marks[s]);
	if (geo->tile_marks)
		draw_marks(cr, geo->tile_mark, geo->tile_marks);
}
