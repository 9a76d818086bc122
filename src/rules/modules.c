/* Building a game's module tables once at creation (module.h): its
 * steps, turn plan, action kinds, hook arrays and state arena. */
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "engine.h"

_Static_assert(STEP_COUNT + 1 <= STEPS_MAX && STEPS_MAX <= 256, "steps are uint8_t in frames");

static bool
hook_set(const struct rules_module *m, int id)
{
	switch (id) {
	case HOOK_SETUP: return m->setup != NULL;
	case HOOK_START: return m->start != NULL;
	case HOOK_AFTER_PLACE: return m->after_place != NULL;
	case HOOK_PLACE_OK: return m->place_ok != NULL;
	case HOOK_COMPLETE: return m->on_complete != NULL;
	case HOOK_SCORE: return m->on_score != NULL;
	case HOOK_TURN_START: return m->turn_start != NULL;
	case HOOK_FIGURE_OPTIONS: return m->figure_options != NULL;
	case HOOK_FINAL: return m->final_scoring != NULL;
	case HOOK_STATE: return m->state_fields != NULL;
	case HOOK_FIGURE_VETO: return m->figure_veto != NULL;
	case HOOK_FEATURE_SCORED: return m->feature_scored != NULL;
	case HOOK_END_GAME: return m->end_game != NULL;
	case HOOK_DRAW: return m->draw != NULL;
	case HOOK_TILE_OPTIONS: return m->tile_options != NULL;
	case HOOK_ROUND_DRAW: return m->round_draw != NULL;
	default: return false;
	}
}

static int
step_index(const struct game *g, const char *name)
{
	for (int i = 0; i < g->nplan; i++)
		if (strcmp(g->steps[g->plan[i]]->name, name) == 0)
			return i;
	return -1;
}

/* After the named step and the steps earlier modules put after it: the
 * modules' order in the catalogue is their order in the turn. */
static int
plan_insert(struct game *g, int step, struct rules_error *err)
{
	const char *after = g->steps[step]->after;
	int at = step_index(g, after);

	if (at < 0 || g->nplan == TURN_PLAN_MAX)
		return rerr(err, RERR_OPTION, "", "step %s: no room after '%s' in the turn",
			    g->steps[step]->name, after);
	while (at + 1 < g->nplan && g->steps[g->plan[at + 1]]->after &&
	       strcmp(g->steps[g->plan[at + 1]]->after, after) == 0)
		at++;
	memmove(g->plan + at + 2, g->plan + at + 1, (size_t)(g->nplan - at - 1));
	g->plan[at + 1] = (uint8_t)step;
	g->nplan++;
	return 0;
}

static int
add_module(struct game *g, const struct rules_module *m, size_t *off,
	   struct rules_error *err)
{
	int n = g->nmods;

	if (n == MODULES_MAX || g->nsteps + m->nsteps > STEPS_MAX)
		return rerr(err, RERR_OPTION, "", "too many rule modules");
	g->mods[n] = m;
	g->mod_step0[n] = (uint8_t)g->nsteps;
	for (int i = 0; i < m->nsteps; i++) {
		const struct rules_step *s = &m->steps[i];
		int most = s->most_actions ? s->most_actions(g) : s->max_actions;
		g->steps[g->nsteps++] = s;
		g->legal_extra = most > g->legal_extra ? most : g->legal_extra;
	}
	for (int i = 0; i < m->nactions; i++) {
		int k = m->actions[i].kind;
		if (k < 0 || k >= ACT_KIND_MAX || g->act[k])
			return rerr(err, RERR_OPTION, "", "module %s: action kind %d taken",
				    m->name, k);
		/* the turn asks the hook before it lets such an action in */
		if (strcmp(m->actions[i].step, "place-tile") == 0 && m->tile_options == NULL)
			return rerr(err, RERR_OPTION, "",
				    "module %s: action %s answers place-tile without a "
				    "tile_options hook",
				    m->name, m->actions[i].word);
		g->act[k] = &m->actions[i];
	}
	for (int i = 0; i < m->nscore_hooks; i++)
		if (score_hook_add(g, &m->score_hooks[i]) < 0)
			return rerr(err, RERR_OPTION, "", "module %s: too many score hooks",
				    m->name);
	for (int id = 0; id < HOOK_COUNT; id++)
		if (hook_set(m, id))
			g->hook[id][g->nhook[id]++] = m;
	g->mod_off[n] = (uint32_t)*off;
	*off += m->state_size ? (m->state_size(g) + 7) / 8 * 8 : 0;
	g->nmods++;
	return 0;
}

static int
ext_reserve(struct game *g, size_t size)
{
	if (size > g->ext_cap) {
		uint8_t *p = realloc(g->ext, size);
		if (p == NULL)
			return -1;
		g->ext = p;
		g->ext_cap = size;
	}
	g->ext_size = size;
	if (size)
		memset(g->ext, 0, size);
	return 0;
}

