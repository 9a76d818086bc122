/* A player's public key in the game document (docs/state-format.md):
 * a carcpbem key as the base64 of its 32 bytes, an OpenSSH one as the
 * first two words of its .pub line, "ssh-ed25519 AAAAC3Nz...", so that
 * the host can compare it with the player's file. */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "gamefile.h"

#define SSH_TAG "ssh-ed25519 "
#define SSH_HEAD 19
#define B64(n) sodium_base64_ENCODED_LEN(n, sodium_base64_VARIANT_ORIGINAL)

/* The OpenSSH key blob: string "ssh-ed25519", then a string of 32 bytes. */
static const uint8_t ssh_head[SSH_HEAD] = "\0\0\0\13ssh-ed25519\0\0\0\40";

void
gamefile_key_text(int kind, const uint8_t key[GF_KEY_BYTES], char *buf, size_t n)
{
	uint8_t blob[SSH_HEAD + GF_KEY_BYTES];
	char b64[B64(sizeof(blob))];

	if (kind == GF_KEY_SSH) {
		memcpy(blob, ssh_head, SSH_HEAD);
		memcpy(blob + SSH_HEAD, key, GF_KEY_BYTES);
		sodium_bin2base64(b64, sizeof(b64), blob, sizeof(blob),
				  sodium_base64_VARIANT_ORIGINAL);
		snprintf(buf, n, "%s%s", SSH_TAG, b64);
	} else {
		sodium_bin2base64(b64, sizeof(b64), key, GF_KEY_BYTES,
				  sodium_base64_VARIANT_ORIGINAL);
		snprintf(buf, n, "%s", b64);
	}
}

static int
decode(const char *b64, uint8_t *out, size_t want)
{
	const char *end;
	size_t len;

	return sodium_base642bin(out, want, b64, strlen(b64), NULL, &len, &end,
				 sodium_base64_VARIANT_ORIGINAL) == 0 &&
		       len == want && *end == '\0'
		   ? 0
		   : -1;
}

int
gamefile_key_read(const char *text, int *kind, uint8_t key[GF_KEY_BYTES])
{
	uint8_t blob[SSH_HEAD + GF_KEY_BYTES];

	if (strncmp(text, SSH_TAG, strlen(SSH_TAG)) != 0) {
		*kind = GF_KEY_CARCPBEM;
		return decode(text, key, GF_KEY_BYTES);
	}
	*kind = GF_KEY_SSH;
	if (decode(text + strlen(SSH_TAG), blob, sizeof(blob)) < 0 ||
	    memcmp(blob, ssh_head, SSH_HEAD) != 0)
		return -1;
	memcpy(key, blob + SSH_HEAD, GF_KEY_BYTES);
	return 0;
}
