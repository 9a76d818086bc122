/* The text map: every tile in a 7x5 cell, x along the top and bottom, y
 * down the left, the figures, the tile placed last marked at its corners,
 * and where the tile to place fits. A board wider than the line limit is
 * cropped around the action (the crop is stated) or cut into pages. */
#include <stdlib.h>
#include <string.h>

#include "ascii.h"

struct window {
	int from, n; /* columns of cells, counted from the view's minx */
};

static void
put_text(struct glyph_grid *gr, int col, int row, const char *s)
{
	for (; *s; s++, col++)
		*grid_at(gr, col, row) = (glyph)*s;
}

static void
draw_tiles(struct board_view *v, struct glyph_grid *gr)
{
	const struct game *g = v->g;

	for (int p = 0; p < g->nplaced; p++) {
		const struct placed_tile *pt = &g->placed[p];
		const struct tile_geo *geo = view_geo(v, pt->type, pt->rot);
		if (geo)
			ascii_tile(geo, gr, (pt->x - v->minx) * ACELL_W,
				   (pt->y - v->miny) * ACELL_H);
	}
}

/* A figure on a tile's corner (a barn): its two letters just inside
 * that corner of the cell, clear of the last tile's corner marks. */
static void
draw_corner_figure(const struct board_view *v, struct glyph_grid *gr, const struct figure *f)
{
	/* NE, SE, SW, NW: the column and row of the first letter in a cell */
	static const int col[4] = {ACELL_W - 3, ACELL_W - 3, 1, 1};
	static const int row[4] = {1, ACELL_H - 2, ACELL_H - 2, 1};
	const struct placed_tile *pt = &v->g->placed[figure_loc_placed(f->loc, f->at)];
	int c = (pt->x - v->minx) * ACELL_W + col[f->at & 3];
	int r = (pt->y - v->miny) * ACELL_H + row[f->at & 3];

	*grid_at(gr, c, r) = (glyph)('A' + f->owner);
	*grid_at(gr, c + 1, r) = (glyph)figure_role_letter(v->g, SEG_KIND_COUNT, f->type);
}

static void
draw_figures(struct board_view *v, struct glyph_grid *gr)
{
	const struct game *g = v->g;

	for (int i = 0; i < g->nfigures; i++) {
		const struct placed_tile *pt;
		const struct tile_geo *geo;
		int p, s, kind;
		if (g->figure[i].loc == LOC_CORNER)
			draw_corner_figure(v, gr, &g->figure[i]);
		if (g->figure[i].seg < 0)
			continue;
		view_figure(g, i, &p, &s);
		pt = &g->placed[p];
		kind = g->cat->types[pt->type].seg[s].kind;
		if ((geo = view_geo(v, pt->type, pt->rot)) == NULL)
			continue;
		ascii_figure(geo, s, kind, (char)('A' + g->figure[i].owner),
			     figure_role_letter(g, kind, g->figure[i].type), gr,
			     (pt->x - v->minx) * ACELL_W, (pt->y - v->miny) * ACELL_H);
	}
}

/* The modules' neutral figures (the dragon, the fairy): their two
 * letters in the middle of an inner row of their tile, the first's the
 * bottom one, the second's the top one (off the centre, where a monk
 * stands). */
static void
draw_neutrals(const struct board_view *v, struct glyph_grid *gr)
{
	struct rules_neutral nf[4];
	int n = game_neutrals(v->g, nf, 4);

	for (int i = 0; i < n && i < 4; i++) {
		int c = (nf[i].x - v->minx) * ACELL_W + ACELL_W / 2 - 1;
		int r = (nf[i].y - v->miny) * ACELL_H + (i % 2 ? 1 : ACELL_H - 2);
		if (!view_shows(v, nf[i].x, nf[i].y))
			continue; /* off a cropped map */
		*grid_at(gr, c, r) = (glyph)nf[i].mark[0];
		*grid_at(gr, c + 1, r) = (glyph)nf[i].mark[1];
	}
}

static void
mark_last(const struct board_view *v, struct glyph_grid *gr)
{
	const struct placed_tile *pt;
	int c, r;

	if (v->last < 0)
		return;
	pt = &v->g->placed[v->last];
	c = (pt->x - v->minx) * ACELL_W, r = (pt->y - v->miny) * ACELL_H;
	*grid_at(gr, c, r) = GL_MARK_NW;
	*grid_at(gr, c + ACELL_W - 1, r) = GL_MARK_NE;
	*grid_at(gr, c + ACELL_W - 1, r + ACELL_H - 1) = GL_MARK_SE;
	*grid_at(gr, c, r + ACELL_H - 1) = GL_MARK_SW;
}

