/* The places a figure may take on a tile, by the names players write:
 * N E S W for a road or city reaching that side, or for a field along the
 * whole side; NE SE SW NW for a field filling a corner; the half-sides
 * NL ... WR (tile.h) for any other piece of field; C for the centre;
 * I1 and I2 for fields touching no edge (pockets between cities).
 * Text only: read when actions are parsed or printed and when a tile set
 * is loaded, never while the engine plays. */
#include <stdio.h>
#include <string.h>

#include "tile.h"

enum word_kind { W_SIDE, W_CORNER, W_HALF, W_CENTRE, W_INNER };

struct place_word {
	char name[3];
	uint8_t kind;  /* enum word_kind */
	uint8_t a, b;  /* side: its halves (L, R); corner: the two halves
			  meeting there; half: the slot twice; inner: its slot */
	uint8_t rank;  /* clockwise from the north-west corner */
};

/* In the order that picks a piece's name: sides, corners, halves, centre. */
static const struct place_word words[] = {
	{"N", W_SIDE, SLOT_NL, SLOT_NR, 2},     {"E", W_SIDE, SLOT_EL, SLOT_ER, 6},
	{"S", W_SIDE, SLOT_SL, SLOT_SR, 10},    {"W", W_SIDE, SLOT_WL, SLOT_WR, 14},
	{"NE", W_CORNER, SLOT_NR, SLOT_EL, 4},  {"SE", W_CORNER, SLOT_ER, SLOT_SL, 8},
	{"SW", W_CORNER, SLOT_SR, SLOT_WL, 12}, {"NW", W_CORNER, SLOT_WR, SLOT_NL, 0},
	{"NL", W_HALF, SLOT_NL, SLOT_NL, 1},    {"NR", W_HALF, SLOT_NR, SLOT_NR, 3},
	{"EL", W_HALF, SLOT_EL, SLOT_EL, 5},    {"ER", W_HALF, SLOT_ER, SLOT_ER, 7},
	{"SL", W_HALF, SLOT_SL, SLOT_SL, 9},    {"SR", W_HALF, SLOT_SR, SLOT_SR, 11},
	{"WL", W_HALF, SLOT_WL, SLOT_WL, 13},   {"WR", W_HALF, SLOT_WR, SLOT_WR, 15},
	{"C", W_CENTRE, 0, 0, 16},
	{"I1", W_INNER, SLOT_INNER, SLOT_INNER, 17},
	{"I2", W_INNER, SLOT_INNER2, SLOT_INNER2, 18},
};
#define NWORDS (sizeof(words) / sizeof(words[0]))

/* Other spellings players use, and what they mean. */
static const struct {
	const char *say, *mean;
} synonyms[] = {
	{"NORTH", "N"},      {"EAST", "E"},       {"SOUTH", "S"},      {"WEST", "W"},
	{"NORTHEAST", "NE"}, {"SOUTHEAST", "SE"}, {"SOUTHWEST", "SW"}, {"NORTHWEST", "NW"},
	{"EN", "NE"},        {"ES", "SE"},        {"WS", "SW"},        {"WN", "NW"},
	{"CENTRE", "C"},     {"CENTER", "C"},     {"MIDDLE", "C"},
	{"I", "I1"},         {"INNER", "I1"},
};

/* Upper case, without '-' and '_' ("north-east"); "" if too long. */
static void
normalize(const char *in, char *out, size_t n)
{
	size_t k = 0;

	for (; *in; in++) {
		char c = *in;
		if (c == '-' || c == '_')
			continue;
		if (k + 1 >= n) {
			k = 0;
			break;
		}
		out[k++] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
	}
	out[k] = '\0';
}

static const struct place_word *
find_word(const char *text)
{
	char up[16];

	normalize(text, up, sizeof(up));
	for (size_t i = 0; i < sizeof(synonyms) / sizeof(synonyms[0]); i++)
		if (strcmp(up, synonyms[i].say) == 0)
			strcpy(up, synonyms[i].mean);
	for (size_t i = 0; i < NWORDS; i++)
		if (strcmp(up, words[i].name) == 0)
			return &words[i];
	return NULL;
}

/* The segment a word names on the tile as turned, and the slot to act on. */
static int
word_seg(const struct tile_type *t, int rot, const struct place_word *w, int *slot)
{
	const uint8_t *at = t->rot_slot_seg[rot];

	*slot = w->a;
	switch (w->kind) {
	case W_CENTRE:
		*slot = SLOT_CENTRE;
		return t->centre_seg;
	case W_INNER:
		return t->inner_seg[w->a - SLOT_INNER];
	case W_SIDE:
		if (at[w->a + 1] != SEG_NONE) {
			*slot = w->a + 1;
			return at[w->a + 1];
		}
		break; /* a field side: named if one field fills it */
	default:
		break;
	}
	return at[w->a] == at[w->b] ? at[w->a] : SEG_NONE;
}

int
place_word_slot(const char *word)
{
	const struct place_word *w = find_word(word);

	if (w == NULL)
		return -1;
	return w->kind == W_CENTRE ? SLOT_CENTRE : w->kind == W_SIDE ? w->a + 1 : w->a;
}


int
place_resolve(const struct tile_type *t, int rot, const char *word, int *slot)
{
	const struct place_word *w = find_word(word);

	return w ? word_seg(t, rot, w, slot) : SEG_NONE;
}

/* The first word that names segment s, or NULL. */
static const struct place_word *
seg_word(const struct tile_type *t, int rot, int s, int *slot)
{
	for (size_t i = 0; i < NWORDS; i++)
		if (word_seg(t, rot, &words[i], slot) == s)
			return &words[i];
	return NULL;
}

int
place_name(const struct tile_type *t, int rot, int s, char name[PLACE_NAME_MAX])
{
	int slot = SLOT_CENTRE;
	const struct place_word *w = seg_word(t, rot, s, &slot);

	strcpy(name, w ? w->name : "?");
	return slot;
}

int
tile_places(const struct tile_type *t, int rot, struct place *out)
{
	int n = 0, rank[TILE_SEG_MAX];

	for (int s = 0; s < t->nsegs; s++) {
		int slot;
		const struct place_word *w = seg_word(t, rot, s, &slot);
		int i = n;
		if (w == NULL || t->seg[s].kind == SEG_RIVER)
			continue;
		for (; i > 0 && rank[i - 1] > w->rank; i--) {
			out[i] = out[i - 1];
			rank[i] = rank[i - 1];
		}
		out[i] = (struct place){.seg = (uint8_t)s, .kind = t->seg[s].kind,
					.slot = (uint8_t)slot};
		strcpy(out[i].name, w->name);
		rank[i] = w->rank;
		n++;
	}
	return n;
}

/* "N field, E road, S field": the places of the tile as turned. */
void
tile_places_text(const struct tile_type *t, int rot, char *buf, size_t n)
{
	struct place p[TILE_SEG_MAX];
	int np = tile_places(t, rot, p);
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < np && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s %s", i ? ", " : "", p[i].name,
					seg_kind_name(p[i].kind));
}
