/* Applying turns: to a game in memory (the checks, shared by apply and
 * replay), and to a game directory (history and state on disk). */
#ifndef CARC_APPLY_H
#define CARC_APPLY_H

#include <time.h>

#include "gamedir.h"
#include "gamefile.h"
#include "history.h"
#include "turnfile.h"

/* Checks a signed turn against gf (game id, the player's registered key,
 * the signature, turn number and state hash, the decision's owner) and
 * plays its actions, all or none. The history's duplicate check is the
 * caller's. */
int turn_apply(struct gamefile *gf, const struct turn *t, struct turn_error *err);

/* "alice to place BA/C" or "alice to put a figure on BA/C at 1,0 or pass"
 * or "the game is over". */
void turn_describe_decision(const struct gamefile *gf, char *buf, size_t n);

struct apply_result {
	long record;         /* the record written, or the earlier one (duplicate) */
	char time[HISTORY_TIME_LEN + 1];
	int events_from;     /* the turn's events in gf->game: from here */
	int player;          /* the player who moved */
	long turn;           /* the turn's number */
	char actions[256];   /* "place 1 0 90; knight N" */
};

/* Applies a turn file's text to the game directory gd: state.json and
 * history.jsonl are locked, the turn checked and applied, a record
 * appended and state.json saved. *out is the game afterwards (also on a
 * refusal, when it could be read; gamefile_free it). */
int archive_apply(const struct gamedir *gd, const struct catalog *cat, const char *text,
		  size_t len, time_t now, struct gamefile **out, struct apply_result *res,
		  struct turn_error *err);
/* Creates a game directory's history: the "created" record of gf, and
 * state.json with it. */
int archive_create(const struct gamedir *gd, struct gamefile *gf, time_t now,
		   struct turn_error *err);

#endif
