/* history.jsonl: one JSON object a line, one line per event of a game's
 * life, each naming the hash of the line before it (docs/state-format.md).
 *
 *   {"seq":0,"prev":"00..00","time":"...","event":"created","game":"g1",
 *    "state":"<state hash>","commitment":"<fair-draw commitment>",
 *    "host_key":"BASE64"}   (host_key: games by mail made since host keys)
 *   {"seq":1,"prev":"<hash of line 0>","time":"...","event":"turn","turn":1,
 *    "player":"alice","state":"<state hash after>","turn_id":"...",
 *    "text":"-----BEGIN CARCASSONNE TURN-----\n..."}
 *   {"seq":2,...,"event":"host","command":"pause","args":[],"was":[],
 *    "by":"keyboard","state":"<state hash after>","host_key":"BASE64",
 *    "signature":"<hex>"}
 *
 * A turn the host made for a player (its turn signed with the host's
 * key) adds "by":"host","why":"...","host_key":"BASE64" after "text".
 * A host record of a command that came by signed mail adds, after "by",
 * "command_id":"<32 hex>","command_date":"<its Date>": one record a
 * command id in a history (replay refuses a second), so a command is
 * carried out once whatever the crash or the replay. Older records have
 * neither.
 *
 * Lines are written compact, keys in this order, ASCII only, shorter than
 * HISTORY_LINE_MAX; a line in any other form was not written by carcpbem
 * and is refused.
 */
#ifndef CARC_HISTORY_H
#define CARC_HISTORY_H

#include <jansson.h>
#include <stdbool.h>
#include <time.h>

#include "gamefile.h"
#include "turn.h"

#define HISTORY_TIME_LEN 20 /* "2026-11-22T03:04:05Z" */
#define HISTORY_LINE_MAX (64 * 1024) /* a record's line and its LF */

enum history_event { HISTORY_CREATED, HISTORY_TURN, HISTORY_HOST };

#define HISTORY_ARGS_MAX 4
#define HISTORY_ARG_LEN 320
#define HISTORY_COMMAND_LEN 16
#define HISTORY_BY_LEN 128
#define HISTORY_WHY_LEN 200
#define HISTORY_KEY_TEXT 48 /* a carcpbem key's base64 and a NUL */
#define HISTORY_SIG_BYTES 64
#define HISTORY_CMD_ID_HEX 32 /* a signed command's id (command.h) */

struct history_record {
	long seq;
	int event; /* enum history_event */
	uint8_t prev[GF_HASH_BYTES];
	char time[HISTORY_TIME_LEN + 1];
	char state[GF_STATE_HEX + 1];
	/* created */
	char game[GF_ID_LEN + 1];
	uint8_t commitment[GF_HASH_BYTES];
	/* turn */
	long turn;
	char player[GF_NAME_LEN + 1];
	uint8_t turn_id[GF_HASH_BYTES];
	char *text; /* the signed turn, as turn_format writes it */
	/* a turn the host made for the player ("by":"host"): why, and the
	 * host's key; also a host record's key */
	bool by_host;
	char *why;
	char host_key[HISTORY_KEY_TEXT];
	/* host: a command, its arguments as recorded, what it replaced
	 * (replace: the seat's key and address before), who gave it, and
	 * the host key's signature of the record without it */
	char command[HISTORY_COMMAND_LEN];
	int nargs, nwas;
	char (*args)[HISTORY_ARG_LEN]; /* HISTORY_ARGS_MAX of them, malloc'd */
	char (*was)[HISTORY_ARG_LEN];
	char *by;
	char command_id[HISTORY_CMD_ID_HEX + 1];  /* "" unless by mail */
	char command_date[HISTORY_TIME_LEN + 1]; /* the command's Date, with the id */
	uint8_t sig[HISTORY_SIG_BYTES];
	/* not stored: */
	uint8_t hash[GF_HASH_BYTES]; /* of the line */
	int line;                    /* its line number in the file, from 1 */
};

struct history {
	struct history_record *rec;
	int n, cap;
	long torn; /* offset of an incomplete last line (a crash), or -1 */
};

/* What applying a turn needs of the history, without reading its
 * records: how many, the last one's hash, a torn last line, and where a
 * turn id occurs. The lines are taken to be as carcpbem wrote them:
 * replay checks that. */
struct history_tail {
	long records;
	uint8_t last[GF_HASH_BYTES]; /* hash of the last record */
	long torn;                   /* offset of an incomplete last line, or -1 */
	long found;                  /* the last record holding the turn id, or -1 */
	long undone;                 /* the last rollback record, or -1 */
	bool terminated;             /* a terminate record ends the game */
};
int history_scan(const char *path, const uint8_t turn_id[GF_HASH_BYTES],
		 struct history_tail *t, struct turn_error *err);

/* Reads every record (each checked for form, not the chain). On failure
 * h holds nothing (history_free is harmless). */
int history_read(const char *path, struct history *h, struct turn_error *err);
/* Records from a JSON array (an exported archive). */
int history_from_json(json_t *array, struct history *h, struct turn_error *err);
void history_free(struct history *h);

/* The record's line: compact JSON, no newline; free() it. */
char *history_line(const struct history_record *r);
/* A host record's line without its signature: what the host key signs
 * (after HISTORY_HOST_PREFIX); free() it. */
#define HISTORY_HOST_PREFIX "carcpbem host record v1\n"
char *history_host_signed_text(const struct history_record *r);
/* Room for a host record's arguments (0 or -1: out of memory). */
int history_host_alloc(struct history_record *r);
/* Frees what a record holds (history_free does it for a history). */
void history_record_free(struct history_record *r);
json_t *history_record_json(const struct history_record *r);
/* The hash the next record names as prev. */
void history_hash(const char *line, size_t len, uint8_t out[GF_HASH_BYTES]);
/* 0 if the reader takes line (no LF) as a record, else -1 with the
 * reason: history_append refuses what history_read would refuse. */
int history_check_line(const char *line, struct turn_error *err);
/* Appends line and a newline to fd (open with O_APPEND), then fsync;
 * refuses a line history_check_line refuses. */
int history_append(int fd, const char *line, struct turn_error *err);
/* The last record whose turn_id is id, or NULL. */
const struct history_record *history_find(const struct history *h,
					  const uint8_t id[GF_HASH_BYTES]);
/* The host record of the signed command id (32 hex digits), or NULL. */
const struct history_record *history_find_command(const struct history *h,
						  const char *id);
/* RFC 3339 UTC time of t. */
void history_time(time_t t, char out[HISTORY_TIME_LEN + 1]);

#endif
