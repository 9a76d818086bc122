/* The game state document (docs/state-format.md): one game as versioned
 * JSON, in one of three views:
 *
 *   host    everything: the seed, the bag in order, players' addresses;
 *           the host's game file (spool/games/<id>/state.json)
 *   public  what every player may see: no seed, no bag order (only the
 *           tiles drawn so far and how many of each are left)
 *   player  the public view and that player's own secrets
 *
 * A document stores the setup and the actions played, and the state they
 * lead to (board, figures, scores, decision). Loading checks every field
 * (types, ranges, references, tile counts against the tile sets), replays
 * the actions through the engine and requires the stored state to be the
 * replayed one, so a document edited by hand is either still a legal game
 * or refused with the JSON path at fault.
 *
 * Errors are values in a caller-owned struct gf_error (jansson's
 * json_error_t style).
 */
#ifndef CARC_GAMEFILE_H
#define CARC_GAMEFILE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "rules.h"

#define GAMEFILE_FORMAT "carcpbem-game"
#define GAMEFILE_VERSION 3     /* the version new games are written in */
#define GAMEFILE_VERSION_MIN 2 /* the oldest read: a short state hash */
#define GF_NAME_LEN 16     /* longest player name */
#define GF_ID_LEN 32       /* longest game id */
#define GF_KEY_BYTES 32    /* Ed25519 public key */
#define GF_HASH_BYTES 32   /* BLAKE2b-256 */
#define GF_STATE_HEX 64    /* the state hash, in hex digits (version 3) */
#define GF_STATE_HEX_V2 16 /* a version 2 game's short state hash */
#define GF_ADDRESS_LEN 254 /* longest mail address (RFC 5321 path) */
/* The engine's shuffle (src/rules/bag.c) at the time of writing: a saved
 * bag records it, so a later change of the shuffle cannot break a game. */
#define GF_BAG_SHUFFLE "chacha20-fisher-yates-lemire/1"

enum gf_view { GF_VIEW_HOST, GF_VIEW_PUBLIC, GF_VIEW_PLAYER };
enum gf_bag { GF_BAG_SHUFFLED, GF_BAG_GIVEN };

struct gf_error {
	char path[96];  /* JSON path of the field at fault, e.g. "rules.edition";
			   "" when the file as a whole is (unreadable, not JSON) */
	char text[480]; /* what is wrong, and how to fix it when we know */
};

/* Where the document's game stands in its archive (host view of a game
 * directory): the records of history.jsonl it includes. */
struct gf_archive {
	long records;                /* 0: no archive */
	uint8_t head[GF_HASH_BYTES]; /* hash of the last record */
};

/* The last state hash, the public core it hashes (JSON, shared by the
 * views of that state: built once a state, never changed) and a hash of
 * what they were computed from (setup, names, keys, actions, the engine's
 * state): statehash.c's memo, checked at every use, so never stale
 * whatever changed the game. Not part of the game's value. */
struct gf_memo {
	bool ok;
	uint8_t key[GF_HASH_BYTES];
	uint8_t hash[GF_HASH_BYTES];
	json_t *core; /* a reference the game owns */
};

struct gamefile {
	const struct catalog *cat;
	int version;             /* of the document: a game keeps its own */
	int view;                /* enum gf_view of the document read */
	int me;                  /* player view: whose; else -1 */
	char id[GF_ID_LEN + 1];
	int nplayers;
	char name[MAX_PLAYERS][GF_NAME_LEN + 1];
	bool has_key[MAX_PLAYERS];
	uint8_t key[MAX_PLAYERS][GF_KEY_BYTES];
	int key_kind[MAX_PLAYERS]; /* enum gf_key_kind */
	char *address[MAX_PLAYERS]; /* or NULL; never in the public view */
	struct game_setup setup;    /* setup.order points to bag below */
	int bag_mode;               /* enum gf_bag */
	char shuffle[40];           /* shuffled bags: the shuffle's name */
	int *bag;                   /* the draw pile in order; outside the host
				       view the tiles of the pile in catalogue
				       order (the order is secret) */
	int nbag;
	int *log;                   /* outside the host view: the public log of
				       the tiles drawn (drawn), which the blind
				       replay follows (TILE_UNKNOWN for "?") */
	int nlog;
	uint8_t commitment[GF_HASH_BYTES]; /* to seed, start and bag */
	char **action;              /* actions played, canonical text */
	int naction, cap_action;
	struct gf_archive archive;
	struct game *game;          /* the live game: setup + actions replayed */
	struct gf_memo memo;        /* the state hash's (statehash.c) */
};

