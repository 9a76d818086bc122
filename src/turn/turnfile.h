/* Turn files (docs/turn-format.md): a player's actions for the decision
 * due, in an armored block that survives what mail does to text, signed
 * over a canonical form.
 *
 *   -----BEGIN CARCASSONNE TURN-----
 *   Game: 7f3a9c
 *   Turn: 12
 *   Player: alice
 *   State: 3be1c0d9a77f02e4
 *   Action: place 3 -1 90
 *   Action: knight N
 *   Key: 5d1c0f2a9b8e7d6c
 *   Signature: BASE64 (88 characters, may run over several lines)
 *   -----END CARCASSONNE TURN-----
 */
#ifndef CARC_TURNFILE_H
#define CARC_TURNFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "armor.h"
#include "gamefile.h"
#include "key.h"
#include "sshsig.h"
#include "turn.h"

#define TURN_BEGIN ARMOR_BEGIN
#define TURN_END ARMOR_END
/* A block, BEGIN and END lines included, is at most this big. */
#define TURN_BLOCK_MAX_LINES 100
#define TURN_BLOCK_MAX_BYTES 8192
#define TURN_MAX_ACTIONS 8
#define TURN_ACTION_LEN 64
#define TURN_SIG_BYTES crypto_sign_BYTES
#define TURN_NUMBER_MAX 999999
/* What an SSH signature covers: the turn block, a few hundred bytes. */
#define TURN_SSH_MSG_MAX 2048

enum turn_sig_kind {
	TURN_SIG_CARCPBEM, /* Key and Signature lines in the block */
	TURN_SIG_SSH       /* the block, then an SSH SIGNATURE armor */
};

struct turn {
	char game[GF_ID_LEN + 1];         /* lower case */
	long number;
	char player[GF_NAME_LEN + 1];     /* as written */
	char state[GF_STATE_HEX + 1];     /* lower case */
	int nactions;
	char action[TURN_MAX_ACTIONS]
		   [TURN_ACTION_LEN + 1]; /* as written, blanks folded */
	bool is_signed;
	int sig_kind;                     /* enum turn_sig_kind */
	char key[KEY_ID_HEX + 1];         /* id of the signing key, lower case */
	uint8_t sig[TURN_SIG_BYTES];
	size_t begin, end;                /* the block in the text: [begin, end);
					     SSH: up to the signature's end */
	/* SSH: the signature, and the very bytes the fields were read from,
	 * which it was checked over (docs/turn-format.md) */
	struct sshsig ssh;
	uint8_t ssh_blob[SSHSIG_BLOB_MAX];
	size_t ssh_blob_len;
	char ssh_msg[TURN_SSH_MSG_MAX + 1];
	size_t ssh_msg_len;
};

enum {
	TURN_NEED_SIGNATURE = 1, /* pick the signed block; refuse unsigned text */
	TURN_PLAIN = 2,          /* the one block as it stands, no SSH signature
				    looked for (turnssh.c) */
	TURN_LAST = 4,           /* with TURN_PLAIN: the last block, not the one */
	TURN_SKELETON = 8        /* a block without actions reads too (the
				    host's turn to fill in) */
};

/* Starts player p's turn on gf as it stands: game, number, player and
 * state filled in, no actions yet (a skeleton). */
int turn_start(const struct gamefile *gf, int p, struct turn *t, struct turn_error *err);

/* Finds the turn in text (mail and all) and reads it: malformed text gets
 * TURN_MALFORMED with the line at fault. A text holding a turn block and
 * then an SSH SIGNATURE block gives an SSH-signed turn (sig_kind). */
int turn_parse(const char *text, size_t len, int flags, struct turn *t,
	       struct turn_error *err);
/* One text of a turn file and its SSH signature file (two files, two
 * attachments): the turn's bytes, a newline if they lack one, the
 * signature's bytes; NUL-terminated, free() it; NULL: out of memory. */
char *turn_join_ssh(const char *turn, size_t tlen, const char *sig, size_t slen,
		    size_t *len);
/* The text signed: a domain prefix, then the fields in a fixed order, keys
 * and values lower case, one a line; free() it. */
char *turn_canonical(const struct turn *t, size_t *len);
/* Signs t with k (sets key and signature). */
int turn_sign(struct turn *t, const struct seckey *k, struct turn_error *err);
/* 0 if t's signature is good for the public key pk, else -1 (an SSH
 * signature: made by pk, for carcassonne, over t->ssh_msg). */
int turn_verify(const struct turn *t, const uint8_t pk[KEY_BYTES]);
/* The turn's identity: BLAKE2b-256 of its canonical form and signature,
 * the same however mail mangled the text. */
void turn_id(const struct turn *t, uint8_t out[32]);
/* The armored block, signed or not; an SSH-signed turn: the bytes
 * signed, then the signature's armor; free() it. */
char *turn_format(const struct turn *t);
/* "place 3 -1 90; knight N" */
void turn_actions_text(const struct turn *t, char *buf, size_t n);

#endif
