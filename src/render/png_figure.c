/* Figures in the picture: one silhouette per drawing (enum figure_drawing,
 * from the figure-type and segment-kind rows), in the seat's colour
 * with a dark outline so that every colour shows on every ground:
 *
 *	thief   a standing meeple
 *	knight  a meeple with a crest on its helmet
 *	farmer  a meeple lying on its back
 *	monk    a robe and a hood
 *	abbot   a robe and a mitre
 *	wagon   a cart on two wheels
 *	barn    a house with a gable
 *	builder a standing meeple with a flat hat
 *	pig     a round body on four legs, a snout and an ear
 *
 * Shapes are drawn in a unit of the figure's height, centred on (0, 0),
 * which is inside the body: pixel tests sample the seat's colour there.
 */
#include <math.h>

#include "picture.h"

typedef void (*part_fn)(cairo_t *cr);

static void
poly(cairo_t *cr, const double (*p)[2], int n)
{
	cairo_move_to(cr, p[0][0], p[0][1]);
	for (int i = 1; i < n; i++)
		cairo_line_to(cr, p[i][0], p[i][1]);
	cairo_close_path(cr);
}

static void
body(cairo_t *cr)
{
	static const double p[][2] = {
	    {-0.10, -0.20}, {-0.42, -0.08}, {-0.45, 0.06}, {-0.20, 0.05}, {-0.36, 0.50},
	    {-0.07, 0.50},  {0.00, 0.32},   {0.07, 0.50},  {0.36, 0.50},  {0.20, 0.05},
	    {0.45, 0.06},   {0.42, -0.08},  {0.10, -0.20},
	};

	poly(cr, p, sizeof(p) / sizeof(p[0]));
}

static void
head(cairo_t *cr)
{
	cairo_arc(cr, 0, -0.33, 0.16, 0, 2 * M_PI);
}

static void
crest(cairo_t *cr)
{
	static const double p[][2] = {{-0.05, -0.42}, {0.24, -0.64}, {0.09, -0.40}};

	poly(cr, p, 3);
}

static void
gown(cairo_t *cr)
{
	static const double p[][2] = {
	    {-0.13, -0.24},
	    {-0.38, 0.50},
	    {0.38, 0.50},
	    {0.13, -0.24},
	};

	poly(cr, p, 4);
}

static void
mitre(cairo_t *cr)
{
	static const double p[][2] = {
	    {-0.13, -0.18}, {-0.14, -0.46}, {0.0, -0.64}, {0.14, -0.46}, {0.13, -0.18},
	};

	poly(cr, p, 5);
}

static void
hat(cairo_t *cr)
{
	static const double p[][2] = {
	    {-0.30, -0.44}, {-0.30, -0.50}, {-0.14, -0.50}, {-0.12, -0.66},
	    {0.12, -0.66},  {0.14, -0.50},  {0.30, -0.50},  {0.30, -0.44},
	};

	poly(cr, p, sizeof(p) / sizeof(p[0]));
}

static void
pig_body(cairo_t *cr)
{
	static const double p[][2] = {
	    {-0.40, 0.02}, {-0.36, 0.40}, {-0.24, 0.40}, {-0.22, 0.24}, {0.18, 0.24},
	    {0.20, 0.40},  {0.32, 0.40},  {0.34, 0.02}, {0.20, -0.16}, {-0.26, -0.16},
	};

	poly(cr, p, sizeof(p) / sizeof(p[0]));
}

static void
pig_head(cairo_t *cr)
{
	static const double p[][2] = {
	    {0.24, -0.14}, {0.30, -0.36}, {0.38, -0.20}, {0.52, -0.14},
	    {0.52, 0.02},  {0.30, 0.08},
	};

	poly(cr, p, sizeof(p) / sizeof(p[0]));
}

static void
cart(cairo_t *cr)
{
	static const double p[][2] = {{-0.48, -0.28}, {-0.48, 0.14}, {0.48, 0.14}, {0.48, -0.28}};

	poly(cr, p, 4);
}

static void
wheels(cairo_t *cr)
{
	cairo_arc(cr, -0.26, 0.28, 0.17, 0, 2 * M_PI);
	cairo_new_sub_path(cr);
	cairo_arc(cr, 0.26, 0.28, 0.17, 0, 2 * M_PI);
}

static void
house(cairo_t *cr)
{
	static const double p[][2] = {
	    {-0.42, 0.45}, {-0.42, -0.08}, {0.0, -0.50}, {0.42, -0.08}, {0.42, 0.45},
	};

	poly(cr, p, 5);
}

/* The parts of a drawing's silhouette (figure_drawing, seg_kind.h), back
 * to front. */
static int
parts(int drawing, part_fn out[3])
{
	int n = 0;

	if (drawing == DRAW_PIG) {
		out[n++] = pig_body;
		out[n++] = pig_head;
		return n;
	}
	if (drawing == DRAW_WAGON) {
		out[n++] = wheels;
		out[n++] = cart;
		return n;
	}
	if (drawing == DRAW_BARN) {
		out[n++] = house;
		return n;
	}
	if (drawing == DRAW_ROBE || drawing == DRAW_MITRE) {
		out[n++] = gown;
		out[n++] = drawing == DRAW_MITRE ? mitre : head;
		return n;
	}
	out[n++] = body;
	out[n++] = head;
	if (drawing == DRAW_MEEPLE_CREST)
		out[n++] = crest;
	if (drawing == DRAW_HAT)
		out[n++] = hat;
	return n;
}

void
png_figure_draw(cairo_t *cr, int drawing, int seat, double size)
{
	part_fn part[3];
	int n = parts(drawing, part);

	cairo_save(cr);
	cairo_scale(cr, size, size);
	if (drawing == DRAW_LYING)
		cairo_rotate(cr, -M_PI / 2); /* the farmer lies down */
	/* Every outline first, then every fill: one clean edge round the
	 * whole figure, none where its parts overlap. */
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_width(cr, 0.13);
	png_rgb(cr, RGB_INK);
	for (int i = 0; i < n; i++) {
		cairo_new_path(cr);
		part[i](cr);
		cairo_stroke(cr);
	}
	png_rgb(cr, render_player_rgb(seat));
	for (int i = 0; i < n; i++) {
		cairo_new_path(cr);
		part[i](cr);
		cairo_fill(cr);
	}
	cairo_restore(cr);
}

void
png_figure(cairo_t *cr, int drawing, int seat, double size)
{
	if (!png_figure_laid(cr, png_stamps_of(cr), drawing, seat, size))
		png_figure_draw(cr, drawing, seat, size);
}
