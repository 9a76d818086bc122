/* Tile types and tile catalogues: the static facts the engine plays with.
 *
 * Geometry: each side of a tile is split into three slots, numbered
 * clockwise from the north-west corner, so a quarter turn clockwise is
 * "add 3 modulo 12":
 *
 *        NL  N  NR
 *      WR         EL
 *      W           E
 *      WL         ER
 *        SR  S  SL
 *
 * L and R are the halves of a side as seen from the tile centre facing that
 * side (tiles.md's half-edges). A city side fills all three slots; a road or
 * river side fills the centre slot and leaves the halves to fields; a field
 * side fills the halves and leaves the centre empty.
 */
#ifndef CARC_TILE_H
#define CARC_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules_error.h"

enum side { SIDE_N, SIDE_E, SIDE_S, SIDE_W };

enum slot {
	SLOT_NL, SLOT_N, SLOT_NR,
	SLOT_EL, SLOT_E, SLOT_ER,
	SLOT_SL, SLOT_S, SLOT_SR,
	SLOT_WL, SLOT_W, SLOT_WR,
	SLOT_COUNT,
	SLOT_CENTRE = SLOT_COUNT, /* monastery, garden: not on the border */
	SLOT_INNER,               /* the first field touching no edge; */
	SLOT_INNER2               /* the second (places I1, I2) */
};
#define TILE_INNER_MAX 2

/* Edge kinds, one nibble per side in an edge signature. */
enum edge_kind { EDGE_FIELD = 1, EDGE_ROAD = 2, EDGE_CITY = 3, EDGE_RIVER = 4, EDGE_WALL = 5 };
/* EDGE_WALL (the abbey's, ABBEY-4): a side with no piece that ends every
 * road and city it meets and that no field crosses. Never a demand digit
 * (it is EDGE_BASE): a tile with walls fits no demand of the frontier and
 * goes only where a module puts it, into a hole (ABBEY-2). */

/* What an empty cell demands, as one number: a base-EDGE_BASE digit per
 * side (side N lowest), 0 where no neighbour constrains it. */
#define EDGE_BASE 5
#define NEED_CODES (EDGE_BASE * EDGE_BASE * EDGE_BASE * EDGE_BASE)
/* One more code, after the real ones, that nothing fits: it pads the
 * engine's frontier so placements are listed four cells at a time. */
#define NEED_NOTHING NEED_CODES
/* tile_type.fits[code]: the rotations that fit a demand (bit r: rotation
 * r) and, above them, how many they are; listing placements reads both
 * with one load. */
#define FITS_ROTS 0x0f
#define FITS_COUNT_SHIFT 4

enum seg_kind {
	SEG_ROAD,
	SEG_CITY,
	SEG_FIELD,
	SEG_MONASTERY,
	SEG_GARDEN,
	SEG_RIVER,
	SEG_KIND_COUNT
};

/* Draw groups decide the order of the bag (RIVER-2). */
enum draw_group {
	GROUP_DEFAULT,
	GROUP_RIVER,
	GROUP_RIVER_SPRING,
	GROUP_RIVER_LAKE,
	GROUP_RIVER_FORK
};

#define TILE_ID_MAX 24
#define TILE_SEG_MAX 12
#define SEG_NONE 0xff
#define FEATURE_LANES 6 /* int16 lanes in a struct feature (rules.h) */

/* Tile-level flags. */
#define TILE_START 0x01  /* the start tile of its set (BASE-SETUP-1) */
#define TILE_MAX1 0x02   /* at most one copy in a game, however many sets */
#define TILE_WITH_RIVER 0x04 /* played only with a river set (gq11's river tiles) */
/* Made from the modules' tables (catalog_use_modules), not a word of the
 * tile format: the tile has a placement rule (a module's place_ok). */
#define TILE_PLACE_RULE 0x08
/* A side is a wall (EDGE_WALL): placing it closes what meets it. */
#define TILE_WALLS 0x10

