/* Tile geometry, part 3: where a figure stands on each segment and where
 * a city shows its shield. On an area (city, field) a figure stands at the
 * point farthest from the area's edges, so it never touches a road or a
 * wall; on a path, part of the way along it; on a monastery or garden, on
 * the building. */
#include <math.h>
#include <string.h>

#include "geom.h"

#define CELL(i) (((i) + 0.5) / GEO_RES)
#define FAR 0x7fff
#define ROOM 15 /* 5 raster cells: room for a figure, in chamfer units */

typedef int dist_grid[GEO_RES][GEO_RES];

static int
at(dist_grid d, int i, int j)
{
	return i < 0 || j < 0 || i >= GEO_RES || j >= GEO_RES ? 0 : d[i][j];
}

static int
min2(int a, int b)
{
	return a < b ? a : b;
}

/* Chamfer distance (3 a step, 4 a diagonal step) from each cell of the
 * segment's area to the nearest cell outside it; beyond the cell's edge
 * counts as outside, so figures stay on their tile. */
static void
area_dist(const struct geo_raster *r, int seg, dist_grid d)
{
	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++)
			d[i][j] = r->seg[i][j] == seg ? FAR : 0;
	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++)
			if (d[i][j])
				d[i][j] = min2(min2(d[i][j], at(d, i - 1, j) + 3),
					       min2(min2(at(d, i, j - 1) + 3,
							 at(d, i - 1, j - 1) + 4),
						    at(d, i - 1, j + 1) + 4));
	for (int i = GEO_RES - 1; i >= 0; i--)
		for (int j = GEO_RES - 1; j >= 0; j--)
			if (d[i][j])
				d[i][j] = min2(min2(d[i][j], at(d, i + 1, j) + 3),
					       min2(min2(at(d, i, j + 1) + 3,
							 at(d, i + 1, j + 1) + 4),
						    at(d, i + 1, j - 1) + 4));
}

static double
sq_dist(struct geo_pt a, struct geo_pt b)
{
	return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

/* The cell at least min deep nearest to target; of two as near, the one
 * nearer the middle of the tile. */
static bool
nearest_deep(dist_grid d, int min, struct geo_pt target, struct geo_pt *out)
{
	const struct geo_pt middle = {0.5, 0.5};
	double best = 9;

	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++) {
			struct geo_pt q = {CELL(j), CELL(i)};
			double e = sq_dist(q, target);
			if (d[i][j] < min || e > best + 1e-9 ||
			    (e > best - 1e-9 &&
			     sq_dist(q, middle) >= sq_dist(*out, middle)))
				continue;
			best = e;
			*out = q;
		}
	return best < 9;
}

/* Where a figure stands on an area: the cell nearest the area's centroid
 * among those with room for a figure (ROOM deep), or, in an area too
 * narrow for that, among its deepest cells. */
static bool
area_spot(dist_grid d, struct geo_pt *out)
{
	struct geo_pt mid = {0, 0};
	int n = 0, deep = 0;

	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++)
			if (d[i][j]) {
				mid.x += CELL(j), mid.y += CELL(i), n++;
				deep = d[i][j] > deep ? d[i][j] : deep;
			}
	if (n == 0)
		return false;
	mid.x /= n, mid.y /= n;
	return nearest_deep(d, deep < ROOM ? deep : ROOM, mid, out);
}

/* Up and left of the figure, where a shield sits on the printed tiles;
 * well inside the walls if there is room, else just inside. */
static struct geo_pt
shield_spot(dist_grid d, struct geo_pt figure)
{
	struct geo_pt target = {figure.x - 0.22, figure.y - 0.14}, out = figure;

	if (!nearest_deep(d, 7, target, &out))
		nearest_deep(d, 3, target, &out);
	return out;
}

/* Whether a symbol at p stays clear of the figure at f. */
static bool
clear_of(struct geo_pt p, struct geo_pt f)
{
	return fabs(p.x - f.x) >= GEO_FIGURE_HALF_W + GEO_MARK_R ||
	       fabs(p.y - f.y) >= GEO_FIGURE_HALF_H + GEO_MARK_R;
}

/* Right of the figure, across from the shield, clear of the figure, for
 * a symbol of the city or field: the deep enough cell nearest to the
 * spot, among those clear of the figure if any is. */
static struct geo_pt
mark_spot(dist_grid d, struct geo_pt figure)
{
	struct geo_pt target = {figure.x + GEO_FIGURE_HALF_W + GEO_MARK_R + 0.01, figure.y},
		      out = figure;
	dist_grid clear;

	for (int depth = 5; depth >= 1; depth -= 2) {
		for (int i = 0; i < GEO_RES; i++)
			for (int j = 0; j < GEO_RES; j++)
				clear[i][j] = clear_of((struct geo_pt){CELL(j), CELL(i)}, figure)
						  ? d[i][j]
						  : 0;
		if (nearest_deep(clear, depth, target, &out))
			return out;
	}
	if (!nearest_deep(d, 7, target, &out))
		nearest_deep(d, 3, target, &out);
	return out;
}

static bool
on_field(const struct tile_type *t, const struct geo_raster *r, struct geo_pt p, double rad)
{
	for (double dy = -rad; dy <= rad; dy += rad)
		for (double dx = -rad; dx <= rad; dx += rad) {
			int i = (int)((p.y + dy) * GEO_RES), j = (int)((p.x + dx) * GEO_RES);
			if (i < 0 || j < 0 || i >= GEO_RES || j >= GEO_RES ||
			    r->seg[i][j] == SEG_NONE || t->seg[r->seg[i][j]].kind != SEG_FIELD)
				return false;
		}
	return true;
}

