/* The rules engine: a game is a sequence of decision points, each owned by
 * one player, each with a closed list of legal actions. Between decisions
 * the engine runs the automatic steps (draw, scoring, returns) itself.
 *
 * Pure C: no I/O, no global mutable state. Everything lives in struct game,
 * which other layers may read but only this engine writes.
 */
#ifndef CARC_RULES_H
#define CARC_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "figure_type.h"
#include "module_id.h"
#include "rules_error.h"
#include "score_hook.h"
#include "seg_kind.h"
#include "tile.h"

#define MAX_PLAYERS 6
#define FOLLOWERS_PER_PLAYER 7
#define SEED_BYTES 32

/* Figure types: an id per row of figure_type.h's tables. Modules number
 * theirs after FIG_BASE_COUNT, below FIG_TYPE_MAX. */
enum figure_type { FIG_FOLLOWER, FIG_ABBOT, FIG_BASE_COUNT };
#define FIG_TYPE_MAX 16
/* Figures of all players in one game (5 players x 13 and more). */
#define FIGURES_MAX (MAX_PLAYERS * 24)
#define FIGSET_WORDS ((FIGURES_MAX + 63) / 64)

/* A set of figures, a bit per index into game.figure (figset.h). */
struct figset {
	uint64_t w[FIGSET_WORDS];
};

/* How the river may bend (RIVER-4, CF-06; see docs/rules-decisions.md). */
enum river_uturn {
	RIVER_UTURN_CURVES, /* no two curves in a row in the same direction */
	RIVER_UTURN_AREA    /* the square area ahead of an open end must be free */
};

/* Who moves the dragon (DRAGON-3; docs/rules-decisions.md): each player
 * in turn (the rules), or the turn's player alone (a house rule). */
enum dragon_moves {
	DRAGON_MOVES_EACH,
	DRAGON_MOVES_CURRENT
};

struct rules_options {
	int edition;   /* 1 or 2 (2nd edition tile set, with gardens) */
	bool farmers;  /* FARM */
	int river_uturn; /* enum river_uturn */
	uint32_t with; /* a bit per enum module_id (MODULE_BIT) */
	int dragon_moves; /* enum dragon_moves (Princess & Dragon) */
};

struct rules_module;

struct game_setup {
	struct rules_options opt;
	int nplayers;              /* 1..5 (6 when a module allows, module_check) */
	int first_player;          /* seat that moves first (CF-04) */
	uint8_t seed[SEED_BYTES];  /* shuffles the bag */
	const int *order;          /* if not NULL: the bag is exactly these types, in order */
	int norder;
	int start;                 /* start tile type, or -1 for the rule set's own */
	/* A game replayed from a public or player view (game_blind): order
	 * is then the tiles of the pile in any order (no seed shuffles
	 * them), and every draw from the pile follows log, the public log
	 * of the tiles drawn (nlog of them; TILE_UNKNOWN where a tile was
	 * seen by one player only). viewer: the seat whose view it is, or
	 * -1 for the public view. */
	bool blind;
	int viewer;
	const int *log;
	int nlog;
};

/* A tile type nobody but the host (and maybe its owner) knows: a tile
 * drawn in secret, as a game replayed from a view (game_blind) has it. */
#define TILE_UNKNOWN (-2)

/* The base decisions; a module's decision steps get kinds from
 * DECISION_BASE_COUNT on (their names say what they are). */
enum decision_kind {
	DECISION_PLACE_TILE,
	DECISION_PLACE_FIGURE,
	DECISION_GAME_OVER,
	DECISION_BASE_COUNT
};

struct decision {
	int kind;   /* enum decision_kind, or a module's */
	int player; /* owner of the decision (its frame's); -1 when the game is over */
	int tile;   /* tile type drawn (place-tile) or last placed, or -1 */
	int arg;    /* the frame's argument (module decisions) */
	const char *name; /* "place-tile", "place-figure", "game-over" or a module's */
	const char *what; /* the owner's task after their name: "places a tile" */
};

enum action_kind {
	ACT_PLACE_TILE,  /* place X Y ROT */
	ACT_FIGURE,      /* thief/knight/monk/farmer/abbot on a slot of the new tile */
	ACT_PASS,        /* no figure this turn */
	ACT_BASE_COUNT   /* the built-in modules number theirs from here (exp/exp.h) */
};
/* Modules outside the tree number theirs from here (the built-in ones'
 * are below it, exp/exp.h). */
