/* One tile as 7x5 characters, from the same primitives and in the same
 * order as the picture (geom.h). Areas are sampled at each character's
 * middle; paths are routed through fixed characters: straight through the
 * middle, to the middle for a path that ends there, and diagonally past
 * the corner for a curve, so two curves of one tile never meet:
 *
 *	...|...    road north to east    ......#   city north-west
 *	....\..                          ####...
 *	.....==                          ##.....
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ascii.h"

#define MID_COL 3
#define MID_ROW 2

struct cellref {
	struct glyph_grid *gr;
	int col, row;
	/* Characters a building may not cover: cities and paths that go on
	 * (a path that ends in the middle may end at the building). */
	bool solid[ACELL_H][ACELL_W];
};

static void
put(struct cellref *c, int col, int row, glyph g)
{
	*grid_at(c->gr, c->col + col, c->row + row) = g;
}

static void
put_solid(struct cellref *c, int col, int row, glyph g)
{
	put(c, col, row, g);
	c->solid[row][col] = true;
}

static glyph
get(const struct cellref *c, int col, int row)
{
	return *grid_at(c->gr, c->col + col, c->row + row);
}

int
ascii_col(double x)
{
	int c = (int)floor(x * ACELL_W);

	return c < 0 ? 0 : c >= ACELL_W ? ACELL_W - 1 : c;
}

int
ascii_row(double y)
{
	int r = (int)floor(y * ACELL_H);

	return r < 0 ? 0 : r >= ACELL_H ? ACELL_H - 1 : r;
}

static glyph
path_glyph(int kind, int shape) /* shape: 0 -, 1 |, 2 \, 3 / */
{
	return (kind == SEG_RIVER ? GL_RIVER_H : GL_ROAD_H) + shape;
}

/* A path from a side to the middle, the middle left out. */
static void
draw_spoke(struct cellref *c, int kind, int side, bool solid)
{
	for (int i = 1; i <= (side == SIDE_N || side == SIDE_S ? 2 : 3); i++) {
		int col = MID_COL + (side == SIDE_E   ? i
				     : side == SIDE_W ? -i
						      : 0),
		    row = MID_ROW + (side == SIDE_S   ? i
				     : side == SIDE_N ? -i
						      : 0);
		put(c, col, row, path_glyph(kind, side == SIDE_N || side == SIDE_S));
		c->solid[row][col] |= solid;
	}
}

/* A curve from side a to side a+1, past the corner between them. */
static void
draw_curve(struct cellref *c, int kind, int a)
{
	static const int8_t route[4][4][3] = {
	    {{3, 0, 1}, {4, 1, 2}, {5, 2, 0}, {6, 2, 0}}, /* north to east */
	    {{6, 2, 0}, {5, 2, 0}, {4, 3, 3}, {3, 4, 1}}, /* east to south */
	    {{3, 4, 1}, {2, 3, 2}, {1, 2, 0}, {0, 2, 0}}, /* south to west */
	    {{0, 2, 0}, {1, 2, 0}, {2, 1, 3}, {3, 0, 1}}, /* west to north */
	};

	for (int i = 0; i < 4; i++)
		put_solid(c, route[a][i][0], route[a][i][1],
			  path_glyph(kind, route[a][i][2]));
}

static void
draw_path(struct cellref *c, const struct geo_path *p)
{
	int a = p->a, b = p->b;

	if (b == GEO_CENTRE || ((a - b) & 3) == 2) {
		draw_spoke(c, p->kind, a, b != GEO_CENTRE);
		if (b != GEO_CENTRE)
			draw_spoke(c, p->kind, b, true);
		return;
	}
	draw_curve(c, p->kind, ((b - a) & 3) == 1 ? a : b);
}

static void
draw_paths(struct cellref *c, const struct tile_geo *geo, int pass)
{
	for (int i = 0; i < geo->npath; i++) {
		const struct geo_path *p = &geo->path[i];
		int when = p->b == GEO_CENTRE ? 0 : p->kind == SEG_RIVER ? 1 : 2;
		if (when == pass)
			draw_path(c, p);
	}
}

