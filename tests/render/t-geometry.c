/* The pictures derived from the tile data agree with the data, for every
 * tile type of every built-in set in all four rotations:
 *
 * - each city covers its slots, and no other city's;
 * - each road or river reaches the sides it should, and only those;
 * - the fields the picture leaves are the fields of the data: flood fill
 *   from each field slot reaches exactly that field's other slots;
 * - a figure on any segment stands inside that segment's area, and so
 *   does the symbol of an attribute (CATHARS-1, RIVER2-7, RIVER2-9);
 * - a monastery or garden has room, clear of walls and paths.
 *
 * Also: the text cell of each tile holds its cities where the slots say.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ascii.h"
#include "geom.h"
#include "tap.h"

static char why[200];

static const struct geo_city *
city_of(const struct tile_geo *g, int seg)
{
	for (int i = 0; i < g->ncity; i++)
		if (g->city[i].seg == seg)
			return &g->city[i];
	return NULL;
}

/* A point just inside the cell from a slot on its border. */
static struct geo_pt
inside(int slot)
{
	struct geo_pt p = geo_slot_point(slot);

	p.x += (0.5 - p.x) * 0.06;
	p.y += (0.5 - p.y) * 0.06;
	return p;
}

static int
raster_at(const struct geo_raster *r, struct geo_pt p)
{
	int i = (int)(p.y * GEO_RES), j = (int)(p.x * GEO_RES);

	i = i < 0 ? 0 : i >= GEO_RES ? GEO_RES - 1 : i;
	j = j < 0 ? 0 : j >= GEO_RES ? GEO_RES - 1 : j;
	return r->seg[i][j];
}

static bool
check_city_slot(const struct tile_geo *g, int slot, int s)
{
	const struct geo_city *c = city_of(g, s);

	if (c == NULL || !geo_city_contains(c, inside(slot)))
		return snprintf(why, sizeof(why), "city %d does not cover slot %s", s,
				slot_name(slot)),
		       false;
	return true;
}

static bool
check_path_side(const struct tile_geo *g, int side, int s)
{
	for (int i = 0; i < g->npath; i++)
		if (g->path[i].seg == s && (g->path[i].a == side || g->path[i].b == side))
			return true;
	snprintf(why, sizeof(why), "path %d does not reach side %d", s, side);
	return false;
}

static bool
check_slots(const struct tile_type *t, int rot, const struct tile_geo *g,
	    const struct geo_raster *r)
{
	for (int slot = 0; slot < SLOT_COUNT; slot++) {
		int s = tile_seg_at(t, slot, rot), kind, got;
		if (s == SEG_NONE)
			continue;
		kind = t->seg[s].kind;
		if (kind == SEG_CITY && !check_city_slot(g, slot, s))
			return false;
		if ((kind == SEG_ROAD || kind == SEG_RIVER) &&
		    !check_path_side(g, slot / 3, s))
			return false;
		if (kind == SEG_FIELD && (got = raster_at(r, geo_slot_point(slot))) != s)
			return snprintf(why, sizeof(why),
					"slot %s of field %d is in segment %d's area",
					slot_name(slot), s, got),
			       false;
	}
	return true;
}

/* Paths only where the data has them: every side a path reaches is one
 * of its segment's. */
static bool
check_paths(const struct tile_type *t, int rot, const struct tile_geo *g)
{
	for (int i = 0; i < g->npath; i++) {
		const struct geo_path *p = &g->path[i];
		if (tile_seg_at(t, p->a * 3 + 1, rot) != p->seg ||
		    (p->b != GEO_CENTRE && tile_seg_at(t, p->b * 3 + 1, rot) != p->seg))
			return snprintf(why, sizeof(why),
					"path %d reaches a side not its own", p->seg),
			       false;
	}
	return true;
}

static bool
has_field(const struct tile_type *t)
{
	for (int s = 0; s < t->nsegs; s++)
		if (t->seg[s].kind == SEG_FIELD)
			return true;
	return false;
}

