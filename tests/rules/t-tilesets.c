/* The built-in tile sets against tiles.md sections 3 and 4a, and the
 * tile-set parser's refusals. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tile.h"

struct totals {
	int tiles;	/* copies, start tile included */
	int types;	/* types with at least one copy */
	int monasteries;
	int gardens;
	int pennants;	/* shields times copies */
	int starts;	/* copies of types flagged start */
};

static const struct {
	const char *id;
	const char *edges;
} expect_edges[] = {
	{ "BA/L", "FFFF" }, { "BA/LR", "FFRF" }, { "BA/RCr", "CRFR" },
	{ "BA/Cccc+", "CCCC" }, { "BA/CccR+", "CCRC" }, { "BA/CccR", "CCRC" },
	{ "BA/CFc+", "FCFC" }, { "BA/CFc.1", "FCFC" }, { "BA/Cc.1", "CFFC" },
	{ "BA/CcG", "CFFC" }, { "BA/Cc+", "CFFC" }, { "BA/Cc+G", "CFFC" },
	{ "BA/CcRr", "CRRC" }, { "BA/CcRr+", "CRRC" }, { "BA/Ccc", "CCFC" },
	{ "BA/CccG", "CCFC" }, { "BA/Ccc+", "CCFC" }, { "BA/CRr", "CRRF" },
	{ "BA/CRRR", "CRRR" }, { "BA/RrC", "CFRR" }, { "BA/C", "CFFF" },
	{ "BA/CG", "CFFF" }, { "BA/CFC.2", "CFCF" }, { "BA/CFCG", "CFCF" },
	{ "BA/CC.2", "CFFC" }, { "BA/CCG", "CFFC" }, { "BA/RRRR", "RRRR" },
	{ "BA/RRR", "FRRR" }, { "BA/Rr", "FFRR" }, { "BA/RrG", "FFRR" },
	{ "BA/RFr", "FRFR" }, { "BA/RFrG", "FRFR" },
	{ "RI/s", "F~FF" }, { "RI.1/I.e", "FFF~" }, { "RI.1/CICI", "C~C~" },
	{ "RI.1/CIRI", "C~R~" }, { "RI.1/LIRI", "F~R~" },
	{ "RI.1/RIrI", "~R~R" }, { "RI.1/IFI", "F~F~" },
	{ "RI.1/CcII", "C~~C" }, { "RI.1/RrII", "RR~~" },
	{ "RI.1/II", "FF~~" }, { "RI.1/IIG", "FF~~" },
};
#define NEXPECT ((int)(sizeof(expect_edges) / sizeof(expect_edges[0])))