#define ACT_KIND_COUNT 16
#define ACT_KIND_MAX 32

struct action {
	uint8_t kind; /* enum action_kind */
	uint8_t rot;  /* place: quarter turns clockwise 0..3 */
	union {       /* kept small (8 bytes, one store): legal-action lists are hot */
		struct {
			/* place, and a module's action on a tile other than
			 * the one placed (a wagon's move, a portal): the cell;
			 * x grows east, y grows south */
			int16_t x, y;
			/* an action on the tile at x,y: a figure type and the
			 * board slot naming a segment there (action_at); zero
			 * for place, whose list is copied raw (front_place) */
			uint8_t at_figure, at_slot;
		};
		struct {
			uint8_t figure; /* figure: enum figure_type */
			uint8_t slot;   /* figure: board slot naming the segment, or SLOT_CENTRE */
			uint8_t role;   /* figure: the seg_kind its role word names, or
					   SEG_KIND_COUNT when any fits (abbot) */
		};
	};
};
_Static_assert(sizeof(struct action) == 8, "an action is one 8-byte store");

/* ---- state (read-only outside src/rules) ---- */

struct figure {
	int32_t at;    /* index of a location other than a segment, or -1 */
	int16_t seg;   /* segment instance it stands on, or -1 (not on one) */
	uint8_t owner;
	uint8_t type;  /* enum figure_type */
	uint8_t loc;   /* enum figure_loc (figure_type.h) */
};

struct player_state {
	int score;
	uint8_t supply[FIG_TYPE_MAX];
};

struct placed_tile {
	uint16_t type;
	uint8_t rot;
	int16_t x, y;
	int32_t cell;
	int16_t turn;   /* turn number it was placed in; 0 = start tile */
	int8_t player;  /* who placed it; -1 for the start tile */
	bool cloister;  /* has a monastery or garden at its centre */
	uint8_t around; /* cloister: tiles among its 8 surrounding cells */
	uint8_t slot_seg[SLOT_COUNT]; /* segment at each board slot (its type's, turned):
					 joining neighbours reads it here */
};

struct cell {
	int16_t placed;     /* index into placed[]; when empty, negative: -1 minus
			       the monasteries and gardens among the 8 cells
			       around (so placing next to none skips them) */
	int16_t frontier;   /* index into the frontier arrays, or -1 */
};

/* One entry per segment instance (placed index * TILE_SEG_MAX + segment);
 * the summary fields are valid at the union-find root. */
struct feature {
	int16_t parent;
	int16_t next;     /* circular list of the feature's segments */
	uint8_t kind;     /* enum seg_kind */
	uint8_t shields;
	uint8_t mark;     /* scratch for counting distinct features */
	uint8_t figures;  /* figures standing on the feature; apart from shields,
			     so joining adds them with separate byte loads (one
			     load over two fresh stores would stall) */
	uint16_t open;    /* open sides (road, city); complete at 0 */
	uint16_t size;    /* segments, for union by size */
};

enum event_kind {
	EV_PLACE_TILE,
	EV_PLACE_FIGURE,
	EV_SCORE,        /* points to one player for one feature */
	EV_RETURN,       /* a figure went back to its owner's supply */
	EV_DISCARD,      /* drawn tile fitted nowhere (BASE-TILE-5) */
	EV_GAME_OVER,
	EV_TOKEN,        /* a module's token went to player (figure: its index
			    in game_tokens; points: the size that won it) */
	EV_MOVE,         /* a module put or moved player's figure (figure_move):
			    x, y, slot, seg_kind where it went; rot its enum
			    figure_loc, points its index off the segments */
	EV_TAKE,         /* player took points of a module's stock (figure:
			    its index in game_holdings): trade goods */
	EV_NOTE          /* what player did, in a module's words: rule is the
			    static sentence after the player's name ("opens
			    Synod (GIFTS-SYNOD-1)"), told to every player;
			    with what 1, the place x, y follows it */
};

