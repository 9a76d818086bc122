/* Rule modules: an expansion (or any optional rule) is a table the engine
 * reads, never a test in the core (docs/architecture.md, "Rule modules").
 *
 * A game builds, once at creation, its step table (the base steps, then
 * each enabled module's), its turn plan (base steps with the modules'
 * steps inserted at named points) and one array per hook of the modules
 * that fill it. The base game has every array empty: a hook costs it one
 * compare of a zero count. */
#ifndef CARC_MODULE_H
#define CARC_MODULE_H

#include "rules.h"

/* A step of the turn. Automatic steps have run; decision steps have a
 * decision name and legal/check/apply (the owner acts, the frame says
 * who). A step with after set is part of every turn, right after the
 * step of that name; others run only when a hook or step pushes them. */
struct rules_step {
	const char *name;
	const char *decision; /* decision kind name, or NULL: automatic */
	const char *what;     /* the owner's task, after their name: "places a tile" */
	const char *after;    /* plan position, or NULL: pushed only */
	int max_actions;      /* decision: the most legal actions it can list */
	/* or, when set, that number worked out once for the game at its
	 * creation (its tiles are known: at most g->bag_len + 1 on the
	 * board), for a list that grows with the board (a wagon's moves) */
	int (*most_actions)(const struct game *g);
	/* For players (the mails, issue 21.8): what the decision does and why
	 * it is offered, said in the mail that asks it; and what to add to a
	 * turn when it may follow, said in the notice before (one mail round
	 * saved). NULL: nothing to say. */
	const char *explain;
	const char *ahead;
	/* For players: why the decision is its owner's while the turn is
	 * another's, a clause with the seats' names ("bob's road was
	 * completed: your wagon may move"), for the notice; NULL: the
	 * host's own words. Returns the length, as snprintf. */
	int (*why)(const struct game *g, const struct frame *f, const char *const *names,
		   char *buf, size_t n);
	/* The new information the decision follows, in the players' words
	 * ("Take 2's second tile: GIFTS-TAKE2-1"): its owner learns it only
	 * now, so a turn by mail ends before it (game_decision_news). NULL:
	 * none. */
	const char *news;
	/* For the maps: the cells the decision asks about while it is due
	 * (game_decision_marks), up to cap; returns how many. NULL: none. */
	int (*marks)(const struct game *g, const struct frame *f, struct rules_mark *out,
		     int cap);
	void (*run)(struct game *g, const struct frame *f);
	int (*legal)(const struct game *g, const struct frame *f, struct action *out, int cap);
	int (*check)(const struct game *g, const struct frame *f, const struct action *a,
		     struct rules_error *err);
	void (*apply)(struct game *g, const struct frame *f, const struct action *a);
};

/* An action kind a module owns: its number (enum action_kind, or a free
 * number for modules outside the tree), its text form and its rules. It
 * answers the decision step named by step: a step of the same module, or
 * a base step ("place-figure") whose legal list the module extends with
 * its figure_options hook. */
struct rules_action {
	int kind;
	const char *word; /* first word of the text form */
	const char *step;
	/* For players: the action offered in a sentence ("recall the abbot"),
	 * when the figure decision names it beside placing a figure; NULL:
	 * listed only. */
	const char *offer;
	/* w[0] is word; fills a on success */
	int (*parse)(const struct game *g, char **w, int n, struct action *a,
		     struct rules_error *err);
	int (*format)(const struct game *g, const struct action *a, char *buf, size_t n);
	int (*check)(const struct game *g, int player, const struct action *a,
		     struct rules_error *err);
	void (*apply)(struct game *g, int player, const struct action *a);
	/* Answering place-tile or place-figure, it leaves the decision to
	 * take still (a card played before the tile, a tile set aside and
	 * another drawn): the engine puts the decision's frame back, under
	 * what apply pushed. */
	bool keeps_decision;
};