int
modules_build(struct game *g, struct rules_error *err)
{
	static const uint8_t base_plan[] = {STEP_DRAW, STEP_PLACE_TILE, STEP_PLACE_FIGURE,
					    STEP_SCORE, STEP_END_TURN};
	size_t off = 0;

	g->nsteps = 0;
	g->nscore_hooks = g->nfield_hooks = 0;
	g->attr_want = 0;
	for (int i = 0; i < STEP_COUNT; i++)
		g->steps[g->nsteps++] = &turn_base_steps[i];
	for (int i = 0; i < g->cat->nmodules; i++)
		if (g->cat->modules[i]->enabled(&g->opt) &&
		    add_module(g, g->cat->modules[i], &off, err) < 0)
			return -1;
	/* its draws follow the public log: after the modules' hooks, which
	 * may put tiles back into the pile first (UN-35's dragon tiles, when
	 * the pile runs out), before the bag's draw */
	if (g->blind)
		g->hook[HOOK_DRAW][g->nhook[HOOK_DRAW]++] = &hidden_blind_source;
	for (int i = 0; i < g->nmods; i++) /* they add to a figure decision */
		g->legal_extra += (g->mods[i]->most_figure_options
					   ? g->mods[i]->most_figure_options(g)
					   : g->mods[i]->max_figure_options) +
				  g->mods[i]->max_tile_options;
	if (ext_reserve(g, off) < 0)
		return rerr(err, RERR_NOMEM, "", "out of memory");
	memcpy(g->plan, base_plan, sizeof(base_plan));
	g->nplan = sizeof(base_plan);
	if (g->nhook[HOOK_TILE_OPTIONS]) /* modules answer place-tile too */
		g->plan[1] = STEP_PLACE_ANY;
	for (int s = STEP_COUNT; s < g->nsteps; s++)
		if (g->steps[s]->after && plan_insert(g, s, err) < 0)
			return -1;
	g->plain_turn = g->nmods == 0;
	return 0;
}

int
modules_extra_tiles(const struct game *g)
{
	int n = 0;

	for (int i = 0; i < g->nmods; i++)
		if (g->mods[i]->extra_tiles)
			n += g->mods[i]->extra_tiles(g);
	return n;
}

static int
module_index(const struct game *g, const struct rules_module *m)
{
	for (int i = 0; i < g->nmods; i++)
		if (g->mods[i] == m)
			return i;
	return -1;
}

void *
module_state(const struct game *g, const struct rules_module *m)
{
	int i = module_index(g, m);

	return i < 0 ? NULL : g->ext + g->mod_off[i];
}

int
module_step(const struct game *g, const struct rules_module *m, int i)
{
	int k = module_index(g, m);

	return k < 0 || i < 0 || i >= m->nsteps ? -1 : g->mod_step0[k] + i;
}

int
rules_figure_types(const struct catalog *cat, const struct rules_options *opt,
		   const struct figure_type_def **out, int cap)
{
	struct rules_options o = *opt;
	int n = 0;

	if (n < cap)
		out[n] = &figure_type_follower;
	n++;
	for (int i = 0; i < cat->nmodules; i++)
		if (cat->modules[i]->enabled(&o))
			for (int k = 0; k < cat->modules[i]->nfigure_types; k++, n++)
				if (n < cap)
					out[n] = cat->modules[i]->figure_types[k];
	return n;
}

int
game_modules(const struct game *g)
{
	return g->nmods;
}

const char *
game_module_name(const struct game *g, int i)
{
	return i >= 0 && i < g->nmods ? g->mods[i]->name : NULL;
}

int
game_module_state(const struct game *g, int i, struct rules_field *out, int cap)
{
	if (i < 0 || i >= g->nmods || g->mods[i]->state_fields == NULL)
		return 0;
	return g->mods[i]->state_fields(g, out, cap);
}

int
game_neutrals(const struct game *g, struct rules_neutral *out, int cap)
{
	int n = 0;

	for (int i = 0; i < g->nmods; i++)
		if (g->mods[i]->neutrals)
			n += g->mods[i]->neutrals(g, out ? out + (n < cap ? n : cap) : NULL,
						  n < cap ? cap - n : 0);
	return n;
}

int
game_decision_marks(const struct game *g, struct rules_mark *out, int cap)
{
	const struct frame *f;

	if (g->over || g->nframes == 0)
		return 0;
	f = &g->frames[g->nframes - 1];
	return g->steps[f->step]->marks ? g->steps[f->step]->marks(g, f, out, cap) : 0;
}

int
game_tokens(const struct game *g, struct rules_token *out, int cap)
{
	int n = 0;

	for (int i = 0; i < g->nmods; i++)
		if (g->mods[i]->tokens)
			n += g->mods[i]->tokens(g, n < cap ? out + n : NULL,
						n < cap ? cap - n : 0);
	return n;
}

int
game_holdings(const struct game *g, int seat, struct rules_holding *out, int cap)
{
	int n = 0;

	for (int i = 0; i < g->nmods; i++)
		if (g->mods[i]->holdings)
			n += g->mods[i]->holdings(g, seat, n < cap ? out + n : NULL,
						  n < cap ? cap - n : 0);
	return n;
}

int
module_token0(const struct game *g, const struct rules_module *m)
{
	int n = 0;

	for (int i = 0; i < g->nmods && g->mods[i] != m; i++)
		if (g->mods[i]->tokens)
			n += g->mods[i]->tokens(g, NULL, 0);
	return n;
}

int
module_holding0(const struct game *g, const struct rules_module *m)
{
	int n = 0;

	for (int i = 0; i < g->nmods && g->mods[i] != m; i++)
		if (g->mods[i]->holdings)
			n += g->mods[i]->holdings(g, 0, NULL, 0);
	return n;
}
