/* Tile geometry, part 1: the outlines of cities and the lines of roads and
 * rivers, from which sides each segment reaches (see geom.h).
 *
 * Every shape is written once for one orientation and turned into place:
 * a city cap for the north side, a pocket of field for the north side, a
 * diagonal wall for a city left of east and south, a curve from north to
 * east. The corners are numbered like the sides they start, clockwise:
 * 0 north-west, 1 north-east, 2 south-east, 3 south-west.
 */
#include <math.h>
#include <string.h>

#include "geom.h"

/* Depth of the wall's middle below the covered side, for a cap on one
 * side, a cap that must reach the middle (it parts two fields), a single
 * field pocket in a city of three sides, and the two pockets of a city
 * running across the cell. */
#define CAP_DEPTH 0.375
#define CAP_DEPTH_AROUND 0.3 /* with a monastery or garden in the middle */
#define DEEP_CAP_DEPTH 0.44
#define POCKET_DEPTH 0.36
#define BAND_POCKET_DEPTH 0.25
/* A cap inside a band's pocket (AM/CCc+): shallow, under a deep pocket,
 * so the field between them shows. */
#define NESTED_CAP_DEPTH 0.2
#define NESTED_POCKET_DEPTH 0.46

static const struct geo_pt corner_pt[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};

static struct geo_pt
pt(double x, double y)
{
	return (struct geo_pt){x, y};
}

/* A quarter turn clockwise about the middle of the cell, q times. */
static struct geo_pt
turn(struct geo_pt p, int q)
{
	for (int i = 0; i < (q & 3); i++)
		p = pt(1 - p.y, p.x);
	return p;
}

static struct geo_bez
bez_turn(struct geo_bez b, int q)
{
	return (struct geo_bez){turn(b.p0, q), turn(b.c1, q), turn(b.c2, q),
				turn(b.p3, q)};
}

static struct geo_bez
line(struct geo_pt a, struct geo_pt b)
{
	return (struct geo_bez){a, a, b, b};
}

struct geo_pt
geo_bez_at(const struct geo_bez *b, double t)
{
	double u = 1 - t, w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t,
	       w3 = t * t * t;

	return pt(w0 * b->p0.x + w1 * b->c1.x + w2 * b->c2.x + w3 * b->p3.x,
		  w0 * b->p0.y + w1 * b->c1.y + w2 * b->c2.y + w3 * b->p3.y);
}

struct geo_pt
geo_slot_point(int slot)
{
	static const double along[3] = {0.25, 0.5, 0.75};

	if (slot == SLOT_CENTRE)
		return pt(0.5, 0.5);
	return turn(pt(along[slot % 3], 0), slot_side(slot));
}

/* The wall of a city covering only side c, from corner c+1 back to c. */
static struct geo_bez
cap_wall(int c, double depth)
{
	double k = depth * 4 / 3; /* a cubic's middle is 3/4 of its controls' */

	return bez_turn((struct geo_bez){pt(1, 0), pt(1, k), pt(0, k), pt(0, 0)}, c);
}

/* The wall around a pocket of field on side u, from corner u to u+1. */
static struct geo_bez
pocket_wall(int u, double depth)
{
	double k = depth * 4 / 3;

	return bez_turn((struct geo_bez){pt(0, 0), pt(0, k), pt(1, k), pt(1, 0)}, u);
}

/* The wall of a city whose sides u and u+1 are free, from corner u to
 * u+2; bent towards the city so the field keeps room for a curved road. */
static struct geo_bez
diagonal_wall(int u)
{
	return bez_turn((struct geo_bez){pt(1, 0), pt(0.6, 0.2), pt(0.2, 0.6), pt(0, 1)},
			u + 3);
}

static int
side_bit(int side)
{
	return 1 << (side & 3);
}

/* The segment's sides on the board: a road, river or city reaching a
 * side holds the side's middle slot. */
static int
seg_sides(const struct tile_type *t, int rot, int s)
{
	int mask = 0;

	for (int side = 0; side < 4; side++)
		if (tile_seg_at(t, side * 3 + 1, rot) == s)
			mask |= side_bit(side);
	return mask;
}

/* A cap must reach the middle when the fields on its two flanks differ:
 * nothing else would keep them apart (the river tile with a city over a
 * road's end). */
static bool
cap_is_deep(const struct tile_type *t, int rot, int side)
{
	int before = tile_seg_at(t, (side * 3 + 11) % SLOT_COUNT, rot),
	    after = tile_seg_at(t, (side * 3 + 3) % SLOT_COUNT, rot);

	return before != SEG_NONE && after != SEG_NONE && before != after &&
	       t->seg[before].kind == SEG_FIELD && t->seg[after].kind == SEG_FIELD;
}

/* Whether the tile has a cap on side alone and another city covering
 * both sides beside it: a band whose pocket holds the cap. */