/* A symbol (a tile attribute) stands in its city or field; beside its
 * road on a field; a tile's on a field, or inside a tile that has none
 * (the abbey, issue 25.3: walls and a monastery). */
static bool
check_mark(const struct tile_type *t, const struct geo_raster *r, int s, uint32_t marks,
	   struct geo_pt at)
{
	int kind = s == SEG_NONE ? SEG_ROAD : t->seg[s].kind, got = raster_at(r, at);
	bool good = kind == SEG_CITY || kind == SEG_FIELD
			    ? got == s
			    : (got != SEG_NONE && t->seg[got].kind == SEG_FIELD) ||
				      (s == SEG_NONE && !has_field(t) && at.x > 0 && at.x < 1 &&
				       at.y > 0 && at.y < 1);

	if (marks == 0 || good)
		return true;
	snprintf(why, sizeof(why), "symbol of %s %d is off its place",
		 s == SEG_NONE ? "the tile" : seg_kind_name(kind), s);
	return false;
}

static bool
check_anchors(const struct tile_type *t, const struct tile_geo *g,
	      const struct geo_raster *r)
{
	for (int s = 0; s < t->nsegs; s++) {
		int kind = t->seg[s].kind;
		struct geo_pt a = g->anchor[s];
		if ((kind == SEG_CITY || kind == SEG_FIELD) && raster_at(r, a) != s)
			return snprintf(why, sizeof(why),
					"figure of %s %d stands outside it",
					seg_kind_name(kind), s),
			       false;
		if (kind == SEG_ROAD && raster_at(r, a) != s)
			return snprintf(why, sizeof(why), "thief of road %d is off it",
					s),
			       false;
		if (kind == SEG_CITY && t->seg[s].shields &&
		    raster_at(r, g->shield[s]) != s)
			return snprintf(why, sizeof(why), "shield of city %d outside it",
					s),
			       false;
		if (!check_mark(t, r, s, g->marks[s], g->mark[s]))
			return false;
	}
	return check_mark(t, r, SEG_NONE, g->tile_marks, g->tile_mark);
}

static bool
check_centre(const struct tile_geo *g)
{
	if (g->centre_kind < 0)
		return true;
	for (int i = 0; i < g->ncity; i++)
		if (geo_city_contains(&g->city[i], g->centre))
			return snprintf(why, sizeof(why), "the building is in a city"),
			       false;
	for (int i = 0; i < g->npath; i++)
		if (g->path[i].b != GEO_CENTRE &&
		    geo_path_dist(&g->path[i], g->centre) < GEO_CENTRE_R)
			return snprintf(why, sizeof(why), "the building is on a path"),
			       false;
	return true;
}

/* In the text cell, a character on the cell's edge in the middle of a
 * city side is city. */
static bool
check_text(const struct tile_type *t, int rot, const struct tile_geo *g)
{
	static const int mid[4][2] = {{3, 0}, {6, 2}, {3, 4}, {0, 2}}; /* col, row */
	glyph cells[ACELL_W * ACELL_H];
	struct glyph_grid gr = {ACELL_W, ACELL_H, cells};

	ascii_tile(g, &gr, 0, 0);
	for (int side = 0; side < 4; side++) {
		int s = tile_seg_at(t, side * 3 + 1, rot);
		glyph c = *grid_at(&gr, mid[side][0], mid[side][1]);
		if (s != SEG_NONE && t->seg[s].kind == SEG_CITY && c != GL_CITY &&
		    c != GL_SHIELD)
			return snprintf(why, sizeof(why), "text: side %d is not city",
					side),
			       false;
	}
	return true;
}

static bool
city_glyph(glyph c)
{
	return c == GL_CITY || c == GL_SHIELD || (c < GL_FIELD && strchr(ATTR_CHARS, (int)c));
}

