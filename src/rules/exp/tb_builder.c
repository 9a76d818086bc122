/* The builder (RULES.md 13, BUILDER-1..6, UN-39, UN-53): a figure of no
 * strength that joins a road or city holding one of its owner's
 * followers and leaves with the last of them (figure_type_def.needs,
 * honoured by every path that takes figures off: scoring, figure_move,
 * figure_remove). A tile that extends its feature gives its owner a
 * second round in the same turn, at most one (game_turn_tiles). */
#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "tb.h"

#define KIND(k) (1u << (k))
/* His own followers (BUILDER-1): every figure that is a follower on a
 * road or city, the mayor and the wagon included (XEXP-2). */
#define OWN_FOLLOWERS \
	(1u << FIG_FOLLOWER | 1u << FIG_BIG | 1u << FIG_MAYOR | 1u << FIG_WAGON)

const struct figure_type_def figure_type_builder = {
	.id = FIG_BUILDER,
	.name = "builder",
	.role = "builder",
	.letter = 'u',
	.drawing = DRAW_HAT,
	.stand = KIND(SEG_ROAD) | KIND(SEG_CITY), /* never a field (BUILDER-1) */
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = false, /* others' figures do not keep it out, nor it them */
	.returns = true,   /* BUILDER-4 */
	.traits = FT_EATEN, /* the dragon sends it home (DRAGON-5, XEXP-6, XEXP-7) */
	.strength = 0,     /* BUILDER-2 */
	.supply = 1,       /* TB-1, CF-11 */
	.needs = OWN_FOLLOWERS,
	.needs_what = "one of your followers (a thief or a knight)",
	.rule = "TB-1",
	.stand_rule = "BUILDER-1",
};

/* Whether the road or city of segment s of the tile at placed holds
 * player's builder. */
static bool
has_builder(const struct game *g, int placed, int s, int player)
{
	int16_t idx[FIGURES_MAX];
	int root = feature_find(g, seg_instance(placed, s));
	int n = g->feat[root].figures ? figures_on(g, root, idx) : 0;

	for (int i = 0; i < n; i++)
		if (g->figure[idx[i]].type == FIG_BUILDER && g->figure[idx[i]].owner == player)
			return true;
	return false;
}

/* Runs before the tile's figure decision: a builder found here stood on
 * the feature before the tile came (UN-53: placing him gives nothing). A
 * tile that completes his feature extends it too (EX-TB-02). */
void
tb_builder_after_place(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	const struct tile_type *t = game_type(g, pt->type);

	/* his builder in the supply: nothing to extend (most turns) */
	if (g->player[pt->player].supply[FIG_BUILDER] > 0 || game_turn_tiles(g) > 1 ||
	    game_tiles_left(g) == 0) /* BUILDER-5 */
		return;
	for (int s = 0; s < t->nsegs; s++) {
		int edge = seg_kinds[t->seg[s].kind].edge;
		if ((edge == EDGE_ROAD || edge == EDGE_CITY) && has_builder(g, placed, s, pt->player)) {
			turn_add_round_why(g, pt->player, "the builder: BUILDER-3");
			return;
		}
	}
}