/* Where a tile goes in a shuffled pile (tile_type.draw_rank): a module's
 * pile 0..DRAW_PILES_MAX-1 (struct draw_pile, module.h), the main pile
 * after them, or out (a start pile's tile). */
#define DRAW_PILES_MAX 7
#define DRAW_RANK_MAIN DRAW_PILES_MAX
#define DRAW_RANK_OUT (-1)

/* What a tile shows beyond its edges (RULES.md sections 4-16), as data
 * for the rule modules: a bit per attribute, on a segment (TA_SEGMENT and
 * before) or on the whole tile (after it). The word is its name in the
 * tile format (docs/tile-format.md); tile_attr_name gives it. A rule
 * module acts on the attributes of its game elements; the others leave
 * the tile a plain tile with the same edges and fields (tiles.md 2). */
enum tile_attr {
	/* on a segment */
	TA_CATHAR,    /* city: Cathar / siege symbol (CATHARS-1) */
	TA_CATHEDRAL, /* city: cathedral (IC-2) */
	TA_PRINCESS,  /* city: princess (PRINCESS-1) */
	TA_WINE,      /* city: trade goods (TRADE-1) */
	TA_GRAIN,
	TA_CLOTH,
	TA_INN,       /* road: inn on a lake beside it (RIVER2-9, IC-3) */
	TA_TUNNEL,    /* road: passes under (PD-2) */
	TA_PIGSTY,    /* field: +1 per completed city (RIVER2-7, GQ-1, CF-08) */
	TA_PIG_HERD,  /* field: the Traders & Builders herd, no bonus (PIG-1) */
	TA_NUGGET,    /* forest: gold nugget (HG-BONUS-1) */
	TA_FISH,      /* lake: fish (HG-RIVER-2) */
	TA_DEER,      /* clearing: animals (HG-FINAL-2) */
	TA_MAMMOTH,
	TA_AUROCHS,
	TA_TIGER,
	TA_SEGMENT = TA_TIGER,
	/* on the tile */
	TA_VOLCANO,   /* RIVER2-8, VOLCANO-1 */
	TA_DRAGON,    /* DRAGON-1 */
	TA_PORTAL,    /* magic portal, PORTAL-1 */
	TA_TOWER,     /* tower foundation, TOWER-1 */
	TA_SPRING,    /* where a river starts (group river-spring) */
	TA_LAKE,      /* where a river ends in a lake (group river-lake) */
	TA_FORK,      /* the river splits (group river-fork, RIVER2-3) */
	TA_BRIDGE,    /* a road crosses a river or road without meeting it (TB-2) */
	TA_ABBEY,     /* the Abbey & Mayor abbey (ABBEY-1) */
	TA_FIRE,      /* HG-BONUS-7 */
	TA_COUNT
};
/* A bit per attribute: 64 of them (the expansions to come need more
 * than 32: Hunters & Gatherers' mushroom and dolmen, the Count's...). */
typedef uint64_t tile_attrs;
#define TILE_ATTRS_MAX 64
_Static_assert(TA_COUNT <= TILE_ATTRS_MAX, "a bit per attribute in tile_attrs");

#define TA_BIT(a) ((tile_attrs)1 << (a))
/* Several of one attribute on one segment or tile: kept apart from the
 * bits, so a count is read only by the module that needs it. */
#define TILE_ATTR_EXTRA 4

struct tile_attr_count {
	uint8_t seg;  /* segment index, or SEG_NONE for the tile */
	uint8_t attr; /* enum tile_attr */
	uint8_t n;    /* copies, 2 or more */
};

struct tile_segment {
	uint8_t kind;        /* enum seg_kind */
	uint8_t shields;     /* city: pennants on this piece */
	uint16_t slots;      /* bit per enum slot, unrotated */
	uint16_t city_links; /* field: bit per local segment index of a city it borders */
	uint8_t nsides;      /* road/city/river: sides it reaches */
	uint8_t open;        /* sides it leaves open: nsides for roads and cities, else 0 */
	tile_attrs attrs;    /* TA_BIT of each segment attribute it carries */
};

