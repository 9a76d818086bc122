/* What the turn reads of a game's module tables (module.h), built once by
 * modules_build: the hooks, the tile placement rule, the action kinds.
 * Every call here goes through the tables' pointers, never to a module by
 * name, so the board, the figures, scoring and the turn call down to it. */
#include <string.h>
#include <strings.h>

#include "module.h"
#include "engine.h"

const struct rules_action *
module_action(const struct game *g, int kind)
{
	return kind >= 0 && kind < ACT_KIND_MAX ? g->act[kind] : NULL;
}

bool
board_place_rule_ok(const struct game *g, int type, int cell, int rot)
{
	FOR_HOOK(g, HOOK_PLACE_OK, m)
		if (!(*m)->place_ok(g, type, cell, rot))
			return false;
	return true;
}

int
board_place_rule_cells(const struct game *g, int type, int *cells, int cap)
{
	FOR_HOOK(g, HOOK_PLACE_OK, m)
		if ((*m)->place_cells)
			return (*m)->place_cells(g, type, cells, cap);
	return -1;
}

int
board_place_rule_explain(const struct game *g, int type, int cell, int rot,
			 struct rules_error *err)
{
	FOR_HOOK(g, HOOK_PLACE_OK, m)
		if ((*m)->place_explain && (*m)->place_explain(g, type, cell, rot, err) < 0)
			return -1;
	return 0;
}

/* A module action by kind (word NULL) or by its first word, among mods,
 * on in the game or not: a game without the module refuses it by rule,
 * not as an unknown word. */
const struct rules_action *
module_action_among(const struct rules_module *const *mods, int n, int kind,
		    const char *word)
{
	for (int i = 0; i < n; i++)
		for (int k = 0; k < mods[i]->nactions; k++) {
			const struct rules_action *a = &mods[i]->actions[k];
			if (word ? strcasecmp(a->word, word) == 0 : a->kind == kind)
				return a;
		}
	return NULL;
}

const char *
module_of_action(const struct game *g, const struct rules_action *a)
{
	const struct rules_module *const *mods = g->cat->modules;
	int n = g->cat->nmodules;

	/* by element, not by range: a module without actions has NULL there */
	for (int i = 0; i < n; i++)
		for (int k = 0; k < mods[i]->nactions; k++)
			if (a == &mods[i]->actions[k])
				return mods[i]->name;
	return "?";
}

void
hooks_turn_start(struct game *g)
{
	FOR_HOOK(g, HOOK_TURN_START, m)
		(*m)->turn_start(g);
}

void
hooks_after_place(struct game *g, int placed)
{
	FOR_HOOK(g, HOOK_AFTER_PLACE, m)
		(*m)->after_place(g, placed);
}

int
hooks_figure_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	FOR_HOOK(g, HOOK_FIGURE_OPTIONS, m)
		n = (*m)->figure_options(g, player, out, n, cap);
	return n;
}

int
hooks_draw(struct game *g, int owner, int arg)
{
	FOR_HOOK(g, HOOK_DRAW, m) {
		int type = (*m)->draw(g, owner, arg);
		if (type >= 0)
			return type;
	}
	return -1;
}

int
hooks_tile_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	FOR_HOOK(g, HOOK_TILE_OPTIONS, m)
		n = (*m)->tile_options(g, player, out, n, cap);
	return n;
}

void
hooks_complete(struct game *g, int root)
{
	FOR_HOOK(g, HOOK_COMPLETE, m)
		(*m)->on_complete(g, root);
}

void
hooks_score(struct game *g, int root, int player, int points)
{
	FOR_HOOK(g, HOOK_SCORE, m)
		(*m)->on_score(g, root, player, points);
}

int
hooks_figure_veto(const struct game *g, int player, int type, int loc, int where,
		  struct rules_error *err)
{
	FOR_HOOK(g, HOOK_FIGURE_VETO, m)
		if ((*m)->figure_veto(g, player, type, loc, where, err) < 0)
			return -1;
	return 0;
}

void
hooks_feature_scored(struct game *g, int root, const int16_t *figures, int n, bool final)
{
	FOR_HOOK(g, HOOK_FEATURE_SCORED, m)
		(*m)->feature_scored(g, root, figures, n, final);
}
