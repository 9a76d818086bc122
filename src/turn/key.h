/* Ed25519 keys (libsodium) and their files.
 *
 *   NAME.pub  one line: "carcpbem-ed25519 BASE64 NAME", the 32-byte public
 *             key; a file may hold several such lines, and OpenSSH lines
 *             "ssh-ed25519 BASE64 COMMENT" (~/.ssh/id_ed25519.pub) too
 *   NAME.key  "carcpbem-ed25519-secret BASE64 NAME", the 32-byte seed the
 *             key pair is derived from; mode 0600, and refused when group
 *             or others may read it (OpenSMTPD's check_file_secrecy)
 *
 * Secrets are wiped (sodium_memzero) as soon as they are used.
 */
#ifndef CARC_KEY_H
#define CARC_KEY_H

#include <sodium.h>
#include <stddef.h>
#include <stdint.h>

#include "gamefile.h"
#include "turn.h"

#define KEY_PUBLIC_TAG "carcpbem-ed25519"
#define KEY_SECRET_TAG "carcpbem-ed25519-secret"
#define KEY_LABEL_MAX 64
#define KEY_ID_HEX 16 /* a key's id: BLAKE2b-256 of the public key, cut */
#define KEY_BYTES crypto_sign_PUBLICKEYBYTES

struct pubkey {
	int kind; /* enum gf_key_kind: carcpbem's own, or OpenSSH's */
	uint8_t pk[KEY_BYTES];
	char label[KEY_LABEL_MAX + 1]; /* an SSH key's comment, or "" if that is
					  not a label */
};

struct seckey {
	uint8_t sk[crypto_sign_SECRETKEYBYTES];
	uint8_t pk[KEY_BYTES];
	char label[KEY_LABEL_MAX + 1];
};

/* A key's label (1 to 64 letters, digits, '.', '_', '@', '+', '-', not
 * starting with '.' or '-': it names files). */
int key_check_label(const char *label, char *why, size_t n);
/* Makes a key pair and writes the secret key to seckey_path (mode 0600)
 * and the public key line to pubkey_path; refuses to replace either. */
int key_generate(const char *seckey_path, const char *pubkey_path, const char *label,
		 struct pubkey *out, struct turn_error *err);
/* Reads a secret key file, refusing one that group or others may read or
 * that belongs to another user. key_wipe it after use. */
int key_load_secret(const char *path, struct seckey *out, struct turn_error *err);
void key_wipe(struct seckey *k);
/* Reads the public key lines of a file (blank lines and # comments
 * skipped); returns how many (at most max), or -1. */
int key_load_public(const char *path, struct pubkey *out, int max,
		    struct turn_error *err);
/* The key a file gives a seat at carcpbem new: with name NULL, the
 * file's one key (its label names the player); with a name, the file's
 * one key whatever its label, or among several the one labelled name.
 * A file of several keys is refused without a name, so that no line of
 * it can take another player's seat. */
#define KEY_FILE_MAX 16
int key_load_seat(const char *path, const char *name, struct pubkey *out,
		  struct turn_error *err);
/* One public key line (no newline needed), carcpbem's or OpenSSH's:
 * refused unless the key is a valid Ed25519 point of large order; a
 * secret key's line is refused with a sentence, never echoed. */
int key_parse_public(const char *line, struct pubkey *out, char *why, size_t n);
/* "carcpbem-ed25519 BASE64 LABEL\n", or "ssh-ed25519 BASE64 LABEL\n" */
void key_format_public(const struct pubkey *k, char *buf, size_t n);
/* Gives seat p the key k, of its kind (gamefile_set_key's checks). */
int key_register(struct gamefile *gf, int p, const struct pubkey *k, struct gf_error *err);
/* The key id of a public key: KEY_ID_HEX lower-case hex digits. */
void key_id(const uint8_t pk[KEY_BYTES], char out[KEY_ID_HEX + 1]);

#endif
