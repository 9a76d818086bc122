/* Signed commands (docs/turn-format.md, "Signed commands"): what a player
 * or the host asks of the host by mail beyond a turn, in an armored block
 * read like a turn block (the same line cleaning, the same two kinds of
 * signature), signed over a canonical form.
 *
 *   -----BEGIN CARCASSONNE COMMAND-----
 *   Game: golden                  (none for a command about no one game)
 *   Player: alice                 (a seat's name, or "host")
 *   Command: SET ABSENCE 2026-12-20 TO 2027-01-03
 *   With: ...                     (more lines some commands take: CREATE)
 *   Date: 2026-11-25T06:00:00Z
 *   Key: 5d1c0f2a9b8e7d6c
 *   Signature: BASE64
 *   -----END CARCASSONNE COMMAND-----
 *
 * or, without Key and Signature, followed by the SSH SIGNATURE armor of
 * ssh-keygen -Y sign -n carcassonne over the block.
 */
#ifndef CARC_COMMAND_H
#define CARC_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "turnfile.h"

#define CMD_TEXT_LEN 200
#define CMD_MAX_WITH 12
#define CMD_HOST "host" /* the Player of a host command */
/* The Date window, against the host's clock: a command older than this
 * (or dated further ahead) is refused, and ids are kept this long. */
#define CMD_WINDOW_PAST (7 * 86400L)
#define CMD_WINDOW_FUTURE (86400L)
#define CMD_ID_HEX 32

struct command {
	char game[GF_ID_LEN + 1];     /* lower case; "" for none */
	char player[GF_NAME_LEN + 1]; /* as written */
	char text[CMD_TEXT_LEN + 1];  /* the Command line, blanks folded */
	int nwith;
	char with[CMD_MAX_WITH][CMD_TEXT_LEN + 1];
	time_t date;
	bool is_signed;
	int sig_kind;                 /* enum turn_sig_kind */
	char key[KEY_ID_HEX + 1];
	uint8_t sig[TURN_SIG_BYTES];
	size_t begin, end;            /* the block (and its SSH signature) in the text */
	struct sshsig ssh;
	uint8_t ssh_blob[SSHSIG_BLOB_MAX];
	size_t ssh_blob_len;
	char ssh_msg[TURN_SSH_MSG_MAX + 1];
	size_t ssh_msg_len;
};

enum { CMD_NEED_SIGNATURE = 1, CMD_PLAIN = 2 /* no SSH signature looked for */ };

/* Whether text holds a BEGIN CARCASSONNE COMMAND line. */
bool command_present(const char *text, size_t len);
/* Finds the one command in text (mail and all) and reads it; malformed
 * text gets TURN_MALFORMED with the line at fault. */
int command_parse(const char *text, size_t len, int flags, struct command *c,
		  struct turn_error *err);
/* The text signed: a domain prefix, then the fields, one a line; the
 * Command and With lines as written (a key or a zone name is not
 * folded to lower case); free() it. */
char *command_canonical(const struct command *c, size_t *len);
int command_sign(struct command *c, const struct seckey *k, struct turn_error *err);
/* 0 if c's signature (carcpbem or SSH) is good for pk. */
int command_verify(const struct command *c, const uint8_t pk[KEY_BYTES]);
/* Its identity, the same however it was signed or mangled: 32 hex
 * digits of BLAKE2b over the canonical form. A command is carried out
 * once: the host keeps the ids it has seen (within the Date window). */
void command_id(const struct command *c, char out[CMD_ID_HEX + 1]);
/* 0 if c's Date is within the window around now, else -1 and why. */
int command_check_date(const struct command *c, time_t now, struct turn_error *err);
/* The armored block (signed or not; SSH: the bytes signed, then the
 * signature's armor); free() it. */
char *command_format(const struct command *c);
/* The n-th word (from 0) of the Command line, upper case, into w. */
void command_word(const struct command *c, int n, char *w, size_t cap);

#endif
