/* Tile geometry, part 2: areas. A coarse raster of the cell tells which
 * segment is drawn where; fields are what their slots reach by flood fill
 * around the cities and paths. From it come where the monastery or garden
 * stands (the middle, unless a river or a wall is there), where figures
 * and shields go (the point of a segment farthest from its edges), and,
 * for the tests, whether the picture parts the fields as the data does.
 */
#include <math.h>
#include <string.h>

#include "geom.h"

#define GEO_BLOCK 0xfe /* raster: the hub where paths end */
#define CELL(i) (((i) + 0.5) / GEO_RES)
#define HALF_CELL (0.5 / GEO_RES)
#define TIE 0.005    /* distances to the middle closer than this are equal */
#define FAR_TIE 0.05 /* and distances to a path's end */

static double
dist_to(struct geo_pt q, double x, double y)
{
	return sqrt((q.x - x) * (q.x - x) + (q.y - y) * (q.y - y));
}

static bool
is_through(const struct geo_path *p)
{
	return p->b != GEO_CENTRE;
}

static bool
crosses_middle(const struct geo_path *p)
{
	return is_through(p) && ((p->a - p->b) & 3) == 2;
}

static double
half_width(const struct geo_path *p)
{
	return p->kind == SEG_RIVER ? GEO_RIVER_HALF : GEO_ROAD_HALF;
}

/* Room around q free of cities, paths between sides and the cell's edge. */
static double
clearance(const struct tile_geo *g, struct geo_pt q)
{
	double d = fmin(fmin(q.x, 1 - q.x), fmin(q.y, 1 - q.y));

	for (int i = 0; i < g->ncity; i++)
		d = fmin(d, geo_city_dist(&g->city[i], q));
	for (int i = 0; i < g->npath; i++)
		if (is_through(&g->path[i]))
			d = fmin(d,
				 geo_path_dist(&g->path[i], q) - half_width(&g->path[i]));
	return d;
}

/* Paths that end in the middle may end at the building; they only break
 * ties, so that a monastery moved off a river stays clear of the road
 * that ends at that river. */
static double
end_path_dist(const struct tile_geo *g, struct geo_pt q)
{
	double d = 1;

	for (int i = 0; i < g->npath; i++)
		if (!is_through(&g->path[i]))
			d = fmin(d, geo_path_dist(&g->path[i], q));
	return d;
}

/* The free point nearest the middle; among those nearly as near, one
 * clearly farther from the ends of paths; then the nearest, then the
 * first in raster order. */
static struct geo_pt
free_spot(const struct tile_geo *g)
{
	struct geo_pt best = {0.5, 0.5};
	double dist[GEO_RES][GEO_RES], near = 9, best_d = 9, best_e = -1;

	if (clearance(g, best) >= GEO_CENTRE_R)
		return best;
	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++) {
			struct geo_pt q = {CELL(j), CELL(i)};
			dist[i][j] =
			    clearance(g, q) < GEO_CENTRE_R ? 9 : dist_to(q, 0.5, 0.5);
			near = fmin(near, dist[i][j]);
		}
	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++) {
			struct geo_pt q = {CELL(j), CELL(i)};
			double d = dist[i][j],
			       e = d > near + TIE ? 0 : end_path_dist(g, q);
			if (d > near + TIE || e < best_e - FAR_TIE ||
			    (e < best_e + FAR_TIE && d >= best_d - 1e-9))
				continue;
			best = q, best_d = d, best_e = e;
		}
	return best;
}

static bool
middle_in_city(const struct tile_geo *g)
{
	for (int i = 0; i < g->ncity; i++)
		if (geo_city_contains(&g->city[i], (struct geo_pt){0.5, 0.5}))
			return true;
	return false;
}