/* The cells the decision due asks about (the dragon's step: where it has
 * been, where it may go): a mark beside each corner, which keeps the last
 * tile's. */
static void
draw_marks(const struct board_view *v, struct glyph_grid *gr)
{
	struct rules_mark m[16];
	int n = game_decision_marks(v->g, m, 16);

	for (int i = 0; i < n && i < 16; i++) {
		int c = (m[i].x - v->minx) * ACELL_W, r = (m[i].y - v->miny) * ACELL_H;
		glyph ch = (glyph)ASCII_MARK_CHARS[m[i].kind];
		if (!view_shows(v, m[i].x, m[i].y))
			continue; /* off a cropped map */
		*grid_at(gr, c + 1, r) = *grid_at(gr, c + ACELL_W - 2, r) = ch;
		*grid_at(gr, c + 1, r + ACELL_H - 1) = *grid_at(gr, c + ACELL_W - 2, r + ACELL_H - 1) = ch;
	}
}

/* A fitting cell: a ? in its middle, nothing else; the rotations that
 * fit are listed below the map, where no ruler can be read as one. */
static void
draw_fits(const struct board_view *v, struct glyph_grid *gr)
{
	for (int i = 0; i < v->nfit; i++) {
		int c = (v->fit[i].x - v->minx) * ACELL_W,
		    r = (v->fit[i].y - v->miny) * ACELL_H;
		put_text(gr, c + ACELL_W / 2, r + ACELL_H / 2, "?");
	}
}

static int
draw_map(struct board_view *v, struct glyph_grid *gr)
{
	gr->cols = v->nx * ACELL_W;
	gr->rows = v->ny * ACELL_H;
	gr->g = malloc(sizeof(*gr->g) * (size_t)gr->cols * gr->rows);
	if (gr->g == NULL)
		return -1;
	for (size_t i = 0; i < (size_t)gr->cols * gr->rows; i++)
		gr->g[i] = ' ';
	draw_fits(v, gr);
	draw_tiles(v, gr);
	mark_last(v, gr);
	draw_marks(v, gr);
	draw_figures(v, gr);
	draw_neutrals(v, gr);
	return 0;
}

/* The y labels' column, a blank wider than the longest: every line of
 * the map starts with a blank, so format=flowed stuffs all of them alike
 * and a reader that does not take the stuffing off sees the map whole. */
static int
label_width(const struct board_view *v)
{
	char a[16], b[16];
	int la = snprintf(a, sizeof(a), "%d", v->miny),
	    lb = snprintf(b, sizeof(b), "%d", v->miny + v->ny - 1);

	return 1 + (la > lb ? la : lb);
}

/* Each x centred over its cell. */
static void
print_x_labels(FILE *fp, const struct board_view *v, struct window w, int lw)
{
	char num[16];
	int col = 0;

	for (int i = 0; i < w.n; i++) {
		int n = snprintf(num, sizeof(num), "%d", v->minx + w.from + i),
		    at = lw + 1 + i * ACELL_W + (ACELL_W - n) / 2;
		fprintf(fp, "%*s%s", at - col, "", num);
		col = at + n;
	}
	fputc('\n', fp);
}

static void
print_rows(FILE *fp, const struct board_view *v, const struct glyph_grid *gr,
	   struct window w, int lw, int charset)
{
	for (int row = 0; row < gr->rows; row++) {
		const glyph *g = grid_at(gr, w.from * ACELL_W, row);
		int n = glyph_row_length(g, w.n * ACELL_W);
		if (row % ACELL_H == ACELL_H / 2)
			fprintf(fp, "%*d", lw, v->miny + row / ACELL_H);
		else if (n)
			fprintf(fp, "%*s", lw, "");
		if (n)
			fputc(' ', fp);
		glyph_row_print(fp, g, n, charset);
	}
}

static void
print_window(FILE *fp, const struct board_view *v, const struct glyph_grid *gr,
	     struct window w, int charset)
{
	int lw = label_width(v);

	print_x_labels(fp, v, w, lw);
	print_rows(fp, v, gr, w, lw, charset);
	print_x_labels(fp, v, w, lw);
}

