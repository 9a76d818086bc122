/* Princess & Dragon's pieces (princess_dragon.c is the module's table):
 * the volcano and the dragon (pd_dragon.c, its tiles set aside before
 * any volcano: pd_aside.c), the fairy (pd_fairy.c), the magic portal
 * (pd_portal.c) and the princess (pd_princess.c). */
#ifndef CARC_EXP_PD_H
#define CARC_EXP_PD_H

#include "../module.h"

/* DRAGON-3: 6 moves; the start and each tile entered are visited. */
#define PD_DRAGON_MOVES 6
/* DRAGON-1: the dragon tiles that may wait aside (12 in a set, two sets) */
#define PD_ASIDE_MAX 24

/* The module's state in the game's arena (module_state). The dragon and
 * the fairy are neutral figures of the module's own: where they stand is
 * state, not a figure of any seat. */
struct pd_state {
	int16_t dragon;     /* placed index of the dragon's tile, -1 beside the board */
	int16_t fairy;      /* placed index of the fairy's tile, -1 beside the board */
	int16_t fairy_seg;  /* the segment instance of the follower it stands beside */
	int16_t fairy_fig;  /* that follower's figure index, -1 */
	int8_t moves;       /* dragon moves made in this movement phase */
	int8_t placer;      /* who placed the dragon tile of this phase */
	int16_t visited[PD_DRAGON_MOVES + 1]; /* this phase's tiles, the start first */
	int16_t aside;      /* dragon tiles set aside now (DRAGON-1) */
	int16_t aside_type[PD_ASIDE_MAX]; /* their types, in the order set aside */
	bool tiles_free;    /* UN-35: the set-aside tiles came back with no dragon */
};
struct pd_state *pd_state(const struct game *g);
/* The module's table in g (pd_state.c: by name, not by its symbol). */
const struct rules_module *pd_module(const struct game *g);

/* The segment instance an action at x, y, slot names, or -1. */
int pd_action_seg(const struct game *g, const struct action *a);

/* Whether the tile at placed shows a symbol (TA_VOLCANO, ...). */
bool pd_tile_has(const struct game *g, int placed, int attr);

/* pd_dragon.c: the volcano (VOLCANO-1/2) and the dragon's movement
 * (DRAGON-2..6) */
#define PD_NSTEPS 3
extern const struct rules_step pd_steps[PD_NSTEPS];
void pd_dragon_setup(struct game *g);
void pd_dragon_after_place(struct game *g, int placed);
int pd_dragon_veto(const struct game *g, int player, int type, int loc, int where,
		   struct rules_error *err);
int pd_dragon_parse(const struct game *g, char **w, int n, struct action *a,
		    struct rules_error *err);
int pd_dragon_format(const struct game *g, const struct action *a, char *buf, size_t n);
/* The tiles the dragon may enter now from its tile (up to cap), how many. */
int pd_dragon_steps(const struct game *g, struct action *out, int cap);

/* pd_aside.c: DRAGON-1, UN-35 */
void pd_aside_run(struct game *g, const struct frame *f);
int pd_aside_draw(struct game *g, int owner, int arg);
void pd_aside_back(struct game *g);

/* pd_fairy.c: FAIRY-1..4, UN-33, XEXP-6 */
int pd_fairy_options(const struct game *g, int player, struct action *out, int n, int cap);
int pd_fairy_parse(const struct game *g, char **w, int n, struct action *a,
		   struct rules_error *err);
int pd_fairy_format(const struct game *g, const struct action *a, char *buf, size_t n);
int pd_fairy_check(const struct game *g, int player, const struct action *a,
		   struct rules_error *err);
void pd_fairy_apply(struct game *g, int player, const struct action *a);
void pd_fairy_turn_start(struct game *g);
void pd_fairy_scored(struct game *g, int root, const int16_t *figures, int n, bool final);
/* Whether the fairy stands beside a follower now; that follower. */
int pd_fairy_follower(const struct game *g);

/* pd_portal.c: PORTAL-1/2, UN-37 */
int pd_portal_options(const struct game *g, int player, struct action *out, int n, int cap);
int pd_portal_most(const struct game *g);
int pd_portal_parse(const struct game *g, char **w, int n, struct action *a,
		    struct rules_error *err);
int pd_portal_format(const struct game *g, const struct action *a, char *buf, size_t n);
int pd_portal_check(const struct game *g, int player, const struct action *a,
		    struct rules_error *err);
void pd_portal_apply(struct game *g, int player, const struct action *a);

/* pd_princess.c: PRINCESS-1..3, UN-38 */
int pd_princess_options(const struct game *g, int player, struct action *out, int n, int cap);
int pd_princess_parse(const struct game *g, char **w, int n, struct action *a,
		      struct rules_error *err);
int pd_princess_format(const struct game *g, const struct action *a, char *buf, size_t n);
int pd_princess_check(const struct game *g, int player, const struct action *a,
		      struct rules_error *err);
void pd_princess_apply(struct game *g, int player, const struct action *a);

#endif
