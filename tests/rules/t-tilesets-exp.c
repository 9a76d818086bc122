/* The expansion tile sets (River II, Games Quarterly 11, Cathars, King &
 * Robber Baron, Inns & Cathedrals) against tiles.md sections 4b, 10, 11a,
 * 12, 13 and the totals of section 15, counted as a game playing them
 * would: catalog_copies, with what a set brings from another ("also") and
 * removes. */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "tap.h"
#include "tile.h"

struct totals {
	int tiles;
	int monasteries, gardens, pennants;
	int attr[TA_COUNT]; /* copies times the attribute's count */
	int inner;          /* inner fields, times copies */
};

static struct totals
play(const struct catalog *cat, const char *const *sets, int nsets, int edition)
{
	struct totals tt;

	memset(&tt, 0, sizeof(tt));
	for (int i = 0; i < cat->ntypes; i++) {
		const struct tile_type *t = &cat->types[i];
		int n = catalog_copies(cat, i, sets, nsets, edition);
		if (n == 0)
			continue;
		tt.tiles += n;
		for (int a = 0; a < TA_COUNT; a++)
			tt.attr[a] += n * tile_attr_count(t, SEG_NONE, a);
		for (int s = 0; s < t->nsegs; s++) {
			tt.monasteries += n * (t->seg[s].kind == SEG_MONASTERY);
			tt.gardens += n * (t->seg[s].kind == SEG_GARDEN);
			tt.pennants += n * t->seg[s].shields;
			tt.inner += n * (t->seg[s].kind == SEG_FIELD && t->seg[s].slots == 0);
			for (int a = 0; a < TA_COUNT; a++)
				tt.attr[a] += n * tile_attr_count(t, s, a);
		}
	}
	return tt;
}

#define PLAY(ed, ...)                                                                   \
	play(cat, (const char *const[]){__VA_ARGS__},                                     \
	     (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)), ed)

static const struct tile_type *
get(const struct catalog *cat, const char *id)
{
	int i = catalog_find(cat, id);

	return i < 0 ? NULL : &cat->types[i];
}

static int
copies(const struct catalog *cat, const char *id, const char *const *sets, int nsets)
{
	int i = catalog_find(cat, id);

	return i < 0 ? -1 : catalog_copies(cat, i, sets, nsets, 1);
}

static void
test_base(const struct catalog *cat)
{
	struct totals b = PLAY(1, "base"), r = PLAY(2, "base", "river");

	is_int(b.tiles, 72, "BASE-COMP-2: catalog_copies counts 72 base tiles");
	is_int(r.tiles, 84, "RIVER-1: base and River I: 84 tiles");
	is_int(b.attr[TA_CATHAR] + b.attr[TA_PIGSTY] + b.attr[TA_INN], 0,
	       "the base game shows no expansion symbol");
}

/* tiles.md 4b and 15: 12 tiles in each edition, the spring included. */
static void
test_river2(const struct catalog *cat)
{
	struct totals e1 = PLAY(1, "river2"), e2 = PLAY(2, "river2");
	struct totals both = PLAY(1, "river", "river2"), both2 = PLAY(2, "river", "river2");
	const char *const r2[] = {"river2"}, *const r12[] = {"river", "river2"};
	const struct tile_type *v = get(cat, "RI.2/I.v"), *fork = get(cat, "RI.2/III");

	is_int(e1.tiles, 12, "RIVER2-1: River II has 12 tiles (1st edition)");
	is_int(e2.tiles, 12, "RIVER2-1: River II has 12 tiles (2nd edition)");
	is_int(e1.attr[TA_SPRING], 1, "RIVER2-1: one spring (River I's, brought again)");
	is_int(e1.attr[TA_FORK], 1, "RIVER2-1: one fork");
	is_int(e1.attr[TA_LAKE], 2,
	       "RIVER2-1, RIVER2-5: two lake ends, the volcano's and the Lake (RI.2/IFC)");
	ok(get(cat, "RI.2/IFC") && get(cat, "RI.2/IFC")->group == GROUP_RIVER_LAKE,
	   "RIVER2-2: the Lake by the city is set aside, drawn after the volcano");
	is_int(e1.attr[TA_VOLCANO], 1, "RIVER2-8: the volcano");
	is_int(e1.attr[TA_PIGSTY], 1, "RIVER2-7: one pigsty");
	is_int(e1.attr[TA_INN], 1, "RIVER2-9: one inn on the lake");
	is_int(e1.monasteries, 1, "River II has 1 monastery");
	is_int(e1.pennants, 1, "River II has 1 pennant");
	is_int(e1.gardens, 0, "1st edition River II has no garden");
	is_int(e2.gardens, 1, "ABBOT-1: 2nd edition River II has 1 garden");
	is_int(both.tiles, 22, "RIVER-7: River I and II together: 22 tiles");
	is_int(both2.tiles, 22, "RIVER-7: River I and II together: 22 tiles (2nd edition)");
	is_int(both.attr[TA_SPRING], 1, "RIVER-7: one spring with both rivers");
	is_int(copies(cat, "RI.1/I.e", r12, 2), 0, "RIVER-7: River I's lake leaves");
	is_int(copies(cat, "RI/s", r2, 1), 1, "River II alone brings the spring (UN-10)");
	ok(v && v->group == GROUP_RIVER_LAKE && (v->attrs & TA_BIT(TA_VOLCANO)) &&
		   (v->attrs & TA_BIT(TA_LAKE)),
	   "RIVER2-5: the volcano is a lake, drawn with the lakes");
	ok(fork && fork->group == GROUP_RIVER_FORK && fork->seg[0].kind == SEG_RIVER &&
		   fork->seg[0].nsides == 3,
	   "RIVER2-3: the fork's river reaches three sides");
}

