/* Records of a game's history as a replay meets them, one after another
 * (docs/state-format.md, "Host records"): a player's turn, a turn the
 * host made for a player, and the host's commands (pause, resume,
 * extend, kick: the clock and the seats, nothing of the game; replace:
 * a seat's key and address; rollback N: the last N turns undone;
 * terminate: no turn after it). Replay, the roll forward after a crash
 * and the host's own writes all go through record_run_apply, so what the
 * host writes is what replay checks. */
#ifndef CARC_HOSTREC_H
#define CARC_HOSTREC_H

#include <stdbool.h>

#include "history.h"
#include "key.h"

struct record_run {
	struct gamefile *gf;         /* the game so far (owned) */
	bool has_host_key;
	uint8_t host_pk[KEY_BYTES];  /* the game's host key, from its first naming */
	long host_key_record;        /* the record that named it */
	int *undo;                   /* actions before each turn still in play */
	int nundo, cap;
	bool terminated;
	bool addresses;              /* the game keeps addresses (not an archive) */
	struct hostrec_cmd *cmds;    /* the command ids of host records so far */
	int ncmds, cmdcap;
};

struct hostrec_cmd {
	char id[HISTORY_CMD_ID_HEX + 1];
	long seq;
};

/* A host record's command id, if it has one, taken by the run: a second
 * record of one command id is refused (hostrec_once.c). */
int hostrec_once(struct record_run *rr, const struct history_record *r,
		 struct turn_error *err);

/* Starts a run on gf (taken). */
void record_run_init(struct record_run *rr, struct gamefile *gf);
void record_run_free(struct record_run *rr);
/* The keys and addresses the seats had at the start, for a history whose
 * replace records changed them since: gf (a game's initial state with
 * today's seats) gets them back. */
int record_run_initial(struct record_run *rr, const struct history *h,
		       struct turn_error *err);
/* The created record r: the game's host key, if it names one. */
int record_run_created(struct record_run *rr, const struct history_record *r,
		       struct turn_error *err);
/* Checks record r (a turn or a host record) against the run and applies
 * it: its signature, its effect, the state it names. The error text
 * says what is wrong without saying where (the caller does). */
int record_run_apply(struct record_run *rr, const struct history_record *r,
		     struct turn_error *err);
/* The same without the checks of the state named and of a host record's
 * signature: for the host writing r (which then names the state). */
int record_run_effect(struct record_run *rr, const struct history_record *r,
		      struct turn_error *err);
/* A host record's signature by k (its host_key set from k). */
void hostrec_sign(struct history_record *r, const struct seckey *k);
/* The host key as records name it (base64 of its 32 bytes). */
void hostrec_key_text(const uint8_t pk[KEY_BYTES], char out[HISTORY_KEY_TEXT]);

#endif
