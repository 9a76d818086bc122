/* The turn parser's walk over a text, line by line, each line cleaned
 * (src/armor/): shared by the two signature kinds (turnfile.c and
 * turnssh.c), so that both read lines alike. Internal to src/turn/. */
#ifndef CARC_TURNSCAN_H
#define CARC_TURNSCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "armor.h"
#include "turnfile.h"

struct turn_scan {
	const char *text;
	size_t len, pos; /* pos: start of the next line */
	size_t start;    /* the current line: its offset, its end (before '\n') */
	size_t stop;
	int no;          /* its number, from 1 */
	struct armor_line line;
};

/* Moves to the next line; false at the end of the text. */
bool turn_scan_line(struct turn_scan *s);
/* -1 (TURN_MALFORMED) if the current line holds a control character. */
int turn_scan_printable(const struct turn_scan *s, struct turn_error *err);

/* A Signature field's base64, gathered over the lines it runs on. */
struct turn_sigtext {
	char b64[128];
	size_t n;
};
/* Adds v's base64 (blanks dropped) to sig; too long: TURN_MALFORMED. */
int turn_sig_add(const struct turn_scan *s, struct turn_sigtext *sig, const char *v,
		 struct turn_error *err);
/* The signature's bytes; -1 if it is not 64 bytes of base64. */
int turn_sig_decode(const struct turn_sigtext *sig, uint8_t out[TURN_SIG_BYTES],
		    struct turn_error *err);

/* An SSH signature armor found by the scan: where its BEGIN line starts. */
struct turn_sshmark {
	int count;    /* how many BEGIN SSH SIGNATURE lines outside turn blocks */
	size_t begin; /* the first one's offset */
	int first;    /* its line number */
};

/* The SSH-signed turn in text: the signature armor at mark, the turn
 * block before it (turnssh.c). */
int turn_parse_ssh(const char *text, size_t len, const struct turn_sshmark *mark,
		   struct turn *t, struct turn_error *err);

/* Appends "Key: KEY" and the Signature lines (base64 wrapped at 44) at
 * buf + at (room for 200 bytes); the new length. */
size_t turn_put_signature(const uint8_t sig[TURN_SIG_BYTES], const char *key, char *buf,
			  size_t at);
/* The signed bytes, a newline if they lack one, the signature's armor;
 * free() it. */
char *turn_format_ssh(const char *msg, size_t len, const uint8_t *blob, size_t blen);

/* 0 if s is pk's signature, for carcassonne, of the len bytes of msg. */
int turn_ssh_verify(const struct sshsig *s, const char *msg, size_t len,
		    const uint8_t pk[KEY_BYTES]);

/* Reads the SSH signature armor at mark (one only): its signature and
 * blob (at most SSHSIG_BLOB_MAX bytes), the offset of its END line's end;
 * the namespace checked (TURN_BAD_SIGNATURE). Turns and commands. */
int turn_ssh_read(const char *text, size_t len, const struct turn_sshmark *m,
		  struct sshsig *ssh, uint8_t *blob, size_t *blob_len, size_t *end,
		  struct turn_error *err);
/* The bytes the signature was made over: the first of the forms of the
 * block [begin, end) of text (line ends, trailing blanks, cleaning, the
 * exact text before the signature) that ssh verifies, else the block as
 * received; into out (TURN_SSH_MSG_MAX + 1 bytes), its length. */
size_t turn_ssh_find_form(const char *text, size_t begin, size_t end,
			  const struct turn_sshmark *m, const struct sshsig *ssh,
			  char *out);

#endif