static bool
cap_is_nested(const struct tile_type *t, int rot, int side)
{
	bool cap = false, band = false;

	for (int s = 0; s < t->nsegs; s++) {
		int sides = t->seg[s].kind == SEG_CITY ? seg_sides(t, rot, s) : 0;
		cap |= sides == side_bit(side);
		band |= !(sides & side_bit(side)) && (sides & side_bit(side + 1)) &&
			(sides & side_bit(side + 3));
	}
	return cap && band;
}

static void
add_piece(struct geo_city *c, struct geo_bez b, bool wall)
{
	if (wall)
		c->wall |= 1 << c->npiece;
	c->piece[c->npiece++] = b;
}

/* The wall across the k free sides from side u on, for a city with runs
 * covered sides in all. */
static struct geo_bez
free_wall(const struct tile_type *t, int rot, int u, int k, int runs)
{
	int c = (u + 3) & 3; /* a cap's only side */

	if (k == 3)
		return cap_wall(c, cap_is_nested(t, rot, c)    ? NESTED_CAP_DEPTH
				   : cap_is_deep(t, rot, c)    ? DEEP_CAP_DEPTH
				   : t->centre_seg != SEG_NONE ? CAP_DEPTH_AROUND
							       : CAP_DEPTH);
	if (k == 2)
		return diagonal_wall(u);
	if (runs == 1)
		return pocket_wall(u, POCKET_DEPTH);
	return pocket_wall(u, cap_is_nested(t, rot, u) ? NESTED_POCKET_DEPTH
						       : BAND_POCKET_DEPTH);
}

static int
count_runs(int sides)
{
	int runs = 0;

	for (int s = 0; s < 4; s++)
		runs += (sides & side_bit(s)) && !(sides & side_bit(s + 3));
	return runs;
}

/* The outline, clockwise: each covered side along the cell's edge, each
 * stretch of free sides as one wall. */
static void
city_outline(const struct tile_type *t, int rot, struct geo_city *c)
{
	int start = 0, runs = count_runs(c->sides);

	if (c->sides == 0xf) {
		for (int s = 0; s < 4; s++)
			add_piece(c, line(corner_pt[s], corner_pt[(s + 1) & 3]), false);
		return;
	}
	while (!(c->sides & side_bit(start)) || (c->sides & side_bit(start + 3)))
		start++;
	for (int i = 0; i < 4;) {
		int s = (start + i) & 3, k = 0;
		if (c->sides & side_bit(s)) {
			add_piece(c, line(corner_pt[s], corner_pt[(s + 1) & 3]), false);
			i++;
			continue;
		}
		while (i + k < 4 && !(c->sides & side_bit(s + k)))
			k++;
		add_piece(c, free_wall(t, rot, s, k, runs), true);
		i += k;
	}
}

static struct geo_pt
side_mid(int side)
{
	return turn(pt(0.5, 0), side);
}

/* A path between sides a and b (b may be GEO_CENTRE). */
static struct geo_bez
path_bez(int a, int b)
{
	if (b == GEO_CENTRE || ((a - b) & 3) == 2)
		return line(side_mid(a), b == GEO_CENTRE ? pt(0.5, 0.5) : side_mid(b));
	if (((b - a) & 3) != 1) { /* curves are written from a to a+1 */
		int x = a;
		a = b, b = x;
	}
	/* 0.276 = 0.5 * 0.552: a cubic close to a quarter circle */
	return bez_turn(
	    (struct geo_bez){pt(0.5, 0), pt(0.5, 0.276), pt(0.724, 0.5), pt(1, 0.5)}, a);
}

/* The path's line, from side a on (a figure stands part of the way). */
static void
aim_path(struct geo_path *p, int to)
{
	struct geo_bez b = path_bez(p->a, to);

	if (p->b == GEO_CENTRE && to != GEO_CENTRE && ((to - p->a) & 3) == 3)
		b = (struct geo_bez){b.p3, b.c2, b.c1, b.p0}; /* written from to */
	p->to = (uint8_t)to;
	p->bez = b;
	for (int k = 0; k <= GEO_FLAT; k++)
		p->line[k] = geo_bez_at(&p->bez, (double)k / GEO_FLAT);
}

static void
add_path(struct tile_geo *g, int s, int kind, int a, int b)
{
	struct geo_path *p;

	if (g->npath >= (int)(sizeof(g->path) / sizeof(g->path[0])))
		return;
	p = &g->path[g->npath++];
	*p = (struct geo_path){.seg = s, .kind = kind, .a = a, .b = b, .to = b};
	aim_path(p, b);
}