/* tiles.md 12: 10 land tiles, 2 more with a river. */
static void
test_gq11(const struct catalog *cat)
{
	struct totals alone = PLAY(1, "gq11"), river = PLAY(1, "base", "river", "gq11");
	struct totals base = PLAY(1, "base", "river");
	const char *const g[] = {"gq11"}, *const gr[] = {"river2", "gq11"};

	is_int(alone.tiles, 10, "GQ-1: 10 tiles without a river");
	is_int(river.tiles - base.tiles, 12, "GQ-1: 12 tiles with the River");
	is_int(copies(cat, "GQ/RFI", g, 1), 0, "GQ-1: no spring without a river");
	is_int(copies(cat, "GQ/RFI", gr, 2), 1, "GQ-1: the road spring with River II");
	is_int(alone.attr[TA_PIGSTY], 1, "GQ-1: one pigsty tile");
	is_int(alone.monasteries, 1, "GQ11 has 1 monastery");
	is_int(PLAY(2, "gq11").tiles, 10, "GQ11 is one set for both editions");
}

/* tiles.md 11a. */
static void
test_cathars(const struct catalog *cat)
{
	struct totals c = PLAY(1, "cathars");
	const struct tile_type *t = get(cat, "SI.CA/CcRr");

	is_int(c.tiles, 4, "CATHARS-1: 4 tiles");
	is_int(c.attr[TA_CATHAR], 4, "CATHARS-1: each shows the Cathar symbol");
	ok(t && t->seg[0].kind == SEG_CITY && (t->seg[0].attrs & TA_BIT(TA_CATHAR)) &&
		   !(t->seg[1].attrs & TA_BIT(TA_CATHAR)),
	   "CATHARS-2: the symbol is on the city, not the road");
	is_int(PLAY(2, "cathars").tiles, 4, "Cathars is one set for both editions");
}

/* tiles.md 13, its breakdown: cathedral 2, inn 6, monastery 1, pennants
 * 3 in both editions; the 2nd swaps two tiles for garden copies. */
static void
test_inns_cathedrals(const struct catalog *cat)
{
	struct totals e1 = PLAY(1, "inns-cathedrals"), e2 = PLAY(2, "inns-cathedrals");

	is_int(e1.tiles, 18, "issue 25.2, IC-4: 18 tiles (1st edition)");
	is_int(e2.tiles, 18, "issue 25.2, IC-4: 18 tiles (2nd edition)");
	is_int(e1.attr[TA_INN], 6, "IC-8: 6 inns");
	is_int(e1.attr[TA_CATHEDRAL], 2, "IC-10: 2 cathedrals");
	is_int(e2.attr[TA_INN] * 100 + e2.attr[TA_CATHEDRAL], 602, "the same in the 2nd edition");
	is_int(e1.monasteries, 1, "Inns & Cathedrals has 1 monastery");
	is_int(e1.pennants, 3, "Inns & Cathedrals has 3 pennants");
	is_int(e1.gardens * 10 + e2.gardens, 2, "no garden in the 1st edition, 2 in the 2nd");
	is_int(e1.inner, 1, "IC/CCCC has a field inside, touching no edge");
}

/* tiles.md 5, its breakdown: monastery 1, pennants 6 (AM/C++ has two),
 * tunnel 1 in both editions; the 2nd swaps AM/R for its garden copy. The
 * abbey is no tile of the pile. */
