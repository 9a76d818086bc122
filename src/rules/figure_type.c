/* The figure-type rows the engine knows by itself, and the questions
 * texts and maps ask of a game's table (figure_type.h). */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "engine.h"
#include "module.h"

#define KIND(k) (1u << (k))

/* BASE-COMP-2, BASE-FOLLOW-*: a follower's role follows its feature. */
const struct figure_type_def figure_type_follower = {
	.id = FIG_FOLLOWER,
	.name = "follower",
	.stand = KIND(SEG_ROAD) | KIND(SEG_CITY) | KIND(SEG_FIELD) | KIND(SEG_MONASTERY),
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.traits = FT_ANY_FOLLOWER,
	.strength = 1,
	.supply = FOLLOWERS_PER_PLAYER,
	.rule = "BASE-COMP-3",
	.stand_rule = "BASE-FOLLOW-2",
};

/* ABBOT-1..7; strength 1, a follower for removals (UN-13). */
const struct figure_type_def figure_type_abbot = {
	.id = FIG_ABBOT,
	.name = "abbot",
	.role = "abbot",
	.letter = 'a',
	.drawing = DRAW_MITRE,
	.stand = KIND(SEG_MONASTERY) | KIND(SEG_GARDEN),
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.traits = FT_ANY_FOLLOWER,
	.strength = 1,
	.supply = 1,
	.rule = "ABBOT-1",
	.stand_rule = "ABBOT-3",
};

static const struct figure_type_def *const builtin[FIG_BASE_COUNT] = {
	[FIG_FOLLOWER] = &figure_type_follower,
	[FIG_ABBOT] = &figure_type_abbot,
};

const struct figure_type_def *
figure_type_of(const struct game *g, int type)
{
	if (type < 0 || type >= FIG_TYPE_MAX)
		return NULL;
	if (g)
		return g->ftype[type];
	return type < FIG_BASE_COUNT ? builtin[type] : NULL;
}

bool
figure_type_centre(const struct figure_type_def *t)
{
	unsigned stand = t->stand;
	bool any = false;

	for (int k = 0; k < SEG_KIND_COUNT; k++)
		if (stand >> k & 1) {
			if (!seg_kinds[k].cloister)
				return false;
			any = true;
		}
	return any;
}

static bool
has_row(const struct figure_type_def *const *rows, int n, const struct figure_type_def *row)
{
	for (int i = 0; i < n; i++)
		if (rows[i] == row)
			return true;
	return false;
}

int
figure_types_among(const struct rules_module *const *mods, int nmods,
		   const struct figure_type_def **out, int cap)
{
	int n = 0;

	if (cap > 0)
		out[0] = &figure_type_follower;
	n++;
	for (int i = 0; i < nmods; i++)
		for (int k = 0; k < mods[i]->nfigure_types; k++) {
			const struct figure_type_def *row = mods[i]->figure_types[k];
			if (has_row(out, n < cap ? n : cap, row))
				continue; /* a row two modules share: once */
			if (n < cap)
				out[n] = row;
			n++;
		}
	return n;
}

const struct figure_type_def *
figure_type_in_catalog(const struct game *g, int type)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int n = figure_types_among(g->cat->modules, g->cat->nmodules, rows, FIG_TYPE_MAX);

	for (int i = 0; i < n && i < FIG_TYPE_MAX; i++)
		if (rows[i]->id == type)
			return rows[i];
	return figure_type_of(NULL, type);
}

static const struct seg_kind_def *
kind_or_null(int seg_kind)
{
	return seg_kind >= 0 && seg_kind < SEG_KIND_COUNT ? &seg_kinds[seg_kind] : NULL;
}

const char *
figure_role(const struct game *g, int seg_kind, int type)
{
	const struct figure_type_def *t = figure_type_of(g, type);
	const struct seg_kind_def *k = kind_or_null(seg_kind);

	if (t && t->role)
		return t->role;
	if (t && t->kind_roles && k && t->kind_roles[seg_kind])
		return t->kind_roles[seg_kind];
	return k && k->role ? k->role : "?";
}

char
figure_role_letter(const struct game *g, int seg_kind, int type)
{
	const struct figure_type_def *t = figure_type_of(g, type);
	const struct seg_kind_def *k = kind_or_null(seg_kind);

	if (t && t->letter)
		return t->letter;
	if (t && t->kind_letters && k && t->kind_letters[seg_kind])
		return t->kind_letters[seg_kind];
	return k && k->letter ? k->letter : '?';
}

int
figure_role_drawing(const struct game *g, int seg_kind, int type)
{
	const struct figure_type_def *t = figure_type_of(g, type);
	const struct seg_kind_def *k = kind_or_null(seg_kind);

	if (t && t->drawing != DRAW_NONE)
		return t->drawing;
	return k ? k->drawing : DRAW_NONE;
}

const char *
figure_role_name(int seg_kind, int figure_type)
{
	return figure_role(NULL, seg_kind, figure_type);
}

static bool
listed(const char *const *out, int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (strcmp(out[i], word) == 0)
			return true;
	return false;
}

int
figure_role_words(const struct figure_type_def *const *rows, int nrows, const char **out,
		  char *letters)
{
	int n = 0;

	for (int k = 0; k < SEG_KIND_COUNT; k++)
		if (seg_kinds[k].role) {
			if (letters)
				letters[n] = seg_kinds[k].letter;
			out[n++] = seg_kinds[k].role;
		}
	for (int t = 0; t < nrows; t++)
		if (rows[t]->role && !listed(out, n, rows[t]->role)) {
			if (letters)
				letters[n] = rows[t]->letter;
			out[n++] = rows[t]->role;
		}
	out[n] = NULL;
	if (letters)
		letters[n] = '\0';
	return n;
}

int
figure_kind_role_words(const struct figure_type_def *const *rows, int nrows,
		       const char **out, char *letters)
{
	int n = 0;

	for (int t = 0; t < nrows; t++)
		for (int k = 0; rows[t]->kind_roles && k < SEG_KIND_COUNT; k++) {
			const char *w = rows[t]->kind_roles[k];
			if (w == NULL || listed(out, n, w))
				continue;
			if (letters)
				letters[n] = rows[t]->kind_letters ? rows[t]->kind_letters[k] : '?';
			out[n++] = w;
		}
	out[n] = NULL;
	if (letters)
		letters[n] = '\0';
	return n;
}

const struct figure_type_def *
figure_kind_role_find(const struct figure_type_def *const *rows, int nrows, const char *word,
		      int *kind)
{
	for (int t = 0; t < nrows; t++)
		for (int k = 0; rows[t]->kind_roles && k < SEG_KIND_COUNT; k++)
			if (rows[t]->kind_roles[k] && strcasecmp(rows[t]->kind_roles[k], word) == 0) {
				*kind = k;
				return rows[t];
			}
	return NULL;
}