/* Texts that must be refused: what is wrong, and where. */
static const struct {
	const char *what;
	const char *text;
	const char *where;	/* "set:line:" expected in the message */
	const char *says;	/* and a word of the reason */
} broken[] = {
	{ "wrong edges column",
	  "# c\n\nX/1 1/1 CFFR C1{N}; F1{EL ER SL SR WL WR}(C1) |\n",
	  "broken:3:", "edges" },
	{ "duplicate slot",
	  "X/1 1/1 CFFF C1{N}; F1{EL ER SL SR WL WR NL}(C1) |\n",
	  "broken:1:", "twice" },
	{ "a touching feature the line lacks",
	  "X/1 1/1 FFRF L; R1{S}; F1{NL NR EL ER SL SR WL WR} | touch{L,R2}\n",
	  "broken:1:", "R2" },
	{ "a touch of one feature",
	  "X/1 1/1 FFRF L; R1{S}; F1{NL NR EL ER SL SR WL WR} | touch{L}\n",
	  "broken:1:", "two" },
	{ "unknown city link",
	  "X/1 1/1 CFFF C1{N}; F1{EL ER SL SR WL WR}(C2) |\n",
	  "broken:1:", "C2" },
	{ "duplicate id in the set",
	  "X/1 1/1 FFFF L; F1{NL NR EL ER SL SR WL WR} |\n"
	  "X/1 1/1 FFFF L; F1{NL NR EL ER SL SR WL WR} |\n",
	  "broken:2:", "already" },
	{ "id of another set",
	  "\nBA/L 4/4 FFFF L; F1{NL NR EL ER SL SR WL WR} |\n",
	  "broken:2:", "already" },
	{ "half-edge in no field",
	  "X/1 1/1 FRFF R1{E}; F1{NL NR EL SL SR WL WR} |\n",
	  "broken:1:", "ER" },
	{ "unknown flag",
	  "X/1 1/1 FFFF L; F1{NL NR EL ER SL SR WL WR} | bogus\n",
	  "broken:1:", "bogus" },
	{ "two start tiles",
	  "X/1 1/1 FFFF F1{NL NR EL ER SL SR WL WR} | start\n"
	  "X/2 1/1 FFFF F1{NL NR EL ER SL SR WL WR} | start\n",
	  "broken:2:", "start" },
	{ "unknown attribute",
	  "\nX/1 1/1 CFFF C1{N} [cathars]; F1{EL ER SL SR WL WR}(C1) |\n",
	  "broken:2:", "unknown attribute 'cathars'" },
	{ "attribute on the wrong kind of feature",
	  "X/1 1/1 CFFF C1{N}; F1{EL ER SL SR WL WR}(C1) [cathar] |\n",
	  "broken:1:", "'cathar' cannot be on a field" },
	{ "tile attribute on a feature",
	  "X/1 1/1 FFFF F1{NL NR EL ER SL SR WL WR} [volcano] |\n",
	  "broken:1:", "after the '|'" },
	{ "feature attribute among the flags",
	  "X/1 1/1 FFFF F1{NL NR EL ER SL SR WL WR} | pigsty\n",
	  "broken:1:", "'pigsty' belongs on a field" },
	{ "attribute given twice",
	  "X/1 1/1 CFFF C1{N} [wine wine]; F1{EL ER SL SR WL WR}(C1) |\n",
	  "broken:1:", "twice" },
	{ "bad attribute count",
	  "X/1 1/1 CFFF C1{N} [wine=0]; F1{EL ER SL SR WL WR}(C1) |\n",
	  "broken:1:", "count" },
	{ "attributes not at the end of a feature",
	  "X/1 1/1 CFFF C1{N} [wine] x; F1{EL ER SL SR WL WR}(C1) |\n",
	  "broken:1:", "[...]" },
	{ "also names an unknown tile",
	  "also Y/9 1/1\nX/1 1/1 FFFF F1{NL NR EL ER SL SR WL WR} |\n",
	  "broken:1:", "Y/9" },
	{ "removes with a count",
	  "removes BA/L 1/1\nX/1 1/1 FFFF F1{NL NR EL ER SL SR WL WR} |\n",
	  "broken:1:", "removes ID" },
	{ "a third inner field",
	  "X/1 1/1 CCCC C1{N,E,S,W}; F1{inner}(C1); F2{inner}; F3{inner} |\n",
	  "broken:1:", "inner" },
};
#define NBROKEN ((int)(sizeof(broken) / sizeof(broken[0])))

static void
add_totals(struct totals *tt, const struct tile_type *t, int ed)
{
	int n = t->count[ed], i;

	if (n == 0)
		return;
	tt->tiles += n;
	tt->types++;
	if (t->flags & TILE_START)
		tt->starts += n;
	for (i = 0; i < t->nsegs; i++) {
		if (t->seg[i].kind == SEG_MONASTERY)
			tt->monasteries += n;
		if (t->seg[i].kind == SEG_GARDEN)
			tt->gardens += n;
		tt->pennants += n * t->seg[i].shields;
	}
}

static struct totals
set_totals(const struct catalog *cat, const char *set, int ed)
{
	struct totals tt;
	int i;

	memset(&tt, 0, sizeof(tt));
	for (i = 0; i < cat->ntypes; i++)
		if (strcmp(cat->types[i].set, set) == 0)
			add_totals(&tt, &cat->types[i], ed);
	return tt;
}

static const struct tile_type *
get(const struct catalog *cat, const char *id)
{
	int i = catalog_find(cat, id);

	return i < 0 ? NULL : &cat->types[i];
}

