/* OpenSSH Ed25519 keys and signatures, read with libsodium alone
 * (docs/turn-format.md, "SSH signatures"):
 *
 *   a public key line  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... comment"
 *   a signature        "-----BEGIN SSH SIGNATURE-----" base64 lines
 *                      "-----END SSH SIGNATURE-----", as
 *                      ssh-keygen -Y sign -n carcassonne writes it
 *
 * Both parsers read hostile input: every length is checked against what
 * is left, nothing is allocated, and each refusal says why in a sentence.
 */
#ifndef CARC_SSHSIG_H
#define CARC_SSHSIG_H

#include <sodium.h>
#include <stddef.h>
#include <stdint.h>

#define SSH_ED25519 "ssh-ed25519"
#define SSHSIG_BEGIN "-----BEGIN SSH SIGNATURE-----"
#define SSHSIG_END "-----END SSH SIGNATURE-----"
#define SSHSIG_NAMESPACE "carcassonne"
#define SSHSIG_BLOB_MAX 256 /* an Ed25519 SSHSIG: about 180 bytes, at most 234 */
#define SSHSIG_B64_MAX 2048 /* base64 read, so that an RSA signature (about
			       1,200) is refused for its type, not its size */
#define SSHSIG_READ_MAX (SSHSIG_B64_MAX / 4 * 3)
#define SSHSIG_NS_MAX 64
#define SSH_COMMENT_MAX 128

enum sshsig_hash { SSHSIG_SHA512, SSHSIG_SHA256 };

struct sshsig {
	uint8_t pk[crypto_sign_PUBLICKEYBYTES]; /* the signer's key */
	char ns[SSHSIG_NS_MAX + 1];             /* the namespace */
	int hash;                               /* enum sshsig_hash */
	uint8_t sig[crypto_sign_BYTES];
};

/* An OpenSSH public key line: its key and comment ("" if none). Other
 * key types, certificates and secret keys are refused with a sentence
 * saying what to give instead. */
int sshkey_parse_line(const char *line, uint8_t pk[crypto_sign_PUBLICKEYBYTES],
		      char *comment, size_t cap, char *why, size_t n);
/* Whether a line is the start of a secret key, OpenSSH's or PEM's. */
int sshkey_is_secret(const char *line);

/* The base64 of a signature armor, line breaks removed, into its blob. */
int sshsig_decode(const char *b64, size_t len, uint8_t *blob, size_t cap, size_t *blen,
		  char *why, size_t n);
/* Reads an SSHSIG blob: magic, version 1, an ssh-ed25519 key, the
 * namespace, sha512 or sha256, an ssh-ed25519 signature. The namespace
 * is not checked here (sshsig_check_namespace). */
int sshsig_parse(const uint8_t *blob, size_t len, struct sshsig *out, char *why,
		 size_t n);
/* 0 if the signature's namespace is carcassonne. */
int sshsig_check_namespace(const struct sshsig *s, char *why, size_t n);
/* 0 if s is a good signature by s->pk of the message's bytes. */
int sshsig_verify(const struct sshsig *s, const void *msg, size_t len);
/* The armor of a blob: BEGIN, base64 lines of 70, END, each line ending
 * in LF (as ssh-keygen writes it); returns its length, or 0 if cap is
 * too small. */
size_t sshsig_armor(const uint8_t *blob, size_t len, char *out, size_t cap);

#endif
