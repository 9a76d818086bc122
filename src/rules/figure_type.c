/* The figure-type rows the engine knows by itself, and the questions
 * texts and maps ask of a game's table (figure_type.h). */
#include <stddef.h>

#include "engine.h"

#define KIND(k) (1u << (k))

/* BASE-COMP-2, BASE-FOLLOW-*: a follower's role follows its feature. */
const struct figure_type_def figure_type_follower = {
	.id = FIG_FOLLOWER,
	.name = "follower",
	.stand = KIND(SEG_ROAD) | KIND(SEG_CITY) | KIND(SEG_FIELD) | KIND(SEG_MONASTERY),
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.strength = 1,
	.supply = FOLLOWERS_PER_PLAYER,
	.rule = "BASE-COMP-3",
	.stand_rule = "BASE-FOLLOW-2",
};

/* ABBOT-1..7; strength 1 (UN-13). */
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
	return k && k->role ? k->role : "?";
}

char
figure_role_letter(const struct game *g, int seg_kind, int type)
{
	const struct figure_type_def *t = figure_type_of(g, type);
	const struct seg_kind_def *k = kind_or_null(seg_kind);

	if (t && t->letter)
		return t->letter;
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

int
figure_role_words(const char **out, char *letters)
{
	int n = 0;

	for (int k = 0; k < SEG_KIND_COUNT; k++)
		if (seg_kinds[k].role) {
			if (letters)
				letters[n] = seg_kinds[k].letter;
			out[n++] = seg_kinds[k].role;
		}
	for (int t = 0; t < FIG_BASE_COUNT; t++)
		if (builtin[t]->role) {
			if (letters)
				letters[n] = builtin[t]->letter;
			out[n++] = builtin[t]->role;
		}
	out[n] = NULL;
	if (letters)
		letters[n] = '\0';
	return n;
}
