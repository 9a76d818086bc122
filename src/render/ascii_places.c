/* A tile drawn with the names of its places around it, and a list of
 * them below, for each rotation asked: how a player finds the word for
 * "farmer S" on the tile turned as they mean to place it.
 *
 *	NW NL N NR NE     row above: corners and the north side
 *	   #######
 *	WR #######  EL    the tile's 7x5 cell, with the west and east
 *	W  ##   ##  E     sides' names beside its rows 1, 2 and 3
 *	WL .......  ER
 *	   .......
 *	SW SR S SL SE     row below: corners and the south side
 */
#include <string.h>

#include "ascii.h"

enum {
	BLOCK_W = ACELL_W + 6, /* two columns of names and a blank each side */
	BLOCK_H = ACELL_H + 2,
	STEP = BLOCK_W + 6,
	MAX_W = 3 * STEP + BLOCK_W,
};

/* Where each place name stands in its block: column and row. */
static const struct {
	char name[3];
	int8_t col, row;
} label_at[] = {
	{"NW", 0, 0},  {"NL", 3, 0},  {"N", 6, 0},   {"NR", 8, 0}, {"NE", 11, 0},
	{"WR", 0, 2},  {"W", 0, 3},   {"WL", 0, 4},  {"EL", 11, 2}, {"E", 11, 3},
	{"ER", 11, 4}, {"SW", 0, 6},  {"SR", 3, 6},  {"S", 6, 6},  {"SL", 8, 6},
	{"SE", 11, 6},
};

static void
put_text(struct glyph_grid *gr, int col, int row, const char *s)
{
	for (; *s && col < gr->cols; s++, col++)
		*grid_at(gr, col, row) = (glyph)(unsigned char)*s;
}

/* The block of one rotation at column col: the labels and the tile,
 * whose geometry v's table keeps (made once a process with a
 * render_cache), or built here without v. */
static void
draw_block(struct board_view *v, const struct tile_type *t, int rot,
	   const struct place *p, int np, struct glyph_grid *gr, int col)
{
	const struct tile_geo *geo = v ? view_geo(v, (int)(t - v->g->cat->types), rot) : NULL;
	struct tile_geo own;

	if (geo == NULL) {
		geo_build(t, rot, &own);
		geo = &own;
	}
	ascii_tile(geo, gr, col + 3, 1);
	for (int i = 0; i < np; i++) {
		for (size_t k = 0; k < sizeof(label_at) / sizeof(label_at[0]); k++)
			if (strcmp(p[i].name, label_at[k].name) == 0)
				put_text(gr, col + label_at[k].col, label_at[k].row, p[i].name);
		if (p[i].slot == SLOT_INNER || p[i].slot == SLOT_INNER2) { /* on the tile */
			struct geo_pt a = geo->anchor[p[i].seg];
			int c = ascii_col(a.x);
			put_text(gr, col + 3 + (c > ACELL_W - 2 ? ACELL_W - 2 : c),
				 1 + ascii_row(a.y), p[i].name);
		}
	}
}

static void
print_grid(FILE *fp, const struct glyph_grid *gr, int charset)
{
	for (int row = 0; row < gr->rows; row++) {
		const glyph *g = grid_at(gr, 0, row);
		glyph_row_print(fp, g, glyph_row_length(g, gr->cols), charset);
	}
}

/* Rotations rots[0..n-1] side by side: a title, the blocks, the lists. */
static void
print_row(FILE *fp, struct board_view *v, const struct tile_type *t, const int *rots, int n,
	  int charset)
{
	glyph cells[BLOCK_H * MAX_W];
	struct glyph_grid gr = {MAX_W, BLOCK_H, cells};
	struct place p[4][TILE_SEG_MAX];
	int np[4], most = 0, col = 0;

	for (size_t i = 0; i < sizeof(cells) / sizeof(cells[0]); i++)
		cells[i] = ' ';
	for (int i = 0; i < n; i++) {
		np[i] = tile_places(t, rots[i], p[i]);
		most = np[i] > most ? np[i] : most;
		draw_block(v, t, rots[i], p[i], np[i], &gr, i * STEP);
		col += fprintf(fp, "%*srotation %d", i * STEP - col, "", rots[i] * 90);
	}
	fputc('\n', fp);
	print_grid(fp, &gr, charset);
	for (int k = 0; k < most; k++) {
		col = 0;
		for (int i = 0; i < n; i++)
			if (k < np[i])
				col += fprintf(fp, "%*s%-3s%s", i * STEP - col, "",
					       p[i][k].name, seg_kind_name(p[i][k].kind));
		fputc('\n', fp);
	}
}

void
ascii_places(FILE *fp, struct board_view *v, const struct tile_type *t, const int *rots,
	     int n, int charset, int width)
{
	int w = width > 0 ? width : RENDER_MAIL_WIDTH;
	int per = w >= 4 * STEP - 6 ? 4 : w >= 2 * STEP - 6 ? 2 : 1;

	for (int i = 0; i < n; i += per) {
		if (i)
			fputc('\n', fp);
		print_row(fp, v, t, rots + i, n - i < per ? n - i : per, charset);
	}
}
