/* Declarations shared by the engine's own files; not for other layers. */
#ifndef CARC_ENGINE_H
#define CARC_ENGINE_H

#include "module.h"
#include "rules.h"

/* For the few small functions of the turn's hot path the compiler would
 * otherwise call. */
#define HOT_INLINE inline __attribute__((always_inline))

/* Steps of a turn. Decision steps stop the engine until an action comes;
 * the others run by themselves (see turn.c's step table). */
enum step_id {
	STEP_DRAW,
	STEP_PLACE_TILE,
	STEP_PLACE_FIGURE,
	STEP_SCORE,
	STEP_END_TURN,
	STEP_COUNT
};

static inline const struct tile_type *
game_type(const struct game *g, int type)
{
	return &g->cat->types[type];
}

static inline int
cell_index(const struct game *g, int x, int y)
{
	return (y + g->origin) * g->width + (x + g->origin);
}

static inline int
cell_neighbour(const struct game *g, int cell, int side)
{
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
	return cell + dy[side] * g->width + dx[side];
}

static inline int
seg_instance(int placed, int seg)
{
	return placed * TILE_SEG_MAX + seg;
}

/* board.c */
int board_init(struct game *g, int capacity);
bool board_fits(const struct game *g, int type, int cell, int rot);
int board_explain_misfit(const struct game *g, int type, int x, int y, int rot,
			 struct rules_error *err);
int board_place(struct game *g, int type, int x, int y, int rot);
int board_cell(const struct game *g, int x, int y);
int board_place_options(const struct game *g, int type, struct action *out, int cap);
bool board_has_place(const struct game *g, int type);
int board_neighbours8(const struct game *g, int cell);

/* frontier.c */
/* Frontier entries a game of capacity tiles can need: 4 empty cells around
 * the start tile, at most 2 more per tile, then the padding that lets
 * placements be listed four cells at a time (need code NEED_NOTHING). */
#define FRONTIER_PAD 4
static inline size_t
frontier_size(int capacity)
{
	return 2 * (size_t)capacity + 4 + FRONTIER_PAD;
}

void frontier_remove(struct game *g, int cell);
void frontier_demand(struct game *g, int cell, int x, int y, int side, int edge);
int frontier_wants(const struct game *g, int pos, int side);

/* features.c */
int feature_find(const struct game *g, int seg);
void feature_init_tile(struct game *g, int placed);
void feature_join_side(struct game *g, int placed, int side, int np);
void feature_note_roots(struct game *g, int placed);
int feature_tile_count(struct game *g, int root);

/* score.c */
void score_completed(struct game *g, int placed);
void score_final(struct game *g);
void score_cloister_now(struct game *g, int seg);
int figures_on(const struct game *g, int root, int16_t *idx);

/* figures.c */
void figure_rules_init(struct game *g);
int figure_options(const struct game *g, int player, struct action *out, int cap);
int figure_check(const struct game *g, int player, const struct action *a,
		 struct rules_error *err);
void figure_place(struct game *g, int player, const struct action *a);
void figures_return(struct game *g, int root, bool final, const int16_t *idx, int n);

/* turn.c */
extern const struct rules_step turn_base_steps[STEP_COUNT];
void turn_advance(struct game *g);
void turn_first(struct game *g); /* plans the turns and starts the first */

/* The placement rule of tiles that have one (a river tile): modules'
 * place_ok / place_explain hooks. */
static inline bool
tile_has_place_rule(const struct tile_type *t)
{
	return t->group != GROUP_DEFAULT && t->group != GROUP_RIVER_SPRING;
}
bool board_place_rule_ok(const struct game *g, int type, int cell, int rot);
int board_place_rule_explain(const struct game *g, int type, int cell, int rot,
			     struct rules_error *err);

/* events */
void event_add(struct game *g, const struct game_event *ev);

/* bag.c */
int bag_fill(struct game *g, const struct game_setup *setup, struct rules_error *err);

#endif