struct game_event {
	uint8_t kind;      /* enum event_kind */
	int8_t player;
	uint8_t seg_kind;  /* score: the feature kind */
	uint8_t final;     /* score: end-game scoring */
	int16_t points;
	int16_t x, y;      /* a tile of the feature / the tile placed */
	int16_t turn;
	int16_t tile;      /* tile type, or -1 */
	uint8_t figure;    /* place-figure, return: enum figure_type */
	uint8_t slot;      /* place-figure: board slot */
	uint8_t rot;       /* place-tile: rotation */
	uint8_t seg;       /* score: the feature's segment on the tile at x,y */
	/* 0: a public event; else 1 + the only seat that may see it (a
	 * module's event that carries a secret: a card drawn, a tile kept
	 * back). Views and mails of others never show it; in a blind game
	 * its tile may be TILE_UNKNOWN. */
	uint8_t secret_of;
	/* score for no feature: 0, or 1 + the index of the words of its
	 * rule's score_category that say it (which trade good) */
	uint8_t what;
	const char *rule;  /* score: the RULES.md id of the value ("FARM-8"), static */
};

/* One entry of the turn's stack: a step, the player it is for and an
 * argument of the step's own (module steps). */
struct frame {
	uint8_t step;  /* index into game.steps */
	int8_t owner;  /* the seat whose decision it is, or for whom it runs */
	int16_t arg;
};

#define TURN_PLAN_MAX 16
#define FRAME_MAX 64
#define MODULES_MAX 16
#define STEPS_MAX 32
/* The modules' hooks (module.h says what each is); struct game holds an
 * array of modules per hook, sized by the list: a new hook is a new line. */
enum hook_id {
	HOOK_SETUP,
	HOOK_START,
	HOOK_AFTER_PLACE,
	HOOK_PLACE_OK,
	HOOK_COMPLETE,
	HOOK_SCORE,
	HOOK_TURN_START,
	HOOK_FIGURE_OPTIONS,
	HOOK_FINAL,
	HOOK_STATE,
	HOOK_FIGURE_VETO,
	HOOK_FEATURE_SCORED,
	HOOK_END_GAME,
	HOOK_DRAW,
	HOOK_TILE_OPTIONS,
	HOOK_ROUND_DRAW,
	HOOK_COUNT
};
#define SCORE_HOOKS_MAX 8

struct game {
	const struct catalog *cat;
	const struct tile_type *types; /* cat->types: one load less in the hot path */
	struct rules_options opt;
	int nplayers;
	uint8_t seed[SEED_BYTES];
	struct player_state player[MAX_PLAYERS];
	struct figure figure[FIGURES_MAX];
	int nfigures, figwords; /* figures, and the set words they need */
	struct figset home;     /* figures in their owner's supply */
	struct figset on_seg;   /* figures standing on a segment */
	/* figure[fig_first[p][t] ..] are p's figures of type t, supply[t] of them */
	uint8_t fig_first[MAX_PLAYERS][FIG_TYPE_MAX];
	/* figure types in this game (figure_type.h), built at creation */
	const struct figure_type_def *ftype[FIG_TYPE_MAX]; /* NULL: not in it */
	uint8_t ftypes[FIG_TYPE_MAX]; /* their ids, in table order */
	int nftypes;
	int fig_hi;                     /* 1 + the highest type id in the table */
	uint16_t own_role;              /* bit per type that has its own role word */
	uint16_t allowed[FIG_TYPE_MAX]; /* per type, a bit per seg_kind it may occupy */
	int8_t strength[FIG_TYPE_MAX];  /* per type, its constant strength */
	uint16_t traits[FIG_TYPE_MAX];  /* per type, enum figure_trait bits */
	/* only base types, each occupying, returning, of strength 1 and
	 * needing nothing (the base game): the short paths */
	bool fig_plain;
	/* bit per seg_kind that scores with its figures / as a farm (seg_kind.h) */
	uint16_t score_kinds, farm_kinds;
	uint64_t attr_want;   /* tile_attr bits a module sums over features */
	uint16_t attr_sum[64]; /* scratch: their counts in the last walk (TILE_ATTRS_MAX) */
	/* run on every feature value: the enabled modules' (module.h) */
	const struct score_hook *score_hooks[SCORE_HOOKS_MAX];
	int nscore_hooks;
	int nfield_hooks; /* those with city_weight or field_rate */
	/* scratch: a score hook's rule for the value it gave ("CATHARS-3"),
	 * or NULL: the kind's own rule */
	const char *score_rule;

