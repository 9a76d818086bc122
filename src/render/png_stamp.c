/* Text and figures of the picture drawn once a process: the coordinates,
 * the score table and the figures are the same few drawings on every
 * map, and stroking and filling them was a fifth of a PNG notice's CPU.
 * A drawing is made once onto a transparent surface of its own (a stamp),
 * at the same place within a pixel (its phase) and the same scale, and
 * laid over the picture at whole pixels. Without a render_cache the same
 * is done for each drawing (drawing over the picture itself rounds some
 * edge pixels one level apart), so a map has the same bytes with the
 * cache or without (tests/render/t-cache). Kept in the render_cache; at
 * most STAMP_MAX stamps, all dropped when full (a map needs some
 * hundred). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picture.h"

#define STAMP_SLOTS 1024 /* a power of two */
#define STAMP_MAX 768
#define STAMP_LEN 32 /* longer text is stroked where it goes */

/* What a stamp shows: what[0] 't' and the text, or 'f', the drawing and
 * the seat; scale the capital's height or the figure's, in pixels. */
struct stamp_key {
	char what[STAMP_LEN];
	double phase_x, phase_y, scale, rgba[4];
};

struct stamp {
	struct stamp_key key;
	cairo_surface_t *drawn; /* NULL: a free slot */
	int pad;                /* pixels from the surface's corner to the origin */
};

struct stamps {
	int count;
	struct stamp slot[STAMP_SLOTS];
};

static void
stamps_clear(struct stamps *t)
{
	for (int i = 0; i < STAMP_SLOTS; i++)
		if (t->slot[i].drawn)
			cairo_surface_destroy(t->slot[i].drawn);
	memset(t->slot, 0, sizeof(t->slot));
	t->count = 0;
}

static void
stamps_free(void *p)
{
	if (p)
		stamps_clear(p);
	free(p);
}

static uint64_t
key_hash(const struct stamp_key *k)
{
	const unsigned char *b = (const unsigned char *)k;
	uint64_t h = 14695981039346656037u;

	for (size_t i = 0; i < sizeof(*k); i++)
		h = (h ^ b[i]) * 1099511628211u;
	return h;
}

/* Draws k with its origin at (0, 0) of cr. */
static void
draw_key(cairo_t *cr, const struct stamp_key *k)
{
	if (k->what[0] == 't') {
		cairo_set_source_rgba(cr, k->rgba[0], k->rgba[1], k->rgba[2], k->rgba[3]);
		png_text_stroke(cr, k->what + 1, 0, 0, k->scale);
	} else {
		png_figure_draw(cr, (unsigned char)k->what[1], (unsigned char)k->what[2], k->scale);
	}
}

/* The room a stamp takes right of and below its origin, and around it. */
static void
key_room(const struct stamp_key *k, int *w, int *h, int *pad)
{
	if (k->what[0] == 't') {
		*pad = 2 + (int)ceil(k->scale / 6);
		*w = (int)ceil(png_text_width(k->what + 1, k->scale) + k->phase_x);
		*h = (int)ceil(k->scale * 8 / 6 + k->phase_y);
	} else { /* a figure reaches 0.71 of its height from its centre */
		*pad = 2 + (int)ceil(k->scale * 0.75);
		*w = *h = 1;
	}
}

static cairo_surface_t *
stamp_make(const struct stamp_key *k, int *pad)
{
	int w, h, p;
	cairo_surface_t *s;
	cairo_t *cr;

	key_room(k, &w, &h, &p);
	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w + 2 * p, h + 2 * p);
	cr = cairo_create(s);
	cairo_translate(cr, p + k->phase_x, p + k->phase_y);
	draw_key(cr, k);
	*pad = p;
	return png_drawn_surface(s, cr);
}

static struct stamps *
stamps_of(struct render_cache *c)
{
	if (c->stamps == NULL && (c->stamps = calloc(1, sizeof(struct stamps))) != NULL)
		c->stamps_free = stamps_free;
	return c->stamps;
}

