/* The board in the picture: the cells of the view, each tile scaled from
 * its unit square, where the tile to place fits (dashed, with a ?), the
 * tile placed last framed, the figures, and the coordinates of turn files
 * along all four edges. */
#include <math.h>
#include <stdio.h>

#include "picture.h"

#define FIGURE_SIZE 0.36 /* of a tile */

/* The tile panel alone: its own picture, no board, no table. */
static void
panel_layout(const struct board_view *v, struct png_layout *l)
{
	*l = (struct png_layout){.px = PNG_MIN_TILE, .label = PNG_TEXT, .margin = PNG_MARGIN};
	l->drawn_x = PNG_MARGIN / 2;
	l->drawn_y = PNG_MARGIN / 2;
	l->width = l->drawn_x + png_drawn_width(v);
	l->height = PNG_MARGIN + png_drawn_height(v);
	/* no tile to show: a picture must still have a pixel */
	l->width = l->width > PNG_MARGIN ? l->width : PNG_MARGIN;
}

#define READABLE_CAP 8.0 /* pixels: coordinates on a phone (readable_at) */

/* The coordinates' size and margin for a picture of a board nx tiles of
 * px wide shown readable_at pixels wide: as large as it takes to be
 * READABLE_CAP high there, in a margin that holds "-00" of that size. */
static void
readable_labels(const struct render_opts *o, int nx, int px, struct png_layout *l)
{
	for (int pass = 0; pass < 2; pass++) { /* the margin widens the picture */
		double want = READABLE_CAP * (2 * l->margin + nx * px) / o->readable_at;
		int m;
		l->label = want > l->label ? want : l->label;
		m = (int)png_text_width("-00", l->label) + 10;
		l->margin = m > l->margin ? m : l->margin;
	}
}

/* Tiles as large as opts.tile_px, no larger than max_px allows with a
 * margin of m around the board. */
static int
tile_size(const struct board_view *v, const struct render_opts *o, int m, int drawn_w,
	  int table)
{
	int max = o->max_px < PNG_MIN_SIZE ? PNG_MIN_SIZE : o->max_px,
	    px = o->tile_px > 0 ? o->tile_px : 64, fit_x = (max - 2 * m - drawn_w) / v->nx,
	    fit_y = (max - 2 * m - table) / v->ny;

	px = px < fit_x ? px : fit_x;
	px = px < fit_y ? px : fit_y;
	return px < PNG_MIN_TILE ? PNG_MIN_TILE : px;
}

void
png_layout(const struct board_view *v, const struct render_opts *o, struct png_layout *l)
{
	bool beside = o->panel == RENDER_PANEL_BESIDE;
	int table = o->no_table ? 0 : png_table_height(v->g),
	    drawn_w = beside ? png_drawn_width(v) : 0,
	    drawn_h = beside ? PNG_MARGIN + png_drawn_height(v) : 0;

	if (o->panel == RENDER_PANEL_ONLY) {
		panel_layout(v, l);
		return;
	}
	*l = (struct png_layout){.board = true, .table = !o->no_table, .margin = PNG_MARGIN};
	l->label = o->label_px > 0 ? o->label_px : PNG_TEXT;
	l->px = tile_size(v, o, l->margin, drawn_w, table);
	if (o->readable_at > 0) {
		readable_labels(o, v->nx, l->px, l);
		l->px = tile_size(v, o, l->margin, drawn_w, table);
	}
	l->board_x = l->board_y = l->margin;
	l->drawn_x = 2 * l->margin + v->nx * l->px;
	l->drawn_y = l->margin;
	l->width = l->drawn_x + drawn_w;
	if (l->table) /* the table and its title whole (issue 21.8: "...or pas") */
		l->width = l->width < png_table_width(v, o) ? png_table_width(v, o) : l->width;
	l->table_y = 2 * l->margin + v->ny * l->px;
	l->table_y = l->table_y < drawn_h ? drawn_h : l->table_y;
	l->height = l->table_y + table;
}

/* Moves to cell (x, y) of the board, one unit a tile. */
static void
to_cell(cairo_t *cr, const struct board_view *v, const struct png_layout *l, int x, int y)
{
	cairo_translate(cr, l->board_x + (x - v->minx) * l->px,
			l->board_y + (y - v->miny) * l->px);
	cairo_scale(cr, l->px, l->px);
}