	/* draw pile: drawn, then left to draw, then set aside (bag_ops.c) */
	int16_t *bag;
	int bag_len, bag_next;
	int bag_aside;     /* tiles set aside after bag_len */
	uint32_t bag_ops;  /* bag operations so far: each has its own stream */
	int bag_returned;  /* tiles put back into the pile (game_put_back) */
	/* hidden information (bag_hidden.c): a blind game (game_blind) and
	 * its viewer; the tiles drawn in secret and a blind game's public
	 * log live in hid, hid_size bytes of it in use (0: none) */
	bool blind;
	int8_t viewer;
	uint8_t *hid;
	size_t hid_size, hid_cap;
	int start_type;

	/* board */
	int capacity;        /* tiles the game can hold */
	int width, origin;   /* grid side (grows as needed) and offset of (0,0) */
	struct cell *cells;
	struct placed_tile *placed;
	int nplaced;
	/* frontier: the empty cells next to the board, as parallel arrays
	 * (listing placements reads only the first two) */
	struct action *front_place; /* "place x y 0" */
	uint16_t *front_need;  /* the edges demanded: index into tile_type.fits;
				  NEED_NOTHING for a few entries past the end */
	int32_t *front_cell;
	uint16_t *front_before; /* the drawn tile's placements before each
				   group of four cells (board_drawn_count) */
	int nfrontier;
	struct feature *feat;
	uint32_t *tile_stamp, stamp_gen; /* scratch for counting distinct tiles */
	uint8_t mark_gen;                /* scratch for feature.mark */

	int16_t cloisters_done[9]; /* monasteries/gardens the last tile surrounded */
	/* roads and cities the last tile's walls completed (EDGE_WALL) */
	int16_t walls_done[4];
	int nwalls_done;
	int ncloisters_done;

	/* rule modules (module.h), built once at creation */
	const struct rules_module *mods[MODULES_MAX];
	int nmods;
	uint8_t mod_step0[MODULES_MAX];  /* its first step in steps[] */
	uint32_t mod_off[MODULES_MAX];   /* its state in ext[] */
	const struct rules_step *steps[STEPS_MAX];
	int nsteps;
	const struct rules_module *hook[HOOK_COUNT][MODULES_MAX];
	uint8_t nhook[HOOK_COUNT];
	const struct rules_action *act[ACT_KIND_MAX]; /* module action kinds on */
	int legal_extra; /* the most legal actions modules add to a decision */
	bool plain_turn; /* no module on: the base plan, no hooks, no pushes */
	uint8_t *ext;        /* modules' state */
	size_t ext_size, ext_cap;

	/* turn machine: the turn's plan (also as each player's frames, last
	 * step first) and the stack of frames */
	uint8_t plan[TURN_PLAN_MAX];
	struct frame plan_frames[MAX_PLAYERS][TURN_PLAN_MAX];
	int nplan;
	struct frame frames[FRAME_MAX];
	int nframes;
	int turn;            /* turns started so far */
	int current;         /* player whose turn it is */
	int drawn;           /* tile type drawn this turn, or -1 */
	int drawn_places;    /* its placements, counted by the draw */
	int last_placed;     /* placed index of this turn's tile, or -1 */
	bool new_closed;     /* placing it completed a road or city */
	bool over;
	bool ending;        /* the tiles ran out: the end-game step is pushed */
	bool drawn_outside; /* the drawn tile came from a module's source */
	/* rounds modules added to turn rounds_turn (turn_rounds.c) */
	int rounds_turn, rounds_added;
	const char *rounds_why; /* why a round was added (turn_add_round_why), or NULL */

	struct game_event *events;
	int nevents, cap_events;

	/* allocation sizes, kept by game_reset so a new game reuses them */
	int alloc_capacity; /* placed (+1), frontier, feat, tile_stamp */
	int bag_cap, cells_cap;
};

/* ---- API ---- */

void rules_options_default(struct rules_options *opt);
int rules_options_check(const struct rules_options *opt, int nplayers,
			struct rules_error *err);

struct game *game_new(const struct catalog *cat, const struct game_setup *setup,
		      struct rules_error *err);
/* Starts a new game in g's memory (the same catalogue), reusing its
 * allocations: for callers playing many games (selfplay, bots). On
 * failure g can only be freed. */
