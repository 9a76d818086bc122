/* Text of the picture drawn once a process: the coordinates and the score
 * table are the same few strings on every map, and stroking them was
 * 13 % of a PNG notice's CPU. A string is stroked once into a transparent
 * surface of its own, at the same place within a pixel (its phase), and
 * laid over the picture at whole pixels. Without a render_cache the same
 * is done for each string (stroking over the picture itself rounds some
 * edge pixels one level apart), so a map has the same bytes with the
 * cache or without (tests/render/t-cache). Kept in the render_cache; at
 * most TEXT_MAX strings, all dropped when full (a map needs some
 * hundred). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picture.h"

#define TEXT_SLOTS 1024 /* a power of two */
#define TEXT_MAX 768
#define TEXT_LEN 32 /* longer strings are stroked where they go */

struct text_key {
	char s[TEXT_LEN];
	double phase_x, phase_y, cap, rgba[4];
};

struct text_entry {
	struct text_key key;
	cairo_surface_t *drawn; /* NULL: a free slot */
	int pad;
};

struct text_cache {
	int count;
	struct text_entry slot[TEXT_SLOTS];
};

static void
texts_clear(struct text_cache *t)
{
	for (int i = 0; i < TEXT_SLOTS; i++)
		if (t->slot[i].drawn)
			cairo_surface_destroy(t->slot[i].drawn);
	memset(t->slot, 0, sizeof(t->slot));
	t->count = 0;
}

static void
texts_free(void *p)
{
	if (p)
		texts_clear(p);
	free(p);
}

static uint64_t
key_hash(const struct text_key *k)
{
	const unsigned char *b = (const unsigned char *)k;
	uint64_t h = 14695981039346656037u;

	for (size_t i = 0; i < sizeof(*k); i++)
		h = (h ^ b[i]) * 1099511628211u;
	return h;
}

/* The string stroked onto nothing, pad pixels from the surface's edges. */
static cairo_surface_t *
stroke_alone(const struct text_key *k, int *pad)
{
	double unit = k->cap / 6;
	int p = 2 + (int)ceil(unit);
	int w = (int)ceil(png_text_width(k->s, k->cap) + k->phase_x) + 2 * p,
	    h = (int)ceil(k->cap * 8 / 6 + k->phase_y) + 2 * p;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	cairo_t *cr = cairo_create(s);

	cairo_set_source_rgba(cr, k->rgba[0], k->rgba[1], k->rgba[2], k->rgba[3]);
	png_text_stroke(cr, k->s, p + k->phase_x, p + k->phase_y, k->cap);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return NULL;
	}
	*pad = p;
	return s;
}

static struct text_cache *
texts_of(struct render_cache *c)
{
	if (c->texts == NULL && (c->texts = calloc(1, sizeof(struct text_cache))) != NULL)
		c->texts_free = texts_free;
	return c->texts;
}

/* The entry of k, found or made; NULL when out of memory. */
static struct text_entry *
text_entry(struct render_cache *c, const struct text_key *k)
{
	struct text_cache *t = texts_of(c);
	struct text_entry *e;
	size_t i;

	if (t == NULL)
		return NULL;
	for (i = key_hash(k) & (TEXT_SLOTS - 1);; i = (i + 1) & (TEXT_SLOTS - 1)) {
		e = &t->slot[i];
		if (e->drawn == NULL)
			break;
		if (memcmp(&e->key, k, sizeof(*k)) == 0)
			return e;
	}
	if (t->count >= TEXT_MAX) {
		texts_clear(t);
		return text_entry(c, k);
	}
	if ((e->drawn = stroke_alone(k, &e->pad)) == NULL)
		return NULL;
	e->key = *k;
	t->count++;
	return e;
}

/* The drawing of k: kept in c, or made for this once (*made, to destroy). */
static cairo_surface_t *
drawing(struct render_cache *c, const struct text_key *k, int *pad, cairo_surface_t **made)
{
	struct text_entry *e;

	*made = NULL;
	if (c == NULL)
		return *made = stroke_alone(k, pad);
	if ((e = text_entry(c, k)) == NULL)
		return NULL;
	*pad = e->pad;
	return e->drawn;
}

bool
png_text_laid(cairo_t *cr, struct render_cache *c, const char *s, double left, double top,
	      double cap)
{
	struct text_key k;
	cairo_surface_t *d, *made;
	cairo_matrix_t m;
	double x, y;
	int pad;

	cairo_get_matrix(cr, &m);
	if (m.xx != 1 || m.yy != 1 || m.xy != 0 || m.yx != 0 || strlen(s) >= TEXT_LEN)
		return false;
	memset(&k, 0, sizeof(k)); /* the padding is hashed and compared too */
	if (cairo_pattern_get_rgba(cairo_get_source(cr), &k.rgba[0], &k.rgba[1], &k.rgba[2],
				   &k.rgba[3]) != CAIRO_STATUS_SUCCESS)
		return false;
	strcpy(k.s, s);
	x = floor(left + m.x0), y = floor(top + m.y0);
	k.phase_x = left + m.x0 - x, k.phase_y = top + m.y0 - y, k.cap = cap;
	if ((d = drawing(c, &k, &pad, &made)) == NULL)
		return false;
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_set_source_surface(cr, d, x - pad, y - pad);
	cairo_rectangle(cr, x - pad, y - pad, cairo_image_surface_get_width(d),
			cairo_image_surface_get_height(d));
	cairo_fill(cr);
	cairo_restore(cr);
	if (made)
		cairo_surface_destroy(made);
	return true;
}
