/* Declarations shared by the engine's own files; not for other layers. */
#ifndef CARC_ENGINE_H
#define CARC_ENGINE_H

#include <stddef.h>
#include <string.h>

#include "figset.h"
#include "figure_type.h"
#include "module.h"
#include "rules.h"
#include "score_hook.h"
#include "seg_kind.h"

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
	STEP_END_GAME, /* pushed when the tiles run out (turn.c:tiles_out) */
	/* place-tile where modules answer it too (tile_options), through the
	 * step table: the hot path's tests of STEP_PLACE_TILE pass it by */
	STEP_PLACE_ANY,
	STEP_COUNT
};

static inline const struct tile_type *
game_type(const struct game *g, int type)
{
	return &g->types[type];
}

/* Actions made in a register, as the 8 bytes of a struct action: a field
 * (v, of the field's width and unsigned) at its place. Setting the fields
 * of one in memory one by one and then copying it whole stalls: the wide
 * load cannot be forwarded from the narrow stores. */
#define ACTION_FIELD_SIZE(field) sizeof(((struct action *)0)->field)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ACTION_FIELD(v, field)                                                                     \
	((uint64_t)(v) << 8 * (sizeof(struct action) - ACTION_FIELD_SIZE(field) -                  \
			       offsetof(struct action, field)))
#else
#define ACTION_FIELD(v, field) ((uint64_t)(v) << 8 * offsetof(struct action, field))
#endif
static inline struct action
action_figure(unsigned figure, unsigned slot, unsigned role)
{
	uint64_t u = ACTION_FIELD(ACT_FIGURE, kind) | ACTION_FIELD(figure, figure) |
		     ACTION_FIELD(slot, slot) | ACTION_FIELD(role, role);
	struct action a;

	memcpy(&a, &u, sizeof(a));
	return a;
}

/* A module's action on the tile at x,y: a figure type and a board slot
 * there (rules.h, at_figure and at_slot). */