/* One path between two sides, or one per side to the centre. */
static void
add_paths(struct tile_geo *g, int s, int kind, int sides)
{
	int n = 0, list[4];

	for (int side = 0; side < 4; side++)
		if (sides & side_bit(side))
			list[n++] = side;
	if (n == 2) {
		add_path(g, s, kind, list[0], list[1]);
		return;
	}
	for (int i = 0; i < n; i++)
		add_path(g, s, kind, list[i], GEO_CENTRE);
}

static void
add_city(const struct tile_type *t, int rot, struct tile_geo *g, int s, int sides)
{
	struct geo_city *c;

	if (sides == 0 || g->ncity >= 4)
		return;
	c = &g->city[g->ncity++];
	*c = (struct geo_city){.seg = s, .sides = sides};
	city_outline(t, rot, c);
	for (int i = 0; i < c->npiece; i++)
		for (int k = 0; k < GEO_FLAT; k++)
			c->poly[c->npoly++] =
			    geo_bez_at(&c->piece[i], (double)k / GEO_FLAT);
}

/* A road that ends and touches a cap (touch{C,R}) that does not reach
 * the middle runs into the cap's gate, not to a junction there: two caps
 * with a road each (AM/CCRR) are no crossroads, and the field between
 * the roads reaches both cities. */
static void
aim_ends(const struct tile_type *t, int rot, struct tile_geo *g)
{
	for (int i = 0; i < g->npath; i++) {
		struct geo_path *p = &g->path[i];
		for (int k = 0; k < g->ncity && p->kind == SEG_ROAD && p->b == GEO_CENTRE;
		     k++) {
			const struct geo_city *c = &g->city[k];
			int side = 0;
			while (side < 3 && c->sides != side_bit(side))
				side++;
			if (c->sides == side_bit(side) && (t->touching[p->seg] >> c->seg & 1) &&
			    !cap_is_deep(t, rot, side) && side != p->a)
				aim_path(p, side);
		}
	}
}

void
geo_build(const struct tile_type *t, int rot, struct tile_geo *g)
{
	memset(g, 0, sizeof(*g));
	g->centre_kind = g->centre_seg = -1;
	g->centre = pt(0.5, 0.5);
	for (int s = 0; s < t->nsegs; s++) {
		int kind = t->seg[s].kind, sides = seg_sides(t, rot, s);
		g->nshields[s] = t->seg[s].shields;
		g->marks[s] = t->seg[s].attrs;
		if (kind == SEG_CITY)
			add_city(t, rot, g, s, sides);
		else if (kind == SEG_ROAD || kind == SEG_RIVER)
			add_paths(g, s, kind, sides);
		else if (kind == SEG_MONASTERY || kind == SEG_GARDEN)
			g->centre_kind = kind, g->centre_seg = s;
	}
	aim_ends(t, rot, g);
	g->tile_marks = t->attrs & GEO_TILE_MARKS;
	g->bridge = (t->attrs & TA_BIT(TA_BRIDGE)) != 0;
	for (int side = 0; side < 4; side++)
		g->walls |= (uint8_t)((edge_of_sig(t->sig[rot], side) == EDGE_WALL) << side);
	geo_place_centre(t, g);
	geo_anchors(t, rot, g);
}

/* Even-odd test against the flattened outline. */
bool
geo_city_contains(const struct geo_city *c, struct geo_pt p)
{
	bool in = false;

	for (int i = 0, j = c->npoly - 1; i < c->npoly; j = i++) {
		struct geo_pt a = c->poly[j], b = c->poly[i];
		if ((a.y > p.y) != (b.y > p.y) &&
		    p.x < a.x + (b.x - a.x) * (p.y - a.y) / (b.y - a.y))
			in = !in;
	}
	return in;
}

/* Squared distance from q to the segment a-b. */
static double
seg_dist2(struct geo_pt a, struct geo_pt b, struct geo_pt q)
{
	double dx = b.x - a.x, dy = b.y - a.y, len = dx * dx + dy * dy, t = 0, ex, ey;

	if (len > 0)
		t = ((q.x - a.x) * dx + (q.y - a.y) * dy) / len;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	ex = a.x + t * dx - q.x, ey = a.y + t * dy - q.y;
	return ex * ex + ey * ey;
}

double
geo_city_dist(const struct geo_city *c, struct geo_pt q)
{
	double d = 4;

	if (geo_city_contains(c, q))
		return 0;
	for (int i = 0, j = c->npoly - 1; i < c->npoly; j = i++) {
		double e = seg_dist2(c->poly[j], c->poly[i], q);
		d = e < d ? e : d;
	}
	return sqrt(d);
}

double
geo_path_dist(const struct geo_path *p, struct geo_pt q)
{
	double d = 4;

	for (int k = 1; k <= GEO_FLAT; k++) {
		double e = seg_dist2(p->line[k - 1], p->line[k], q);
		d = e < d ? e : d;
	}
	return sqrt(d);
}
