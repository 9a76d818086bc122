/* The PNG map: it decodes (with cairo's own reader), has the size the
 * layout promises, shows the expected colours at known points (tile
 * middles, figures, a shield, the frame of the last tile, an empty cell),
 * scales a large board down under the bound, and is the same bytes each
 * time; the writer (png_write.c) keeps every pixel, its files about the
 * size of cairo's own writer's. Skipped without cairo. */
#include "build-config.h" /* autoconf's */

#include "tap.h"

#ifndef HAVE_CAIRO
int
main(void)
{
	skip_all("built without cairo: no PNG maps");
}
#else

#include <stdlib.h>
#include <string.h>

#include "boards.h"
#include "geom.h"
#include "picture.h"
#include "render.h"

struct reader {
	const unsigned char *data;
	size_t len, at;
};

static cairo_status_t
mem_read(void *closure, unsigned char *out, unsigned int n)
{
	struct reader *r = closure;

	if (r->len - r->at < n)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(out, r->data + r->at, n);
	r->at += n;
	return CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *
decode(const unsigned char *png, size_t len)
{
	struct reader r = {png, len, 0};

	return cairo_image_surface_create_from_png_stream(mem_read, &r);
}

static uint32_t
pixel(cairo_surface_t *s, double x, double y)
{
	const unsigned char *d = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);

	return *(const uint32_t *)(d + (int)y * stride + (int)x * 4) & 0xffffff;
}

/* The pixel at point (u, v) of board cell (x, y). */
static uint32_t
cell_pixel(cairo_surface_t *s, const struct render_png_info *in, int x, int y, double u,
	   double v)
{
	return pixel(s, in->board_x + (x - in->minx + u) * in->tile_px,
		     in->board_y + (y - in->miny + v) * in->tile_px);
}

static void
is_rgb(uint32_t got, uint32_t want, const char *what)
{
	if (!ok(got == want, "%s is #%06x", what, (unsigned)want))
		diag("got #%06x", (unsigned)got);
}

static void
play(struct game *g, const char *text)
{
	struct rules_error err = {0};
	struct action a;

	if (action_parse(text, &a, &err) < 0 || game_apply(g, &a, &err) < 0)
		bail_out("%s: %s", text, err.text);
}

/* Start BA/RCr at 0,0; A's monk on BA/L at 0,1; B's knight on BA/Cccc+
 * at 0,-1; A's thief on BA/RFr at 1,0; B's farmer on BA/RFr at -1,0;
 * A to place BA/L. */
static struct game *
small_game(const struct catalog *cat)
{
	int order[5] = {catalog_find(cat, "BA/L"), catalog_find(cat, "BA/Cccc+"),
			catalog_find(cat, "BA/RFr"), catalog_find(cat, "BA/RFr"),
			catalog_find(cat, "BA/L")};
	struct game_setup setup = {
	    .nplayers = 2, .start = -1, .order = order, .norder = 5};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&setup.opt);
	if ((g = game_new(cat, &setup, &err)) == NULL)
		bail_out("game_new: %s", err.text);
	play(g, "place 0 1 0");
	play(g, "monk");
	play(g, "place 0 -1 0");
	play(g, "knight N");
	play(g, "place 1 0 0");
	play(g, "thief E");
	play(g, "place -1 0 0");
	play(g, "farmer NL");
	return g;
}

/* issue 21 (low): a pennant is no seat's colour (it was B's blue). */
static void
check_pennant_colour(void)
{
	double nearest = 1e9;

	for (int p = 0; p < PLAYER_COLOURS; p++) {
		uint32_t a = render_player_rgb(p), b = RGB_SHIELD;
		double d = 0;
		for (int k = 0; k < 24; k += 8) {
			double c = (double)((a >> k) & 0xff) - (double)((b >> k) & 0xff);
			d += c * c;
		}
		nearest = d < nearest ? d : nearest;
	}
	ok(sqrt(nearest) >= 90, "issue 21: the pennant's colour is %.0f from the nearest seat's",
	   sqrt(nearest));
}

