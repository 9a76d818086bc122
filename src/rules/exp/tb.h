/* Traders & Builders' pieces (traders_builders.c is the module's table):
 * the builder (tb_builder.c), the pig (tb_pig.c) and the trade goods
 * (tb_goods.c). */
#ifndef CARC_TB_H
#define CARC_TB_H

#include "../figure_type.h"
#include "../rules.h"

struct game;

extern const struct figure_type_def figure_type_builder, figure_type_pig;

/* BUILDER-3: a tile extending a road or city with its player's builder
 * gives him a second tile this turn (never a third: BUILDER-5). */
void tb_builder_after_place(struct game *g, int placed);

/* PIG-3: an owner of the field with his pig on it scores one more a
 * city. */
int tb_pig_field_rate(struct game *g, int field, int player, int rate);

/* TRADE-1, TRADE-2: the goods' tokens per seat, module state. */
enum tb_good { TB_WINE, TB_GRAIN, TB_CLOTH, TB_GOODS };
struct tb_state {
	int goods[TB_GOODS][MAX_PLAYERS];
};
struct tb_state *tb_state_of(const struct game *g);
void tb_goods_on_complete(struct game *g, int root);
void tb_goods_final(struct game *g);
extern const char *const tb_goods_most[TB_GOODS];
int tb_goods_fields(const struct game *g, struct rules_field *out, int cap);
int tb_goods_holdings(const struct game *g, int seat, struct rules_holding *out, int cap);

#endif
