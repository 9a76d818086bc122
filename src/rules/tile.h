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
	SLOT_CENTRE = SLOT_COUNT /* monastery, garden: not on the border */
};

/* Edge kinds, one nibble per side in an edge signature. */
enum edge_kind { EDGE_FIELD = 1, EDGE_ROAD = 2, EDGE_CITY = 3, EDGE_RIVER = 4 };

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

/* Tile-level flags. */
#define TILE_START 0x01  /* the start tile of its set (BASE-SETUP-1) */
#define TILE_MAX1 0x02   /* at most one copy in a game, however many sets */

struct tile_segment {
	uint8_t kind;        /* enum seg_kind */
	uint8_t shields;     /* city: pennants on this piece */
	uint16_t slots;      /* bit per enum slot, unrotated */
	uint16_t city_links; /* field: bit per local segment index of a city it borders */
	uint8_t nsides;      /* road/city/river: sides it reaches */
	uint8_t open;        /* sides it leaves open: nsides for roads and cities, else 0 */
};

struct tile_type {
	char id[TILE_ID_MAX];
	const char *set;         /* name of the tile set it came from */
	uint8_t count[2];        /* copies in the 1st / 2nd edition set */
	uint8_t group;           /* enum draw_group */
	uint8_t flags;           /* TILE_* */
	uint8_t nsegs;
	uint8_t centre_seg;      /* monastery or garden segment, or SEG_NONE */
	uint8_t slot_seg[SLOT_COUNT]; /* segment index per slot, or SEG_NONE */
	uint16_t sig[4];         /* edge signature per rotation: nibble per side N,E,S,W */
	uint8_t fits[NEED_CODES + 1]; /* rotations that fit a demand, and their count */
	uint8_t rot_slot_seg[4][SLOT_COUNT]; /* slot_seg as seen on the board per rotation */
	uint8_t name_slot[4][TILE_SEG_MAX]; /* slot naming each segment in actions, per rotation */
	uint8_t closable[TILE_SEG_MAX]; /* road segments, then city segments (UN-06) */
	uint8_t nclosable;
	struct tile_segment seg[TILE_SEG_MAX];
};

/* All tile types of all built-in sets, read once by the caller and shared
 * read-only by every game created from it. */
struct rules_module;

struct catalog {
	struct tile_type *types;
	int ntypes;
	/* The rule modules games of this catalogue may use (module.h): the
	 * built-in ones; a test may add its own. */
	const struct rules_module *const *modules;
	int nmodules;
};

/* Loads every built-in tile set (compiled in from src/rules/tilesets/). */
struct catalog *catalog_load_builtin(struct rules_error *err);
/* Parses one tile-set text; appends its types to cat. name is the set name. */
int catalog_parse(struct catalog *cat, const char *name, const char *text,
		  struct rules_error *err);
void catalog_free(struct catalog *cat);
/* Index of the type with this id, or -1. */
int catalog_find(const struct catalog *cat, const char *id);

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

/* Fills the lookup tables (fits, rot_slot_seg) from sig and slot_seg;
 * called once per type when a set is read. */
void tile_compute_tables(struct tile_type *t);

const char *slot_name(int slot);      /* "NL", "N", ..., "C" for the centre */
int slot_parse(const char *name);     /* inverse, case-insensitive; -1 if unknown */
const char *seg_kind_name(int kind);  /* "road", "city", ... */
const char *edge_kind_name(int kind); /* "field", "road", "city", "river" */

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