int game_reset(struct game *g, const struct game_setup *setup, struct rules_error *err);
void game_free(struct game *g);
struct game *game_clone(const struct game *g);
/* Makes dst (a game of the same catalogue, e.g. a clone made once) a
 * copy of src in dst's own memory, without src's event log: for callers
 * trying many moves (computer players). -1 when out of memory or not
 * the same catalogue; dst can then only be freed or copied into. */
int game_copy(struct game *dst, const struct game *src);

void game_decision(const struct game *g, struct decision *out);
/* Upper bound for game_legal_actions' count in the current decision. */
int game_legal_max(const struct game *g);
/* Upper bound for any decision of the whole game: one buffer this big
 * serves every call (computer players, playouts). */
int game_legal_cap(const struct game *g);
/* Writes up to cap legal actions; returns how many there are. */
int game_legal_actions(const struct game *g, struct action *out, int cap);
/* For a choice by index without listing every placement (random
 * playouts): the number of legal actions, then the k-th of them in
 * game_legal_actions' order (0 <= k < that number, which the caller
 * clamps to cap). buf (cap actions) holds the list in decisions other
 * than a tile placement; game_legal_nth reads it there. */
int game_legal_count(const struct game *g, struct action *buf, int cap);
struct action game_legal_nth(const struct game *g, int k, const struct action *buf);
/* 0 if the action is legal now, else -1 with the reason and the rule. */
int game_check(const struct game *g, const struct action *a, struct rules_error *err);
/* Checks and applies as the decision's owner (computer players, selfplay,
 * benches); on refusal nothing changes. */
int game_apply(struct game *g, const struct action *a, struct rules_error *err);
/* The same for a given player: refused (RERR_NOT_YOURS) unless the
 * current decision is theirs. */
int game_check_by(const struct game *g, int player, const struct action *a,
		  struct rules_error *err);
int game_apply_by(struct game *g, int player, const struct action *a,
		  struct rules_error *err);
/* Applies an action game_legal_actions or game_legal_nth gave for this
 * very state, without checking it again (playouts). */
int game_apply_legal(struct game *g, const struct action *a);

/* Text form, as carcpbem legal prints it: "place 2 -1 90", "knight N",
 * "farmer EL", "monk", "abbot", "recall", "pass". */
int action_format(const struct game *g, const struct action *a, char *buf, size_t n);
int action_parse(const char *text, struct action *a, struct rules_error *err);
/* The same, naming places as on the tile just placed in g (a place it
 * does not have is refused with the places it has); g may be NULL. */
int action_parse_in(const struct game *g, const char *text, struct action *a,
		    struct rules_error *err);
/* "N road, NE field, ...": the places of the tile a figure may go on now;
 * -1 (and "") when no figure is due. */
int action_places(const struct game *g, char *buf, size_t n);

/* The rule modules on in this game, in order: their names and their
 * state for the game file (named integers; a module without any gives 0). */
struct rules_field {
	const char *key;
	int value;
	/* A list instead of value (issue 25.1): nvalues numbers the module
	 * keeps, one per seat in seat order (a player's goods) or any other;
	 * NULL: the field is value. */
	const int *values;
	int nvalues;
};
int game_modules(const struct game *g);
const char *game_module_name(const struct game *g, int i);
int game_module_state(const struct game *g, int i, struct rules_field *out, int cap);
/* Module i's fields that only seat may see (module.h, secret_fields):
 * up to cap, returns how many (0 for a module without). */
int game_module_secret(const struct game *g, int i, int seat, struct rules_field *out, int cap);
/* Hands seat's own secret fields back to module i after a blind replay
 * (secret_load); -1 with err when they disagree with the replay, or the
 * module keeps none and n > 0. */
int game_module_secret_load(struct game *g, int i, int seat, const struct rules_field *in, int n,
			    struct rules_error *err);
/* Tokens the modules on hand to players (the King, the Robber Baron), in
 * module order: up to cap of them, returns how many (0 in the base game). */
struct rules_token {
	const char *name; /* "King" */
	const char *what; /* what it is for: "the largest completed city" */
	int holder;       /* seat, or -1 while nobody has it */
	int record;       /* the size that won it (tiles), 0 while nobody has it */
	/* a piece the holder has from the start and gives up, never won
	 * (an abbey tile): no record */
	bool from_supply;
};
int game_tokens(const struct game *g, struct rules_token *out, int cap);
/* Neutral figures the modules on have on the board (Princess & Dragon's
 * dragon and fairy), for the maps: up to cap of them, returns how many
 * (0 in the base game). */
