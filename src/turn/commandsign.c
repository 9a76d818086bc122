/* Signing commands: the canonical form, Ed25519 over it (carcpbem keys)
 * or an SSH signature over the block, the command's id, its armor. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "meta.h"
#include "turnscan.h"

/* Domain separation: a command's signature can pass for no turn. */
static const char canon_prefix[] = "carcpbem command v1\n";
static const char id_prefix[] = "carcpbem command id v1\n";

static size_t
put(char *buf, size_t at, const char *key, const char *value, bool low)
{
	at += (size_t)sprintf(buf + at, "%s: ", key);
	for (; *value; value++)
		buf[at++] = low ? (char)tolower((unsigned char)*value) : *value;
	buf[at++] = '\n';
	buf[at] = '\0';
	return at;
}

char *
command_canonical(const struct command *c, size_t *len)
{
	size_t cap = sizeof(canon_prefix) + 128 + sizeof(c->game) + sizeof(c->player) +
		     (size_t)(c->nwith + 1) * (CMD_TEXT_LEN + 16);
	char *buf = malloc(cap), date[21];
	size_t at = sizeof(canon_prefix) - 1;

	if (buf == NULL)
		return NULL;
	memcpy(buf, canon_prefix, sizeof(canon_prefix));
	meta_time_format(c->date, date);
	at = put(buf, at, "game", c->game, true);
	at = put(buf, at, "player", c->player, true);
	at = put(buf, at, "command", c->text, false);
	for (int i = 0; i < c->nwith; i++)
		at = put(buf, at, "with", c->with[i], false);
	at = put(buf, at, "date", date, false);
	*len = at;
	return buf;
}

int
command_sign(struct command *c, const struct seckey *k, struct turn_error *err)
{
	size_t len;
	char *msg = command_canonical(c, &len);

	if (msg == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	crypto_sign_detached(c->sig, NULL, (const unsigned char *)msg, len, k->sk);
	free(msg);
	key_id(k->pk, c->key);
	c->is_signed = true;
	c->sig_kind = TURN_SIG_CARCPBEM;
	return 0;
}

int
command_verify(const struct command *c, const uint8_t pk[KEY_BYTES])
{
	size_t len;
	char *msg;
	int r;

	if (c->is_signed && c->sig_kind == TURN_SIG_SSH)
		return turn_ssh_verify(&c->ssh, c->ssh_msg, c->ssh_msg_len, pk);
	if (!c->is_signed || (msg = command_canonical(c, &len)) == NULL)
		return -1;
	r = crypto_sign_verify_detached(c->sig, (const unsigned char *)msg, len, pk);
	free(msg);
	return r == 0 ? 0 : -1;
}

void
command_id(const struct command *c, char out[CMD_ID_HEX + 1])
{
	crypto_generichash_state st;
	uint8_t h[CMD_ID_HEX / 2];
	size_t len;
	char *msg = command_canonical(c, &len);

	crypto_generichash_init(&st, NULL, 0, sizeof(h));
	crypto_generichash_update(&st, (const unsigned char *)id_prefix,
				  sizeof(id_prefix) - 1);
	if (msg)
		crypto_generichash_update(&st, (const unsigned char *)msg, len);
	crypto_generichash_final(&st, h, sizeof(h));
	sodium_bin2hex(out, CMD_ID_HEX + 1, h, sizeof(h));
	free(msg);
}

int
command_check_date(const struct command *c, time_t now, struct turn_error *err)
{
	char date[21], host[21];

	meta_time_format(c->date, date);
	meta_time_format(now, host);
	if (c->date < now - CMD_WINDOW_PAST)
		return terr(err, TURN_STALE,
			    "the command is dated %s, more than %ld days before the host's "
			    "time (%s): make it again with today's date",
			    date, CMD_WINDOW_PAST / 86400, host);
	if (c->date > now + CMD_WINDOW_FUTURE)
		return terr(err, TURN_MALFORMED,
			    "the command is dated %s, more than %ld hours after the host's "
			    "time (%s): check your computer's clock and make it again",
			    date, CMD_WINDOW_FUTURE / 3600, host);
	return 0;
}

char *
command_format(const struct command *c)
{
	size_t cap = 640 + (size_t)(c->nwith + 1) * (CMD_TEXT_LEN + 16), at;
	char *buf, date[21];

	if (c->is_signed && c->sig_kind == TURN_SIG_SSH)
		return turn_format_ssh(c->ssh_msg, c->ssh_msg_len, c->ssh_blob,
				       c->ssh_blob_len);
	if ((buf = malloc(cap)) == NULL)
		return NULL;
	meta_time_format(c->date, date);
	at = (size_t)sprintf(buf, "%s\n", ARMOR_CMD_BEGIN);
	if (c->game[0])
		at += (size_t)sprintf(buf + at, "Game: %s\n", c->game);
	at += (size_t)sprintf(buf + at, "Player: %s\nCommand: %s\n", c->player, c->text);
	for (int i = 0; i < c->nwith; i++)
		at += (size_t)sprintf(buf + at, "With: %s\n", c->with[i]);
	at += (size_t)sprintf(buf + at, "Date: %s\n", date);
	if (c->is_signed)
		at = turn_put_signature(c->sig, c->key, buf, at);
	sprintf(buf + at, "%s\n", ARMOR_CMD_END);
	return buf;
}
