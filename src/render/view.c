/* The view of a game a map draws (see view.h). */
#include <stdlib.h>

#include "view.h"

static int
cmp_fit(const void *pa, const void *pb)
{
	const struct view_fit *a = pa, *b = pb;

	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	return (a->x > b->x) - (a->x < b->x);
}

/* One entry per cell, with every rotation that fits there. */
static int
collect_fits(struct board_view *v, const struct game *g)
{
	int cap = game_legal_max(g), n, m = 0;
	struct action *a = malloc(sizeof(*a) * (cap > 0 ? cap : 1));

	if (a == NULL ||
	    (v->fit = malloc(sizeof(*v->fit) * (cap > 0 ? cap : 1))) == NULL) {
		free(a);
		return -1;
	}
	n = game_legal_actions(g, a, cap);
	n = n < cap ? n : cap;
	for (int i = 0; i < n; i++) {
		int k = 0;
		if (a[i].kind != ACT_PLACE_TILE)
			continue;
		while (k < m && (v->fit[k].x != a[i].x || v->fit[k].y != a[i].y))
			k++;
		if (k == m)
			v->fit[m++] = (struct view_fit){a[i].x, a[i].y, 0};
		v->fit[k].rots |= 1 << a[i].rot;
	}
	free(a);
	qsort(v->fit, m, sizeof(*v->fit), cmp_fit);
	v->nfit = m;
	return 0;
}

static void
grow(int *lo, int *hi, int v)
{
	*lo = v < *lo ? v : *lo;
	*hi = v > *hi ? v : *hi;
}

static void
bounds(struct board_view *v)
{
	const struct game *g = v->g;
	int maxx = g->placed[0].x, maxy = g->placed[0].y;

	v->minx = maxx, v->miny = maxy;
	for (int p = 1; p < g->nplaced; p++) {
		grow(&v->minx, &maxx, g->placed[p].x);
		grow(&v->miny, &maxy, g->placed[p].y);
	}
	for (int i = 0; i < v->nfit; i++) {
		grow(&v->minx, &maxx, v->fit[i].x);
		grow(&v->miny, &maxy, v->fit[i].y);
	}
	v->nx = maxx - v->minx + 1;
	v->ny = maxy - v->miny + 1;
}

int
view_init(struct board_view *v, const struct game *g, bool fits,
	  struct render_cache *cache)
{
	struct decision d;

	*v = (struct board_view){.g = g, .last = -1, .fit_tile = -1};
	game_decision(g, &d);
	if (g->nplaced > 0 && g->placed[g->nplaced - 1].player >= 0)
		v->last = g->nplaced - 1;
	if (fits && d.kind == DECISION_PLACE_TILE) {
		v->fit_tile = d.tile;
		if (collect_fits(v, g) < 0)
			return -1;
	}
	if (cache != NULL && cache->cat == g->cat) {
		v->geo = cache->geo;
		v->shared_geo = true;
		v->cache = cache;
	} else
		v->geo = calloc((size_t)g->cat->ntypes * 4, sizeof(*v->geo));
	if (v->geo == NULL) {
		view_free(v);
		return -1;
	}
	bounds(v);
	return 0;
}

static void
geo_table_free(struct tile_geo **geo, const struct catalog *cat)
{
	if (geo)
		for (int i = 0; i < cat->ntypes * 4; i++)
			free(geo[i]);
	free(geo);
}

void
view_free(struct board_view *v)
{
	if (!v->shared_geo)
		geo_table_free(v->geo, v->g->cat);
	free(v->fit);
	v->geo = NULL;
	v->fit = NULL;
}

struct render_cache *
render_cache_new(const struct catalog *cat)
{
	struct render_cache *c = malloc(sizeof(*c));

	if (c == NULL)
		return NULL;
	c->cat = cat;
	c->sprites = NULL;
	c->sprites_free = NULL;
	c->stamps = NULL;
	c->stamps_free = NULL;
	if ((c->geo = calloc((size_t)cat->ntypes * 4, sizeof(*c->geo))) == NULL) {
		free(c);
		return NULL;
	}
	return c;
}

void
render_cache_free(struct render_cache *c)
{
	if (c == NULL)
		return;
	if (c->sprites_free)
		c->sprites_free(c->sprites);
	if (c->stamps_free)
		c->stamps_free(c->stamps);
	geo_table_free(c->geo, c->cat);
	free(c);
}

const struct tile_geo *
view_geo(struct board_view *v, int type, int rot)
{
	struct tile_geo **slot = &v->geo[type * 4 + rot];

	if (*slot == NULL && (*slot = malloc(sizeof(**slot))) != NULL)
		geo_build(&v->g->cat->types[type], rot, *slot);
	return *slot;
}

int
view_fit_at(const struct board_view *v, int x, int y)
{
	for (int i = 0; i < v->nfit; i++)
		if (v->fit[i].x == x && v->fit[i].y == y)
			return v->fit[i].rots;
	return 0;
}

void
view_figure(const struct game *g, int i, int *placed, int *seg)
{
	*placed = g->figure[i].seg / TILE_SEG_MAX;
	*seg = g->figure[i].seg % TILE_SEG_MAX;
}