struct tile_type {
	char id[TILE_ID_MAX];
	const char *set;         /* name of the tile set it came from */
	int8_t set_owner;        /* module_set_owner(set) (module_id.h) */
	uint8_t count[2];        /* copies in the 1st / 2nd edition set */
	uint8_t group;           /* enum draw_group */
	uint8_t flags;           /* TILE_* */
	uint8_t nsegs;
	uint8_t centre_seg;      /* monastery or garden segment, or SEG_NONE */
	uint8_t inner_seg[TILE_INNER_MAX]; /* fields touching no edge, or SEG_NONE */
	int8_t draw_rank;        /* DRAW_RANK_*, or a module's pile (in a padding hole) */
	tile_attrs attrs;        /* TA_BIT of each tile attribute */
	uint8_t nextra;
	struct tile_attr_count extra[TILE_ATTR_EXTRA]; /* attributes shown twice or more */
	uint8_t slot_seg[SLOT_COUNT]; /* segment index per slot, or SEG_NONE */
	uint16_t sig[4];         /* edge signature per rotation: nibble per side N,E,S,W */
	uint8_t fits[NEED_CODES + 1]; /* rotations that fit a demand, and their count */
	uint8_t nfits[NEED_CODES + 1]; /* the count alone: summed over cells with no shift */
	uint8_t rot_slot_seg[4][SLOT_COUNT]; /* slot_seg as seen on the board per rotation */
	uint8_t name_slot[4][TILE_SEG_MAX]; /* slot naming each segment in actions, per rotation */
	uint8_t closable[TILE_SEG_MAX]; /* road segments, then city segments (UN-06) */
	uint8_t nclosable;
	struct tile_segment seg[TILE_SEG_MAX];
	/* Its segments as fresh features (struct feature, rules.h, as int16
	 * lanes), numbered from 0: placing the tile copies them and adds its
	 * first segment's number (features.c). */
	int16_t fresh[TILE_SEG_MAX * FEATURE_LANES];
	tile_attrs seg_attrs; /* its segments' attrs together (last: the hot fields keep their places) */
	/* For each segment, the others of the tile it touches (bit per
	 * segment): where a wagon may go on (WAGON-3, UN-31; tiles.md's
	 * wagon links, the tile format's touch{...}). Cold, so last. */
	uint16_t touching[TILE_SEG_MAX];
};

/* All tile types of all built-in sets, read once by the caller and shared
 * read-only by every game created from it. */
struct rules_module;

struct catalog {
	struct tile_type *types;
	int ntypes;
	struct set_ref *refs; /* tiles a set brings or removes from another set */
	int nrefs;
	/* The rule modules games of this catalogue may use (module.h): the
	 * built-in ones; a test may add its own. */
	const struct rules_module *const *modules;
	int nmodules;
	uint8_t draw_shuffled; /* bit per draw_rank: that pile is shuffled */
};

/* A set's line "also ID ed1/ed2" (it brings copies of a tile another set
 * defines, as River II brings the spring) or "removes ID" (the tile leaves
 * the game when both sets are played, as River II removes River I's lake). */
struct set_ref {
	const char *set; /* the set whose line it is */
	int type;        /* the tile type it names */
	uint8_t count[2];
	uint8_t remove;
};

/* Loads every built-in tile set (compiled in from src/rules/tilesets/). */
struct catalog *catalog_load_builtin(struct rules_error *err);
/* Parses one tile-set text; appends its types to cat. name is the set name. */
int catalog_parse(struct catalog *cat, const char *name, const char *text,
		  struct rules_error *err);
void catalog_free(struct catalog *cat);
/* Index of the type with this id, or -1. */
int catalog_find(const struct catalog *cat, const char *id);
/* Copies of a type in a game that plays these sets (edition 1 or 2): what
 * its own set and the sets that bring it ("also") count, none if a played
 * set removes it or it needs a river no played set has, one at most for a
 * max1 tile. docs/tile-format.md. */