static void
test_abbey_mayor(const struct catalog *cat)
{
	struct totals e1 = PLAY(1, "abbey-mayor"), e2 = PLAY(2, "abbey-mayor");
	const struct tile_type *abbey = get(cat, "AM/A"), *rrr = get(cat, "AM/Rrr");
	bool walls = abbey != NULL;

	for (int s = 0; walls && s < 4; s++)
		walls = (abbey->sig[0] >> (4 * s) & 15) == EDGE_WALL;
	is_int(e1.tiles, 12, "issue 25.3, AM-1: 12 tiles (1st edition)");
	is_int(e2.tiles, 12, "issue 25.3, AM-1: 12 tiles (2nd edition)");
	is_int(e1.monasteries, 1, "Abbey & Mayor has 1 monastery");
	is_int(e1.pennants, 6, "Abbey & Mayor has 6 pennants");
	is_int(e1.attr[TA_TUNNEL], 1, "AM/CRcr+'s road runs under its city");
	ok(rrr && rrr->nsegs == 4 && rrr->seg[0].kind == SEG_ROAD,
	   "AM-3: AM/Rrr's road runs on over three sides, one road with no junction (4 "
	   "segments: the road and three fields)");
	is_int(e1.gardens * 10 + e2.gardens, 1, "no garden in the 1st edition, 1 in the 2nd");
	is_int(e1.inner, 3, "AM/CCcc+ and AM/CCc+ have fields inside");
	ok(abbey && (abbey->attrs & TA_BIT(TA_ABBEY)) && walls,
	   "ABBEY-2, ABBEY-4: the abbey has the abbey mark and a wall on every side");
}

/* tiles.md 6, its breakdown: cloth 5, grain 6, wine 9 (a good on each
 * of 20 cities), monastery 1, in both editions; the 2nd has 2 gardens.
 * The bridge's two roads cross without meeting (TB-2). */
static void
test_traders_builders(const struct catalog *cat)
{
	struct totals e1 = PLAY(1, "traders-builders"), e2 = PLAY(2, "traders-builders");
	const struct tile_type *bridge = get(cat, "TB/RRrr");
	int roads = 0;

	for (int s = 0; bridge && s < bridge->nsegs; s++)
		roads += bridge->seg[s].kind == SEG_ROAD;
	is_int(e1.tiles, 24, "issue 25.4, TB-1: 24 tiles (1st edition)");
	is_int(e2.tiles, 24, "issue 25.4, TB-1: 24 tiles (2nd edition)");
	is_int(e1.attr[TA_WINE], 9, "TRADE-1: 9 wine");
	is_int(e1.attr[TA_GRAIN], 6, "TRADE-1: 6 grain");
	is_int(e1.attr[TA_CLOTH], 5, "TRADE-1: 5 cloth");
	is_int(e2.attr[TA_WINE] + e2.attr[TA_GRAIN] + e2.attr[TA_CLOTH], 20,
	       "20 goods in the 2nd edition too");
	is_int(e1.monasteries * 10 + e2.monasteries, 11, "1 monastery in each edition");
	is_int(e1.gardens * 10 + e2.gardens, 2, "no garden in the 1st edition, 2 in the 2nd");
	is_int(e1.inner, 4, "TB/CCc.c, TB/CCc.w, TB/CcCC.c and TB/CcCc.w have fields inside");
	is_int(e1.attr[TA_PIG_HERD], 0, "PIG-1: no pig herd on any tile");
	ok(bridge && roads == 2 && bridge->nsegs == 6 && (bridge->attrs & TA_BIT(TA_BRIDGE)),
	   "TB-2: TB/RRrr's two roads cross on a bridge, four fields apart");
}

/* tiles.md 10. */
static void
test_king(const struct catalog *cat)
{
	struct totals e1 = PLAY(1, "king-robber"), e2 = PLAY(2, "king-robber");
	const struct tile_type *t = get(cat, "KR/CCcc");
	int s1 = t ? tile_seg_at_slot(t, SLOT_INNER, 0) : SEG_NONE,
	    s2 = t ? tile_seg_at_slot(t, SLOT_INNER2, 3) : SEG_NONE;

	is_int(e1.tiles, 5, "KING-1: 5 tiles (1st edition)");
	is_int(e2.tiles, 5, "KING-1: 5 tiles (2nd edition)");
	is_int(e1.monasteries, 1, "King & Robber Baron has 1 monastery");
	is_int(e2.gardens, 1, "ABBOT-1: 2nd edition King & Robber Baron has 1 garden");
	is_int(e1.inner, 2, "KR/CCcc has two inner fields");
	ok(t && s1 != SEG_NONE && s2 != SEG_NONE && s1 != s2 &&
		   t->seg[s1].kind == SEG_FIELD && t->seg[s2].kind == SEG_FIELD,
	   "I1 and I2 name KR/CCcc's two inner fields in any rotation");
	ok(t && t->seg[s1].city_links == 3, "EX-KING-01: the inner field borders both cities");
}

