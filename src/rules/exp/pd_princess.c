/* Princess & Dragon's princess (RULES.md PRINCESS-1..3, UN-38, XEXP-1,
 * XEXP-3; docs/rules-decisions.md): a tile whose city shows the princess,
 * extending a city with knights, lets its player send one of them home
 * instead of placing a figure ("princess X Y PLACE", where that knight
 * stands): a knight, big or not, his own too, a mayor or a wagon (any
 * figure whose row says the princess removes it, FT_REMOVED); what
 * needed it (a builder) goes with it (PRINCESS-2, figure_remove). */
#include <stdio.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

/* The root of the princess's city on the tile just placed, or -1. */
static int
princess_city(const struct game *g)
{
	const struct tile_type *t;

	if (g->last_placed < 0)
		return -1;
	t = game_type(g, g->placed[g->last_placed].type);
	for (int s = 0; s < t->nsegs; s++)
		if (t->seg[s].attrs & TA_BIT(TA_PRINCESS))
			return feature_find(g, seg_instance(g->last_placed, s));
	return -1;
}

/* Whether the princess may send figure i home now. */
static bool
removable(const struct game *g, int root, int i)
{
	return root >= 0 && g->figure[i].loc == LOC_SEGMENT && figure_is(g, i, FT_REMOVED) &&
	       feature_find(g, g->figure[i].seg) == root;
}

int
pd_princess_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	int root = princess_city(g);

	(void)player;
	for (int i = 0; root >= 0 && g->feat[root].figures && i < g->nfigures; i++) {
		int p = g->figure[i].seg / TILE_SEG_MAX;
		if (!removable(g, root, i))
			continue;
		if (n < cap)
			out[n] = action_at(ACT_PRINCESS, g->placed[p].x, g->placed[p].y,
					   FIG_FOLLOWER, /* as parsed: the place says who */
					   (unsigned)game_segment_slot(g, g->figure[i].seg));
		n++;
	}
	return n;
}

int
pd_princess_parse(const struct game *g, char **w, int n, struct action *a,
		  struct rules_error *err)
{
	if (n != 4)
		return rerr(err, RERR_PARSE, "PRINCESS-1",
			    "write the princess as: princess X Y PLACE, naming where the knight "
			    "to send home stands (e.g. princess 1 -2 N)");
	return action_parse_at(g, w, n, ACT_PRINCESS, FIG_FOLLOWER, a, err);
}

int
pd_princess_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	return action_format_at(g, a, "princess", false, buf, n);
}

/* The figure standing where the action names, or -1. */
static int
figure_named(const struct game *g, const struct action *a)
{
	int seg = pd_action_seg(g, a);

	for (int i = 0; seg >= 0 && i < g->nfigures; i++)
		if (g->figure[i].loc == LOC_SEGMENT && g->figure[i].seg == seg &&
		    figure_is(g, i, FT_REMOVED))
			return i;
	return -1;
}

int
pd_princess_check(const struct game *g, int player, const struct action *a,
		  struct rules_error *err)
{
	int root = princess_city(g), i;

	(void)player;
	if (root < 0)
		return rerr(err, RERR_ILLEGAL, "PRINCESS-1",
			    "the princess acts only when the tile you place shows her in its city");
	if ((i = figure_named(g, a)) < 0)
		return rerr(err, RERR_ILLEGAL, "PRINCESS-1",
			    "there is no knight at %s of the tile at %d,%d for the princess to "
			    "send home",
			    slot_name(a->at_slot), a->x, a->y);
	if (!removable(g, root, i))
		return rerr(err, RERR_ILLEGAL, "PRINCESS-1",
			    "the knight at %d,%d is not in the princess's city: she sends home "
			    "only a knight of the city her tile extends",
			    a->x, a->y);
	return 0;
}

void
pd_princess_apply(struct game *g, int player, const struct action *a)
{
	int i = figure_named(g, a);

	if (i < 0)
		return;
	/* the knight's own line (figure_remove's event) says whose and where */
	event_add(g, &(struct game_event){.kind = EV_NOTE, .player = (int8_t)player, .tile = -1,
					  .rule = "has the princess send a knight home (PRINCESS-1)"});
	figure_remove(g, i, true);
}