void
geo_place_centre(const struct tile_type *t, struct tile_geo *g)
{
	int road_ends = 0, river_ends = 0, through = 0;

	(void)t;
	if (g->centre_kind >= 0) {
		g->centre = free_spot(g);
		return;
	}
	for (int i = 0; i < g->npath; i++) {
		const struct geo_path *p = &g->path[i];
		road_ends += p->to == GEO_CENTRE && p->kind == SEG_ROAD; /* not a gate */
		river_ends += !is_through(p) && p->kind == SEG_RIVER;
		through += crosses_middle(p);
	}
	if (river_ends == 1) /* a spring or lake; a fork's branches just meet */
		g->hub = HUB_POOL;
	else if (road_ends && !through && !middle_in_city(g))
		g->hub = HUB_JUNCTION;
}

static int
cell_of(double v)
{
	int c = (int)floor(v * GEO_RES);

	return c < 0 ? 0 : c >= GEO_RES ? GEO_RES - 1 : c;
}

/* Paints the empty cells reachable from the queued cells with their
 * segments, breadth first (4-neighbours): fields flooded at once meet
 * half-way where the picture draws nothing between them (a split the
 * tile data makes without a road or wall, tiles.md "!"). */
static void
flood(struct geo_raster *r, int16_t (*queue)[2], int n)
{
	for (int head = 0; head < n; head++) {
		static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
		int ci = queue[head][0], cj = queue[head][1];
		for (int k = 0; k < 4; k++) {
			int ni = ci + d[k][0], nj = cj + d[k][1];
			if (ni < 0 || nj < 0 || ni >= GEO_RES || nj >= GEO_RES ||
			    r->seg[ni][nj] != SEG_NONE)
				continue;
			r->seg[ni][nj] = r->seg[ci][cj];
			queue[n][0] = ni, queue[n++][1] = nj;
		}
	}
}

static int
seed(struct geo_raster *r, int16_t (*queue)[2], int n, int i, int j, int seg)
{
	if (r->seg[i][j] != SEG_NONE)
		return n;
	r->seg[i][j] = seg;
	queue[n][0] = i, queue[n][1] = j;
	return n + 1;
}

/* How far the cell at i, j lies from the nearest slot of field seg. */
static double
slot_dist(const struct tile_type *t, int rot, int seg, int i, int j)
{
	double best = 9;

	for (int slot = 0; slot < SLOT_COUNT; slot++) {
		struct geo_pt p = geo_slot_point(slot);
		double d = dist_to((struct geo_pt){CELL(j), CELL(i)}, p.x, p.y);
		if (tile_seg_at(t, slot, rot) == seg && d < best)
			best = d;
	}
	return best;
}

/* An inner field the walls left no pocket for (DG/CCc+.p: between a cap
 * and a corner city, open to the west field in the drawing) takes the
 * field far from the edge fields' slots; a hedge parts them. */
static void
carve_inner(const struct tile_type *t, int rot, struct geo_raster *r, int inner)
{
	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++) {
			int s = r->seg[i][j];
			if (s != SEG_NONE && s != GEO_BLOCK && t->seg[s].kind == SEG_FIELD &&
			    s != inner && slot_dist(t, rot, s, i, j) > 0.55)
				r->seg[i][j] = (uint8_t)inner;
		}
}

/* Fields touching no edge take the pockets no slot reaches, one pocket
 * each in raster order, round again if there are more pockets. */
static void
flood_inner(const struct tile_type *t, int rot, struct geo_raster *r, int16_t (*queue)[2])
{
	int ninner = 0, k = 0;

	while (ninner < TILE_INNER_MAX && t->inner_seg[ninner] != SEG_NONE)
		ninner++;
	for (int i = 0; ninner && i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++)
			if (r->seg[i][j] == SEG_NONE)
				flood(r, queue,
				      seed(r, queue, 0, i, j, t->inner_seg[k++ % ninner]));
	if (ninner == 1 && k == 0)
		carve_inner(t, rot, r, t->inner_seg[0]);
}

/* Paints the cells within reach of the path (its half-width and half a
 * cell, so that a path always parts the fields on either side). */