static void
test_base(const struct catalog *cat)
{
	struct totals e1 = set_totals(cat, "base", 0);
	struct totals e2 = set_totals(cat, "base", 1);
	const struct tile_type *t = get(cat, "BA/RCr");

	is_int(e1.tiles, 72, "BASE-COMP-2: 1st edition base has 72 tiles");
	is_int(e1.types, 24, "1st edition base has 24 tile types");
	is_int(e1.monasteries, 6, "1st edition base has 6 monasteries");
	is_int(e1.pennants, 10, "1st edition base has 10 pennants");
	is_int(e1.gardens, 0, "ABBOT-1: 1st edition base has no garden");
	is_int(e2.tiles, 72, "BASE-COMP-1: 2nd edition base has 72 tiles");
	is_int(e2.gardens, 8, "ABBOT-1: 2nd edition base has 8 gardens");
	is_int(e2.monasteries, 6, "2nd edition base has 6 monasteries");
	is_int(e2.pennants, 10, "2nd edition base has 10 pennants");
	ok(t != NULL && (t->flags & TILE_START), "BASE-SETUP-1: BA/RCr is "
	    "the start tile");
	is_int(e1.starts, 4, "BASE-SETUP-1: 4 BA/RCr carry the start flag "
	    "(1st edition)");
	is_int(e2.starts, 4, "BASE-SETUP-1: 4 BA/RCr carry the start flag "
	    "(2nd edition)");
}

static int
count_group(const struct catalog *cat, const char *set, int group)
{
	int i, n = 0;

	for (i = 0; i < cat->ntypes; i++)
		if (cat->types[i].group == group &&
		    strcmp(cat->types[i].set, set) == 0)
			n++;
	return n;
}

static void
test_river(const struct catalog *cat)
{
	struct totals e1 = set_totals(cat, "river", 0);
	struct totals e2 = set_totals(cat, "river", 1);
	const struct tile_type *s = get(cat, "RI/s");
	const struct tile_type *ii = get(cat, "RI.1/II");
	const struct tile_type *iig = get(cat, "RI.1/IIG");

	is_int(e1.tiles, 12, "RIVER-1: 1st edition River I has 12 tiles");
	is_int(e2.tiles, 12, "RIVER-1: 2nd edition River I has 12 tiles");
	is_int(e1.monasteries, 1, "River I has 1 monastery");
	is_int(e2.gardens, 1, "ABBOT-1: 2nd edition River I has 1 garden");
	ok(ii && iig && ii->count[1] == 1 && iig->count[1] == 1,
	    "ABBOT-1: 2nd edition has RI.1/II once and RI.1/IIG once");
	is_int(count_group(cat, "river", GROUP_RIVER_SPRING), 1, "RIVER-1: one spring");
	is_int(count_group(cat, "river", GROUP_RIVER_LAKE), 1, "RIVER-1: one lake");
	ok(s && (s->flags & TILE_START) && (s->flags & TILE_MAX1) &&
	    s->group == GROUP_RIVER_SPRING && s->count[0] == 1,
	    "RIVER-2: RI/s is the river's start tile, one copy at most");
	is_int(e1.starts, 1, "RIVER-2: one start copy in River I");
	is_int(count_group(cat, "river", GROUP_RIVER), 9, "RIVER-2: 9 river types "
	    "between spring and lake");
}

/* Rebuilds "NESW" from an edge signature. */
static void
sig_string(uint16_t sig, char out[5])
{
	static const char ch[] = "?FRC~";
	int s, e;

	for (s = 0; s < 4; s++) {
		e = edge_of_sig(sig, s);
		out[s] = e >= 1 && e <= 4 ? ch[e] : '?';
	}
	out[4] = '\0';
}

static int
rotations_ok(const struct tile_type *t)
{
	int r, s;

	for (r = 1; r < 4; r++)
		for (s = 0; s < 4; s++)
			if (edge_of_sig(t->sig[r], (s + r) & 3) !=
			    edge_of_sig(t->sig[0], s))
				return 0;
	return 1;
}