/* Marks the city characters 4-connected to (col, row). */
static void
city_fill(const struct glyph_grid *gr, bool seen[ACELL_H][ACELL_W], int col, int row)
{
	if (col < 0 || row < 0 || col >= ACELL_W || row >= ACELL_H || seen[row][col] ||
	    !city_glyph(*grid_at(gr, col, row)))
		return;
	seen[row][col] = true;
	city_fill(gr, seen, col + 1, row);
	city_fill(gr, seen, col - 1, row);
	city_fill(gr, seen, col, row + 1);
	city_fill(gr, seen, col, row - 1);
}

/* issue 21 (low): separate cities are drawn apart in the text map: at
 * least as many 4-connected runs of city characters as city segments
 * (two caps meeting at a corner were drawn as one). */
static void
check_cities_apart(const struct catalog *cat)
{
	char joined[400] = "";
	int n = 0;

	for (int i = 0; i < cat->ntypes; i++)
		for (int rot = 0; rot < 4; rot++) {
			const struct tile_type *t = &cat->types[i];
			glyph cells[ACELL_W * ACELL_H];
			struct glyph_grid gr = {ACELL_W, ACELL_H, cells};
			bool seen[ACELL_H][ACELL_W] = {{false}};
			struct tile_geo g;
			int cities = 0, runs = 0;
			for (int s = 0; s < t->nsegs; s++)
				cities += t->seg[s].kind == SEG_CITY;
			if (cities < 2)
				continue;
			geo_build(t, rot, &g);
			ascii_tile(&g, &gr, 0, 0);
			for (int r = 0; r < ACELL_H; r++)
				for (int k = 0; k < ACELL_W; k++)
					if (!seen[r][k] && city_glyph(*grid_at(&gr, k, r))) {
						city_fill(&gr, seen, k, r);
						runs++;
					}
			n++;
			if (runs < cities && strlen(joined) < sizeof(joined) - 40)
				snprintf(joined + strlen(joined), sizeof(joined) - strlen(joined),
					 " %s@%d", t->id, rot * 90);
		}
	ok(n > 20 && joined[0] == '\0',
	   "issue 21: separate cities apart in the text map (%d tiles turned)%s", n, joined);
}

/* Hedges only where fields meet with no road or wall drawn between them:
 * the tiles whose data parts a field so, in each rotation. Abbey & Mayor
 * has three (JCZ's data, tiles.md section 5): AM/C!+ splits the field
 * round its cap in three; AM/CRr and AM/RrC are BA/CRr and BA/RrC with
 * the field between the curve's outer end and the cap parted off, with
 * no link between road and city (no touch{}), so nothing drawn parts
 * it. AM/CCRR has none: its roads run into their caps' gates. Traders &
 * Builders' '!' tiles (TB/CcRR!.c, TB/CcR!.w, TB/RCc!.g, tiles.md 6) are
 * the look-alikes whose data parts a field the other does not; so is
 * Princess & Dragon's DG/Cc!.p beside DG/Cc.p (tiles.md 7), and DG/CCc+.p,
 * whose inner field the walls leave open to its west field (carve_inner). */
static void
check_hedges(const struct catalog *cat)
{
	char list[240] = "";
	int n = 0;

	for (int i = 0; i < cat->ntypes; i++)
		for (int rot = 0; rot < 4; rot++) {
			struct tile_geo g;
			geo_build(&cat->types[i], rot, &g);
			if (g.nhedge && n++ % 4 == 0 && strlen(list) + 24 < sizeof(list))
				strcat(strcat(list, " "), cat->types[i].id);
		}
	is_int(n, 44, "hedges part fields on 44 tile rotations:%s", list);
	is_str(list,
	       " GQ/Cc! KR/CcRR! IC/C! AM/CRr AM/RrC AM/C!+ TB/CcRR!.c TB/CcR!.w TB/RCc!.g "
	       "DG/CCc+.p DG/Cc!.p",
	       "hedges on GQ/Cc!, KR/CcRR!, IC/C!, AM/CRr, AM/RrC, AM/C!+, Traders & "
	       "Builders' three '!' tiles and Princess & Dragon's DG/CCc+.p and DG/Cc!.p "
	       "only");
}

