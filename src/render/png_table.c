/* Below the board in the picture: what is due, then a line per seat with
 * its figure in its colour, letter, name, score and supply; an arrow
 * points at the seat to move. */
#include <stdio.h>
#include <string.h>

#include "picture.h"

#define COL_FIGURE 12
#define COL_LETTER 28
#define COL_NAME 44
#define COL_SCORE 262 /* right end: after a name of 16 letters */
#define COL_SUPPLY 276

int
png_table_height(const struct game *g)
{
	return PNG_LINE * (g->nplayers + 1) + PNG_LINE / 2;
}

static const char *
name_of(const struct render_opts *o, int seat)
{
	return o->names && o->names[seat] ? o->names[seat] : "";
}

static void
title_text(const struct board_view *v, const struct render_opts *o, char *s, size_t n)
{
	const struct game *g = v->g;
	struct decision d;

	game_decision(g, &d);
	if (d.kind == DECISION_GAME_OVER)
		snprintf(s, n, "Turn %d: the game is over.", g->turn);
	else if (d.kind == DECISION_PLACE_TILE)
		snprintf(s, n, "Turn %d: %c %s to place %s; %d tile%s left.",
			 g->turn, 'A' + d.player, name_of(o, d.player),
			 g->cat->types[d.tile].id, game_tiles_left(g),
			 game_tiles_left(g) == 1 ? "" : "s");
	else if (d.kind == DECISION_PLACE_FIGURE)
		snprintf(s, n, "Turn %d: %c %s may put a figure on %s.", g->turn,
			 'A' + d.player, name_of(o, d.player), g->cat->types[d.tile].id);
	else /* a rule module's decision */
		snprintf(s, n, "Turn %d: %c %s %s.", g->turn, 'A' + d.player,
			 name_of(o, d.player), d.what);
}

int
png_table_width(const struct board_view *v, const struct render_opts *o)
{
	char s[160];
	int w;

	title_text(v, o, s, sizeof(s));
	w = 2 * PNG_MARGIN + (int)png_text_width(s, PNG_TEXT) + 1;
	return w > PNG_TABLE_W ? w : PNG_TABLE_W;
}

static void
title(cairo_t *cr, const struct board_view *v, const struct render_opts *o, double y)
{
	char s[160];

	title_text(v, o, s, sizeof(s));
	png_text(cr, s, PNG_MARGIN, y, 0, PNG_TEXT);
}

static void
arrow(cairo_t *cr, double x, double y)
{
	cairo_move_to(cr, x - 5, y - 5);
	cairo_line_to(cr, x + 3, y);
	cairo_line_to(cr, x - 5, y + 5);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* "7 followers, abbot": a count of the types a player has several of,
 * the name of a single figure at home; from the game's figure table. */
static void
supply_text(const struct game *g, const struct player_state *ps, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < g->nftypes && len < n; i++) {
		const struct figure_type_def *t = figure_type_of(g, g->ftypes[i]);
		int have = ps->supply[t->id], w = 0;
		if (t->supply > 1)
			w = snprintf(buf + len, n - len, "%s%d %s%s", len ? ", " : "", have,
				     t->name, have == 1 ? "" : "s");
		else if (have)
			w = snprintf(buf + len, n - len, "%s%s", len ? ", " : "", t->name);
		len += w > 0 ? (size_t)w : 0;
	}
}

static void
seat_line(cairo_t *cr, const struct board_view *v, const struct render_opts *o, int seat,
	  double y)
{
	const struct player_state *ps = &v->g->player[seat];
	struct rules_token t[8];
	int nt = game_tokens(v->g, t, 8);
	char s[128];
	size_t len;

	cairo_save(cr);
	cairo_translate(cr, PNG_MARGIN + COL_FIGURE, y);
	png_figure(cr, DRAW_MEEPLE, seat, PNG_LINE * 0.8);
	cairo_restore(cr);
	png_rgb(cr, RGB_INK);
	snprintf(s, sizeof(s), "%c", 'A' + seat);
	png_text(cr, s, PNG_MARGIN + COL_LETTER, y, 0, PNG_TEXT);
	png_text(cr, name_of(o, seat), PNG_MARGIN + COL_NAME, y, 0, PNG_TEXT);
	snprintf(s, sizeof(s), "%d point%s", ps->score, ps->score == 1 ? "" : "s");
	png_text(cr, s, PNG_MARGIN + COL_SCORE, y, 1, PNG_TEXT);
	supply_text(v->g, ps, s, sizeof(s));
	len = strlen(s);
	for (int i = 0; i < nt && i < 8 && len < sizeof(s); i++) /* the King, ... */
		if (t[i].holder == seat)
			len += (size_t)snprintf(s + len, sizeof(s) - len, ", %s", t[i].name);
	png_text(cr, s, PNG_MARGIN + COL_SUPPLY, y, 0, PNG_TEXT);
}

void
png_table(cairo_t *cr, const struct board_view *v, const struct render_opts *o,
	  const struct png_layout *l)
{
	struct decision d;
	double y = l->table_y + PNG_LINE / 2.0;

	game_decision(v->g, &d);
	png_rgb(cr, RGB_INK);
	title(cr, v, o, y);
	for (int p = 0; p < v->g->nplayers; p++) {
		y += PNG_LINE;
		if (p == d.player) {
			png_rgb(cr, RGB_INK);
			arrow(cr, PNG_MARGIN - 6, y);
		}
		seat_line(cr, v, o, p, y);
	}
}