struct rules_neutral {
	const char *name; /* "the dragon" */
	const char *mark; /* two letters for the text map: "DD" */
	int x, y;         /* the tile it stands on */
};
int game_neutrals(const struct game *g, struct rules_neutral *out, int cap);
/* Cells the decision due asks about, for the maps while it is due (the
 * dragon's step: the tiles it has been on in this movement, those it
 * may go to): up to cap of them, returns how many (0 in the base game). */
enum rules_mark_kind { MARK_VISITED, MARK_MAY_GO, MARK_KINDS };
struct rules_mark {
	int x, y;
	int kind; /* enum rules_mark_kind */
};
int game_decision_marks(const struct game *g, struct rules_mark *out, int cap);
/* What a seat holds of the modules' stocks (Traders & Builders' goods:
 * "wine" 2), shown beside its score: up to cap of them, returns how many
 * (0 in the base game). */
struct rules_holding {
	const char *name;
	int count;
	const char *plural; /* its name for a count other than 1 ("gifts"), or NULL: name */
};
int game_holdings(const struct game *g, int seat, struct rules_holding *out, int cap);
/* Why the turn under way has a second tile drawn blind, in the module's
 * words ("the builder: BUILDER-3"), or NULL (one tile, or a round whose
 * tile is known, as River II's lake): a turn by mail ends before it. */
const char *game_turn_why(const struct game *g);
/* The new information the decision due follows, which its owner could
 * not know before (a second tile drawn blind: game_turn_why; a module's
 * decision on a tile drawn in secret, its step's news: Take 2's), or
 * NULL: a turn by mail ends before such a decision, which gets a notice
 * of its own. */
const char *game_decision_news(const struct game *g);
/* Whether that second tile is still to be drawn (a decision before its
 * draw: the abbey in its place), so the notices can say what comes. */
bool game_turn_why_ahead(const struct game *g);

/* The figure-type rows a game of these options has, in table order (the
 * base rows, then the rows of the modules that are on): for layers that
 * check a game file before its game exists. Returns how many (at most
 * FIG_TYPE_MAX), writing up to cap. */
int rules_figure_types(const struct catalog *cat, const struct rules_options *opt,
		       const struct figure_type_def **out, int cap);

/* For computer players, on their own copies (game_clone) of a game:
 * game_finish ends it now, with the final scoring and the modules' (what
 * every figure would score if the pile ran out: an evaluation), and
 * game_redeal deals the tiles still to come (left to draw and set aside,
 * how many of each aside kept) again in an order drawn from below(ctx, n),
 * uniform in 0..n-1: the river's tiles still before the rest (RIVER-2),
 * the result depending only on which tiles are to come, never on the
 * order the game held (a host's secret, or a view's catalogue order). */
void game_finish(struct game *g);
/* seat: the computer player it deals for; the modules deal every secret
 * seat cannot see afresh too (their redeal hooks: other hands, a deck's
 * order), and tiles drawn in secret by others are dealt with the pile.
 * A computer player reads a game only after this (or from its seat's
 * view, a blind game). */
int game_redeal(struct game *g, int seat, uint32_t (*below)(void *ctx, uint32_t n),
		void *ctx);

/* ---- hidden information (bag_hidden.c, docs/architecture.md) ---- */

/* Whether g has a secret some seat may not see beyond the order of the
 * pile: a module that deals secrets (its redeal hook), or a tile drawn in
 * secret. A computer player then decides on a clone redealt for its seat
 * (ai_choose). */
bool game_has_secrets(const struct game *g);

/* Whether g was replayed from a public or player view (game_setup.blind):
 * no seed, so randomness the host draws from it (where a tile goes back,
 * a shuffle) is unknown to it, and it never invents a secret. */
bool game_blind(const struct game *g);
/* The seat whose view a blind game is, or -1 (public view, host). */
int game_viewer(const struct game *g);
/* Draws the next tile of the pile for owner alone (Take 2's second
 * tile): its type; TILE_UNKNOWN in a blind game whose viewer is not
 * owner (and the public log does not name it); -1 when the pile is
 * empty. The public log shows it as "?" while it is secret. */