/* How deep a character lies in city shape i: its distance from the
 * nearest side the city covers, in tiles. */
static double
depth_in(const struct tile_geo *geo, int i, int col, int row)
{
	double x = (col + 0.5) / ACELL_W, y = (row + 0.5) / ACELL_H,
	       from[4] = {y, 1 - x, 1 - y, x}, d = 1;

	for (int side = 0; side < 4; side++)
		if (geo->city[i].sides & (1 << side) && from[side] < d)
			d = from[side];
	return d;
}

/* Of two characters side by side in shapes of two cities, the deeper one
 * (the later shape's if as deep) is left field. */
static void
part_cities(const struct tile_geo *geo, int8_t owner[ACELL_H][ACELL_W],
	    bool apart[ACELL_H][ACELL_W], int col, int row, int col2, int row2)
{
	int i = owner[row][col], j = owner[row2][col2];

	if (i < 0 || j < 0 || geo->city[i].seg == geo->city[j].seg)
		return;
	if (depth_in(geo, i, col, row) > depth_in(geo, j, col2, row2) ||
	    (depth_in(geo, i, col, row) == depth_in(geo, j, col2, row2) && i > j))
		apart[row][col] = true;
	else
		apart[row2][col2] = true;
}

/* Each character in the first city shape that contains its middle. Two
 * separate cities that meet (caps at a corner, BA/CC.2) are parted by a
 * character of field where they touch, not drawn as one. */
static void
draw_cities(struct cellref *c, const struct tile_geo *geo)
{
	int8_t owner[ACELL_H][ACELL_W];
	bool apart[ACELL_H][ACELL_W] = {{false}};

	memset(owner, -1, sizeof(owner));
	for (int row = 0; row < ACELL_H; row++)
		for (int col = 0; col < ACELL_W; col++) {
			struct geo_pt q = {(col + 0.5) / ACELL_W, (row + 0.5) / ACELL_H};
			for (int i = 0; i < geo->ncity && owner[row][col] < 0; i++)
				if (geo_city_contains(&geo->city[i], q))
					owner[row][col] = (int8_t)i;
		}
	for (int row = 0; row < ACELL_H; row++)
		for (int col = 0; col < ACELL_W; col++) {
			if (col + 1 < ACELL_W)
				part_cities(geo, owner, apart, col, row, col + 1, row);
			if (row + 1 < ACELL_H)
				part_cities(geo, owner, apart, col, row, col, row + 1);
		}
	for (int row = 0; row < ACELL_H; row++)
		for (int col = 0; col < ACELL_W; col++)
			if (owner[row][col] >= 0 && !apart[row][col])
				put_solid(c, col, row, GL_CITY);
}

/* The middle where straight paths cross or paths end, from the sides
 * the roads and the rivers come from. */
static glyph
middle_glyph(int roads, int rivers)
{
	enum { N = 1, E = 2, S = 4, W = 8 };

	if (rivers == (E | W))
		return roads == (N | S) ? GL_BRIDGE_V
		       : roads == N     ? GL_RIVER_H_ROAD_N
		       : roads == S     ? GL_RIVER_H_ROAD_S
					: GL_RIVER_H;
	if (rivers == (N | S))
		return roads == (E | W) ? GL_BRIDGE_H
		       : roads == E     ? GL_RIVER_V_ROAD_E
		       : roads == W     ? GL_RIVER_V_ROAD_W
					: GL_RIVER_V;
	if (rivers)
		return GL_RIVER_H;
	return roads == (N | S) ? GL_ROAD_V : GL_ROAD_H;
}