static void
check_small(const struct catalog *cat)
{
	struct game *g = small_game(cat);
	struct render_opts o;
	struct render_png_info in;
	struct render_error err;
	struct tile_geo geo;
	unsigned char *png;
	size_t len;
	cairo_surface_t *s;

	render_opts_default(&o);
	if (!ok(render_png_mem(g, &o, &png, &len, &in, &err) == 0, "small game drawn"))
		bail_out("%s", err.text);
	s = decode(png, len);
	ok(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "it decodes as PNG");
	is_int(cairo_image_surface_get_width(s), in.width, "width as reported");
	is_int(cairo_image_surface_get_height(s), in.height, "height as reported");
	is_int(in.tile_px, 64, "64 pixels a tile");
	is_int(in.width, 2 * PNG_MARGIN + 3 * 64 + DRAWN_STEP + DRAWN_CELL + PNG_MARGIN,
	       "3 columns and the drawn tile in two columns of rotations");
	is_int(in.height,
	       PNG_MARGIN + DRAWN_TITLE + 2 * (DRAWN_CELL + DRAWN_TITLE) + png_table_height(g),
	       "as high as the drawn tile's two rows of rotations (the board is lower)");
	for (int r = 0; r < 4; r++) { /* BA/L, a monastery on a field, beside the board */
		double x = 2 * PNG_MARGIN + 3 * 64 + (r % 2) * DRAWN_STEP + DRAWN_PAD,
		       y = PNG_MARGIN + 2 * DRAWN_TITLE + (r / 2) * (DRAWN_CELL + DRAWN_TITLE) +
			   DRAWN_PAD;
		is_rgb(pixel(s, x + 0.1 * DRAWN_PX, y + 0.1 * DRAWN_PX), RGB_FIELD,
		       "the drawn tile's field, in each rotation");
		is_rgb(pixel(s, x + 0.5 * DRAWN_PX, y + 0.4 * DRAWN_PX), RGB_ROOF,
		       "its monastery's roof");
		is_rgb(pixel(s, x - 0.5 * DRAWN_PAD, y - 0.5 * DRAWN_PAD), RGB_BACKGROUND,
		       "around it, room for the names");
	}
	ok(in.minx == -1 && in.miny == -1, "the fits are inside the picture");
	is_rgb(cell_pixel(s, &in, 0, 0, 0.5, 0.5), RGB_ROAD, "start tile middle (road)");
	is_rgb(cell_pixel(s, &in, 0, 0, 0.5, 0.85), RGB_FIELD,
	       "start tile south (field)");
	is_rgb(cell_pixel(s, &in, 0, 1, 0.5, 0.5), render_player_rgb(0),
	       "A's monk on the monastery");
	is_rgb(cell_pixel(s, &in, 0, 1, 0.85, 0.85), RGB_FIELD, "monastery tile corner");
	is_rgb(cell_pixel(s, &in, 0, -1, 0.5, 0.5), render_player_rgb(1),
	       "B's knight in the city");
	is_rgb(cell_pixel(s, &in, 0, -1, 0.8, 0.8), RGB_CITY, "city tile");
	geo_build(&cat->types[catalog_find(cat, "BA/Cccc+")], 0, &geo);
	is_rgb(cell_pixel(s, &in, 0, -1, geo.shield[0].x, geo.shield[0].y), RGB_SHIELD,
	       "its shield");
	is_rgb(cell_pixel(s, &in, 1, 0, 0.5, 0.5), render_player_rgb(0),
	       "A's thief on the road");
	check_pennant_colour();
	geo_build(&cat->types[catalog_find(cat, "BA/RFr")], 0, &geo);
	is_rgb(cell_pixel(s, &in, -1, 0, geo.anchor[1].x, geo.anchor[1].y),
	       render_player_rgb(1), "B's farmer in the field");
	is_rgb(cell_pixel(s, &in, -1, 0, 0.5, 0.85), RGB_FIELD,
	       "the farmer's tile, south");
	is_rgb(cell_pixel(s, &in, -1, 0, 0.03, 0.5), RGB_LAST, "frame of the last tile");
	is_rgb(cell_pixel(s, &in, -1, -1, 0.5, 0.5), RGB_EMPTY, "an empty cell");
	is_rgb(pixel(s, 2, 2), RGB_BACKGROUND, "the background");
	cairo_surface_destroy(s);
	free(png);
	game_free(g);
}