/* A pile the draw deals before the main one (RIVER-2): the tiles of a
 * draw group (tile_type.group), with all of attrs when set (a pile with
 * attrs goes before a pile of the same group without: the volcano before
 * the lakes). The piles of a catalogue's modules are dealt in module
 * order, each in catalogue order or shuffled. A start pile's tiles are
 * never drawn: one in play is the start tile, in place of the base's
 * (RIVER-1). A drawn pile's tiles follow the module's place_ok hook
 * (catalog_use_modules makes both per-type data). */
struct draw_pile {
	uint8_t group; /* enum draw_group, not GROUP_DEFAULT */
	bool shuffled;
	bool start;
	tile_attrs attrs; /* TA_BIT()s */
};

/* A score event of a module's rule that is no feature's: the category
 * its points count in (score JSON, docs/state-format.md) and what they
 * are for in sentences (NULL: the feature at the event's place); an
 * event with what set (score_points_what) is said by texts[what - 1]
 * instead ("the most wine"), its rule and category the same. */
struct score_category {
	const char *rule, *category, *text;
	const char *const *texts;
	int ntexts;
};

struct rules_module {
	const char *name;
	/* For players (the mails, issue 21.8): a line on what it changes (the
	 * start mail); its symbol on the maps and what it means, said where a
	 * tile with one of symbol_attrs (TA_BIT()s) is met, on the board or
	 * drawn. NULL: none. */
	const char *summary;
	const char *symbol;
	tile_attrs symbol_attrs;
	/* Whether the module is on under these options: one line each (its
	 * bit of opt->with, module_on). */
	bool (*enabled)(const struct rules_options *opt);
	const char *const *tilesets; /* NULL-terminated tile set names it brings */
	/* For players: what a tile of its sets is, said when a game without
	 * the module is given one ("a river tile: it needs the river
	 * expansion"); NULL: its tile set and --with. */
	const char *tiles_need;
	const struct draw_pile *draw_piles; /* its tiles' piles, dealt first */
	int ndraw_piles;
	const struct figure_type_def *const *figure_types; /* its figure types' rows */
	int nfigure_types;
	const struct rules_step *steps;
	int nsteps;
	const struct rules_action *actions;
	int nactions;
	/* What it changes in features' values (score_hook.h): the game runs
	 * each hook once, in module order, even when two modules bring it
	 * (River II's and Games Quarterly's pigsty). */
	const struct score_hook *score_hooks;
	int nscore_hooks;
	const struct score_category *score_categories;
	int nscore_categories;
	/* Bytes of module state in the game's arena (module_state), kept by
	 * copies and clones; zeroed before setup. */
	size_t (*state_size)(const struct game *g);

