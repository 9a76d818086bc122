/* The Gifts (RULES.md section 7; docs/rules-decisions.md, "The Gifts"):
 * the module's table, its public state, receiving a gift (GIFTS-4,
 * GIFTS-5, UN-14) and the end (GIFTS-END-1). The deck is gifts_deck.c,
 * opening a card gifts_cards.c, the cards' rules gifts_effects.c, Take 2
 * gifts_take2.c. */
#include <stdio.h>

#include "../engine.h"
#include "exp.h"
#include "gifts.h"

static bool
gifts_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_GIFTS);
}

static size_t
gifts_state_size(const struct game *g)
{
	(void)g;
	return sizeof(struct gifts_state);
}

/* UN-14: whether the road or city at root belongs to someone, and not
 * to player, right after the tile is placed (an empty one is nobody's;
 * a tie is everyone's in it). */
static bool
fellows(const struct game *g, int root, int player)
{
	unsigned owners;

	if (g->feat[root].figures == 0)
		return false;
	owners = score_majority(g, root);
	return owners != 0 && !(owners >> player & 1);
}

/* GIFTS-4: the placed tile extends a fellow player's road or city: one
 * gift, however many (GIFTS-5; none when every card is in a hand,
 * GIFTS-6). Told to all (EV_TAKE); the card only to its holder. */
static void
gifts_after_place(struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];
	const struct tile_type *t = game_type(g, pt->type);
	int player = pt->player;

	if (player < 0)
		return;
	for (int s = 0; s < t->nsegs; s++) {
		int kind = t->seg[s].kind, root;
		if (kind != SEG_ROAD && kind != SEG_CITY)
			continue;
		root = feature_find(g, seg_instance(placed, s));
		if (!fellows(g, root, player))
			continue;
		if (gifts_deck_draw(g, player) >= 0)
			event_add(g, &(struct game_event){
					     .kind = EV_TAKE,
					     .player = (int8_t)player,
					     .x = pt->x,
					     .y = pt->y,
					     .tile = (int16_t)pt->type,
					     .figure = (uint8_t)module_holding0(g, &gifts_module),
					     .points = 1,
					     .rule = "GIFTS-4",
				     });
		return;
	}
}

/* GIFTS-END-1: 2 points per unopened gift. */
static void
gifts_final(struct game *g)
{
	const struct gifts_state *st = gifts_state(g);

	for (int p = 0; p < g->nplayers; p++)
		if (st->held[p] > 0)
			score_points(g, p, 2 * st->held[p], "GIFTS-END-1", true);
}

/* Public: the deck's size, the opened cards per kind, each hand's size.
 * The hands' cards are secret (gifts_secret.c). */
static int
gifts_state_fields(const struct game *g, struct rules_field *out, int cap)
{
	const struct gifts_state *st = gifts_state(g);
	int discard = 0;

	if (cap < 3)
		return 3;
	for (int k = 0; k < GIFT_KINDS; k++)
		discard += st->discard[k];
	out[0] = (struct rules_field){.key = "deck", .value = st->ndeck};
	out[1] = (struct rules_field){.key = "discard", .value = discard};
	out[2] = (struct rules_field){.key = "gifts", .values = st->held,
				      .nvalues = g->nplayers};
	return 3;
}

/* Each seat's unopened gifts, by count (show, the mails, the maps). */
static int
gifts_holdings(const struct game *g, int seat, struct rules_holding *out, int cap)
{
	if (cap >= 1)
		out[0] = (struct rules_holding){"gift", gifts_state(g)->held[seat], "gifts"};
	return 1;
}

static const struct score_category gifts_categories[] = {
	{.rule = "GIFTS-CASH-1", .category = "gifts", .text = "Cash Out, 2 a follower on the feature"},
	{.rule = "GIFTS-END-1", .category = "gifts", .text = "unopened gifts, 2 each"},
};

const struct rules_module gifts_module = {
	.name = "gifts",
	.summary = "The Gifts: a tile that extends a road or city another player holds (you "
		   "not among its owners) gives you a gift card, seen by you alone; after "
		   "drawing, before placing, you may open one a turn: Synod (\"open synod X Y\": "
		   "a follower onto an unfinished monastery), Road Sweeper (\"open sweep X Y "
		   "PLACE\": a road scores now), Cash Out (\"open cash X Y PLACE\": a follower "
		   "home, 2 points a follower on its feature), Change Position (\"open move X Y "
		   "FROM TO\": lie a follower down or stand it up on its tile), Take 2 (\"open "
		   "take2\": a second tile, keep one); 2 points per unopened gift at the end.",
	.enabled = gifts_enabled,
	.steps = gifts_steps,
	.nsteps = GIFTS_NSTEPS,
	.actions = gifts_actions,
	.nactions = GIFTS_NACTIONS,
	.score_categories = gifts_categories,
	.nscore_categories = 2,
	.state_size = gifts_state_size,
	.setup = gifts_deck_setup,
	.after_place = gifts_after_place,
	.tile_options = gifts_tile_options,
	/* beyond the Road Sweeper's (an open end a frontier cell's side at
	 * most): a monastery each, a follower's places on its tile, Take 2 */
	.max_tile_options = 160,
	.final_scoring = gifts_final,
	.state_fields = gifts_state_fields,
	.holdings = gifts_holdings,
	.secret_fields = gifts_secret_fields,
	.secret_load = gifts_secret_load,
	.redeal = gifts_redeal,
};