int game_draw_secret(struct game *g, int owner);
/* Puts a tile back into the pile at a place drawn from the committed
 * randomness (bag_put_back): a tile drawn in secret (TILE_UNKNOWN: one
 * held that the caller does not know, as in a blind game or after
 * game_redeal) stays unnamed in every public log until the game is
 * over. Its new place in the pile, or -1. */
int game_put_back(struct game *g, int type);
/* Makes the tile owner drew in secret of this type public (a kept Take 2
 * tile, placed): the log names it from now on. -1 when owner holds no
 * such tile. In a blind game type may be TILE_UNKNOWN: the log says. */
int game_reveal(struct game *g, int owner, int type);
/* A number below n from the committed randomness (the seed and the
 * count of such draws: replay repeats it, no player foresees it), for a
 * module's chance (a deck's shuffle); -1 in a blind game, which cannot
 * know it (the value is a secret: a module deals it as unknown). */
int game_random_below(struct game *g, uint32_t n);
/* Every tile set aside goes back into the pile, each at a place drawn
 * from the committed randomness (the dragon tiles once a volcano is
 * out, DRAGON-1); how many. */
int game_shuffle_back_aside(struct game *g);
/* Tiles put back into the pile or set aside after their draw so far
 * (public: the log of the draws shows them, and they are to come again:
 * a view's counts balance with it). */
int game_returned(const struct game *g);
/* The i-th tile drawn (0 <= i < the number drawn) as viewer may see it
 * (-1: the public): its type, or TILE_UNKNOWN for a tile drawn in secret
 * that viewer may not see; a blind game's own unknowns are TILE_UNKNOWN
 * to every viewer. */
int game_drawn_seen(const struct game *g, int i, int viewer);
/* How many tiles were drawn from the pile so far. */
int game_drawn_count(const struct game *g);
/* How many of each type are still to come as every player sees it:
 * the pile, the tiles set aside and those drawn in secret and not yet
 * shown or put back (so that no count tells a secret tile's type);
 * count has cat->ntypes entries, set here. */
void game_remaining_counts(const struct game *g, int *count);
/* A blind game's first entry of the public log that its pile could not
 * give (1 + its index: a tile none of which is left, or "?" for a tile
 * drawn in the open), or 0. */
int game_log_fault(const struct game *g);
/* Whether viewer may see event e (struct game_event.secret_of). */
static inline bool
game_event_seen(const struct game_event *e, int viewer)
{
	return e->secret_of == 0 || e->secret_of == viewer + 1;
}

/* Inspection helpers. */
int game_placed_at(const struct game *g, int x, int y); /* placed index or -1 */
int game_feature_root(const struct game *g, int seg_instance);
int game_feature_tiles(const struct game *g, int root); /* distinct tiles (BASE-MODEL-4) */
bool game_feature_complete(const struct game *g, int root);
int game_tiles_left(const struct game *g);
/* Whether the player may recall the abbot now (ABBOT-6, UN-12). */
bool game_can_recall(const struct game *g, int player);
/* The slot that names a segment instance in actions ("N", "EL", "C"). */
int game_segment_slot(const struct game *g, int seg_instance);
const char *decision_kind_name(int kind);
const char *figure_role_name(int seg_kind, int figure_type); /* "thief", ... */
/* Every word a figure of a game of cat may be named by, kinds' roles
 * first ("thief", ..., "monk", then the figure rows': "abbot", "mayor"),
 * each once, and if letters is not NULL each one's text-map letter; out
 * and letters hold ROLE_WORDS_MAX + 1 entries, the last NULL / NUL. The
 * built-in modules' words when cat is NULL. Returns how many. */
#define ROLE_WORDS_MAX (SEG_KIND_COUNT + FIG_TYPE_MAX)
int rules_role_words(const struct catalog *cat, const char **out, char *letters);
/* The same for the rows' kind role words ("big thief": figure_type.h,
 * kind_roles); out and letters hold KIND_ROLE_WORDS_MAX + 1 entries. */
#define KIND_ROLE_WORDS_MAX (SEG_KIND_COUNT * FIG_TYPE_MAX)
int rules_kind_role_words(const struct catalog *cat, const char **out, char *letters);
/* Every figure row of cat's modules, on or off (the built-in modules'
 * when cat is NULL), the follower's first, each once: what the words
 * above name. Returns how many, writing up to cap. */
int rules_figure_rows(const struct catalog *cat, const struct figure_type_def **out, int cap);

#endif