	/* Hooks; NULL when the module has none. */
	void (*setup)(struct game *g);                  /* before figures are made */
	void (*start)(struct game *g, int placed);      /* the start tile is down */
	void (*after_place)(struct game *g, int placed);
	/* Whether a tile with a placement rule of its own (tile_type.group not
	 * DEFAULT) may go there; explain says why not (0 when it may). */
	bool (*place_ok)(const struct game *g, int type, int cell, int rot);
	int (*place_explain)(const struct game *g, int type, int cell, int rot,
			     struct rules_error *err);
	/* The only cells such a tile may take (the river's open ends), up
	 * to cap of them, so the frontier is not searched; place_ok still
	 * decides. -1: any cell (or more than cap). NULL: any cell. */
	int (*place_cells)(const struct game *g, int type, int *cells, int cap);
	/* Each road, city, monastery or garden the tile completed, with
	 * figures on it or not, in UN-06 order, before any of them scores. */
	void (*on_complete)(struct game *g, int root);
	/* Points a player got for a feature (in the game or at its end). */
	void (*on_score)(struct game *g, int root, int player, int points);
	/* A feature with figures was scored (in the game, by a module's
	 * rule, or at the end; fields included), after its points: figures
	 * (n of them, g->figure indices) are those that stood on it, now gone
	 * home but a field's farmers. A module may put one somewhere else
	 * (the wagon moves on, WAGON-*). */
	void (*feature_scored)(struct game *g, int root, const int16_t *figures, int n,
			       bool final);
	void (*turn_start)(struct game *g);
	/* A round added with turn_add_round_why (a tile drawn blind: the
	 * builder's second) is about to draw for owner: as turn_start for
	 * the turn, it may push decisions to take before that draw (the
	 * abbey in place of it, UN-29); the draw runs after them unless one
	 * drops it (turn_skip). */
	void (*round_draw)(struct game *g, int owner);
	/* Adds the player's extra options to a figure decision's list (n so
	 * far, writes up to cap, returns the new count); at most
	 * max_figure_options of them (or most_figure_options(g), when set,
	 * as most_actions). */
	int (*figure_options)(const struct game *g, int player, struct action *out, int n,
			      int cap);
	int max_figure_options;
	int (*most_figure_options)(const struct game *g);
	/* Whether player's figure of this type may NOT go to loc (enum
	 * figure_loc) at where (a segment instance for LOC_SEGMENT, else the
	 * location's index): 0 when it may, else -1 with the rule and why in
	 * err (which may be NULL). The figure decision's list and check and
	 * the primitives figure_put and figure_move ask it (the volcano, a
	 * barn's field, the dragon's tile). */
	int (*figure_veto)(const struct game *g, int player, int type, int loc, int where,
			   struct rules_error *err);
	void (*final_scoring)(struct game *g);
	/* The pile is empty (BASE-END-1): it may push decisions (turn_push)
	 * to take before final scoring, such as a last round (UN-29). */
	void (*end_game)(struct game *g);
	/* The draw: a tile of its own sources for owner (a second pile, the
	 * player's supply; arg as the draw frame's), or -1 to let the next
	 * module or the bag give it. Such a tile is not the bag's: it cannot
	 * be set aside (game_set_drawn_aside). */
	int (*draw)(struct game *g, int owner, int arg);
	/* Tiles it may put on the board from outside the bag (its piles and
	 * supplies), for the board's capacity; 0 when NULL. */
	int (*extra_tiles)(const struct game *g);
	/* Adds the player's extra answers to a place-tile decision (its
	 * actions whose step is "place-tile": an abbey in place of the
	 * tile), as figure_options does: at most 4 per empty cell next to
	 * the board (a tile of its own, turn_place_tile) and
	 * max_tile_options others. A module with such actions must have it. */
	int (*tile_options)(const struct game *g, int player, struct action *out, int n,
			    int cap);
	int max_tile_options;
	/* Refuses options of its own that make no sense (with the rule). */
	int (*check_options)(const struct rules_options *opt, struct rules_error *err);
	/* Its state for the game file: up to cap fields, returns how many. */
	int (*state_fields)(const struct game *g, struct rules_field *out, int cap);
	/* The tokens it hands to players (game_tokens): writes up to cap,
	 * returns how many it has. */
	int (*tokens)(const struct game *g, struct rules_token *out, int cap);
	/* Its neutral figures on the board (game_neutrals): writes up to
	 * cap, returns how many it has. */
	int (*neutrals)(const struct game *g, struct rules_neutral *out, int cap);
	/* What seat holds of its stocks (game_holdings): writes up to cap,
	 * returns how many it has. */
	int (*holdings)(const struct game *g, int seat, struct rules_holding *out, int cap);