/* ---- creating (gamefile.c) ---- */

/* A new game. With setup->order the bag is exactly those tiles ("given");
 * without, the engine shuffles it from setup->seed and the order is kept.
 * The id is derived from the seed: set another with gamefile_set_id. */
struct gamefile *gamefile_new(const struct catalog *cat, const struct game_setup *setup,
			      const char *const *names, struct gf_error *err);
int gamefile_set_id(struct gamefile *gf, const char *id, struct gf_error *err);
/* Registers a player's Ed25519 public key; no two players share one. */
int gamefile_set_key(struct gamefile *gf, int player, const uint8_t key[GF_KEY_BYTES],
		     struct gf_error *err);
int gamefile_set_address(struct gamefile *gf, int player, const char *address,
			 struct gf_error *err);

/* The kinds of public key a seat may have (gamefile_key.c): carcpbem's
 * own, or an OpenSSH ssh-ed25519 key; both are Ed25519 points. */
enum gf_key_kind { GF_KEY_CARCPBEM, GF_KEY_SSH };
#define GF_KEY_TEXT_MAX 96
/* The key as the game document stores it: "BASE64", or
 * "ssh-ed25519 BASE64" (the OpenSSH key blob). */
void gamefile_key_text(int kind, const uint8_t key[GF_KEY_BYTES], char *buf, size_t n);
/* Reads either form; -1 if it is neither. */
int gamefile_key_read(const char *text, int *kind, uint8_t key[GF_KEY_BYTES]);
/* The same game before its first action (host view only): replays start
 * from it. */
struct gamefile *gamefile_initial(const struct gamefile *gf, struct gf_error *err);
void gamefile_free(struct gamefile *gf);

/* Whether every player has a key: such a game takes signed turns only. */
bool gamefile_signed(const struct gamefile *gf);
/* The seat of a player name (any case), or -1. */
int gamefile_player(const struct gamefile *gf, const char *name);

/* Parses and applies one action in text form and records it. On refusal
 * (-1, err filled) nothing changes. */
int gamefile_play(struct gamefile *gf, const char *text, struct rules_error *err);
/* The same as player (a seat): refused unless the decision is theirs
 * ("it is not your decision: alice places a tile", RERR_NOT_YOURS).
 * gamefile_play acts as the decision's owner. */
int gamefile_play_by(struct gamefile *gf, int player, const char *text,
		     struct rules_error *err);
/* The same for an action already parsed (computer players). */
int gamefile_play_action(struct gamefile *gf, const struct action *a,
			 struct rules_error *err);
/* Undoes the actions after the first n (a refused turn): replays from the
 * start. */
int gamefile_truncate(struct gamefile *gf, int n, struct gf_error *err);

/* ---- reading (gamefile_load.c) ---- */

/* Reads and checks a document of any view. */
struct gamefile *gamefile_load(const char *path, const struct catalog *cat,
			       struct gf_error *err);
struct gamefile *gamefile_from_json(json_t *root, const struct catalog *cat,
				    struct gf_error *err);

/* ---- writing (gamefile_json.c, gamefile_io.c) ---- */

/* The document in a view (player: that seat's view). */
json_t *gamefile_view_json(const struct gamefile *gf, int view, int player);
/* Its text, two-space indented, with a final newline; free() it. */
char *gamefile_view_dumps(const struct gamefile *gf, int view, int player);
/* The view the document was read as (host for a new game). */
json_t *gamefile_to_json(const struct gamefile *gf);
char *gamefile_dumps(const struct gamefile *gf);
/* Writes gamefile_dumps atomically (temporary file, fsync, rename), mode
 * 0600. Unless replace is true, an existing file is an error. */
