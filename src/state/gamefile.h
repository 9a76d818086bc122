/* The game file: one game as a versioned JSON document (the host's view,
 * with the seed). It stores the setup and the actions played, never the
 * board: loading replays the actions through the engine, then checks the
 * stored summary against the replayed game, so a file edited by hand is
 * either still a legal game or refused with the JSON path at fault.
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
#define GAMEFILE_VERSION 1
#define GF_NAME_LEN 16 /* longest player name */

struct gf_error {
	char path[96];  /* JSON path of the field at fault, e.g. "rules.edition";
			   "" when the file as a whole is (unreadable, not JSON) */
	char text[480]; /* what is wrong, and how to fix it when we know */
};

struct gamefile {
	const struct catalog *cat;
	int nplayers;
	char name[MAX_PLAYERS][GF_NAME_LEN + 1];
	struct game_setup setup; /* setup.order points to order below */
	int *order;              /* explicit bag (new --tiles), or NULL */
	int norder;
	bool start_given;        /* setup.start was chosen (new --start) */
	char **action;           /* actions played, canonical text */
	int naction, cap_action;
	struct game *game;       /* the live game: setup + actions replayed */
};

/* A new game. setup->order (if any) is copied; names are checked. */
struct gamefile *gamefile_new(const struct catalog *cat, const struct game_setup *setup,
			      const char *const *names, bool start_given,
			      struct gf_error *err);
/* Reads, validates and replays a game file. */
struct gamefile *gamefile_load(const char *path, const struct catalog *cat,
			       struct gf_error *err);
/* Writes the file atomically (temporary file, fsync, rename), mode 0600.
 * Unless replace is true, an existing file is an error. */
int gamefile_save(const struct gamefile *gf, const char *path, bool replace,
		  struct gf_error *err);
void gamefile_free(struct gamefile *gf);

/* Parses and applies one action in text form and records it. On refusal
 * (-1, err filled) nothing changes. */
int gamefile_play(struct gamefile *gf, const char *text, struct rules_error *err);
/* The same for an action already parsed (computer players). */
int gamefile_play_action(struct gamefile *gf, const struct action *a,
			 struct rules_error *err);

/* The document gamefile_save writes, and its text (with a final newline;
 * free() it). */
json_t *gamefile_to_json(const struct gamefile *gf);
char *gamefile_dumps(const struct gamefile *gf);
/* The current decision: {"kind":..., "player":..., "tile":...}. */
json_t *gamefile_decision_json(const struct gamefile *gf);
/* The "rules" object of the file. */
json_t *gamefile_rules_json(const struct rules_options *o);
/* The "summary" object of the file. */
json_t *gamefile_summary_json(const struct gamefile *gf);

/* Checks a player name (1 to GF_NAME_LEN letters, digits, '-', '_', '.',
 * starting with a letter); 0, or -1 with the reason in why. */
int gamefile_check_name(const char *name, char *why, size_t n);
/* The catalogue index of a tile id usable with these rules, or -1 with
 * the reason in why (an unknown id gets the closest known ids). */
int gamefile_find_tile(const struct catalog *cat, const struct rules_options *opt,
		       const char *id, char *why, size_t n);
/* Seeds as text: 64 lower-case hexadecimal digits. */
void gamefile_seed_hex(const uint8_t seed[SEED_BYTES], char hex[2 * SEED_BYTES + 1]);
int gamefile_seed_parse(const char *hex, uint8_t seed[SEED_BYTES]);

const char *gamefile_uturn_name(int river_uturn);

#endif
