/* Princess & Dragon's state and the helpers every piece reads (a file
 * of its own, below the pieces and the module's table: nothing here
 * names them, so that they do not call each other in a circle,
 * tests/layers.sh). */
#include <string.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

/* The game's table of the module, found by its name: a few compares
 * (the game's modules on), in place of naming the table's symbol. */
const struct rules_module *
pd_module(const struct game *g)
{
	for (int i = 0; i < g->nmods; i++)
		if (strcmp(g->mods[i]->name, "princess-dragon") == 0)
			return g->mods[i];
	return NULL;
}

struct pd_state *
pd_state(const struct game *g)
{
	return module_state(g, pd_module(g));
}

bool
pd_tile_has(const struct game *g, int placed, int attr)
{
	return placed >= 0 && game_type(g, g->placed[placed].type)->attrs & TA_BIT(attr);
}

int
pd_action_seg(const struct game *g, const struct action *a)
{
	int p = game_placed_at(g, a->x, a->y), s;

	if (p < 0)
		return -1;
	s = tile_seg_at_slot(game_type(g, g->placed[p].type), a->at_slot, g->placed[p].rot);
	return s == SEG_NONE ? -1 : seg_instance(p, s);
}
