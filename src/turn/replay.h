/* Replaying a game's archive: from its initial setup, every record of its
 * history, checking every signature, every hash and the fair-draw
 * commitment. And exporting a finished game as one self-contained
 * archive that replay reads too. */
#ifndef CARC_REPLAY_H
#define CARC_REPLAY_H

#include <jansson.h>
#include <stdbool.h>
#include <time.h>

#include "gamedir.h"
#include "gamefile.h"
#include "turn.h"

#define ARCHIVE_FORMAT "carcpbem-archive"
#define ARCHIVE_VERSION 1

struct replay_report {
	int records;          /* records checked, the "created" one included */
	bool shuffle_checked; /* the bag is the seed's shuffle, re-done */
	char shuffle[40];     /* the bag's shuffle ("" for a given bag) */
	char state[GF_STATE_HEX + 1]; /* the final public state's hash */
	struct gamefile *gf;  /* the game replayed (gamefile_free it) */
};

/* A game directory: state.json's setup, then history.jsonl. On failure
 * err names the first bad record (its line and what is wrong). */
int replay_dir(const struct gamedir *gd, const struct catalog *cat,
	       struct replay_report *rep, struct turn_error *err);
/* The records of h over host's initial state, every one checked (the
 * work of replay_dir); rr holds the game at the end, also on failure
 * (record_run_free it). */
struct record_run;
struct history;
int replay_run(const struct gamefile *host, const struct history *h, const char *src,
	       struct record_run *rr, struct turn_error *err);
/* An archive written by export_archive. */
int replay_archive(const char *path, const struct catalog *cat,
		   struct replay_report *rep, struct turn_error *err);
/* The archive of a finished game: its final public state, the seed and
 * the bag revealed, every record, the final scores. The game is replayed
 * first: a bad archive is never exported. */
/* {"scores": {name: points}, "winners": [names]} of a finished game. */
json_t *export_final_json(const struct gamefile *gf);
json_t *export_archive(const struct gamedir *gd, const struct catalog *cat, time_t now,
		       struct turn_error *err);

#endif