/* The text map of a game with a Cathar tile to place shows its symbol
 * and explains it under the legend; a base game's legend has no symbols
 * line (CATHARS-1). */
/* issue 21.8: the Cathar symbol of every Cathar tile, in every rotation,
 * lies clear of the knight standing in its city. */
static void
check_cathar_clear(const struct catalog *cat)
{
	int hidden = 0, n = 0;

	for (int i = 0; i < cat->ntypes; i++)
		for (int rot = 0; rot < 4; rot++) {
			const struct tile_type *t = &cat->types[i];
			struct tile_geo g;
			geo_build(t, rot, &g);
			for (int s = 0; s < t->nsegs; s++) {
				double dx, dy;
				if (!(g.marks[s] & TA_BIT(TA_CATHAR)))
					continue;
				dx = fabs(g.mark[s].x - g.anchor[s].x);
				dy = fabs(g.mark[s].y - g.anchor[s].y);
				n++;
				if (dx < GEO_FIGURE_HALF_W + GEO_MARK_R - 0.02 &&
				    dy < GEO_FIGURE_HALF_H + GEO_MARK_R - 0.02) {
					diag("%s turned %d: symbol %.2f,%.2f, knight %.2f,%.2f", t->id,
					     rot * 90, g.mark[s].x, g.mark[s].y, g.anchor[s].x,
					     g.anchor[s].y);
					hidden++;
				}
			}
		}
	ok(n >= 16 && hidden == 0,
	   "issue 21.8: the Cathar symbol clear of the knight on all %d Cathar pieces turned", n);
}

static void
check_map_symbols(const struct catalog *cat)
{
	int order[2] = {catalog_find(cat, "SI.CA/C"), catalog_find(cat, "BA/L")};
	struct game_setup setup = {.nplayers = 2, .order = order, .norder = 2};
	struct render_opts o;
	struct rules_error err = {0};
	char buf[8192];
	struct game *g;

	rules_options_default(&setup.opt);
	render_opts_default(&o);
	for (int k = 0; k < 2; k++) {
		FILE *fp = tmpfile();
		size_t n;
		setup.start = -1;
		order[0] = k ? order[1] : catalog_find(cat, "SI.CA/C");
		if (fp == NULL || (g = game_new(cat, &setup, &err)) == NULL)
			bail_out("game: %s", err.text);
		render_ascii(g, &o, fp);
		rewind(fp);
		n = fread(buf, 1, sizeof(buf) - 1, fp);
		buf[n] = '\0';
		fclose(fp);
		game_free(g);
		if (k == 0)
			ok(strstr(buf, "Symbols: ! Cathar symbol (the city is besieged).") &&
				   strstr(buf, "#!"),
			   "a map with SI.CA/C to place draws and explains its Cathar symbol");
		else
			ok(strstr(buf, "Symbols:") == NULL, "a base map lists no symbols");
	}
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);

	if (cat == NULL)
		bail_out("cannot load the tile sets: %s", err.text);
	for (int i = 0; i < cat->ntypes; i++)
		for (int rot = 0; rot < 4; rot++) {
			const struct tile_type *t = &cat->types[i];
			struct tile_geo g;
			struct geo_raster r;
			bool good;
			why[0] = '\0';
			geo_build(t, rot, &g);
			geo_rasterize(t, rot, &g, &r);
			good = check_slots(t, rot, &g, &r) && check_paths(t, rot, &g) &&
			       check_anchors(t, &g, &r) && check_centre(&g) &&
			       check_text(t, rot, &g);
			ok(good, "%s turned %d: picture and data agree%s%s", t->id,
			   rot * 90, why[0] ? ": " : "", why);
		}
	check_hedges(cat);
	check_map_symbols(cat);
	check_cathar_clear(cat);
	check_cities_apart(cat);
	catalog_free(cat);
	return done_testing();
}