/* Until --with chooses them, the expansion sets enter no game: the bags
 * of base and River games, both editions, hold only base and river
 * tiles, as many as before. */
static void
test_bags(const struct catalog *cat)
{
	int foreign = 0, sizes[4], want[4] = {71, 71, 82, 82};

	for (int k = 0; k < 4; k++) {
		struct game_setup setup = {.nplayers = 2, .start = -1};
		struct rules_error err = {0};
		struct game *g;
		rules_options_default(&setup.opt);
		setup.opt.edition = 1 + k % 2;
		module_set(&setup.opt, MOD_RIVER, k >= 2);
		if ((g = game_new(cat, &setup, &err)) == NULL)
			bail_out("%s", err.text);
		sizes[k] = g->bag_len;
		for (int i = 0; i < g->bag_len; i++) {
			const char *set = cat->types[g->bag[i]].set;
			foreign += strcmp(set, "base") != 0 && strcmp(set, "river") != 0;
		}
		game_free(g);
	}
	is_int(foreign, 0, "base and River games draw no expansion tile");
	ok(memcmp(sizes, want, sizeof(want)) == 0,
	   "their bags hold 71, 71, 82, 82 tiles as before (got %d %d %d %d)", sizes[0],
	   sizes[1], sizes[2], sizes[3]);
}

/* max 1 copy exactly where tiles.md says so: the springs and the volcano
 * lake (and River I's lake). */
static void
test_max1(const struct catalog *cat)
{
	char list[200] = "";

	for (int i = 0; i < cat->ntypes; i++)
		if ((cat->types[i].flags & TILE_MAX1) && strlen(list) + 24 < sizeof(list))
			strcat(strcat(list, " "), cat->types[i].id);
	is_str(list, " RI/s RI.1/I.e RI.2/I.v GQ/RFI", "max1 on the springs and the lakes");
}

/* Counted attributes and their names. */
static void
test_attrs(void)
{
	struct rules_error err;
	struct catalog *cat = calloc(1, sizeof(*cat));
	const char *text = "T/1 1/1 CFFF C1{N} [wine=2 cathar]; "
			   "F1{EL ER SL SR WL WR}(C1) [deer=3] | volcano tower\n";
	const struct tile_type *t;

	memset(&err, 0, sizeof(err));
	is_int(catalog_parse(cat, "attrs", text, &err), 0, "attributes with counts parse");
	if ((t = get(cat, "T/1")) == NULL) {
		ok(0, "T/1 was loaded: %s", err.text);
		catalog_free(cat);
		return;
	}
	is_int(tile_attr_count(t, 0, TA_WINE), 2, "wine=2: two wine symbols");
	is_int(tile_attr_count(t, 0, TA_CATHAR), 1, "cathar: one");
	is_int(tile_attr_count(t, 0, TA_GRAIN), 0, "no grain");
	is_int(tile_attr_count(t, 1, TA_DEER), 3, "deer=3 on the field");
	ok(t->attrs == (TA_BIT(TA_VOLCANO) | TA_BIT(TA_TOWER)), "tile attributes after the '|'");
	for (int a = 0; a < TA_COUNT; a++)
		if (tile_attr_parse(tile_attr_name(a)) != a)
			ok(0, "attribute %d's name reads back", a);
	is_int(tile_attr_parse("bogus"), -1, "unknown attribute names are refused");
	catalog_free(cat);
}

int
main(void)
{
	struct rules_error err;
	struct catalog *cat;

	memset(&err, 0, sizeof(err));
	cat = catalog_load_builtin(&err);
	if (!ok(cat != NULL, "the built-in catalogue loads"))
		bail_out("%s", err.text);
	test_base(cat);
	test_river2(cat);
	test_gq11(cat);
	test_cathars(cat);
	test_king(cat);
	test_inns_cathedrals(cat);
	test_abbey_mayor(cat);
	test_traders_builders(cat);
	test_max1(cat);
	test_bags(cat);
	test_attrs();
	catalog_free(cat);
	return done_testing();
}