static void
draw_tiles(cairo_t *cr, struct board_view *v, const struct png_layout *l)
{
	const struct game *g = v->g;

	for (int p = 0; p < g->nplaced; p++) {
		const struct placed_tile *pt = &g->placed[p];
		cairo_surface_t *sp = png_sprite(v, pt->type, pt->rot, l->px), *once = NULL;
		const struct tile_geo *geo;
		double x = l->board_x + (pt->x - v->minx) * l->px,
		       y = l->board_y + (pt->y - v->miny) * l->px;
		if (sp == NULL && (geo = view_geo(v, pt->type, pt->rot)) != NULL)
			sp = once = png_sprite_draw(geo, l->px); /* the cached pixels */
		if (sp == NULL)
			continue;
		cairo_set_source_surface(cr, sp, x, y); /* copied to its cell */
		cairo_rectangle(cr, x, y, l->px, l->px);
		cairo_fill(cr);
		if (once)
			cairo_surface_destroy(once);
	}
}

static void
draw_fits(cairo_t *cr, const struct board_view *v, const struct png_layout *l)
{
	static const double dash[] = {0.08, 0.06};

	for (int i = 0; i < v->nfit; i++) {
		cairo_save(cr);
		to_cell(cr, v, l, v->fit[i].x, v->fit[i].y);
		cairo_rectangle(cr, 0.1, 0.1, 0.8, 0.8);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_set_line_width(cr, 0.03);
		png_rgb(cr, RGB_FIT);
		cairo_stroke(cr);
		png_text(cr, "?", 0.5, 0.5, 0.5, 0.36);
		cairo_restore(cr);
	}
}

