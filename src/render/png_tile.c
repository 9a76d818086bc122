/* One tile in the picture, from its primitives (geom.h) in their order:
 * field, paths that end in the middle, rivers, cities with their walls,
 * roads, the monastery or garden or the hub, shields, and a hairline
 * round the cell so tiles stay apart. */
#include <math.h>

#include "picture.h"

#define ROAD_W (2 * GEO_ROAD_HALF)
#define RIVER_W (2 * GEO_RIVER_HALF)
#define WALL_W 0.045
#define INK_W 0.015

static void
bez(cairo_t *cr, const struct geo_bez *b, bool move)
{
	if (move)
		cairo_move_to(cr, b->p0.x, b->p0.y);
	cairo_curve_to(cr, b->c1.x, b->c1.y, b->c2.x, b->c2.y, b->p3.x, b->p3.y);
}

/* A band with darker banks: the edge colour wide, the body narrower. */
static void
draw_path(cairo_t *cr, const struct geo_path *p)
{
	bool river = p->kind == SEG_RIVER;
	double w = river ? RIVER_W : ROAD_W;

	cairo_new_path(cr);
	bez(cr, &p->bez, true);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_line_width(cr, w);
	png_rgb(cr, river ? RGB_RIVER_EDGE : RGB_ROAD_EDGE);
	cairo_stroke_preserve(cr);
	cairo_set_line_width(cr, w * 0.68);
	png_rgb(cr, river ? RGB_RIVER : RGB_ROAD);
	cairo_stroke(cr);
}

static void
draw_paths(cairo_t *cr, const struct tile_geo *geo, int pass)
{
	for (int i = 0; i < geo->npath; i++) {
		const struct geo_path *p = &geo->path[i];
		int when = p->b == GEO_CENTRE ? 0 : p->kind == SEG_RIVER ? 1 : 2;
		if (when == pass)
			draw_path(cr, p);
	}
}

/* A bridge (TB-2): the road drawn last goes over the other road or the
 * river, with a parapet on each side across the middle, so the tile
 * does not read as a crossroads. */
static void
draw_bridge(cairo_t *cr, const struct tile_geo *geo)
{
	int top = -1;

	for (int i = 0; geo->bridge && i < geo->npath; i++)
		if (geo->path[i].kind == SEG_ROAD && geo->path[i].b != GEO_CENTRE)
			top = i;
	if (top < 0)
		return;
	cairo_save(cr);
	cairo_rectangle(cr, 0.28, 0.28, 0.44, 0.44);
	cairo_clip(cr);
	cairo_new_path(cr);
	bez(cr, &geo->path[top].bez, true);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_line_width(cr, ROAD_W * 1.6);
	png_rgb(cr, RGB_WALL);
	cairo_stroke(cr);
	cairo_restore(cr);
	draw_path(cr, &geo->path[top]);
}

/* One shape per city, walls only where it meets the field inside the cell:
 * along the cell's edge the city goes on into the next tile. */
static void
draw_city(cairo_t *cr, const struct geo_city *c)
{
	cairo_new_path(cr);
	for (int i = 0; i < c->npiece; i++)
		bez(cr, &c->piece[i], i == 0);
	cairo_close_path(cr);
	png_rgb(cr, RGB_CITY);
	cairo_fill(cr);
	cairo_set_line_width(cr, WALL_W);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	png_rgb(cr, RGB_WALL);
	for (int i = 0; i < c->npiece; i++)
		if (c->wall & (1 << i)) {
			cairo_new_path(cr);
			bez(cr, &c->piece[i], true);
			cairo_stroke(cr);
		}
}

void
png_fill_stroke(cairo_t *cr, uint32_t fill, uint32_t edge, double w)
{
	png_rgb(cr, fill);
	cairo_fill_preserve(cr);
	png_rgb(cr, edge);
	cairo_set_line_width(cr, w);
	cairo_stroke(cr);
}

/* A house with a red roof; s scales it (monastery 1, hub 0.6). Its middle
 * (x, y) is inside the wall, below the roof. */
static void
draw_house(cairo_t *cr, double x, double y, double s)
{
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_rectangle(cr, x - 0.11 * s, y - 0.05 * s, 0.22 * s, 0.16 * s);
	png_fill_stroke(cr, RGB_MONASTERY, RGB_INK, INK_W);
	cairo_move_to(cr, x - 0.145 * s, y - 0.04 * s);
	cairo_line_to(cr, x, y - 0.16 * s);
	cairo_line_to(cr, x + 0.145 * s, y - 0.04 * s);
	cairo_close_path(cr);
	png_fill_stroke(cr, RGB_ROOF, RGB_INK, INK_W);
	cairo_rectangle(cr, x - 0.025 * s, y + 0.045 * s, 0.05 * s, 0.065 * s);
	png_rgb(cr, RGB_INK);
	cairo_fill(cr);
}

static void
draw_monastery(cairo_t *cr, struct geo_pt c)
{
	draw_house(cr, c.x, c.y, 1);
	cairo_set_line_width(cr, 0.02);
	cairo_move_to(cr, c.x, c.y - 0.16);
	cairo_line_to(cr, c.x, c.y - 0.25);
	cairo_move_to(cr, c.x - 0.035, c.y - 0.215);
	cairo_line_to(cr, c.x + 0.035, c.y - 0.215);
	cairo_stroke(cr);
}