int gamefile_save(const struct gamefile *gf, const char *path, bool replace,
		  struct gf_error *err);
/* gamefile_save replacing path; inside a group commit (durable.h) path
 * names the new file from the group's next barrier on. */
int gamefile_save_staged(const struct gamefile *gf, const char *path, struct gf_error *err);
/* Any text the same way, with the mode given. */
int gamefile_write_atomic(const char *path, const char *text, size_t len, int mode,
			  bool replace, struct gf_error *err);

/* The current decision: {"kind":..., "player":..., "tile":...}. */
json_t *gamefile_decision_json(const struct gamefile *gf);
/* The "rules" object of the document. */
json_t *gamefile_rules_json(const struct rules_options *o);

/* ---- hashes (statehash.c) ---- */

/* The hash of the public state, in hex (gamefile_state_hex digits and a
 * NUL): what a turn file names as the state its player saw. */
int gamefile_state_hash(const struct gamefile *gf, char out[GF_STATE_HEX + 1]);
/* Its length: GF_STATE_HEX, or GF_STATE_HEX_V2 for a version 2 game. */
int gamefile_state_hex(const struct gamefile *gf);
/* The fair-draw commitment to seed, start tile and bag. */
void gamefile_commit(const struct catalog *cat, const uint8_t seed[SEED_BYTES],
		     int start, const int *bag, int nbag, uint8_t out[GF_HASH_BYTES]);

/* ---- names, ids, tiles ---- */

/* Checks a player name (1 to GF_NAME_LEN letters, digits, '-', '_', '.',
 * starting with a letter); 0, or -1 with the reason in why. */
int gamefile_check_name(const char *name, char *why, size_t n);
/* Checks a game id (1 to GF_ID_LEN lower-case letters, digits and '-',
 * starting with a letter or digit). */
int gamefile_check_id(const char *id, char *why, size_t n);
/* The catalogue index of a tile id usable with these rules, or -1 with
 * the reason in why (an unknown id gets the closest known ids). */
int gamefile_find_tile(const struct catalog *cat, const struct rules_options *opt,
		       const char *id, char *why, size_t n);
/* The same for a tile on the board or in a decision: also a tile of a
 * module on that the pile never deals (no copies in either edition) and
 * the module puts down itself (the abbey, from each player's supply). */
int gamefile_find_board_tile(const struct catalog *cat, const struct rules_options *opt,
			     const char *id, char *why, size_t n);
/* Seeds as text: 64 lower-case hexadecimal digits. */
void gamefile_seed_hex(const uint8_t seed[SEED_BYTES], char hex[2 * SEED_BYTES + 1]);
int gamefile_seed_parse(const char *hex, uint8_t seed[SEED_BYTES]);
/* The legal actions of the decision due, sorted as carcpbem legal lists
 * them (placements by y, x, rotation; figures; recall; pass), in *out
 * (free() it); their number, or -1 when out of memory. */
int gamefile_legal_sorted(const struct game *g, struct action **out);
/* The same joined by sep into buf (cut with "..." when too long). */
void gamefile_legal_text(const struct gamefile *gf, const char *sep, char *buf, size_t n);

/* Figures in supply, per type of the game's figure table (supply.c):
 * the key of a type ("followers" for several a player, else its name),
 * a player's supply as the game file's object ({"followers": 7,
 * "abbot": 1}), and as text ("7 of 7 followers in supply, abbot in
 * supply"). */
const char *gamefile_supply_key(const struct figure_type_def *t, char *buf, size_t n);
json_t *gamefile_supply_json(const struct game *g, int p);
void gamefile_supply_text(const struct game *g, int p, char *buf, size_t n);
const char *gamefile_uturn_name(int river_uturn);
/* "each" or "current" (rules_options.dragon_moves), and the inverse: -1
 * for another word. */
const char *gamefile_dragon_moves_name(int dragon_moves);
int gamefile_dragon_moves_parse(const char *word, int *out);
/* The figures on the board: [{player, figure, feature, x, y, slot}]. */
json_t *gamefile_figures_json(const struct gamefile *gf);
const char *gamefile_view_name(int view);

#endif
