/* Figure types as data: one row per kind of figure (follower, abbot; a
 * module adds its own: big follower, mayor, wagon, builder, pig, ...).
 * A game builds its table once at creation from the base rows and the
 * enabled modules' rows (figure_types_build); the engine asks the table,
 * never "is this the abbot". */
#ifndef CARC_FIGURE_TYPE_H
#define CARC_FIGURE_TYPE_H

#include <stdbool.h>
#include <stdint.h>

struct game;

/* Where a figure is. Base games use only the supply and segments; the
 * others are for modules (Count's quarters, towers, prisons, corners). */
enum figure_loc {
	LOC_SUPPLY,
	LOC_SEGMENT, /* figure.seg: a segment instance */
	LOC_CORNER,  /* figure.at: placed index * 4 + corner (0 NE, 1 SE, 2 SW, 3 NW) */
	LOC_QUARTER, /* figure.at: a quarter of Carcassonne (Count) */
	LOC_TOWER,   /* figure.at: a placed tile's index (its tower) */
	LOC_PRISON,  /* figure.at: the seat holding it */
	LOC_OTHER,   /* figure.at: a module's own place */
	LOC_KIND_COUNT
};

/* What a figure is to the rules that act on figures of several types
 * (XEXP-1..4, XEXP-11, UN-13, UN-42): a bit each, listed by its row.
 * Removal and move paths read these, never a type ("a mayor or a wagon
 * does not escape": they are no followers). A row lists none by default:
 * no rule touches a figure unless its row says it may. */
enum figure_trait {
	FT_FOLLOWER = 1u << 0, /* a follower (thief, knight, ..., abbot: UN-13) */
	FT_BIG = 1u << 1,      /* a big follower (XEXP-1) */
	FT_NEUTRAL = 1u << 2,  /* nobody's (dragon, fairy, Count) */
	FT_OCCUPIES = 1u << 3, /* the game sets it from .occupies */
	FT_EATEN = 1u << 4,    /* the dragon may eat it (XEXP-3, XEXP-4) */
	FT_CAPTURED = 1u << 5, /* a tower may capture it (UN-42) */
	FT_REMOVED = 1u << 6,  /* the princess may remove it (XEXP-3) */
	FT_PORTAL = 1u << 7,   /* may go through a magic portal (XEXP-11) */
	FT_RETURNS = 1u << 8,  /* the game sets it from .returns */
};

/* A follower of the base game: the rules may do anything to it. */
#define FT_ANY_FOLLOWER (FT_FOLLOWER | FT_EATEN | FT_CAPTURED | FT_REMOVED | FT_PORTAL)

struct figure_type_def {
	uint8_t id;        /* enum figure_type: its index in every game's table */
	const char *name;  /* "follower", "abbot": the figure's own name */
	/* its role word in actions, texts and files, or NULL when the
	 * segment kind names the role (a follower is a thief on a road) */
	const char *role;
	char letter;       /* text-map letter, or 0: the segment kind's role letter */
	uint8_t drawing;   /* enum figure_drawing, or DRAW_NONE: the kind's */
	uint16_t stand;    /* bit per seg_kind it may stand on */
	uint8_t locs;      /* bit per enum figure_loc it may be at */
	bool occupies;     /* occupies its feature (BASE-FOLLOW-3) */
	bool returns;      /* goes home when its feature is scored (BASE-SCORE-3) */
	uint16_t traits;   /* enum figure_trait bits (but the two above) */
	int8_t strength;   /* in majorities (BASE-SCORE-2) */
	/* if set, its strength on the feature at root instead (mayor: shields) */
	int (*strength_fn)(const struct game *g, int root, int figure);
	uint8_t supply;    /* per player at the start */
	/* bit per figure type: it needs one of its owner's figures of these
	 * types on its feature to be placed, and leaves with the last one
	 * (builder, pig); 0: independent */
	uint16_t needs;
	/* what it needs, said in a refusal: "one of your followers" */
	const char *needs_what;
	const char *rule;       /* the rule that brings it ("ABBOT-1") */
	const char *stand_rule; /* the rule on where it stands ("ABBOT-3") */
	/* A figure whose role follows its feature (role NULL) but is not a
	 * plain follower: its role word and text-map letter per seg_kind
	 * ("big thief", 'T'), indexed by kind, NULL / NUL where it has
	 * none; NULL: the kind's own. */
	const char *const *kind_roles;
	const char *kind_letters;
};

/* The placed tile a place off the segments is on (a corner's, a
 * tower's), or -1 when it has none (a quarter, a prison). */
int figure_loc_placed(int loc, int at);
/* Words for places off the segments, as game files and texts write
 * them: "corner", "quarter", "tower", "prison", "other" (NULL for the
 * supply and a segment), and the inverse (-1 if none); a corner's
 * "NE", "SE", "SW", "NW" (at % 4) and the inverse. */
const char *figure_loc_word(int loc);
int figure_loc_parse(const char *word);
const char *figure_corner_name(int corner);
int figure_corner_parse(const char *word);

/* The rows the engine knows by itself. */
extern const struct figure_type_def figure_type_follower, figure_type_abbot;

/* The row of a type in this game, or NULL when the game has none. */
const struct figure_type_def *figure_type_of(const struct game *g, int type);
/* The first row of this type among g's catalogue's modules, on or off
 * (else the engine's own, or NULL): to name a figure the game is played
 * without. */
const struct figure_type_def *figure_type_in_catalog(const struct game *g, int type);
/* Whether a figure of this type names no place in actions: it stands
 * only on a tile's centre (monk, abbot). */
bool figure_type_centre(const struct figure_type_def *t);
/* The role word, text-map letter and drawing of a figure of type on a
 * segment of kind (base rows when g is NULL). */
const char *figure_role(const struct game *g, int seg_kind, int type);
char figure_role_letter(const struct game *g, int seg_kind, int type);
int figure_role_drawing(const struct game *g, int seg_kind, int type);
/* Every role word of the kinds and of these figure rows (each word
 * once, kinds' first) and, if letters is not NULL, each one's text-map
 * letter; out and letters hold SEG_KIND_COUNT + nrows + 1 entries, the
 * last NULL / NUL. rules_role_words gives a catalogue's. */
int figure_role_words(const struct figure_type_def *const *rows, int nrows, const char **out,
		      char *letters);
/* The kind role words of these rows ("big thief", ...; kind_roles), each
 * once, with their letters when letters is not NULL; out and letters
 * hold SEG_KIND_COUNT * nrows + 1 entries, the last NULL / NUL. */
int figure_kind_role_words(const struct figure_type_def *const *rows, int nrows,
			   const char **out, char *letters);
/* The row and kind of a kind role word of these rows ("big thief"), or
 * NULL. */
const struct figure_type_def *figure_kind_role_find(const struct figure_type_def *const *rows,
						    int nrows, const char *word, int *kind);

#endif