static void
draw_middle(struct cellref *c, const struct tile_geo *geo)
{
	int roads = 0, rivers = 0, through = 0;

	if (get(c, MID_COL, MID_ROW) == GL_CITY)
		return;
	if (geo->hub != HUB_NONE) {
		put(c, MID_COL, MID_ROW, geo->hub == HUB_POOL ? GL_POOL : GL_JUNCTION);
		return;
	}
	for (int i = 0; i < geo->npath; i++) {
		const struct geo_path *p = &geo->path[i];
		int *arms = p->kind == SEG_RIVER ? &rivers : &roads;
		if (p->b != GEO_CENTRE && ((p->a - p->b) & 3) != 2)
			continue; /* a curve does not pass the middle */
		*arms |= 1 << p->a;
		if (p->b != GEO_CENTRE)
			*arms |= 1 << p->b, through = 1;
	}
	if (roads || rivers)
		put(c, MID_COL, MID_ROW, middle_glyph(roads, rivers));
	c->solid[MID_ROW][MID_COL] |= through;
}

static bool
free_for_building(const struct cellref *c, int col, int row)
{
	for (int i = -1; i <= 1; i++)
		if (c->solid[row][col + i] || get(c, col + i, row) == GL_FIELD)
			return false;
	return true;
}

/* A monastery [+] or a garden (%), three characters wide: wider than the
 * building, so it moves aside if it would cover a road or a wall. */
static void
draw_building(struct cellref *c, const struct tile_geo *geo)
{
	static const int shift[5] = {0, -1, 1, -2, 2};
	const char *s = geo->centre_kind == SEG_GARDEN ? "(%)" : "[+]";
	int col = ascii_col(geo->centre.x), row = ascii_row(geo->centre.y), at = -1;

	col = col < 1 ? 1 : col > ACELL_W - 2 ? ACELL_W - 2 : col;
	for (int i = 0; i < 5 && at < 0; i++)
		if (col + shift[i] >= 1 && col + shift[i] <= ACELL_W - 2 &&
		    free_for_building(c, col + shift[i], row))
			at = col + shift[i];
	at = at < 0 ? col : at;
	for (int i = 0; i < 3; i++)
		put(c, at - 1 + i, row, (glyph)s[i]);
}

static void
draw_shields(struct cellref *c, const struct tile_geo *geo)
{
	for (int i = 0; i < geo->ncity; i++) {
		struct geo_pt p = geo->shield[geo->city[i].seg];
		int col = ascii_col(p.x), row = ascii_row(p.y);
		if (geo->nshields[geo->city[i].seg] && get(c, col, row) == GL_CITY)
			put(c, col, row, GL_SHIELD);
	}
}