/* Whether column x of s is background from top to bottom. */
static bool
column_clear(cairo_surface_t *s, int x)
{
	for (int y = 0; y < cairo_image_surface_get_height(s); y++)
		if (pixel(s, x, y) != RGB_BACKGROUND)
			return false;
	return true;
}

/* issue 21 (low): BA/CcRr+ has a field NW at rotation 180, drawn at the
 * panel's left edge: no name touches either edge of the panel. */
static void
check_panel_edges(const struct catalog *cat, const struct render_opts *o)
{
	int order[1] = {catalog_find(cat, "BA/CcRr+")};
	struct game_setup setup = {.nplayers = 2, .start = -1, .order = order, .norder = 1};
	struct rules_error err = {0};
	struct render_png_info in;
	unsigned char *png;
	size_t len;
	cairo_surface_t *s;
	struct game *g;

	rules_options_default(&setup.opt);
	if ((g = game_new(cat, &setup, &err)) == NULL ||
	    render_png_mem(g, o, &png, &len, &in, NULL) < 0)
		bail_out("BA/CcRr+ to place: %s", err.text);
	s = decode(png, len);
	ok(column_clear(s, 0) && column_clear(s, 1) && column_clear(s, in.width - 1) &&
		   column_clear(s, in.width - 2),
	   "issue 21: BA/CcRr+'s names, NW of rotation 180 too, clear of the panel's edges");
	cairo_surface_destroy(s);
	free(png);
	game_free(g);
}

/* issue 21.6: the board and the tile's panel as two pictures; issue
 * 21.8: the table as wide as its title (a long one was cut at 500). */
static void
check_panels(const struct catalog *cat)
{
	static const char *const names[] = {"Maximiliana von Hohenstaufen-Wittelsbach", "b"};
	struct game *g = small_game(cat);
	struct render_png_info in;
	struct render_opts o;
	unsigned char *png;
	size_t len;
	cairo_surface_t *s;
	char title[200];

	render_opts_default(&o);
	o.panel = RENDER_PANEL_NONE;
	o.no_table = true;
	if (render_png_mem(g, &o, &png, &len, &in, NULL) < 0)
		bail_out("board alone");
	ok(in.width == 2 * PNG_MARGIN + 3 * 64 && in.height == 2 * PNG_MARGIN + 4 * 64, /* y -1..2 */
	   "issue 21.6: the board alone, no panel, no table: %dx%d", in.width, in.height);
	free(png);
	o.panel = RENDER_PANEL_ONLY;
	if (render_png_mem(g, &o, &png, &len, &in, NULL) < 0)
		bail_out("panel alone");
	s = decode(png, len);
	ok(in.width == PNG_MARGIN / 2 + DRAWN_STEP + DRAWN_CELL + PNG_MARGIN &&
		   in.height == PNG_MARGIN + DRAWN_TITLE + 2 * (DRAWN_CELL + DRAWN_TITLE),
	   "issue 21.6: the panel alone: %dx%d", in.width, in.height);
	is_rgb(pixel(s, PNG_MARGIN / 2 + DRAWN_PAD + 0.1 * DRAWN_PX,
		     PNG_MARGIN / 2 + 2 * DRAWN_TITLE + DRAWN_PAD + 0.1 * DRAWN_PX),
	       RGB_FIELD, "issue 21.6: its first rotation's field");
	cairo_surface_destroy(s);
	free(png);
	check_panel_edges(cat, &o);
	render_opts_default(&o);
	o.names = names;
	if (render_png_mem(g, &o, &png, &len, &in, NULL) < 0)
		bail_out("long name");
	snprintf(title, sizeof(title), "Turn %d: A %s to place BA/L; %d tiles left.", g->turn,
		 names[0], game_tiles_left(g));
	ok(in.width >= 2 * PNG_MARGIN + png_text_width(title, PNG_TEXT),
	   "issue 21.8: the picture is as wide as the table's title (%d for %.0f)", in.width,
	   2 * PNG_MARGIN + png_text_width(title, PNG_TEXT));
	free(png);
	game_free(g);
}