	/* Hidden information (docs/architecture.md, "Hidden information").
	 * Public counts (cards in each hand, the deck, the discard pile) go
	 * in state_fields; what only one seat may see goes here. */
	/* What seat holds that only seat may see (a hand of cards: counts
	 * per card kind), as state_fields: written in that player's view as
	 * you.secret.<module> and in the host's as
	 * secret.modules.<module>.<player>; never in the public core,
	 * public events, other players' mails or the state hash. */
	int (*secret_fields)(const struct game *g, int seat, struct rules_field *out, int cap);
	/* A player view's replay is blind (game_blind: the module dealt
	 * values it could not know); the loader hands the viewer seat its
	 * own secret fields back (in from the view, n of them): the module
	 * takes them as seat's, or returns -1 with err (its text naming the
	 * field's key) when they disagree with the replay (the counts). */
	int (*secret_load)(struct game *g, int seat, const struct rules_field *in, int n,
			   struct rules_error *err);
	/* For the computer player of seat (game_redeal): deals every value
	 * seat cannot know (other seats' hands, the deck's order) afresh,
	 * from what seat cannot see, with below(ctx, n) uniform in 0..n-1;
	 * what seat sees (its own hand, public counts) stays. */
	void (*redeal)(struct game *g, int seat, uint32_t (*below)(void *ctx, uint32_t n),
		       void *ctx);
};

/* The modules built into the program (src/rules/exp/modules.c); the
 * catalogue lists them (catalog.modules), a test may list more. Only
 * builtin.c, the top of the engine, names them. */
extern const struct rules_module *const rules_builtin_modules[];
extern const int rules_builtin_nmodules;

/* catalog_modules.c: gives the catalogue its modules and makes what
 * their tables say of each tile type (tile_type.draw_rank, TILE_PLACE_RULE,
 * catalog.draw_shuffled); -1 with err when they have more piles than
 * DRAW_PILES_MAX. A catalogue given other modules calls it again. */
int catalog_use_modules(struct catalog *cat, const struct rules_module *const *mods, int n,
			struct rules_error *err);
/* The same for the types from `from` on, with the modules it has (a
 * tile set parsed into it: catalog_parse). */
void catalog_types_use_modules(struct catalog *cat, int from);

/* modules.c (engine side) */
int modules_build(struct game *g, struct rules_error *err);
/* The tiles the modules on may play from outside the bag (extra_tiles). */
int modules_extra_tiles(const struct game *g);
void *module_state(const struct game *g, const struct rules_module *m);
/* The game's step number for a module's step i (to push it). */
int module_step(const struct game *g, const struct rules_module *m, int i);
/* The index in game_tokens of the module's first token. */
int module_token0(const struct game *g, const struct rules_module *m);
/* The index in game_holdings of the module's first stock. */
int module_holding0(const struct game *g, const struct rules_module *m);
/* Pushes a frame on the turn's stack: it runs next. Frames pushed one
 * after another run last pushed first. -1 when the stack is full
 * (turn.c). */
int turn_push(struct game *g, int step, int owner, int arg);
/* turn_rounds.c: another round of the turn for owner (a sub-turn: draw,
 * place-tile, place-figure, score and the steps modules put between
 * them), after the score step of the round under way; the steps after
 * the score and the end of the turn run once, after the last round. -1
 * when the stack is full. */
int turn_add_round(struct game *g, int owner);
/* The same for a round whose tile is drawn blind from the pile (the
 * builder's second tile, BUILDER-3), saying why in the players' words
 * (game_turn_why: the notices name it): new information, so a turn by
 * mail ends before it, and the player gets a notice of its own. The
 * round_draw hooks run before its draw (the abbey in its place). */
int turn_add_round_why(struct game *g, int owner, const char *why);
/* A draw frame's argument: the turn's first draw (0, the plan's), a
 * second tile of the same turn, or that after the round_draw hooks. */
enum { DRAW_FIRST, DRAW_SECOND, DRAW_ROUND_ASK };
/* Drops the pending frame of step in the round under way (no figure
 * decision on River II's volcano); -1 when there is none. */
int turn_skip(struct game *g, int step);
/* The tiles of this turn: 1 + the rounds modules added to it, run or to
 * come ("never a third tile"). It counts from the turn's first draw on:
 * a round added before it (a turn_start hook) counts for the turn before. */
int game_turn_tiles(const struct game *g);
/* turn.c: sets the drawn tile aside, after the tiles left to draw (bag
 * positions: engine.h), and draws another for owner in the same turn; -1
 * when no tile is drawn or it is none of the bag's (a module's draw). */