static inline struct action
action_at(unsigned kind, int x, int y, unsigned figure, unsigned slot)
{
	return (struct action){.kind = (uint8_t)kind, .x = (int16_t)x, .y = (int16_t)y,
			       .at_figure = (uint8_t)figure, .at_slot = (uint8_t)slot};
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

/* The feature segment s of this turn's tile is part of: the figure and
 * scoring steps read it, and nothing joins features in between. */
static inline int
new_root(const struct game *g, int s)
{
	return g->feat[seg_instance(g->last_placed, s)].parent;
}

/* board.c */
int board_init(struct game *g, int capacity);
/* The arrays sized by the number of tiles, new (nothing kept). */
int board_alloc(struct game *g, int capacity);
int board_explain_misfit(const struct game *g, int type, int x, int y, int rot,
			 struct rules_error *err);
int board_place(struct game *g, int type, int x, int y, int rot);
int board_cell(const struct game *g, int x, int y);

/* game.c */
/* A game's allocations, kept while its fields are overwritten (a new
 * game in old memory, a copy into another game's memory). */
struct game_allocs {
	int16_t *bag;
	struct cell *cells;
	struct placed_tile *placed;
	struct action *front_place;
	uint16_t *front_need;
	int32_t *front_cell;
	uint16_t *front_before;
	struct feature *feat;
	uint32_t *tile_stamp;
	struct game_event *events;
	uint8_t *ext;
	size_t ext_cap;
	uint8_t *hid;
	size_t hid_cap;
	int bag_cap, cells_cap, alloc_capacity, cap_events;
};
void game_allocs_keep(const struct game *g, struct game_allocs *a);
void game_allocs_restore(struct game *g, const struct game_allocs *a);

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

/* Groups of four frontier entries (front_before's size), with the
 * padding that lets them be read eight at a time. */
#define FRONTIER_GROUP_PAD 8
static inline size_t
frontier_groups(int capacity)
{
	return frontier_size(capacity) / 4 + 1 + FRONTIER_GROUP_PAD;
}

bool board_fits(const struct game *g, int type, int cell, int rot);
/* A tile with walls (TILE_WALLS): its walls only against tiles. */
bool board_fits_walls(const struct game *g, int type, int cell, int rot);
int board_place_options(const struct game *g, int type, struct action *out, int cap);
/* The number of placements board_place_options lists. The draw's
 * count also notes where they are (g->front_before), so that the k-th
 * of the drawn tile's (0 <= k < that number) is found without listing
 * them, until the frontier changes. */
int board_place_count(const struct game *g, int type);
int board_drawn_count(struct game *g, int type);
struct action board_drawn_nth(const struct game *g, int k);
void frontier_remove(struct game *g, int cell);
void frontier_demand(struct game *g, int cell, int x, int y, int side, int edge);
int frontier_wants(const struct game *g, int pos, int side);

/* features.c */
int feature_find(const struct game *g, int seg);
int board_neighbours8(const struct game *g, int cell);
void feature_init_tile(struct game *g, int placed);
void feature_join_side(struct game *g, int placed, int side, int np);
int feature_tile_count(struct game *g, int root);
void feature_attrs_add(struct game *g, int seg);

/* score.c */
/* Sets the game's score hooks (a module's, at creation); the attributes
 * they read are summed from then on. */
void score_hooks_set(struct game *g, const struct score_hook *hooks, int n);
/* Adds one (a module's, modules_build); -1 when SCORE_HOOKS_MAX are set. */
int score_hook_add(struct game *g, const struct score_hook *hook);
/* The completed cities bordering the field at root, each once (FARM-9);
 * sums the attributes hooks want into g->attr_sum on the way. */
int score_field_cities(struct game *g, int root);
void score_completed(struct game *g, int placed);
void score_final(struct game *g);
/* The feature of seg scores as it stands, its event citing rule, and its
 * figures leave (a module's rule: the abbot's recall, ABBOT-6). */
void score_feature_now(struct game *g, int seg, const char *rule);
/* Points a module's rule gives a player for no feature (trade goods, an
 * end bonus): the event has no tile (tile -1), and its rule should be
 * one of the module's score_categories, which name and say them. The
 * on_score hooks get root -1. */
void score_points(struct game *g, int player, int points, const char *rule, bool final);
/* Fields scored by a module's rule (the barn, BARN-4..6), as FARM-8 with
 * the hooks' factors (score_hook.h) but from rate per city: the field of
 * segment instance field pays each player of owners (a bit per seat);
 * or, score_field_now, its majority of farmers scores in the game and
 * its figures go home (their pigs with them: figure_type_def.needs). */
void score_field_for(struct game *g, int field, int rate, unsigned owners, bool final,
		     const char *rule);
void score_field_now(struct game *g, int field, int rate, const char *rule);

/* figure_setup.c */
/* Builds g's figure-type table from the base rows and extra (modules'
 * rows), and gives every player their figures; -1 when they do not fit. */
int figure_types_build(struct game *g, const struct figure_type_def *const *extra,
		       int nextra, struct rules_error *err);

/* figures.c */
/* The figures standing on a feature (indices into g->figure, in order);
 * looks only at figures on the board and stops once it has found as many
 * as the feature counts. Branch-free inside: which figure is there is
 * random. Inlined into scoring, as before figures became data; figures_on
 * out of line. */
int figures_on(const struct game *g, int root, int16_t *idx);
int figures_on_words(const struct game *g, int root, int16_t *idx);
static HOT_INLINE int
on_feature(const struct game *g, int root, int16_t *idx)
{
	int n = 0, left = g->feat[root].figures;

	if (g->figwords != 1)
		return figures_on_words(g, root, idx);
	/* the base game: one word, one loop exit */
	for (uint64_t out = g->on_seg.w[0]; out && n < left; out &= out - 1) {
		int i = __builtin_ctzll(out);
		idx[n] = (int16_t)i;
		n += feature_find(g, g->figure[i].seg) == root;
	}
	return n;
}

/* Whether figure i has all these traits (enum figure_trait): what the
 * rules that remove or move figures ask, never its type. */
static inline bool
figure_is(const struct game *g, int i, unsigned traits)
{
	return (g->traits[g->figure[i].type] & traits) == traits;
}

/* Whether a module vetoes player's figure of this type at loc, where
 * (module.h, figure_veto); the base game pays one compare. */
static inline bool
figure_vetoed(const struct game *g, int player, int type, int loc, int where,
	      struct rules_error *err)
{
	return g->nhook[HOOK_FIGURE_VETO] &&
	       hooks_figure_veto(g, player, type, loc, where, err) < 0;
}

int figure_options(const struct game *g, int player, struct action *out, int cap);
int figure_check(const struct game *g, int player, const struct action *a,
		 struct rules_error *err);
void figure_place(struct game *g, int player, const struct action *a);
/* The primitives a module puts and moves figures with (a wagon, a
 * portal, a barn): the feature counts, the figure sets, the supply,
 * orphans (needs) and an event; -1 with err when the module's veto
 * (figure_veto) or the figure's row refuses the place. The caller checks
 * its own rule first (occupied, connected, ...).
 * figure_put: player's figure of this type from the supply onto segment
 * instance seg, anywhere on the board; its index. */
int figure_put(struct game *g, int player, int type, int seg, struct rules_error *err);
/* The same at a place off the segments (loc: enum figure_loc, at: its
 * index, figure_type.h); its index. */
int figure_put_at(struct game *g, int player, int type, int loc, int at,
		  struct rules_error *err);
/* Figure i, wherever it is, to loc at where (a segment instance for
 * LOC_SEGMENT, else the location's index), logged (EV_MOVE); the figures
 * that needed it where it was leave (figure_type_def.needs). */
int figure_move(struct game *g, int i, int loc, int where, struct rules_error *err);
/* 0 when a figure of this type of player's may be at loc, where as far as
 * its row and the modules' vetoes go (figure_move.c). */
int figure_spot_check(const struct game *g, int player, int type, int loc, int where,
		      struct rules_error *err);
/* Owner's figures on the feature at root that needed a figure no longer
 * there leave (logged or not). */
void figure_orphans(struct game *g, int root, int owner, bool log);
void figures_return(struct game *g, int root, bool final, const int16_t *idx, int n);
/* Takes figure i off the board to its owner's supply, logged or not, and
 * the figures that depended on it (figure_type_def.needs) with it. */
void figure_remove(struct game *g, int i, bool log);

/* turn.c */
extern const struct rules_step turn_base_steps[STEP_COUNT];
void turn_advance(struct game *g);
void turn_first(struct game *g); /* plans the turns and starts the first */

/* The placement rule of tiles that have one (a tile of a module's pile,
 * a river tile: catalog_use_modules): modules' place_ok / place_explain
 * hooks (hooks.c). */
static inline bool
tile_has_place_rule(const struct tile_type *t)
{
	return t->flags & TILE_PLACE_RULE;
}
bool board_place_rule_ok(const struct game *g, int type, int cell, int rot);
/* The cells a module narrows such a tile to (place_cells), or -1. */
int board_place_rule_cells(const struct game *g, int type, int *cells, int cap);
int board_place_rule_explain(const struct game *g, int type, int cell, int rot,
			     struct rules_error *err);

/* events.c */
void event_add(struct game *g, const struct game_event *ev);

/* game.c */
/* rules_options_check with the modules of mods checking their own (a
 * game: its catalogue's modules). */
int rules_options_check_in(const struct rules_options *opt, int nplayers,
			   const struct rules_module *const *mods, int nmods,
			   struct rules_error *err);

/* bag.c */
int bag_fill(struct game *g, const struct game_setup *setup, struct rules_error *err);
/* Where a tile's type goes in a shuffled pile: tile_type.draw_rank (the
 * modules' piles first, RIVER-2's order; DRAW_RANK_OUT for a start pile's
 * tile that is left out). */
int bag_tile_rank(const struct tile_type *t);

/* Lemire's multiply-and-reject: an index below bound, every one equally
 * likely, from the values stream[*k...]; the spare values make running
 * out practically impossible, and if it ever happened the last value's
 * bias would be below 2^-24. */
static inline uint32_t
bag_index(uint32_t bound, const uint32_t *stream, int *k, int nstream)
{
	uint64_t m = (uint64_t)stream[(*k)++] * bound;

	if ((uint32_t)m < bound) {
		uint32_t threshold = -bound % bound;
		while ((uint32_t)m < threshold && *k < nstream)
			m = (uint64_t)stream[(*k)++] * bound;
	}
	return (uint32_t)(m >> 32);
}

/* bag_ops.c: the bag as a draw source for modules. The tiles left to draw
 * are bag[bag_next..bag_len), the tiles set aside bag[bag_len..bag_len +
 * bag_aside). An operation that needs chance draws from a stream of its
 * own, derived from the seed and the operation's number (bag_ops): replay
 * repeats every draw, and no player can foresee one. */
/* Room for n entries of the bag, keeping those there; -1: no memory. */
int bag_room(struct game *g, int n);
/* In a blind game (no seed) a tile goes back after the tiles left: their
 * order is none there (bag_hidden.c deals each draw from the log). */
int bag_put_back(struct game *g, int type);   /* its new index, or -1 */
int bag_set_aside(struct game *g, int type);  /* -1: no copy left to draw */
int bag_take_aside(struct game *g, int type); /* -1: none set aside */
/* The first tile left with tile attribute attr becomes the next drawn,
 * the others keeping their order; -1 if none is left. For a draw the
 * rules fix (River II's lake after the volcano): no chance, and a view,
 * whose tiles left are in catalogue order, draws the same tile. */
int bag_to_front(struct game *g, int attr);
/* The tile last drawn from the bag (bag[bag_next - 1]) goes after the
 * tiles left, set aside (a copy: the drawn part keeps it, as the public
 * log does; bag_returned counts it); -1 when none was drawn. */
int bag_set_drawn_aside(struct game *g);

/* bag_hidden.c: hidden information's engine side. */
/* Sets up g's blind state from setup (a view's replay), or none. */
int hidden_init(struct game *g, const struct game_setup *setup);
/* The draw source of a blind game, last of the draw hooks: the next
 * tile of the public log becomes the pile's next (modules.c adds it). */
extern const struct rules_module hidden_blind_source;
/* For seat's computer player (game_redeal): each tile held in secret
 * that seat may not see (a blind game's stand-ins too) swaps with one of
 * the last tiles left, the i-th with bag_len - 1 - i. Done before the
 * pile is dealt afresh and again after, it deals those tiles from the
 * pile and them together, whatever the secret was. */
void hidden_swap_held(struct game *g, int seat);

#endif
