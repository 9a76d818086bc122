/* The board as plain text, for show and demo: each tile in a cell of 5x3
 * characters whose border holds the tile's 12 slots (see tile.h):
 *
 *	WR NL N  NR EL		####.	city N and W, road E-S:
 *	W  .  C  .  E		##===	# city, = | road, ~ river,
 *	WL SR S  SL ER		#.|..	. field
 *
 * The centre shows a monastery (+), a garden (*), a crossing (o), or what
 * passes through it; the two cells beside it continue the W and E sides
 * inwards. A figure is its seat's letter (A for the first player) on the
 * slot that names its segment, or on the centre. x runs along the top,
 * y (growing southwards) down the left. The full map renderer is
 * src/render's job; this one stays small and deterministic. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CELL_W 5
#define CELL_H 3
#define LABEL_W 5

const char textboard_legend[] =
	"Legend: # city, = | road, ~ river, . field, + monastery, * garden,\n"
	"o crossing; A, B, ... a figure of the 1st, 2nd, ... player.";

/* Row and column of each board slot in a cell (enum slot order). */
static const int slot_pos[SLOT_COUNT][2] = {
	{0, 1}, {0, 2}, {0, 3}, /* NL N NR */
	{0, 4}, {1, 4}, {2, 4}, /* EL E ER */
	{2, 3}, {2, 2}, {2, 1}, /* SL S SR */
	{2, 0}, {1, 0}, {0, 0}, /* WL W WR */
};

static char
kind_char(int kind, int side)
{
	switch (kind) {
	case SEG_CITY:
		return '#';
	case SEG_ROAD:
		return side == SIDE_N || side == SIDE_S ? '|' : '=';
	case SEG_RIVER:
		return '~';
	default:
		return '.';
	}
}

static int
seg_at(const struct tile_type *t, const struct placed_tile *pt, int slot)
{
	return tile_seg_at(t, slot, pt->rot);
}

/* The cell beside the centre on side W or E: a road, river or a city
 * that goes on across the tile continues inwards. */
static char
inner_char(const struct tile_type *t, const struct placed_tile *pt, int side)
{
	int s = seg_at(t, pt, side * 3 + 1);

	if (s == SEG_NONE)
		return '.';
	if (t->seg[s].kind == SEG_CITY)
		return t->seg[s].nsides >= 2 ? '#' : '.';
	return kind_char(t->seg[s].kind, side);
}

static char
centre_char(const struct tile_type *t, const struct placed_tile *pt)
{
	int ends = 0, city = 0, ns;

	if (t->centre_seg != SEG_NONE)
		return t->seg[t->centre_seg].kind == SEG_GARDEN ? '*' : '+';
	for (int s = 0; s < t->nsegs; s++) {
		int k = t->seg[s].kind;
		if ((k == SEG_ROAD || k == SEG_RIVER) && t->seg[s].nsides >= 2) {
			/* Straight north-south shows as such; the rest as east-west. */
			ns = seg_at(t, pt, SLOT_N) == s && seg_at(t, pt, SLOT_S) == s;
			return k == SEG_RIVER ? '~' : ns ? '|' : '=';
		}
		ends += k == SEG_ROAD;
		city |= k == SEG_CITY && t->seg[s].nsides >= 2;
	}
	return ends >= 3 ? 'o' : city ? '#' : '.';
}

static void
draw_tile(const struct game *g, int p, char *cell[CELL_H])
{
	const struct placed_tile *pt = &g->placed[p];
	const struct tile_type *t = &g->cat->types[pt->type];

	for (int slot = 0; slot < SLOT_COUNT; slot++) {
		int s = seg_at(t, pt, slot);
		cell[slot_pos[slot][0]][slot_pos[slot][1]] =
		    s == SEG_NONE ? '.' : kind_char(t->seg[s].kind, slot_side(slot));
	}
	cell[1][1] = inner_char(t, pt, SIDE_W);
	cell[1][3] = inner_char(t, pt, SIDE_E);
	cell[1][2] = centre_char(t, pt);
}

struct frame {
	int minx, miny, nx, ny;
	size_t width; /* characters per line, newline included */
	char *text;
};

static char *
frame_at(struct frame *f, int x, int y, int row)
{
	size_t line = 1 + (size_t)(y - f->miny) * CELL_H + row;

	return f->text + line * f->width + LABEL_W + (size_t)(x - f->minx) * CELL_W;
}

static void
draw_figures(const struct game *g, struct frame *f)
{
	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *fig = &g->figure[i];
		const struct placed_tile *pt;
		int slot, r = 1, c = 2;
		if (fig->seg < 0)
			continue;
		pt = &g->placed[fig->seg / TILE_SEG_MAX];
		slot = game_segment_slot(g, fig->seg);
		if (slot != SLOT_CENTRE)
			r = slot_pos[slot][0], c = slot_pos[slot][1];
		frame_at(f, pt->x, pt->y, r)[c] = seat_letter(fig->owner);
	}
}

static void
draw_labels(struct frame *f)
{
	char num[16];

	for (int i = 0; i < f->nx; i++) {
		int len = snprintf(num, sizeof(num), "%d", f->minx + i);
		memcpy(f->text + LABEL_W + i * CELL_W + (CELL_W - len) / 2, num, len);
	}
	for (int j = 0; j < f->ny; j++) {
		int len = snprintf(num, sizeof(num), "%4d", f->miny + j);
		memcpy(frame_at(f, f->minx, f->miny + j, 1) - LABEL_W, num, len);
	}
}

/* Drops the blanks at the ends of lines and joins them. */
static void
trim_lines(struct frame *f, int lines)
{
	char *out = f->text;

	for (int l = 0; l < lines; l++) {
		const char *line = f->text + (size_t)l * f->width;
		size_t len = f->width - 1;
		while (len > 0 && line[len - 1] == ' ')
			len--;
		memmove(out, line, len);
		out += len;
		*out++ = '\n';
	}
	*out = '\0';
}

static void
bounds(const struct game *g, struct frame *f)
{
	int maxx = g->placed[0].x, maxy = g->placed[0].y;

	f->minx = maxx, f->miny = maxy;
	for (int p = 1; p < g->nplaced; p++) {
		const struct placed_tile *pt = &g->placed[p];
		f->minx = pt->x < f->minx ? pt->x : f->minx;
		f->miny = pt->y < f->miny ? pt->y : f->miny;
		maxx = pt->x > maxx ? pt->x : maxx;
		maxy = pt->y > maxy ? pt->y : maxy;
	}
	f->nx = maxx - f->minx + 1;
	f->ny = maxy - f->miny + 1;
}

char *
textboard(const struct game *g)
{
	struct frame f;
	int lines;

	bounds(g, &f);
	lines = 1 + f.ny * CELL_H;
	f.width = LABEL_W + (size_t)f.nx * CELL_W + 1;
	if ((f.text = malloc(f.width * lines + 1)) == NULL)
		return NULL;
	memset(f.text, ' ', f.width * lines);
	draw_labels(&f);
	for (int p = 0; p < g->nplaced; p++) {
		char *cell[CELL_H];
		for (int r = 0; r < CELL_H; r++)
			cell[r] = frame_at(&f, g->placed[p].x, g->placed[p].y, r);
		draw_tile(g, p, cell);
	}
	draw_figures(g, &f);
	trim_lines(&f, lines);
	return f.text;
}