static void
test_edges(const struct catalog *cat)
{
	const struct tile_type *t;
	char got[5];
	int i;

	int nold = 0;

	for (i = 0; i < cat->ntypes; i++)
		nold += strcmp(cat->types[i].set, "base") == 0 ||
		    strcmp(cat->types[i].set, "river") == 0;
	is_int(nold, NEXPECT, "the catalogue holds the %d base and "
	    "River I types", NEXPECT);
	for (i = 0; i < NEXPECT; i++) {
		t = get(cat, expect_edges[i].id);
		if (t == NULL) {
			ok(0, "BASE-MODEL-2: %s is in the catalogue",
			    expect_edges[i].id);
			continue;
		}
		sig_string(t->sig[0], got);
		is_str(got, expect_edges[i].edges, "BASE-MODEL-2: %s edges",
		    t->id);
		ok(rotations_ok(t), "BASE-MODEL-5: %s sig[1..3] are its "
		    "quarter turns", t->id);
	}
}

static void
test_segments(const struct catalog *cat)
{
	const struct tile_type *rcr = get(cat, "BA/RCr");
	const struct tile_type *cfc = get(cat, "BA/CFC.2");
	const struct tile_type *cc = get(cat, "BA/Cc.1");
	const struct tile_type *l = get(cat, "BA/L");
	const struct tile_type *cici = get(cat, "RI.1/CICI");
	const struct tile_type *ccp = get(cat, "BA/Cc+");

	if (!rcr || !cfc || !cc || !l || !cici || !ccp) {
		ok(0, "tiles for the segment tests are present");
		return;
	}
	is_int(rcr->seg[2].city_links, 1 << 0, "BA/RCr F1 borders C1");
	is_int(rcr->seg[3].city_links, 0, "BA/RCr F2 borders no city");
	is_int(rcr->slot_seg[SLOT_N], 0, "BA/RCr N is the city");
	is_int(rcr->slot_seg[SLOT_E], 1, "BA/RCr E is the road");
	is_int(rcr->slot_seg[SLOT_WR], 2, "BA/RCr WR is field F1");
	is_int(rcr->slot_seg[SLOT_S], SEG_NONE, "BA/RCr S centre is empty");
	is_int(rcr->seg[1].slots, (1 << SLOT_E) | (1 << SLOT_W),
	    "BA/RCr road covers the middle slots of E and W");
	is_int(tile_seg_at(rcr, SLOT_E, 1), 0, "BA/RCr turned once shows "
	    "its city east");
	is_int(cfc->nsegs, 3, "BASE-MODEL-3: BA/CFC.2 has two separate "
	    "cities and a field");
	is_int(cfc->seg[2].city_links, (1 << 0) | (1 << 1),
	    "BA/CFC.2 field borders both cities");
	is_int(cici->seg[4].city_links, 1 << 1, "RI.1/CICI F2 borders C2 "
	    "only");
	ok(cc->seg[0].kind == SEG_CITY && cc->seg[0].nsides == 2 &&
	    cc->seg[0].slots == 0xe07, "BASE-MODEL-4: BA/Cc.1 city N+W is "
	    "one segment");
	is_int(cc->seg[0].shields, 0, "BA/Cc.1 has no pennant");
	is_int(ccp->seg[0].shields, 1, "BA/Cc+ has 1 pennant");
	ok(l->centre_seg == 0 && l->seg[0].kind == SEG_MONASTERY,
	    "BA/L has a monastery at the centre");
	is_int(rcr->centre_seg, SEG_NONE, "BA/RCr has nothing at the centre");
	is_str(rcr->set, "base", "BA/RCr comes from set base");
	is_str(cici->set, "river", "RI.1/CICI comes from set river");
}

static void
test_names(void)
{
	int s, bad = 0;

	for (s = 0; s <= SLOT_CENTRE; s++)
		if (slot_parse(slot_name(s)) != s)
			bad++;
	is_int(bad, 0, "slot_parse inverts slot_name");
	is_int(slot_parse("wr"), SLOT_WR, "slot_parse ignores case");
	is_int(slot_parse("X"), -1, "slot_parse refuses unknown names");
	is_str(slot_name(SLOT_CENTRE), "C", "the centre slot is C");
	is_str(slot_name(SLOT_INNER2), "I2", "the second inner field's slot is I2");
	is_int(slot_parse("i1"), SLOT_INNER, "slot_parse reads I1");
	is_str(seg_kind_name(SEG_GARDEN), "garden", "seg_kind_name");
	is_str(edge_kind_name(EDGE_RIVER), "river", "edge_kind_name");
}