int game_set_drawn_aside(struct game *g, int owner);
/* turn.c: places a tile of type for owner, not the drawn one (an abbey
 * from the player's supply): where a->x, a->y, a->rot say, if it fits
 * there; the round goes on with it as the drawn tile's would (after_place
 * hooks, the figure decision on it). The drawn tile, if any, is the
 * module's to put back or aside first. A tile with walls (the abbey's)
 * fits where every wall faces a tile (board_fits_walls). -1 when it does
 * not fit or the board has no room (extra_tiles). */
int turn_place_tile(struct game *g, int owner, int type, const struct action *a);

/* hooks.c: the game's module tables as the turn reads them */
const struct rules_action *module_action(const struct game *g, int kind);
/* A module action by kind (word NULL) or by its first word, among mods. */
const struct rules_action *module_action_among(const struct rules_module *const *mods,
					       int n, int kind, const char *word);
/* The name of the module of g's catalogue that owns a. */
const char *module_of_action(const struct game *g, const struct rules_action *a);
/* figure_type.c: every figure row of mods, their modules on or off: the
 * follower's, then theirs, each row once. Returns how many, writing up
 * to cap. */
int figure_types_among(const struct rules_module *const *mods, int nmods,
		       const struct figure_type_def **out, int cap);
/* action_at.c: the text of a module's action on a tile other than the
 * one placed (struct action's x, y, at_figure, at_slot, made by
 * action_at): "WORD X Y PLACE" for a given figure type (a wagon's move),
 * or, figure -1, "WORD X Y ROLE PLACE" with the type the role word names
 * (a portal); w[0] is the word, PLACE a place of the tile at x,y as it
 * is turned. Formatted back the same, the role word if role. */
int action_parse_at(const struct game *g, char **w, int n, int kind, int figure,
		    struct action *a, struct rules_error *err);
int action_format_at(const struct game *g, const struct action *a, const char *word, bool role,
		     char *buf, size_t n);
/* action_at.c: "WORD X Y" (w[0] the word, n words in all) as an action
 * of kind at x,y (an escape, an abbey); -1 when it is not that. */
int action_parse_xy(char **w, int n, int kind, struct action *a);
/* action_at.c: the slot a place word names, without a tile ("NE");
 * -1 with how to write one. */
int action_place_slot(const char *word, int *slot, struct rules_error *err);
/* action_at.c: s as a whole number from lo to hi in *out; -1 if not. */
int action_parse_long(const char *s, long lo, long hi, long *out);
/* builtin.c: module_action_among g's modules on, then its catalogue's
 * (a word two modules share is the one this game plays), the built-in
 * ones when g is NULL. */
const struct rules_action *module_action_find(const struct game *g, int kind,
					      const char *word);

/* The hot path's hooks (hooks.c), out of line (cold: the base game has
 * none): callers test the count first, so the base game pays a load and
 * a branch, no call. */
#define HOOKS_COLD __attribute__((noinline, cold))
HOOKS_COLD void hooks_turn_start(struct game *g);
HOOKS_COLD void hooks_after_place(struct game *g, int placed);
HOOKS_COLD int hooks_figure_options(const struct game *g, int player, struct action *out,
				    int n, int cap);
HOOKS_COLD void hooks_complete(struct game *g, int root);
HOOKS_COLD void hooks_score(struct game *g, int root, int player, int points);
HOOKS_COLD int hooks_figure_veto(const struct game *g, int player, int type, int loc,
				 int where, struct rules_error *err);
HOOKS_COLD void hooks_feature_scored(struct game *g, int root, const int16_t *figures, int n,
				     bool final);
HOOKS_COLD int hooks_draw(struct game *g, int owner, int arg);
HOOKS_COLD int hooks_tile_options(const struct game *g, int player, struct action *out, int n,
				  int cap);

#define FOR_HOOK(g, id, m) \
	for (const struct rules_module *const *m = (g)->hook[id]; \
	     m < (g)->hook[id] + (g)->nhook[id]; m++)

#endif