/* The stamp of k, found or made; NULL when out of memory. */
static struct stamp *
stamp_of(struct render_cache *c, const struct stamp_key *k)
{
	struct stamps *t = stamps_of(c);
	struct stamp *e;
	size_t i;

	if (t == NULL)
		return NULL;
	for (i = key_hash(k) & (STAMP_SLOTS - 1);; i = (i + 1) & (STAMP_SLOTS - 1)) {
		e = &t->slot[i];
		if (e->drawn == NULL)
			break;
		if (memcmp(&e->key, k, sizeof(*k)) == 0)
			return e;
	}
	if (t->count >= STAMP_MAX) {
		stamps_clear(t);
		return stamp_of(c, k);
	}
	if ((e->drawn = stamp_make(k, &e->pad)) == NULL)
		return NULL;
	e->key = *k;
	t->count++;
	return e;
}

/* The render_cache a picture's stamps are kept in, as the cairo
 * context's user data: png_text's and png_figure's callers need not pass
 * it. */
static const cairo_user_data_key_t stamps_key;

void
png_stamps_keep(cairo_t *cr, struct render_cache *c)
{
	cairo_set_user_data(cr, &stamps_key, c, NULL);
}

struct render_cache *
png_stamps_of(cairo_t *cr)
{
	return cairo_get_user_data(cr, &stamps_key);
}

/* The stamp's phase from the device point (dx, dy); its whole pixel. */
static void
key_at(struct stamp_key *k, double dx, double dy, double *x, double *y)
{
	*x = floor(dx), *y = floor(dy);
	k->phase_x = dx - *x, k->phase_y = dy - *y;
}

/* Lays k's stamp (kept in c, or made for this once) with its origin at
 * the device point x + phase, y + phase. */
static bool
lay(cairo_t *cr, struct render_cache *c, const struct stamp_key *k, double x, double y)
{
	struct stamp *e = NULL;
	cairo_surface_t *d = NULL;
	int pad = 0;

	if (c && (e = stamp_of(c, k)) != NULL)
		d = e->drawn, pad = e->pad;
	else if (c || (d = stamp_make(k, &pad)) == NULL)
		return false;
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_set_source_surface(cr, d, x - pad, y - pad);
	cairo_rectangle(cr, x - pad, y - pad, cairo_image_surface_get_width(d),
			cairo_image_surface_get_height(d));
	cairo_fill(cr);
	cairo_restore(cr);
	if (e == NULL)
		cairo_surface_destroy(d);
	return true;
}

bool
png_text_laid(cairo_t *cr, struct render_cache *c, const char *s, double left, double top,
	      double cap)
{
	struct stamp_key k;
	cairo_matrix_t m;
	double x, y;

	cairo_get_matrix(cr, &m);
	if (m.xx != 1 || m.yy != 1 || m.xy != 0 || m.yx != 0 || strlen(s) + 1 >= STAMP_LEN)
		return false;
	memset(&k, 0, sizeof(k)); /* the padding is hashed and compared too */
	if (cairo_pattern_get_rgba(cairo_get_source(cr), &k.rgba[0], &k.rgba[1], &k.rgba[2],
				   &k.rgba[3]) != CAIRO_STATUS_SUCCESS)
		return false;
	k.what[0] = 't';
	strcpy(k.what + 1, s);
	k.scale = cap;
	key_at(&k, left + m.x0, top + m.y0, &x, &y);
	return lay(cr, c, &k, x, y);
}

bool
png_figure_laid(cairo_t *cr, struct render_cache *c, int drawing, int seat, double size)
{
	struct stamp_key k;
	cairo_matrix_t m;
	double x, y;

	cairo_get_matrix(cr, &m);
	if (m.xx != m.yy || m.xx <= 0 || m.xy != 0 || m.yx != 0 || drawing < 0 ||
	    drawing > 127 || seat < 0 || seat > 127)
		return false;
	memset(&k, 0, sizeof(k));
	k.what[0] = 'f', k.what[1] = (char)drawing, k.what[2] = (char)seat;
	k.scale = size * m.xx;
	key_at(&k, m.x0, m.y0, &x, &y);
	return lay(cr, c, &k, x, y);
}