/* Extras of the format: '+2', inner fields, links before the city. */
static void
test_extras(void)
{
	struct rules_error err;
	struct catalog *cat = calloc(1, sizeof(*cat));
	const char *text = "T/1 2/0 CFFF F2{inner}(C1); "
	    "C1{N}+2; F1{EL ER SL SR WL WR}(C1) | river-fork max1\n";
	const struct tile_type *t;

	memset(&err, 0, sizeof(err));
	is_int(catalog_parse(cat, "extra", text, &err), 0,
	    "a set using +2 and an inner field parses");
	if ((t = get(cat, "T/1")) == NULL) {
		ok(0, "T/1 was loaded: %s", err.text);
		catalog_free(cat);
		return;
	}
	ok(t->seg[0].slots == 0 && t->seg[0].city_links == 2 &&
	    t->seg[1].shields == 2 && t->count[0] == 2 &&
	    t->group == GROUP_RIVER_FORK && (t->flags & TILE_MAX1),
	    "T/1 reads as written");
	catalog_free(cat);
}

/* Parsed into the real catalogue: a refusal must leave it untouched. */
static void
test_broken(struct catalog *cat)
{
	struct rules_error err;
	struct tile_type *types = cat->types;
	int ntypes = cat->ntypes, i, rc;

	for (i = 0; i < NBROKEN; i++) {
		memset(&err, 0, sizeof(err));
		rc = catalog_parse(cat, "broken", broken[i].text, &err);
		ok(rc == -1 && err.code == RERR_PARSE &&
		    strstr(err.text, broken[i].where) != NULL &&
		    strstr(err.text, broken[i].says) != NULL,
		    "refused: %s", broken[i].what);
		diag("%s", err.text);
	}
	ok(cat->types == types && cat->ntypes == ntypes,
	    "refused sets leave the catalogue as it was");
}

/* Issue 25.1: the features of a tile that touch each other (tiles.md's
 * wagon links, the wagon's way on, WAGON-3), from the tile format's
 * touch{...}. */
static void
test_touching(const struct catalog *cat)
{
	const struct tile_type *lr = get(cat, "BA/LR"), *crrr = get(cat, "BA/CRRR");
	const struct tile_type *crcr = get(cat, "IC/CRCR"), *l = get(cat, "BA/L");
	int tiles = 0, r1 = -1, r2 = -1, r3 = -1;

	for (int i = 0; i < cat->ntypes; i++)
		for (int s = 0; s < cat->types[i].nsegs; s++)
			if (cat->types[i].touching[s]) {
				tiles++;
				break;
			}
	is_int(tiles, 52, "52 tiles of the built-in sets have touching features (tiles.md)");
	ok(lr->touching[lr->centre_seg] == 1u << lr->slot_seg[SLOT_S],
	   "BA/LR: the monastery touches its road");
	ok(lr->touching[lr->slot_seg[SLOT_S]] == 1u << lr->centre_seg, "and the road the monastery");
	r1 = crrr->slot_seg[SLOT_E], r2 = crrr->slot_seg[SLOT_S], r3 = crrr->slot_seg[SLOT_W];
	ok(crrr->touching[r1] == (1u << r2 | 1u << r3) && crrr->touching[r2] == (1u << r1 | 1u << r3),
	   "BA/CRRR: the three roads touch at the crossing");
	ok(crrr->touching[crrr->slot_seg[SLOT_N]] == 0, "its city touches none");
	is_int(__builtin_popcount(crcr->touching[crcr->slot_seg[SLOT_N]]), 3,
	       "IC/CRCR: a group of four: each touches the other three");
	ok(l->touching[l->centre_seg] == 0, "BA/L: a monastery alone touches nothing");
}

int
main(void)
{
	struct rules_error err;
	struct catalog *cat;

	memset(&err, 0, sizeof(err));
	cat = catalog_load_builtin(&err);
	if (!ok(cat != NULL, "the built-in catalogue loads")) {
		diag("%s", err.text);
		return done_testing();
	}
	test_base(cat);
	test_river(cat);
	test_edges(cat);
	test_segments(cat);
	test_touching(cat);
	test_names();
	test_extras();
	test_broken(cat);
	catalog_free(cat);
	return done_testing();
}