static void
check_same_bytes(const struct catalog *cat)
{
	struct game *g = small_game(cat);
	struct render_opts o;
	unsigned char *a, *b;
	size_t na, nb;

	render_opts_default(&o);
	render_png_mem(g, &o, &a, &na, NULL, NULL);
	render_png_mem(g, &o, &b, &nb, NULL, NULL);
	ok(na == nb && memcmp(a, b, na) == 0, "the same game gives the same bytes");
	free(a);
	free(b);
	game_free(g);
}

static cairo_status_t
count_bytes(void *closure, const unsigned char *data, unsigned int n)
{
	(void)data;
	*(size_t *)closure += n;
	return CAIRO_STATUS_SUCCESS;
}

/* A picture decoded and written again: the same pixels (PNG is lossless,
 * whatever level and filter png_write.c picks), the same bytes, and at
 * most a tenth larger than cairo's own writer makes it (mail size). */
static void
check_writer(const struct catalog *cat)
{
	struct game *g = boards_random(cat, 72, 2, "t-png writer");
	struct render_opts o;
	cairo_surface_t *s, *t;
	unsigned char *a, *b;
	size_t na, nb, cairo_len = 0;

	render_opts_default(&o);
	if (!ok(render_png_mem(g, &o, &a, &na, NULL, NULL) == 0, "72 tiles drawn"))
		return;
	s = decode(a, na);
	ok(png_encode(s, &b, &nb, NULL) == 0 && nb == na && memcmp(a, b, na) == 0,
	   "written again: the same bytes");
	t = decode(b, nb);
	ok(cairo_image_surface_get_height(s) == cairo_image_surface_get_height(t) &&
	       memcmp(cairo_image_surface_get_data(s), cairo_image_surface_get_data(t),
		      (size_t)cairo_image_surface_get_stride(s) *
			  (size_t)cairo_image_surface_get_height(s)) == 0,
	   "read back: the same pixels");
	cairo_surface_write_to_png_stream(s, count_bytes, &cairo_len);
	ok(na * 10 <= cairo_len * 11, "about the size cairo's writer makes (%zu, %zu bytes)",
	   na, cairo_len);
	cairo_surface_destroy(s);
	cairo_surface_destroy(t);
	free(a);
	free(b);
	game_free(g);
}

static void
check_scaled(const struct catalog *cat)
{
	struct game *g = boards_random(cat, 200, 4, "t-png 200 tiles");
	struct render_opts o;
	struct render_png_info in;
	unsigned char *png;
	size_t len;
	cairo_surface_t *s;

	render_opts_default(&o);
	o.max_px = 1000;
	is_int(g->nplaced, 200, "a board of 200 tiles");
	ok(render_png_mem(g, &o, &png, &len, &in, NULL) == 0, "drawn");
	s = decode(png, len);
	ok(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "decodes");
	ok(in.width <= 1000 && in.height <= 1000, "within 1000 pixels (%dx%d)", in.width,
	   in.height);
	ok(in.tile_px < 64 && in.tile_px >= PNG_MIN_TILE,
	   "tiles scaled down to %d pixels", in.tile_px);
	is_int(cairo_image_surface_get_width(s), in.width, "decoded width as reported");
	cairo_surface_destroy(s);
	free(png);
	game_free(g);
}

static void
check_files(const struct catalog *cat)
{
	const char *path = "t-png.out.png";
	struct game *g = small_game(cat);
	struct render_opts o;
	struct render_error err;
	cairo_surface_t *s;

	render_opts_default(&o);
	ok(render_png_file(g, &o, path, NULL, &err) == 0, "map written to a file");
	s = cairo_image_surface_create_from_png(path);
	ok(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "the file decodes");
	cairo_surface_destroy(s);
	ok(render_png_tiles(cat, &o, path, &err) == 0, "contact sheet written");
	s = cairo_image_surface_create_from_png(path);
	ok(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS &&
	       cairo_image_surface_get_height(s) > 64 * cat->ntypes / 3,
	   "the contact sheet decodes, a row of blocks for every three types");
	cairo_surface_destroy(s);
	remove(path);
	ok(render_png_file(g, &o, "no-such-dir/map.png", NULL, &err) < 0 &&
	       strstr(err.text, "no-such-dir/map.png") != NULL,
	   "an unwritable path fails with its name");
	game_free(g);
}