static void
draw_last(cairo_t *cr, const struct board_view *v, const struct png_layout *l)
{
	const struct placed_tile *pt;

	if (v->last < 0)
		return;
	pt = &v->g->placed[v->last];
	cairo_save(cr);
	to_cell(cr, v, l, pt->x, pt->y);
	cairo_rectangle(cr, 0.035, 0.035, 0.93, 0.93);
	cairo_set_line_width(cr, 0.07);
	png_rgb(cr, RGB_LAST);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The cells the decision due asks about (the dragon's step): a frame
 * inside the last tile's, by kind (enum rules_mark_kind), as the text
 * map's corners. */
static void
draw_marks(cairo_t *cr, const struct board_view *v, const struct png_layout *l)
{
	static const uint32_t rgb[MARK_KINDS] = {RGB_MARK_BEEN, RGB_MARK_GO};
	struct rules_mark m[16];
	int n = game_decision_marks(v->g, m, 16);

	for (int i = 0; i < n && i < 16; i++) {
		if (!view_shows(v, m[i].x, m[i].y))
			continue; /* off a cropped map */
		cairo_save(cr);
		to_cell(cr, v, l, m[i].x, m[i].y);
		cairo_rectangle(cr, 0.1, 0.1, 0.8, 0.8);
		cairo_set_line_width(cr, 0.06);
		png_rgb(cr, rgb[m[i].kind]);
		cairo_stroke(cr);
		cairo_restore(cr);
	}
}

/* A figure on a tile's corner (a barn): drawn on the corner itself, where
 * the four tiles around it meet. */
static void
draw_corner_figure(cairo_t *cr, const struct board_view *v, const struct png_layout *l,
		   const struct figure *f)
{
	/* NE, SE, SW, NW of a cell of side 1 */
	static const double cx[4] = {1, 1, 0, 0}, cy[4] = {0, 1, 1, 0};
	const struct placed_tile *pt = &v->g->placed[figure_loc_placed(f->loc, f->at)];

	cairo_save(cr);
	to_cell(cr, v, l, pt->x, pt->y);
	cairo_translate(cr, cx[f->at & 3], cy[f->at & 3]);
	png_figure(cr, figure_role_drawing(v->g, SEG_KIND_COUNT, f->type), f->owner, FIGURE_SIZE);
	cairo_restore(cr);
}

/* A figure that counts as two (the big follower, IC-6) is drawn a
 * third bigger. */
static double
figure_size(const struct game *g, int type)
{
	const struct figure_type_def *t = figure_type_of(g, type);

	return t && t->strength > 1 ? FIGURE_SIZE * 4 / 3 : FIGURE_SIZE;
}

static void
draw_figures(cairo_t *cr, struct board_view *v, const struct png_layout *l)
{
	const struct game *g = v->g;

	for (int i = 0; i < g->nfigures; i++) {
		const struct placed_tile *pt;
		const struct tile_geo *geo;
		int p, s;
		if (g->figure[i].loc == LOC_CORNER)
			draw_corner_figure(cr, v, l, &g->figure[i]);
		if (g->figure[i].seg < 0)
			continue;
		view_figure(g, i, &p, &s);
		pt = &g->placed[p];
		if ((geo = view_geo(v, pt->type, pt->rot)) == NULL)
			continue;
		cairo_save(cr);
		to_cell(cr, v, l, pt->x, pt->y);
		cairo_translate(cr, geo->anchor[s].x, geo->anchor[s].y);
		png_figure(cr,
			   figure_role_drawing(g, g->cat->types[pt->type].seg[s].kind,
					       g->figure[i].type),
			   g->figure[i].owner, figure_size(g, g->figure[i].type));
		cairo_restore(cr);
	}
}

/* Every step-th coordinate, step so that labels do not run together on
 * small tiles; the middle of the band of margin around the board. */
static void
draw_coordinates(cairo_t *cr, const struct board_view *v, const struct png_layout *l)
{
	int step = (int)(png_text_width("-00", l->label) + 6) / l->px + 1;
	double m = l->margin / 2.0, right = l->board_x + v->nx * l->px + m,
	       bottom = l->board_y + v->ny * l->px + m;
	char num[16];

	png_rgb(cr, RGB_INK);
	for (int i = 0; i < v->nx; i += step) {
		double x = l->board_x + (i + 0.5) * l->px;
		snprintf(num, sizeof(num), "%d", v->minx + i);
		png_text(cr, num, x, m, 0.5, l->label);
		png_text(cr, num, x, bottom, 0.5, l->label);
	}
	for (int j = 0; j < v->ny; j += step) {
		double y = l->board_y + (j + 0.5) * l->px;
		snprintf(num, sizeof(num), "%d", v->miny + j);
		png_text(cr, num, m, y, 0.5, l->label);
		png_text(cr, num, right, y, 0.5, l->label);
	}
}

/* The modules' neutral figures (the dragon, the fairy): a disc with their
 * two letters, low on their tile (the second high), as the text map. */
static void
draw_neutrals(cairo_t *cr, const struct board_view *v, const struct png_layout *l)
{
	struct rules_neutral nf[4];
	int n = game_neutrals(v->g, nf, 4);

	for (int i = 0; i < n && i < 4; i++) {
		double cy = i % 2 ? 0.2 : 0.8, px = 1, py = 0;
		cairo_save(cr);
		to_cell(cr, v, l, nf[i].x, nf[i].y);
		cairo_new_path(cr);
		cairo_arc(cr, 0.5, cy, 0.11, 0, 2 * M_PI);
		png_fill_stroke(cr, i % 2 ? RGB_MARK : RGB_LAVA, RGB_INK, 0.015);
		cairo_user_to_device_distance(cr, &px, &py);
		cairo_translate(cr, 0.5, cy);
		cairo_scale(cr, 1 / px, 1 / px);
		png_rgb(cr, RGB_INK);
		png_text(cr, nf[i].mark, 0, 0, 0.5, 0.09 * px);
		cairo_restore(cr);
	}
}

void
png_board(cairo_t *cr, struct board_view *v, const struct png_layout *l)
{
	png_rgb(cr, RGB_BACKGROUND);
	cairo_paint(cr);
	if (!l->board)
		return;
	cairo_rectangle(cr, l->board_x, l->board_y, v->nx * l->px, v->ny * l->px);
	png_rgb(cr, RGB_EMPTY);
	cairo_fill(cr);
	draw_fits(cr, v, l);
	draw_tiles(cr, v, l);
	draw_last(cr, v, l);
	draw_marks(cr, v, l);
	draw_figures(cr, v, l);
	draw_neutrals(cr, v, l);
	draw_coordinates(cr, v, l);
}
