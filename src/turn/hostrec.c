/* The records of a history applied in order (hostrec.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apply.h"
#include "hostrec.h"
#include "turnfile.h"

void
record_run_init(struct record_run *rr, struct gamefile *gf)
{
	memset(rr, 0, sizeof(*rr));
	rr->gf = gf;
	rr->host_key_record = -1;
}

void
record_run_free(struct record_run *rr)
{
	gamefile_free(rr->gf);
	free(rr->undo);
	free(rr->cmds);
	memset(rr, 0, sizeof(*rr));
}

void
hostrec_key_text(const uint8_t pk[KEY_BYTES], char out[HISTORY_KEY_TEXT])
{
	gamefile_key_text(GF_KEY_CARCPBEM, pk, out, HISTORY_KEY_TEXT);
}

/* What the host key signs: the prefix, then the record without its
 * signature; free() it. */
static char *
signed_message(const struct history_record *r, size_t *len)
{
	char *text = history_host_signed_text(r);
	size_t plen = strlen(HISTORY_HOST_PREFIX), tlen = text ? strlen(text) : 0;
	char *msg = text ? malloc(plen + tlen) : NULL;

	if (msg) {
		memcpy(msg, HISTORY_HOST_PREFIX, plen);
		memcpy(msg + plen, text, tlen);
	}
	free(text);
	*len = plen + tlen;
	return msg;
}

void
hostrec_sign(struct history_record *r, const struct seckey *k)
{
	size_t len;
	char *msg;

	hostrec_key_text(k->pk, r->host_key);
	memset(r->sig, 0, sizeof(r->sig));
	if ((msg = signed_message(r, &len)) != NULL)
		crypto_sign_detached(r->sig, NULL, (const unsigned char *)msg, len, k->sk);
	free(msg);
}

static int
hostrec_verify(const struct history_record *r, const uint8_t pk[KEY_BYTES])
{
	size_t len;
	char *msg = signed_message(r, &len);
	int ok = msg ? crypto_sign_verify_detached(r->sig, (const unsigned char *)msg,
						   len, pk)
		     : -1;

	free(msg);
	return ok == 0 ? 0 : -1;
}

/* The record's host key: the game's (trust on first use: the first
 * record that names one makes it the game's). */
static int
check_host_key(struct record_run *rr, const struct history_record *r,
	       struct turn_error *err)
{
	uint8_t pk[KEY_BYTES];
	int kind;

	if (gamefile_key_read(r->host_key, &kind, pk) < 0 || kind != GF_KEY_CARCPBEM)
		return terr(err, TURN_FAIL, "its host_key is not a carcpbem public key");
	if (!rr->has_host_key) {
		memcpy(rr->host_pk, pk, KEY_BYTES);
		rr->has_host_key = true;
		rr->host_key_record = r->seq;
		return 0;
	}
	if (memcmp(pk, rr->host_pk, KEY_BYTES) != 0)
		return terr(err, TURN_UNKNOWN_KEY,
			    "its host key is not the game's (named in record %ld): only "
			    "the game's host signs its host records",
			    rr->host_key_record);
	return 0;
}

int
record_run_created(struct record_run *rr, const struct history_record *r,
		   struct turn_error *err)
{
	return r->host_key[0] ? check_host_key(rr, r, err) : 0;
}

static int
push_undo(struct record_run *rr, int n, struct turn_error *err)
{
	if (rr->nundo == rr->cap) {
		int cap = rr->cap ? 2 * rr->cap : 64;
		int *p = realloc(rr->undo, sizeof(*p) * (size_t)cap);
		if (p == NULL)
			return terr(err, TURN_FAIL, "out of memory");
		rr->undo = p;
		rr->cap = cap;
	}
	rr->undo[rr->nundo++] = n;
	return 0;
}

static int
turn_effect(struct record_run *rr, const struct history_record *r, struct turn_error *err)
{
	struct turn_error e = {0};
	uint8_t id[GF_HASH_BYTES];
	int before = rr->gf->naction;
	struct turn t;

	if (rr->terminated)
		return terr(err, TURN_FAIL, "a turn after the game was terminated");
	if (turn_parse(r->text, strlen(r->text), TURN_NEED_SIGNATURE, &t, &e) < 0)
		return terr(err, TURN_FAIL, "its turn does not read: %s", e.text);
	turn_id(&t, id);
	if (memcmp(id, r->turn_id, GF_HASH_BYTES) != 0)
		return terr(err, TURN_FAIL, "its turn_id is not its turn's");
	if (r->by_host && check_host_key(rr, r, err) < 0)
		return -1;
	if ((r->by_host ? turn_apply_host(rr->gf, &t, rr->host_pk, &e)
			: turn_apply(rr->gf, &t, &e)) < 0)
		return terr(err, e.code, "its turn is refused: %s: %s",
			    turn_code_name(e.code), e.text);
	if (strcmp(r->player, t.player) != 0 || r->turn != t.number)
		return terr(err, TURN_FAIL, "its player or turn number is not its turn's");
	return push_undo(rr, before, err);
}

/* ---- the host's commands ---- */

static int
seat_arg(const struct gamefile *gf, const struct history_record *r, int need,
	 struct turn_error *err)
{
	int seat = r->nargs > 0 ? gamefile_player(gf, r->args[0]) : -1;

	if (r->nargs != need || seat < 0)
		return terr(err, TURN_FAIL, "%s: its arguments are not a seat and %d more",
			    r->command, need - 1);
	return seat;
}