/* The contact sheet (make tiles.png): every type of every set in its four
 * rotations, the cell after the last empty, and the symbols drawn: the
 * Cathar symbol's disc on SI.CA/C, the pig on GQ/F's pigsty (CATHARS-1,
 * RIVER2-7). */
static void
check_sheet(const struct catalog *cat)
{
	const char *path = "t-png.sheet.png";
	struct render_opts o;
	struct render_error err;
	cairo_surface_t *s;
	int drawn = 0, px, w, h;
	double x, y;

	render_opts_default(&o);
	if (!ok(render_png_tiles(cat, &o, path, &err) == 0, "contact sheet drawn"))
		return;
	s = cairo_image_surface_create_from_png(path);
	w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	for (int i = 0; i <= cat->ntypes; i++)
		for (int r = 0; r < 4; r++) {
			png_sheet_cell(cat, &o, i, r, &x, &y, &px);
			if (x + px / 2.0 < w && y + px / 2.0 < h)
				drawn += pixel(s, x + px / 2.0, y + px / 2.0) != RGB_BACKGROUND &&
					 pixel(s, x + 1, y + px - 2) != RGB_BACKGROUND;
		}
	is_int(drawn, 4 * cat->ntypes, "the contact sheet draws %d tiles: every type of "
	       "every set, four rotations each", 4 * cat->ntypes);
	for (int r = 0; r < 4; r++) {
		int t = catalog_find(cat, r % 2 ? "GQ/F" : "SI.CA/C"), seg = 0;
		struct tile_geo geo;
		if (t < 0) {
			ok(0, "the expansion tiles are in the catalogue");
			continue;
		}
		geo_build(&cat->types[t], r, &geo);
		png_sheet_cell(cat, &o, t, r, &x, &y, &px);
		/* off the cross's arms; above the pig's snout */
		is_rgb(pixel(s, x + (geo.mark[seg].x + (r % 2 ? 0 : 0.03)) * px,
			     y + (geo.mark[seg].y + (r % 2 ? -0.04 : 0.03)) * px),
		       r % 2 ? RGB_PIG : RGB_CATHAR,
		       r % 2 ? "GQ/F's pigsty shows the pig" : "SI.CA/C's city shows the Cathar disc");
	}
	/* TB-2: the bridge's top road has a parapet beside it across the
	 * middle, and none out towards the tile's sides */
	int t = catalog_find(cat, "TB/RRrr");
	double v = 0.5 - 1.3 * GEO_ROAD_HALF;
	png_sheet_cell(cat, &o, t, 0, &x, &y, &px);
	is_rgb(pixel(s, x + 0.4 * px, y + v * px), RGB_WALL,
	       "TB/RRrr: a parapet beside the road over the bridge");
	is_rgb(pixel(s, x + 0.15 * px, y + v * px), RGB_FIELD,
	       "TB/RRrr: no parapet beside the road off the bridge");
	cairo_surface_destroy(s);
	remove(path);
}

/* The pixel at (u, v), in units of the figure's height from its centre,
 * of a figure drawn alone in seat 0's colour. */
static uint32_t
figure_pixel(int drawing, double u, double v)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 200);
	cairo_t *cr = cairo_create(s);
	uint32_t got;

	png_rgb(cr, RGB_BACKGROUND);
	cairo_paint(cr);
	cairo_translate(cr, 100, 100);
	png_figure_draw(cr, drawing, 0, 200);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	got = pixel(s, 100 + 200 * u, 100 + 200 * v);
	cairo_surface_destroy(s);
	return got;
}

/* issue 25.4: the builder and the pig are drawn apart from a thief (TB-1). */
static void
check_tb_figures(void)
{
	is_rgb(figure_pixel(DRAW_HAT, 0, 0), render_player_rgb(0), "the builder's body");
	is_rgb(figure_pixel(DRAW_HAT, 0.25, -0.47), render_player_rgb(0),
	       "issue 25.4: the builder's hat brim, beside his head");
	is_rgb(figure_pixel(DRAW_MEEPLE, 0.25, -0.47), RGB_BACKGROUND, "where a thief has none");
	is_rgb(figure_pixel(DRAW_PIG, 0, 0), render_player_rgb(0), "the pig's body");
	is_rgb(figure_pixel(DRAW_PIG, 0, 0.32), RGB_BACKGROUND,
	       "issue 25.4: between the pig's legs, the ground");
	is_rgb(figure_pixel(DRAW_MEEPLE, 0, 0.30), render_player_rgb(0), "where a thief stands");
}