int catalog_copies(const struct catalog *cat, int type, const char *const *sets,
		   int nsets, int edition);
/* catalog_copies of every type into copies (cat->ntypes of them), in one
 * pass that compares each set's name once, not once per type. */
void catalog_copies_all(const struct catalog *cat, const char *const *sets, int nsets,
			int edition, int *copies);
struct rules_options;
/* Whether these options play a set with river tiles of its own (the
 * River, River II): with-river tiles come only then (GQ-1). */
bool catalog_river_on(const struct catalog *cat, const struct rules_options *opt);

/* Slot and side arithmetic under rotation (rot = quarter turns clockwise). */
static inline int
slot_rotate(int slot, int rot)
{
	return (slot + 3 * rot) % SLOT_COUNT;
}

static inline int
slot_side(int slot)
{
	return slot / 3;
}

/* The slot across the border that touches this one. */
static inline int
slot_opposite(int slot)
{
	int side = slot / 3, i = slot % 3;
	return ((side + 2) & 3) * 3 + (2 - i);
}

static inline int
edge_of_sig(uint16_t sig, int side)
{
	return (sig >> (4 * side)) & 0xf;
}

/* Segment index found at a board slot of a tile placed with rotation rot. */
static inline int
tile_seg_at(const struct tile_type *t, int board_slot, int rot)
{
	return t->rot_slot_seg[rot][board_slot];
}

/* The segment a board slot names in actions: border slots, the centre,
 * the inner fields (SLOT_INNER...); SEG_NONE for anything else. */
static inline int
tile_seg_at_slot(const struct tile_type *t, int slot, int rot)
{
	if ((unsigned)slot < SLOT_COUNT) /* the usual case first: one test */
		return tile_seg_at(t, slot, rot);
	if (slot == SLOT_CENTRE)
		return t->centre_seg;
	if (slot == SLOT_INNER || slot == SLOT_INNER2)
		return t->inner_seg[slot - SLOT_INNER];
	return SEG_NONE;
}

/* Fills the lookup tables (fits, rot_slot_seg) from sig and slot_seg;
 * called once per type when a set is read. */
void tile_compute_tables(struct tile_type *t);

const char *slot_name(int slot);      /* "NL", "N", ..., "C" for the centre, "I1" "I2" */
int slot_parse(const char *name);     /* inverse, case-insensitive; -1 if unknown */
const char *seg_kind_name(int kind);  /* "road", "city", ... */
const char *edge_kind_name(int kind); /* "field", "road", "city", "river" */
const char *tile_attr_name(int attr); /* "cathar", "pigsty", ...; "?" if none */
int tile_attr_parse(const char *word); /* inverse; -1 if unknown */
/* How many of attribute a segment s (SEG_NONE: the tile) shows: 0, 1 or
 * the count written with it. */
int tile_attr_count(const struct tile_type *t, int s, int attr);

/* Places (place_name.c): the names players give the pieces of a tile as
 * turned, N E S W, NE SE SW NW, the half-sides, C (docs/turn-format.md).
 * For text only, never on the engine's hot paths. */
#define PLACE_NAME_MAX 4
struct place {
	char name[PLACE_NAME_MAX]; /* the name actions and notices use */
	uint8_t seg;               /* segment of the tile */
	uint8_t kind;              /* enum seg_kind */
	uint8_t slot;              /* the board slot actions act on */
};
/* The segment a place word names (or SEG_NONE) and the slot for it. */
int place_resolve(const struct tile_type *t, int rot, const char *word, int *slot);
/* A slot for a word without a tile ("NE" -> NR), or -1 if no place word. */
int place_word_slot(const char *word);
/* The name of segment s; returns the slot its name resolves to. */
int place_name(const struct tile_type *t, int rot, int s, char name[PLACE_NAME_MAX]);
/* Every place a figure could take (rivers left out), clockwise from the
 * north-west corner, the centre last; out holds TILE_SEG_MAX. */
int tile_places(const struct tile_type *t, int rot, struct place *out);

#endif
