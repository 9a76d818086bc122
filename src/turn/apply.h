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
/* The same, and note (n bytes) says which of its actions after the first
 * were not used: answers past the end of the player's decisions in the
 * turn, and "if offered:" answers to decisions that did not come (both
 * ignored, docs/turn-format.md, "Answers in advance"); "" when none. */
int turn_apply_noted(struct gamefile *gf, const struct turn *t, char *note, size_t n,
		     struct turn_error *err);
/* Whether text, action i (from 0) of p's turn number on gf as it stands
 * after the actions before it, is one the turn no longer asks for (see
 * turn_apply_noted): true, and why appended to note (n bytes) when note
 * is not NULL. */
bool turn_not_asked(const struct gamefile *gf, long number, int p, int i, const char *text,
		    char *note, size_t n);
/* The same for a turn the host made for its player: signed with the
 * host's key host_pk (carcpbem's form) instead of the player's. */
int turn_apply_host(struct gamefile *gf, const struct turn *t, const uint8_t host_pk[KEY_BYTES],
		    struct turn_error *err);

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
	char note[400];      /* the actions not used (turn_apply_noted), or "" */
};

/* Applies a turn file's text to the game directory gd: state.json and
 * history.jsonl are locked, the turn checked and applied, a record
 * appended and state.json saved. *out is the game afterwards (also on a
 * refusal, when it could be read; gamefile_free it). */
int archive_apply(const struct gamedir *gd, const struct catalog *cat, const char *text,
		  size_t len, time_t now, struct gamefile **out, struct apply_result *res,
		  struct turn_error *err);
/* A bad SSH signature that its player made for an earlier turn of
 * theirs in gd's history (the old turn.txt.sig): err says so. */
void archive_explain_bad_sig(const struct gamedir *gd, const struct turn *t,
			     struct turn_error *err);
/* Creates a game directory's history: the "created" record of gf, and
 * state.json with it. */
int archive_create(const struct gamedir *gd, struct gamefile *gf, time_t now,
		   struct turn_error *err);
/* The same naming the host's public key host_pk (KEY_BYTES; NULL: none)
 * as the game's, which signs its host records (a game by mail). */
int archive_create_hosted(const struct gamedir *gd, struct gamefile *gf,
			  const uint8_t *host_pk, time_t now, struct turn_error *err);

/* The game directory opened for a write: history.jsonl locked (fd, keep
 * it open until done; closing it unlocks), state.json read and brought
 * in step with the history (a crash repaired), the history's tail. On
 * failure nothing is left open (*gf may hold the game: gamefile_free). */
int archive_open(const struct gamedir *gd, const struct catalog *cat, int *fd,
		 struct gamefile **gf, struct history_tail *tail, struct turn_error *err);
/* Appends r's line to the history at fd; gf's archive then includes it. */
int append_record(int fd, struct gamefile *gf, const struct history_record *r,
		  struct turn_error *err);

/* What the host writes (archive_host.c): fill, called under the lock
 * with the game as it stands (rr: the whole history replayed), sets r's
 * command, args, was and by (a host record, event HISTORY_HOST), or its
 * turn, player, turn_id and text signed with the host key, and why (a
 * turn made for a player: by_host). The record is checked as replay
 * will, signed, appended, and state.json saved: *out is the game after. */
struct record_run;
struct seckey;
typedef int (*archive_fill_fn)(void *ctx, const struct record_run *rr,
			       const struct history *h, struct history_record *r,
			       struct turn_error *err);
/* after (or NULL): called once state.json is saved, still under the lock
 * (meta.json's writes); its failure is reported, the record stays. */
typedef int (*archive_after_fn)(void *ctx, const struct gamefile *gf,
				const struct apply_result *res, struct turn_error *err);
int archive_host_write(const struct gamedir *gd, const struct catalog *cat,
		       const struct seckey *host, time_t now, archive_fill_fn fill,
		       archive_after_fn after, void *ctx, struct gamefile **out,
		       struct apply_result *res, struct turn_error *err);

#endif