/* A Princess & Dragon game at the dragon's first step (t1032's tiles):
 * it has been on 1,1 and may go to 2,1. */
static struct game *
dragon_game(const struct catalog *cat)
{
	const char *ids[] = {"BA/L", "DG/F.v", "BA/L", "DG/Rr.d", "BA/L", "BA/RFr", "BA/RFr"};
	const char *moves[] = {"place 0 1 0", "monk",        "place 1 1 0",   "pass",
			       "place 0 2 0", "fairy 0 1 C", "place 2 1 180", "pass"};
	int order[7];
	struct game_setup setup = {.nplayers = 2, .start = -1, .order = order, .norder = 7};
	struct rules_error err = {0};
	struct action a;
	struct game *g;

	for (int i = 0; i < 7; i++)
		order[i] = catalog_find(cat, ids[i]);
	rules_options_default(&setup.opt);
	module_set(&setup.opt, module_find("princess-dragon"), true);
	if ((g = game_new(cat, &setup, &err)) == NULL)
		bail_out("game_new: %s", err.text);
	for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++)
		if (action_parse_in(g, moves[i], &a, &err) < 0 || game_apply(g, &a, &err) < 0)
			bail_out("%s: %s", moves[i], err.text);
	return g;
}

static uint32_t
dragon_pixel(struct game *g, int x, int y, double u, double v)
{
	struct render_opts o;
	struct render_png_info in;
	struct render_error err;
	unsigned char *png;
	size_t len;
	cairo_surface_t *s;
	uint32_t rgb;

	render_opts_default(&o);
	if (render_png_mem(g, &o, &png, &len, &in, &err) < 0)
		bail_out("%s", err.text);
	s = decode(png, len);
	rgb = cell_pixel(s, &in, x, y, u, v);
	cairo_surface_destroy(s);
	free(png);
	return rgb;
}

/* Issue 26.4: while the dragon's step is due, its visited tiles and the
 * tiles it may go to are framed, inside the last tile's frame; once it
 * has moved (a dead end), no frame. */
static void
check_dragon_marks(const struct catalog *cat)
{
	struct game *g = dragon_game(cat);
	struct rules_error err = {0};
	struct action a;

	is_rgb(dragon_pixel(g, 1, 1, 0.1, 0.5), RGB_MARK_BEEN,
	       "issue 26.4: the dragon's tile, where it has been, framed");
	is_rgb(dragon_pixel(g, 2, 1, 0.1, 0.5), RGB_MARK_GO,
	       "issue 26.4: the tile it may go to, framed");
	is_rgb(dragon_pixel(g, 2, 1, 0.03, 0.5), RGB_LAST, "inside the last tile's frame");
	is_rgb(dragon_pixel(g, 0, 1, 0.1, 0.5), RGB_FIELD,
	       "the fairy's tile, where it may not go, not framed");
	if (action_parse_in(g, "dragon 2 1", &a, &err) < 0 || game_apply(g, &a, &err) < 0)
		bail_out("dragon 2 1: %s", err.text);
	ok(dragon_pixel(g, 1, 1, 0.1, 0.5) != RGB_MARK_BEEN &&
		   dragon_pixel(g, 2, 1, 0.1, 0.5) != RGB_MARK_GO,
	   "issue 26.4: no frame once the step is played (a dead end: no next step)");
	game_free(g);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);

	if (cat == NULL)
		bail_out("cannot load the tile sets: %s", err.text);
	ok(render_have_png(), "this build draws pictures");
	check_small(cat);
	check_panels(cat);
	check_same_bytes(cat);
	check_writer(cat);
	check_scaled(cat);
	check_files(cat);
	check_sheet(cat);
	check_tb_figures();
	check_dragon_marks(cat);
	catalog_free(cat);
	render_cleanup();
	return done_testing();
}
#endif