/* One symbol at p or the nearest character of the area it belongs on. */
static void
put_mark(struct cellref *c, struct geo_pt p, glyph under, char ch)
{
	static const int8_t step[][2] = {{0, 0}, {1, 0},  {-1, 0}, {0, 1},  {0, -1},
					 {1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {2, 0}};
	int col = ascii_col(p.x), row = ascii_row(p.y);

	for (int edge = 0; edge <= 1; edge++) /* inside the cell's border first */
		for (size_t i = 0; i < sizeof(step) / sizeof(step[0]); i++) {
			int k = col + step[i][0], r = row + step[i][1];
			if (k >= !edge && k < ACELL_W - !edge && r >= !edge &&
			    r < ACELL_H - !edge && get(c, k, r) == under) {
				put(c, k, r, (glyph)ch);
				return;
			}
		}
}

/* The symbols of the tile's attributes: on its cities in the city, else
 * on the field. */
static void
draw_marks(struct cellref *c, const struct tile_geo *geo)
{
	for (int s = 0; s < TILE_SEG_MAX; s++) {
		bool city = false;
		for (int i = 0; i < geo->ncity; i++)
			city |= geo->city[i].seg == s;
		for (int a = 0; a < TA_COUNT; a++)
			if (geo->marks[s] & TA_BIT(a))
				put_mark(c, geo->mark[s], city ? GL_CITY : GL_FIELD_IN,
					 attr_char(a));
	}
	for (int a = 0; a < TA_COUNT; a++)
		if (geo->tile_marks & TA_BIT(a))
			put_mark(c, geo->tile_mark, GL_FIELD_IN, attr_char(a));
}

/* A wall side (the abbey's): its border characters, corners included. */
static void
draw_walls(struct cellref *c, const struct tile_geo *geo)
{
	for (int side = 0; side < 4; side++) {
		bool across = side == SIDE_N || side == SIDE_S;
		int n = across ? ACELL_W : ACELL_H;
		if (!(geo->walls >> side & 1))
			continue;
		for (int i = 0; i < n; i++)
			put(c, across ? i : side == SIDE_E ? ACELL_W - 1 : 0,
			    across ? (side == SIDE_S ? ACELL_H - 1 : 0) : i, GL_WALL);
	}
}

void
ascii_tile(const struct tile_geo *geo, struct glyph_grid *gr, int col, int row)
{
	struct cellref c = {gr, col, row, {{false}}};

	for (int r = 0; r < ACELL_H; r++)
		for (int k = 0; k < ACELL_W; k++)
			put(&c, k, r,
			    r % (ACELL_H - 1) && k % (ACELL_W - 1) ? GL_FIELD_IN
								   : GL_FIELD);
	draw_walls(&c, geo);
	draw_paths(&c, geo, 0);
	draw_paths(&c, geo, 1);
	draw_cities(&c, geo);
	draw_paths(&c, geo, 2);
	draw_middle(&c, geo);
	if (geo->centre_kind >= 0)
		draw_building(&c, geo);
	draw_shields(&c, geo);
	draw_marks(&c, geo);
}

/* On a monastery or garden, the figure goes inside its brackets, [Am]:
 * the column of the opening one, or -1. */
static int
building_col(const struct cellref *c, int row, int kind)
{
	glyph open = kind == SEG_GARDEN ? '(' : '[';

	for (int col = 0; col < ACELL_W - 3; col++)
		if (get(c, col, row) == open)
			return col;
	return -1;
}

/* Whether a figure's label may hide this character: on a field or in a
 * city only the area itself, elsewhere anything but a building, a hub, a
 * shield or a mark. */
static bool
coverable(glyph g, int kind)
{
	if (kind == SEG_FIELD)
		return g == GL_FIELD || g == GL_FIELD_IN;
	if (kind == SEG_CITY)
		return g == GL_CITY;
	return !(g < GL_FIELD && strchr("[]()+%" ATTR_CHARS, (int)g)) && g != GL_SHIELD &&
	       g != GL_JUNCTION && g != GL_POOL && g < GL_MARK_NW;
}

/* The label's first column: at the anchor or as near as can be without
 * hiding what the tile shows, on the anchor's row first. */
static int
label_spot(const struct cellref *c, int kind, int *col, int *row)
{
	static const int8_t step[][2] = {{0, 0}, {-1, 0},  {1, 0},  {0, -1},
					 {0, 1}, {-1, -1}, {1, -1}, {-1, 1},
					 {1, 1}, {-2, 0},  {2, 0}};

	for (size_t i = 0; i < sizeof(step) / sizeof(step[0]); i++) {
		int k = *col + step[i][0], r = *row + step[i][1];
		if (k < 0 || k > ACELL_W - 2 || r < 0 || r >= ACELL_H)
			continue;
		if (coverable(get(c, k, r), kind) && coverable(get(c, k + 1, r), kind)) {
			*col = k, *row = r;
			return 0;
		}
	}
	return -1;
}

/* Two characters, the letter where the figure stands. */
void
ascii_figure(const struct tile_geo *geo, int seg, int kind, char letter, char role,
	     struct glyph_grid *gr, int col, int row)
{
	struct cellref c = {gr, col, row, {{false}}};
	struct geo_pt p = geo->anchor[seg];
	int fc = ascii_col(p.x - 0.5 / ACELL_W), fr = ascii_row(p.y), b = -1;

	fc = fc > ACELL_W - 2 ? ACELL_W - 2 : fc;
	if (kind == SEG_MONASTERY || kind == SEG_GARDEN)
		b = building_col(&c, fr, kind);
	if (b >= 0) {
		put(&c, b + 3, fr, kind == SEG_GARDEN ? ')' : ']');
		fc = b + 1;
	} else {
		label_spot(&c, kind, &fc, &fr);
	}
	put(&c, fc, fr, (glyph)letter);
	put(&c, fc + 1, fr, (glyph)role);
}
