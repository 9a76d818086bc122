/* Tiles of the picture drawn once a process: png_tile clips to its cell
 * and paints all of it, so a tile drawn into a surface of its own and
 * copied to its cell (at whole pixels) gives the pixels drawing it there
 * gives, for a fraction of the work. Kept in the render_cache, for a few
 * tile sizes at a time (a mail's map is 48 pixels a tile, fewer for a
 * large board), made when first needed: a base game's 24 types in their 4
 * rotations are 0.9 MB at 48 pixels; every type of every set (77) at the
 * four sizes of a mail's fallbacks, 6.8 MB at most. */
#include <stdlib.h>

#include "picture.h"

#define SPRITE_SIZES 4

struct sprites {
	int ntypes, next; /* next: the size slot to reuse */
	struct {
		int px;                /* 0: unused */
		cairo_surface_t **tile; /* [type * 4 + rot] */
	} size[SPRITE_SIZES];
};

static void
size_free(struct sprites *s, int i)
{
	for (int k = 0; s->size[i].tile && k < s->ntypes * 4; k++)
		if (s->size[i].tile[k])
			cairo_surface_destroy(s->size[i].tile[k]);
	free(s->size[i].tile);
	s->size[i].tile = NULL;
	s->size[i].px = 0;
}

static void
sprites_free(void *p)
{
	struct sprites *s = p;

	for (int i = 0; s && i < SPRITE_SIZES; i++)
		size_free(s, i);
	free(s);
}

/* The table of tiles px wide: found, or made in the oldest slot. */
static cairo_surface_t **
table(struct render_cache *c, int px)
{
	struct sprites *s = c->sprites;
	int i;

	if (s == NULL) {
		if ((s = calloc(1, sizeof(*s))) == NULL)
			return NULL;
		s->ntypes = c->cat->ntypes;
		c->sprites = s;
		c->sprites_free = sprites_free;
	}
	for (i = 0; i < SPRITE_SIZES; i++)
		if (s->size[i].px == px)
			return s->size[i].tile;
	i = s->next;
	s->next = (s->next + 1) % SPRITE_SIZES;
	size_free(s, i);
	if ((s->size[i].tile = calloc((size_t)s->ntypes * 4, sizeof(cairo_surface_t *))) ==
	    NULL)
		return NULL;
	s->size[i].px = px;
	return s->size[i].tile;
}

cairo_surface_t *
png_sprite_draw(const struct tile_geo *geo, int px)
{
	cairo_surface_t *sp = cairo_image_surface_create(CAIRO_FORMAT_RGB24, px, px);
	cairo_t *cr = cairo_create(sp);

	cairo_scale(cr, px, px);
	png_tile(cr, geo);
	return png_drawn_surface(sp, cr);
}

cairo_surface_t *
png_sprite(struct board_view *v, int type, int rot, int px)
{
	const struct tile_geo *geo;
	cairo_surface_t **t;

	if (v->cache == NULL || (t = table(v->cache, px)) == NULL)
		return NULL;
	if (t[type * 4 + rot])
		return t[type * 4 + rot];
	if ((geo = view_geo(v, type, rot)) == NULL)
		return NULL;
	return t[type * 4 + rot] = png_sprite_draw(geo, px);
}
