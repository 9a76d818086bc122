/* Beside the board in the picture: the tile to place in its four
 * rotations, labelled 0 90 180 270, or the tile just placed as it lies,
 * each with the names of its places around it (place_name.c), so the
 * picture answers "which rotation, which place" as the text map does. */
#include <stdio.h>
#include <string.h>

#include "picture.h"


/* Where each name stands, in the tile's unit square. */
static const struct {
	char name[3];
	float x, y;
} label_at[] = {
	{"NW", -0.17f, -0.15f}, {"NL", 0.22f, -0.15f}, {"N", 0.5f, -0.15f},
	{"NR", 0.78f, -0.15f},  {"NE", 1.17f, -0.15f}, {"EL", 1.17f, 0.22f},
	{"E", 1.17f, 0.5f},     {"ER", 1.17f, 0.78f},  {"SE", 1.17f, 1.15f},
	{"SL", 0.78f, 1.15f},   {"S", 0.5f, 1.15f},    {"SR", 0.22f, 1.15f},
	{"SW", -0.17f, 1.15f},  {"WL", -0.17f, 0.78f}, {"W", -0.17f, 0.5f},
	{"WR", -0.17f, 0.22f},  {"C", 0.5f, 0.5f},
};

/* The tile and rotations shown: 4 for the tile to place, 1 for the tile
 * a figure may go on; 0 when neither. */
static int
drawn_tiles(const struct board_view *v, int *type, int *rots)
{
	const struct game *g = v->g;
	struct decision d;

	game_decision(g, &d);
	if (v->fit_tile >= 0) {
		*type = v->fit_tile;
		for (int r = 0; r < 4; r++)
			rots[r] = r;
		return 4;
	}
	if (d.kind != DECISION_PLACE_FIGURE || g->last_placed < 0)
		return 0;
	*type = g->placed[g->last_placed].type;
	rots[0] = g->placed[g->last_placed].rot;
	return 1;
}

int
png_drawn_width(const struct board_view *v)
{
	int type, rots[4], n = drawn_tiles(v, &type, rots);

	return n == 0 ? 0 : (n == 4 ? DRAWN_STEP : 0) + DRAWN_CELL + PNG_MARGIN;
}

int
png_drawn_height(const struct board_view *v)
{
	int type, rots[4], n = drawn_tiles(v, &type, rots);

	return n == 0 ? 0 : DRAWN_TITLE + (n == 4 ? 2 : 1) * (DRAWN_CELL + DRAWN_TITLE);
}

static void
draw_names(cairo_t *cr, const struct tile_type *t, int rot)
{
	struct place p[TILE_SEG_MAX];
	int np = tile_places(t, rot, p);

	for (int i = 0; i < np; i++)
		for (size_t k = 0; k < sizeof(label_at) / sizeof(label_at[0]); k++) {
			double x = label_at[k].x * DRAWN_PX, y = label_at[k].y * DRAWN_PX;
			if (strcmp(p[i].name, label_at[k].name) != 0)
				continue;
			if (p[i].name[0] == 'C') { /* on the tile: a light patch under it */
				png_rgb(cr, RGB_BACKGROUND);
				cairo_rectangle(cr, x - 7, y - 7, 14, 14);
				cairo_fill(cr);
			}
			png_rgb(cr, RGB_INK);
			png_text(cr, p[i].name, x, y, 0.5, PNG_TEXT);
		}
}

/* One tile at (x, y), the north-west corner of its cell: its rotation,
 * the tile, the names. */
static void
draw_one(cairo_t *cr, struct board_view *v, int type, int rot, double x, double y)
{
	const struct tile_geo *geo = view_geo(v, type, rot);
	char s[32];

	png_rgb(cr, RGB_INK);
	snprintf(s, sizeof(s), "rotation %d", rot * 90);
	png_text(cr, s, x + DRAWN_CELL / 2.0, y + DRAWN_TITLE / 2.0, 0.5, PNG_TEXT);
	cairo_save(cr);
	cairo_translate(cr, x + DRAWN_PAD, y + DRAWN_TITLE + DRAWN_PAD);
	if (geo) {
		cairo_save(cr);
		cairo_scale(cr, DRAWN_PX, DRAWN_PX);
		png_tile(cr, geo);
		cairo_restore(cr);
	}
	draw_names(cr, &v->g->cat->types[type], rot);
	cairo_restore(cr);
}

void
png_drawn(cairo_t *cr, struct board_view *v, const struct png_layout *l)
{
	int type, rots[4], n = drawn_tiles(v, &type, rots);
	double x = l->drawn_x, y = l->drawn_y;
	char s[64];

	if (n == 0)
		return;
	snprintf(s, sizeof(s), n == 4 ? "%s to place:" : "%s as placed:",
		 v->g->cat->types[type].id);
	png_rgb(cr, RGB_INK);
	png_text(cr, s, x, y + DRAWN_TITLE / 2.0, 0, PNG_TEXT);
	y += DRAWN_TITLE;
	for (int i = 0; i < n; i++)
		draw_one(cr, v, type, rots[i], x + (i % 2) * DRAWN_STEP,
			 y + (i / 2) * (DRAWN_CELL + DRAWN_TITLE));
}