/* A round hedge with four flowers. */
static void
draw_garden(cairo_t *cr, struct geo_pt c)
{
	cairo_arc(cr, c.x, c.y, 0.12, 0, 2 * M_PI);
	png_fill_stroke(cr, RGB_GARDEN, RGB_GARDEN_EDGE, 0.025);
	png_rgb(cr, RGB_FLOWER);
	for (int i = 0; i < 4; i++) {
		double a = M_PI / 4 + i * M_PI / 2;
		cairo_arc(cr, c.x + 0.065 * cos(a), c.y + 0.065 * sin(a), 0.022, 0,
			  2 * M_PI);
		cairo_fill(cr);
	}
}

static void
draw_middle(cairo_t *cr, const struct tile_geo *geo)
{
	if (geo->centre_kind == SEG_MONASTERY)
		draw_monastery(cr, geo->centre);
	else if (geo->centre_kind == SEG_GARDEN)
		draw_garden(cr, geo->centre);
	if (geo->hub == HUB_JUNCTION)
		draw_house(cr, 0.5, 0.5, 0.6);
	if (geo->hub == HUB_POOL) {
		cairo_arc(cr, 0.5, 0.5, GEO_POOL_R, 0, 2 * M_PI);
		png_fill_stroke(cr, RGB_RIVER, RGB_RIVER_EDGE, 0.025);
	}
}

/* A heraldic shield, pointed at the bottom, centred on (x, y). */
static void
draw_shield(cairo_t *cr, double x, double y)
{
	cairo_move_to(cr, x - 0.075, y - 0.085);
	cairo_line_to(cr, x + 0.075, y - 0.085);
	cairo_line_to(cr, x + 0.075, y + 0.01);
	cairo_curve_to(cr, x + 0.075, y + 0.05, x + 0.03, y + 0.075, x, y + 0.09);
	cairo_curve_to(cr, x - 0.03, y + 0.075, x - 0.075, y + 0.05, x - 0.075, y + 0.01);
	cairo_close_path(cr);
	png_fill_stroke(cr, RGB_SHIELD, RGB_SHIELD_EDGE, 0.02);
}

static void
draw_shields(cairo_t *cr, const struct tile_geo *geo)
{
	for (int i = 0; i < geo->ncity; i++) {
		int s = geo->city[i].seg;
		for (int k = 0; k < geo->nshields[s]; k++)
			draw_shield(cr, geo->shield[s].x + 0.1 * k, geo->shield[s].y);
	}
}

/* A dark green line where two fields meet with no road or wall drawn
 * between them, along the raster's cell edges. */
static void
draw_hedges(cairo_t *cr, const struct tile_geo *geo)
{
	const double c = 1.0 / GEO_RES;

	if (geo->nhedge == 0)
		return;
	cairo_new_path(cr);
	for (int k = 0; k < geo->nhedge; k++) {
		double x = (geo->hedge[k].col + 1) * c, y = (geo->hedge[k].row + 1) * c;
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, geo->hedge[k].below ? x - c : x, geo->hedge[k].below ? y : y - c);
	}
	cairo_set_line_width(cr, 0.03);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	png_rgb(cr, RGB_GARDEN_EDGE);
	cairo_stroke(cr);
}

/* Wall sides (the abbey's, ABBEY-4): a stone band inside the edge, so
 * that what they close shows ending there. */
static void
draw_walls(cairo_t *cr, const struct tile_geo *geo)
{
	static const double from[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
	const double w = 0.08;

	if (geo->walls == 0)
		return;
	cairo_new_path(cr);
	for (int side = 0; side < 4; side++) {
		const double *a = from[side], *b = from[(side + 1) % 4];
		double ix = side == SIDE_E ? -w / 2 : side == SIDE_W ? w / 2 : 0,
		       iy = side == SIDE_S ? -w / 2 : side == SIDE_N ? w / 2 : 0;
		if (!(geo->walls >> side & 1))
			continue;
		cairo_move_to(cr, a[0] + ix, a[1] + iy);
		cairo_line_to(cr, b[0] + ix, b[1] + iy);
	}
	cairo_set_line_width(cr, w);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
	png_rgb(cr, RGB_WALL);
	cairo_stroke(cr);
}

static void
hairline(cairo_t *cr)
{
	double w = 1, h = 0;

	cairo_device_to_user_distance(cr, &w, &h);
	cairo_rectangle(cr, 0, 0, 1, 1);
	cairo_set_line_width(cr, fabs(w));
	png_rgb(cr, RGB_GRID);
	cairo_stroke(cr);
}

void
png_tile(cairo_t *cr, const struct tile_geo *geo)
{
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, 1, 1);
	cairo_clip_preserve(cr);
	png_rgb(cr, RGB_FIELD);
	cairo_fill(cr);
	draw_hedges(cr, geo);
	draw_paths(cr, geo, 0);
	draw_paths(cr, geo, 1);
	for (int i = 0; i < geo->ncity; i++)
		draw_city(cr, &geo->city[i]);
	draw_paths(cr, geo, 2);
	draw_bridge(cr, geo);
	draw_walls(cr, geo);
	draw_middle(cr, geo);
	draw_shields(cr, geo);
	png_marks(cr, geo);
	hairline(cr);
	cairo_restore(cr);
}