/* Cells that fit across the line limit, at least one. */
static int
cells_across(const struct board_view *v, const struct render_opts *o)
{
	int n;

	if (o->width <= 0)
		return v->nx;
	n = (o->width - label_width(v) - 1) / ACELL_W;
	return n < 1 ? 1 : n > v->nx ? v->nx : n;
}

static int
fits_inside(const struct board_view *v, int from, int n)
{
	int k = 0;

	for (int i = 0; i < v->nfit; i++)
		k += v->fit[i].x - v->minx >= from && v->fit[i].x - v->minx < from + n;
	return k;
}

/* The crop: it holds the tile placed last, then as many fits as can be,
 * then is the nearest to centred on that tile (on the board without one). */
static struct window
crop_window(const struct board_view *v, int n)
{
	int focus2 = v->last >= 0 ? 2 * (v->g->placed[v->last].x - v->minx) : v->nx - 1;
	int lo = 0, hi = v->nx - n, best = -1, best_fits = -1, best_off = 0;

	if (v->last >= 0) {
		lo = focus2 / 2 - n + 1 > 0 ? focus2 / 2 - n + 1 : 0;
		hi = focus2 / 2 < hi ? focus2 / 2 : hi;
	}
	for (int s = lo; s <= hi; s++) {
		int f = fits_inside(v, s, n), off = abs(2 * s + n - 1 - focus2);
		if (f > best_fits || (f == best_fits && off < best_off))
			best = s, best_fits = f, best_off = off;
	}
	return (struct window){best, n};
}

static void
print_cropped(FILE *fp, const struct board_view *v, const struct glyph_grid *gr, int n,
	      const struct render_opts *o)
{
	struct window w = crop_window(v, n);
	int out = v->nfit - fits_inside(v, w.from, w.n);
	char more[80] = "";

	if (out)
		snprintf(more, sizeof(more), "; %d place%s where the tile fits not shown",
			 out, out == 1 ? "" : "s");
	text_wrap(fp, o->width,
		  "Cropped to fit %d columns: x %d to %d of %d to %d shown%s.", o->width,
		  v->minx + w.from, v->minx + w.from + w.n - 1, v->minx,
		  v->minx + v->nx - 1, more);
	print_window(fp, v, gr, w, o->charset);
}

static void
print_pages(FILE *fp, const struct board_view *v, const struct glyph_grid *gr, int n,
	    const struct render_opts *o)
{
	int pages = (v->nx + n - 1) / n;

	for (int p = 0; p < pages; p++) {
		struct window w = {p * n, p == pages - 1 ? v->nx - p * n : n};
		if (p)
			fputc('\n', fp);
		text_wrap(fp, o->width, "Part %d of %d (x %d to %d of %d to %d):", p + 1,
			  pages, v->minx + w.from, v->minx + w.from + w.n - 1, v->minx,
			  v->minx + v->nx - 1);
		print_window(fp, v, gr, w, o->charset);
	}
}

int
render_ascii(const struct game *g, const struct render_opts *o, FILE *fp)
{
	struct board_view v;
	struct glyph_grid gr = {0};
	int n;

	if (view_init(&v, g, o->fits, o->cache) < 0)
		return -1;
	if (draw_map(&v, &gr) < 0) {
		view_free(&v);
		return -1;
	}
	n = cells_across(&v, o);
	if (n >= v.nx)
		print_window(fp, &v, &gr, (struct window){0, v.nx}, o->charset);
	else if (o->wide == RENDER_PAGE)
		print_pages(fp, &v, &gr, n, o);
	else
		print_cropped(fp, &v, &gr, n, o);
	if (o->legend)
		ascii_legend(fp, &v, o);
	free(gr.g);
	view_free(&v);
	return ferror(fp) ? -1 : 0;
}

char *
render_ascii_string(const struct game *g, const struct render_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int r;

	if (fp == NULL)
		return NULL;
	r = render_ascii(g, o, fp);
	if (fclose(fp) != 0 || r < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

void
render_opts_default(struct render_opts *o)
{
	*o = (struct render_opts){
	    .charset = RENDER_ASCII,
	    .width = RENDER_MAIL_WIDTH,
	    .wide = RENDER_CROP,
	    .legend = true,
	    .fits = true,
	    .tile_px = 64,
	    .max_px = 2048,
	};
}