/* An archive has no addresses: only the key changes there. */
static int
set_seat(struct gamefile *gf, int seat, const char *key, const char *address,
	 bool addresses, struct turn_error *err)
{
	struct gf_error e = {0};
	uint8_t pk[GF_KEY_BYTES];
	int kind;

	if (gamefile_key_read(key, &kind, pk) < 0)
		return terr(err, TURN_FAIL, "\"%.60s\" is not a key", key);
	if (gamefile_set_key(gf, seat, pk, &e) < 0 ||
	    (addresses && address[0] && gamefile_set_address(gf, seat, address, &e) < 0))
		return terr(err, TURN_FAIL, "%s", e.text);
	gf->key_kind[seat] = kind;
	if (addresses && !address[0]) {
		free(gf->address[seat]);
		gf->address[seat] = NULL;
	}
	return 0;
}

/* "KEY" as the record names it: gamefile_key_text's form. */
static void
seat_key(const struct gamefile *gf, int seat, char out[HISTORY_ARG_LEN])
{
	out[0] = '\0';
	if (gf->has_key[seat])
		gamefile_key_text(gf->key_kind[seat], gf->key[seat], out, HISTORY_ARG_LEN);
}

/* args SEAT KEY ADDRESS, was OLDKEY OLDADDRESS */
static int
replace(struct record_run *rr, const struct history_record *r, struct turn_error *err)
{
	char key[HISTORY_ARG_LEN];
	const char *addr;
	int seat = seat_arg(rr->gf, r, 3, err);

	if (seat < 0)
		return -1;
	seat_key(rr->gf, seat, key);
	addr = rr->gf->address[seat] ? rr->gf->address[seat] : "";
	if (r->nwas != 2 || strcmp(r->was[0], key) != 0 ||
	    (rr->addresses && strcmp(r->was[1], addr) != 0))
		return terr(err, TURN_FAIL, "replace: the key and address it says %s had are "
			    "not the seat's", r->args[0]);
	return set_seat(rr->gf, seat, r->args[1], r->args[2], rr->addresses, err);
}

static int
rollback(struct record_run *rr, const struct history_record *r, struct turn_error *err)
{
	struct gf_error e = {0};
	char *end = "";
	long n;

	n = r->nargs == 1 ? strtol(r->args[0], &end, 10) : 0;
	if (r->nargs != 1 || *end != '\0' || n < 1 || n > rr->nundo)
		return terr(err, TURN_FAIL, "rollback: %s turn%s to undo, but %d in play",
			    r->nargs == 1 ? r->args[0] : "no number of",
			    n == 1 ? "" : "s", rr->nundo);
	rr->nundo -= (int)n;
	if (gamefile_truncate(rr->gf, rr->undo[rr->nundo], &e) < 0)
		return terr(err, TURN_FAIL, "rollback: %s", e.text);
	return 0;
}

static int
host_effect(struct record_run *rr, const struct history_record *r, struct turn_error *err)
{
	static const char *const plain[] = {"pause", "resume", "extend", "kick", "resign",
					    "set", NULL};

	if (rr->terminated)
		return terr(err, TURN_FAIL, "a host record after the game was terminated");
	if (hostrec_once(rr, r, err) < 0)
		return -1;
	for (int i = 0; plain[i]; i++)
		if (strcmp(r->command, plain[i]) == 0)
			return 0; /* the clock or the seats' standing: meta.json */
	if (strcmp(r->command, "replace") == 0)
		return replace(rr, r, err);
	if (strcmp(r->command, "rollback") == 0)
		return rollback(rr, r, err);
	if (strcmp(r->command, "terminate") == 0) {
		rr->terminated = true;
		return 0;
	}
	return terr(err, TURN_FAIL, "\"%s\" is no host command this carcpbem knows",
		    r->command);
}

int
record_run_effect(struct record_run *rr, const struct history_record *r,
		  struct turn_error *err)
{
	if (r->event == HISTORY_TURN)
		return turn_effect(rr, r, err);
	if (r->event == HISTORY_HOST)
		return host_effect(rr, r, err);
	return terr(err, TURN_FAIL, "a second creation record");
}

int
record_run_apply(struct record_run *rr, const struct history_record *r,
		 struct turn_error *err)
{
	char state[GF_STATE_HEX + 1];

	if (r->event == HISTORY_HOST) {
		if (check_host_key(rr, r, err) < 0)
			return -1;
		if (hostrec_verify(r, rr->host_pk) < 0)
			return terr(err, TURN_BAD_SIGNATURE,
				    "the host key's signature does not match the record: "
				    "it was changed after the host signed it");
	}
	if (record_run_effect(rr, r, err) < 0)
		return -1;
	if (gamefile_state_hash(rr->gf, state) < 0)
		return terr(err, TURN_FAIL, "out of memory");
	if (strcmp(state, r->state) != 0)
		return terr(err, TURN_FAIL, "the state after it is not the one it names: %s",
			    state);
	return 0;
}

int
record_run_initial(struct record_run *rr, const struct history *h,
		   struct turn_error *err)
{
	bool done[MAX_PLAYERS] = {false};
	struct gamefile *gf = rr->gf;
	int seat;

	for (int p = 0; p < gf->nplayers; p++)
		rr->addresses |= gf->address[p] != NULL;
	for (int i = 0; i < h->n; i++) {
		const struct history_record *r = &h->rec[i];
		if (r->event != HISTORY_HOST || strcmp(r->command, "replace") != 0 ||
		    r->nargs != 3 || r->nwas != 2 ||
		    (seat = gamefile_player(gf, r->args[0])) < 0 || done[seat])
			continue;
		done[seat] = true;
		if (set_seat(gf, seat, r->was[0], r->was[1], rr->addresses, err) < 0)
			return -1;
	}
	return 0;
}
