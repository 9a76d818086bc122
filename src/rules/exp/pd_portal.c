/* Princess & Dragon's magic portal (RULES.md PORTAL-1/2, UN-37, XEXP-11;
 * docs/rules-decisions.md): the player who places a portal tile may put
 * his figure, this turn only and instead of on that tile, on any
 * unfinished and unoccupied feature of any tile ("portal X Y ROLE
 * PLACE"): a figure whose row lets it through (FT_PORTAL: followers,
 * mayors, wagons; never a builder or a pig), fields included, never on
 * the dragon's tile (its veto, UN-34/UN-37). */
#include <stdio.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

static bool
portal_turn(const struct game *g)
{
	return pd_tile_has(g, g->last_placed, TA_PORTAL);
}

/* Whether the feature at root takes a figure now: not completed, no
 * figure on it that occupies (a builder, pig or barn does not). */
static bool
free_feature(const struct game *g, int root)
{
	int16_t idx[FIGURES_MAX];
	int n = g->feat[root].figures ? figures_on(g, root, idx) : 0;

	if (game_feature_complete(g, root))
		return false;
	for (int i = 0; i < n; i++)
		if (g->traits[g->figure[idx[i]].type] & FT_OCCUPIES)
			return false;
	return true;
}

/* Whether root is among the n roots listed. */
static bool
listed(const int16_t *roots, int n, int root)
{
	for (int i = 0; i < n; i++)
		if (roots[i] == root)
			return true;
	return false;
}

#define PORTAL_ROOTS 512

/* Each free feature once, at its first segment the figure may take (not
 * the dragon's tile), on a tile other than the one placed (that tile's
 * own places are the figure decision's). */
static int
type_options(const struct game *g, int player, int type, struct action *out, int n, int cap)
{
	int16_t roots[PORTAL_ROOTS];
	int nroots = 0;

	for (int p = 0; p < g->nplaced; p++) {
		const struct tile_type *tt = game_type(g, g->placed[p].type);
		for (int s = 0; p != g->last_placed && s < tt->nsegs; s++) {
			int seg = seg_instance(p, s), root = feature_find(g, seg);
			if (!(g->allowed[type] >> tt->seg[s].kind & 1) ||
			    listed(roots, nroots, root) || !free_feature(g, root) ||
			    figure_spot_check(g, player, type, LOC_SEGMENT, seg, NULL))
				continue;
			if (nroots < PORTAL_ROOTS)
				roots[nroots++] = (int16_t)root;
			if (n < cap)
				out[n] = action_at(ACT_PORTAL, g->placed[p].x, g->placed[p].y,
						   (unsigned)type, (unsigned)game_segment_slot(g, seg));
			n++;
		}
	}
	return n;
}

int
pd_portal_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	if (!portal_turn(g))
		return n;
	for (int t = 0; t < g->nftypes; t++) {
		int type = g->ftypes[t];
		if (g->traits[type] & FT_PORTAL && g->player[player].supply[type] > 0)
			n = type_options(g, player, type, out, n, cap);
	}
	return n;
}

/* A feature per segment on the board, for each type the portal takes. */
int
pd_portal_most(const struct game *g)
{
	int types = 0;

	for (int t = 0; t < g->nftypes; t++)
		types += (g->traits[g->ftypes[t]] & FT_PORTAL) != 0;
	return (g->capacity + 1) * TILE_SEG_MAX * types;
}

/* The figure type a two-word role names ("big thief"), or -1. */
static int
kind_role_type(const struct game *g, const char *first, const char *second)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX], *row;
	char word[64];
	int kind;

	for (int i = 0; i < g->nftypes; i++)
		rows[i] = g->ftype[g->ftypes[i]];
	snprintf(word, sizeof(word), "%s %s", first, second);
	row = figure_kind_role_find(rows, g->nftypes, word, &kind);
	return row ? row->id : -1;
}

/* "portal X Y ROLE PLACE", the role one word or a kind's two ("big
 * thief"). */
int
pd_portal_parse(const struct game *g, char **w, int n, struct action *a,
		struct rules_error *err)
{
	int type = n == 6 && g ? kind_role_type(g, w[3], w[4]) : -1;

	if (type >= 0) {
		char *v[4] = {w[0], w[1], w[2], w[5]};
		return action_parse_at(g, v, 4, ACT_PORTAL, type, a, err);
	}
	return action_parse_at(g, w, n, ACT_PORTAL, -1, a, err);
}

int
pd_portal_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	return action_format_at(g, a, "portal", true, buf, n);
}

int
pd_portal_check(const struct game *g, int player, const struct action *a,
		struct rules_error *err)
{
	const struct figure_type_def *t = figure_type_of(g, a->at_figure);
	int seg = pd_action_seg(g, a), root;
	const char *kind;

	if (!portal_turn(g))
		return rerr(err, RERR_ILLEGAL, "PORTAL-1",
			    "the portal is open only in the turn its player places a magic-portal "
			    "tile");
	if (t == NULL || !(g->traits[a->at_figure] & FT_PORTAL))
		return rerr(err, RERR_ILLEGAL, "PORTAL-2",
			    "a %s cannot go through the magic portal (builders and pigs "
			    "never do)",
			    t ? t->name : "figure");
	if (g->player[player].supply[a->at_figure] == 0)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-4", "you have no %s in your supply",
			    t->name);
	if (seg < 0)
		return rerr(err, RERR_ILLEGAL, "PORTAL-1",
			    "there is no tile at %d,%d with something at %s", a->x, a->y,
			    slot_name(a->at_slot));
	root = feature_find(g, seg);
	kind = seg_kind_name(g->feat[root].kind);
	if (game_feature_complete(g, root))
		return rerr(err, RERR_ILLEGAL, "PORTAL-1",
			    "the %s at %d,%d %s is completed: the portal leads only to an "
			    "unfinished feature",
			    kind, a->x, a->y, slot_name(a->at_slot));
	if (!free_feature(g, root))
		return rerr(err, RERR_ILLEGAL, "PORTAL-1",
			    "the %s at %d,%d %s is occupied: the portal leads only to a feature "
			    "with no follower on it",
			    kind, a->x, a->y, slot_name(a->at_slot));
	return figure_spot_check(g, player, a->at_figure, LOC_SEGMENT, seg, err);
}

void
pd_portal_apply(struct game *g, int player, const struct action *a)
{
	int seg = pd_action_seg(g, a);

	if (seg < 0)
		return;
	/* the figure's own line (figure_put's event) says where it went */
	event_add(g, &(struct game_event){.kind = EV_NOTE, .player = (int8_t)player, .tile = -1,
					  .rule = "goes through the magic portal (PORTAL-1)"});
	figure_put(g, player, a->at_figure, seg, NULL);
}
