/* Signing turns: the canonical form, Ed25519 signatures over it, the
 * turn's identity, and the armored block as carcpbem writes it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "turnfile.h"
#include "turnscan.h"

/* Domain separation: a signature over a turn can pass for nothing else. */
static const char canon_prefix[] = "carcpbem turn v1\n";
static const char id_prefix[] = "carcpbem turn id v1\n";

#define SIG_B64 sodium_base64_ENCODED_LEN(TURN_SIG_BYTES, sodium_base64_VARIANT_ORIGINAL)
#define SIG_LINE 44 /* base64 characters per line: lines stay under 72 */

/* Appends "key: value\n" with value in lower case. */
static size_t
put(char *buf, size_t at, const char *key, const char *value)
{
	at += (size_t)sprintf(buf + at, "%s: ", key);
	for (; *value; value++)
		buf[at++] = (char)tolower((unsigned char)*value);
	buf[at++] = '\n';
	buf[at] = '\0';
	return at;
}

char *
turn_canonical(const struct turn *t, size_t *len)
{
	size_t cap = sizeof(canon_prefix) + 64 + sizeof(t->game) + sizeof(t->player) +
		     sizeof(t->state) + t->nactions * (TURN_ACTION_LEN + 16);
	char *buf = malloc(cap), num[24];
	size_t at;

	if (buf == NULL)
		return NULL;
	memcpy(buf, canon_prefix, sizeof(canon_prefix));
	at = sizeof(canon_prefix) - 1;
	snprintf(num, sizeof(num), "%ld", t->number);
	at = put(buf, at, "game", t->game);
	at = put(buf, at, "turn", num);
	at = put(buf, at, "player", t->player);
	at = put(buf, at, "state", t->state);
	for (int i = 0; i < t->nactions; i++)
		at = put(buf, at, "action", t->action[i]);
	*len = at;
	return buf;
}

int
turn_sign(struct turn *t, const struct seckey *k, struct turn_error *err)
{
	size_t len;
	char *msg = turn_canonical(t, &len);

	if (msg == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	crypto_sign_detached(t->sig, NULL, (const unsigned char *)msg, len, k->sk);
	free(msg);
	key_id(k->pk, t->key);
	t->is_signed = true;
	t->sig_kind = TURN_SIG_CARCPBEM; /* an SSH-signed text signed again */
	return 0;
}

int
turn_ssh_verify(const struct sshsig *s, const char *msg, size_t len,
		const uint8_t pk[KEY_BYTES])
{
	return memcmp(s->pk, pk, KEY_BYTES) == 0 && sshsig_check_namespace(s, NULL, 0) == 0 &&
			       sshsig_verify(s, msg, len) == 0
		   ? 0
		   : -1;
}

int
turn_verify(const struct turn *t, const uint8_t pk[KEY_BYTES])
{
	size_t len;
	char *msg;
	int r;

	if (t->is_signed && t->sig_kind == TURN_SIG_SSH)
		return turn_ssh_verify(&t->ssh, t->ssh_msg, t->ssh_msg_len, pk);
	if (!t->is_signed || (msg = turn_canonical(t, &len)) == NULL)
		return -1;
	r = crypto_sign_verify_detached(t->sig, (const unsigned char *)msg, len, pk);
	free(msg);
	return r == 0 ? 0 : -1;
}

void
turn_id(const struct turn *t, uint8_t out[32])
{
	crypto_generichash_state st;
	size_t len;
	char *msg = turn_canonical(t, &len);

	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, (const unsigned char *)id_prefix,
				  sizeof(id_prefix) - 1);
	if (msg)
		crypto_generichash_update(&st, (const unsigned char *)msg, len);
	crypto_generichash_update(&st, t->sig, sizeof(t->sig));
	crypto_generichash_final(&st, out, 32);
	free(msg);
}

size_t
turn_put_signature(const uint8_t sig[TURN_SIG_BYTES], const char *key, char *buf,
		   size_t at)
{
	char b64[SIG_B64];
	size_t n;

	sodium_bin2base64(b64, sizeof(b64), sig, TURN_SIG_BYTES,
			  sodium_base64_VARIANT_ORIGINAL);
	n = strlen(b64);
	at += (size_t)sprintf(buf + at, "Key: %s\nSignature: %.*s\n", key, SIG_LINE,
			      b64);
	for (size_t i = SIG_LINE; i < n; i += SIG_LINE)
		at += (size_t)sprintf(buf + at, "  %.*s\n", SIG_LINE, b64 + i);
	return at;
}

char *
turn_format_ssh(const char *msg, size_t len, const uint8_t *blob, size_t blen)
{
	size_t cap = len + 2 + 2 * SSHSIG_BLOB_MAX, at = len;
	char *buf = malloc(cap);

	if (buf == NULL)
		return NULL;
	memcpy(buf, msg, at);
	if (at == 0 || buf[at - 1] != '\n')
		buf[at++] = '\n';
	if (sshsig_armor(blob, blen, buf + at, cap - at) == 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

char *
turn_format(const struct turn *t)
{
	size_t cap = 512 + t->nactions * (TURN_ACTION_LEN + 16);
	char *buf;
	size_t at;

	if (t->is_signed && t->sig_kind == TURN_SIG_SSH)
		return turn_format_ssh(t->ssh_msg, t->ssh_msg_len, t->ssh_blob,
				       t->ssh_blob_len);
	if ((buf = malloc(cap)) == NULL)
		return NULL;
	at = (size_t)sprintf(buf, "%s\nGame: %s\nTurn: %ld\nPlayer: %s\nState: %s\n",
			     TURN_BEGIN, t->game, t->number, t->player, t->state);
	for (int i = 0; i < t->nactions; i++)
		at += (size_t)sprintf(buf + at, "Action: %s\n", t->action[i]);
	if (t->is_signed)
		at = turn_put_signature(t->sig, t->key, buf, at);
	sprintf(buf + at, "%s\n", TURN_END);
	return buf;
}

void
turn_actions_text(const struct turn *t, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < t->nactions && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "; " : "",
					t->action[i]);
}

int
turn_start(const struct gamefile *gf, int p, struct turn *t, struct turn_error *err)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->game, sizeof(t->game), "%s", gf->id);
	snprintf(t->player, sizeof(t->player), "%s", gf->name[p]);
	t->number = gf->game->turn;
	if (gamefile_state_hash(gf, t->state) < 0)
		return terr(err, TURN_FAIL, "out of memory");
	return 0;
}