/* Beside the road, on the field: an inn by its lake. */
static struct geo_pt
road_mark(const struct tile_type *t, const struct geo_raster *r, const struct geo_path *p)
{
	double at = p->b == GEO_CENTRE ? 0.45 : 0.25; /* clear of a crossing in the middle */
	struct geo_pt a = geo_bez_at(&p->bez, at - 0.05), b = geo_bez_at(&p->bez, at + 0.05),
		      m = geo_bez_at(&p->bez, at);
	double dx = b.x - a.x, dy = b.y - a.y, len = sqrt(dx * dx + dy * dy);

	for (int side = 1; side >= -1; side -= 2) {
		struct geo_pt q = {m.x - side * dy / len * 0.17, m.y + side * dx / len * 0.17};
		if (on_field(t, r, q, 0.05))
			return q;
	}
	return m;
}

/* A tile's symbol: on a field, in a corner if one is free. */
static struct geo_pt
tile_mark(const struct tile_type *t, const struct geo_raster *r)
{
	static const struct geo_pt spots[] = {{0.76, 0.24}, {0.24, 0.24}, {0.76, 0.76},
					      {0.24, 0.76}, {0.5, 0.22},  {0.5, 0.78}};

	static const double rads[] = {0.08, 0.05, 0.02};
	struct geo_pt best = spots[0];
	double best_d = 9;

	for (size_t i = 0; i < sizeof(spots) / sizeof(spots[0]); i++)
		if (on_field(t, r, spots[i], 0.08))
			return spots[i];
	/* no corner on a field (a narrow strip: DG/CFc+.d): the point of a
	 * field nearest the first corner, as clear of its edges as it can */
	for (size_t k = 0; k < sizeof(rads) / sizeof(rads[0]) && best_d == 9; k++)
		for (int i = 0; i < GEO_RES; i++)
			for (int j = 0; j < GEO_RES; j++) {
				struct geo_pt p = {CELL(j), CELL(i)};
				double dx = p.x - spots[0].x, dy = p.y - spots[0].y;
				if (dx * dx + dy * dy < best_d && on_field(t, r, p, rads[k])) {
					best = p;
					best_d = dx * dx + dy * dy;
				}
			}
	return best;
}

static bool
two_fields(const struct tile_type *t, int a, int b)
{
	return a != b && a != SEG_NONE && b != SEG_NONE && t->seg[a].kind == SEG_FIELD &&
	       t->seg[b].kind == SEG_FIELD;
}

/* Where two fields meet with nothing drawn between them. */
static void
hedges(const struct tile_type *t, const struct geo_raster *r, struct tile_geo *g)
{
	for (int i = 0; i < GEO_RES; i++)
		for (int j = 0; j < GEO_RES; j++)
			for (int below = 0; below <= 1; below++) {
				int ni = i + below, nj = j + !below;
				if (ni >= GEO_RES || nj >= GEO_RES || g->nhedge == GEO_HEDGES ||
				    !two_fields(t, r->seg[i][j], r->seg[ni][nj]))
					continue;
				g->hedge[g->nhedge].row = (uint8_t)i;
				g->hedge[g->nhedge].col = (uint8_t)j;
				g->hedge[g->nhedge++].below = (uint8_t)below;
			}
}

/* Part of the way along the path; a road that another crosses over in
 * the middle without meeting it (a bridge, TB/RRrr) has its thief off
 * the crossing. */
static void
path_anchors(const struct geo_raster *r, struct tile_geo *g)
{
	static const double along[] = {0.5, 0.3, 0.7};

	for (int i = g->npath - 1; i >= 0; i--) {
		const struct geo_path *p = &g->path[i];
		g->anchor[p->seg] = geo_bez_at(&p->bez, p->b == GEO_CENTRE ? 0.35 : 0.5);
		for (size_t k = 0; p->b != GEO_CENTRE && p->kind == SEG_ROAD && k < 3; k++) {
			struct geo_pt q = geo_bez_at(&p->bez, along[k]);
			if (r->seg[(int)(q.y * GEO_RES)][(int)(q.x * GEO_RES)] == p->seg) {
				g->anchor[p->seg] = q;
				break;
			}
		}
	}
}

void
geo_anchors(const struct tile_type *t, int rot, struct tile_geo *g)
{
	struct geo_raster r;
	dist_grid d;

	geo_rasterize(t, rot, g, &r);
	for (int s = 0; s < t->nsegs; s++) {
		int kind = t->seg[s].kind;
		g->anchor[s] = g->shield[s] = (struct geo_pt){0.5, 0.5};
		if (kind != SEG_CITY && kind != SEG_FIELD)
			continue;
		area_dist(&r, s, d);
		if (!area_spot(d, &g->anchor[s]))
			continue;
		if (kind == SEG_CITY)
			g->shield[s] = shield_spot(d, g->anchor[s]);
		if (g->marks[s])
			g->mark[s] = mark_spot(d, g->anchor[s]);
	}
	path_anchors(&r, g);
	for (int i = 0; i < g->npath; i++)
		if (g->marks[g->path[i].seg])
			g->mark[g->path[i].seg] = road_mark(t, &r, &g->path[i]);
	if (g->tile_marks)
		g->tile_mark = tile_mark(t, &r);
	hedges(t, &r, g);
	if (g->centre_seg >= 0)
		g->anchor[g->centre_seg] = g->centre;
}
