/* Trade goods (RULES.md 13, TRADE-1, TRADE-2, UN-40, EX-TB-04/05): who
 * completes a city takes a token per good symbol in it, whoever holds
 * it; at the end, per good, the most tokens score 10, every tied player
 * alike, with at least one token. Tokens per seat are module state (the
 * game file's lists, the players' holdings in show and the mails). */
#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "tb.h"

static const struct {
	int attr;
	const char *name, *rule;
} goods[TB_GOODS] = {
	[TB_WINE] = {TA_WINE, "wine", "TRADE-2"},
	[TB_GRAIN] = {TA_GRAIN, "grain", "TRADE-2"},
	[TB_CLOTH] = {TA_CLOTH, "cloth", "TRADE-2"},
};

/* TRADE-1: the tile's placer (an abbey's, too) completed the city; what
 * he takes is told (EV_TAKE), a good at a time. */
void
tb_goods_on_complete(struct game *g, int root)
{
	struct tb_state *st = tb_state_of(g);
	const struct placed_tile *last = &g->placed[g->last_placed];
	int placer = last->player, seg = root, took[TB_GOODS] = {0};

	if (seg_kinds[g->feat[root].kind].edge != EDGE_CITY || placer < 0)
		return;
	do {
		const struct tile_type *t = game_type(g, g->placed[seg / TILE_SEG_MAX].type);
		for (int k = 0; k < TB_GOODS; k++)
			took[k] += tile_attr_count(t, seg % TILE_SEG_MAX, goods[k].attr);
		seg = g->feat[seg].next;
	} while (seg != root);
	for (int k = 0; k < TB_GOODS; k++) {
		if (took[k] == 0)
			continue;
		st->goods[k][placer] += took[k];
		event_add(g, &(struct game_event){
				     .kind = EV_TAKE,
				     .player = (int8_t)placer,
				     .x = last->x,
				     .y = last->y,
				     .tile = (int16_t)last->type,
				     .figure = (uint8_t)(module_holding0(g, &traders_builders_module) + k),
				     .points = (int16_t)took[k],
				     .rule = "TRADE-1",
			     });
	}
}

/* TRADE-2's score lines, by good ("10 for the most wine"). */
const char *const tb_goods_most[TB_GOODS] = {
	[TB_WINE] = "the most wine",
	[TB_GRAIN] = "the most grain",
	[TB_CLOTH] = "the most cloth",
};

/* TRADE-2, UN-40: the event says which good (tb_goods_most). */
void
tb_goods_final(struct game *g)
{
	const struct tb_state *st = tb_state_of(g);

	for (int k = 0; k < TB_GOODS; k++) {
		int best = 1;
		for (int p = 0; p < g->nplayers; p++)
			best = st->goods[k][p] > best ? st->goods[k][p] : best;
		for (int p = 0; p < g->nplayers; p++)
			if (st->goods[k][p] == best)
				score_points_what(g, p, 10, goods[k].rule, true, k + 1);
	}
}

int
tb_goods_fields(const struct game *g, struct rules_field *out, int cap)
{
	const struct tb_state *st = tb_state_of(g);

	for (int k = 0; k < TB_GOODS && k < cap; k++)
		out[k] = (struct rules_field){.key = goods[k].name,
					      .values = st->goods[k],
					      .nvalues = g->nplayers};
	return TB_GOODS;
}

int
tb_goods_holdings(const struct game *g, int seat, struct rules_holding *out, int cap)
{
	const struct tb_state *st = tb_state_of(g);

	for (int k = 0; k < TB_GOODS && k < cap; k++)
		out[k] = (struct rules_holding){goods[k].name, st->goods[k][seat], NULL};
	return TB_GOODS;
}
