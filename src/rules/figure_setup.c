/* A game's figure-type table and its players' figures, built once when
 * the game is created (figure_type.h). */
#include <string.h>

#include "engine.h"

static int
add_type(struct game *g, const struct figure_type_def *t, struct rules_error *err)
{
	if (t->id >= FIG_TYPE_MAX || g->ftype[t->id])
		return rerr(err, RERR_OPTION, "", "figure type %s: id %d is %s", t->name,
			    t->id, t->id >= FIG_TYPE_MAX ? "too large" : "taken");
	g->ftype[t->id] = t;
	g->ftypes[g->nftypes++] = t->id;
	return 0;
}

/* What the engine reads on its hot paths, worked out from the rows: where
 * each type may stand under these options, its constant strength, and
 * whether every row is as simple as the base game's. */
static void
derive(struct game *g)
{
	/* BASE-SETUP-5: without farmers no figure goes on a field */
	unsigned kinds = g->opt.farmers ? ~0u : ~(1u << SEG_FIELD);

	g->score_kinds = g->farm_kinds = 0;
	for (int k = 0; k < SEG_KIND_COUNT; k++) {
		g->score_kinds |= (uint16_t)(seg_kinds[k].scores << k);
		g->farm_kinds |= (uint16_t)((seg_kinds[k].farm_city != 0) << k);
	}
	g->fig_plain = true;
	g->fig_hi = 0;
	g->own_role = 0;
	for (int i = 0; i < g->nftypes; i++) {
		const struct figure_type_def *t = g->ftype[g->ftypes[i]];
		g->fig_hi = t->id >= g->fig_hi ? t->id + 1 : g->fig_hi;
		g->own_role |= (uint16_t)((t->role != NULL) << t->id);
		g->allowed[t->id] = (uint16_t)(t->stand & kinds);
		g->strength[t->id] = t->strength;
		g->traits[t->id] = (uint16_t)(t->traits | (t->occupies ? FT_OCCUPIES : 0) |
					      (t->returns ? FT_RETURNS : 0));
		g->fig_plain &= t->occupies && t->returns && !t->strength_fn && !t->needs &&
				t->strength == 1 && t->id < FIG_BASE_COUNT;
	}
	/* the short paths ask no module: a veto takes the general ones */
	g->fig_plain &= g->nhook[HOOK_FIGURE_VETO] == 0;
}

/* Every player's figures of each type, a player's together (BASE-SETUP-2). */
static int
deal(struct game *g, struct rules_error *err)
{
	g->nfigures = 0;
	memset(&g->home, 0, sizeof(g->home));
	memset(&g->on_seg, 0, sizeof(g->on_seg));
	for (int p = 0; p < g->nplayers; p++) {
		g->player[p] = (struct player_state){.score = 0};
		for (int i = 0; i < g->nftypes; i++) {
			const struct figure_type_def *t = g->ftype[g->ftypes[i]];
			if (g->nfigures + t->supply > FIGURES_MAX)
				return rerr(err, RERR_OPTION, "",
					    "too many figures: at most %d in a game",
					    FIGURES_MAX);
			g->fig_first[p][t->id] = (uint8_t)g->nfigures;
			g->player[p].supply[t->id] = t->supply;
			for (int k = 0; k < t->supply; k++) {
				figset_add(&g->home, g->nfigures);
				g->figure[g->nfigures++] = (struct figure){
					.at = -1,
					.seg = -1,
					.owner = (uint8_t)p,
					.type = t->id,
					.loc = LOC_SUPPLY,
				};
			}
		}
	}
	g->figwords = (g->nfigures + 63) / 64;
	return 0;
}

int
figure_types_build(struct game *g, const struct figure_type_def *const *extra, int nextra,
		   struct rules_error *err)
{
	memset(g->ftype, 0, sizeof(g->ftype));
	g->nftypes = 0;
	if (add_type(g, &figure_type_follower, err) < 0)
		return -1;
	for (int i = 0; i < nextra; i++)
		if (add_type(g, extra[i], err) < 0)
			return -1;
	derive(g);
	return deal(g, err);
}