static void
paint_path(struct geo_raster *r, const struct geo_path *p)
{
	double reach = half_width(p) + HALF_CELL, x0 = 1, y0 = 1, x1 = 0, y1 = 0;

	for (int k = 0; k <= GEO_FLAT; k++) {
		x0 = p->line[k].x < x0 ? p->line[k].x : x0;
		y0 = p->line[k].y < y0 ? p->line[k].y : y0;
		x1 = p->line[k].x > x1 ? p->line[k].x : x1;
		y1 = p->line[k].y > y1 ? p->line[k].y : y1;
	}
	for (int i = cell_of(y0 - reach); i <= cell_of(y1 + reach); i++)
		for (int j = cell_of(x0 - reach); j <= cell_of(x1 + reach); j++)
			if (geo_path_dist(p, (struct geo_pt){CELL(j), CELL(i)}) <= reach)
				r->seg[i][j] = p->seg;
}

static void
paint_paths(struct geo_raster *r, const struct tile_geo *g, int pass)
{
	for (int i = 0; i < g->npath; i++) {
		const struct geo_path *p = &g->path[i];
		int when = !is_through(p) ? 0 : p->kind == SEG_RIVER ? 1 : 2;
		if (when == pass)
			paint_path(r, p);
	}
}

/* Row by row: a cell is inside when an odd number of the outline's edges
 * cross its row left of its middle. */
static void
paint_city(struct geo_raster *r, const struct geo_city *c)
{
	for (int i = 0; i < GEO_RES; i++) {
		double y = CELL(i), cross[GEO_PIECES * GEO_FLAT];
		int n = 0;
		for (int k = 0, m = c->npoly - 1; k < c->npoly; m = k++) {
			struct geo_pt a = c->poly[m], b = c->poly[k];
			if ((a.y > y) != (b.y > y))
				cross[n++] = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y);
		}
		for (int j = 0; j < GEO_RES; j++) {
			int left = 0;
			for (int k = 0; k < n; k++)
				left += cross[k] > CELL(j);
			if (left & 1)
				r->seg[i][j] = c->seg;
		}
	}
}

static void
paint_disc(struct geo_raster *r, struct geo_pt c, double radius, int seg)
{
	for (int i = cell_of(c.y - radius); i <= cell_of(c.y + radius); i++)
		for (int j = cell_of(c.x - radius); j <= cell_of(c.x + radius); j++)
			if (dist_to((struct geo_pt){CELL(j), CELL(i)}, c.x, c.y) <=
			    radius)
				r->seg[i][j] = seg;
}

/* What is drawn where, in drawing order (geom.h): the last one wins. */
static void
paint(struct geo_raster *r, const struct tile_geo *g)
{
	memset(r->seg, SEG_NONE, sizeof(r->seg));
	paint_paths(r, g, 0);
	paint_paths(r, g, 1);
	for (int i = 0; i < g->ncity; i++)
		paint_city(r, &g->city[i]);
	paint_paths(r, g, 2);
	if (g->centre_kind >= 0)
		paint_disc(r, g->centre, GEO_CENTRE_R * 0.8, g->centre_seg);
	if (g->hub != HUB_NONE)
		paint_disc(r, (struct geo_pt){0.5, 0.5},
			   g->hub == HUB_POOL ? GEO_POOL_R : GEO_HUB_R, GEO_BLOCK);
}

void
geo_rasterize(const struct tile_type *t, int rot, const struct tile_geo *g,
	      struct geo_raster *r)
{
	int16_t queue[GEO_RES * GEO_RES][2];
	int n = 0;

	paint(r, g);
	for (int slot = 0; slot < SLOT_COUNT; slot++) {
		int s = tile_seg_at(t, slot, rot);
		struct geo_pt p = geo_slot_point(slot);
		if (s != SEG_NONE && t->seg[s].kind == SEG_FIELD)
			n = seed(r, queue, n, cell_of(p.y), cell_of(p.x), s);
	}
	flood(r, queue, n);
	flood_inner(t, rot, r, queue);
	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++)
			if (r->seg[i][j] == GEO_BLOCK)
				r->seg[i][j] = SEG_NONE;
}
