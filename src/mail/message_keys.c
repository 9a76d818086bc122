/* Finding public key lines in a mail's text: a player may mail the host
 * a key (carcpbem's "carcpbem-ed25519 BASE64 NAME", or an OpenSSH
 * "ssh-ed25519 AAAA... comment") before a game exists. Only found here;
 * what they are worth is the host's business (src/pbem/loop/process_keys.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "message_impl.h"

#define KEY_LINE_MAX 512

/* OpenSSH's other types are found too, to be refused with a reason. */
static const char *const key_words[] = {
	"carcpbem-ed25519",    "carcpbem-ed25519-secret",     "ssh-ed25519",
	"ssh-rsa",             "ssh-dss",                     "ecdsa-sha2-nistp256",
	"ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",         "sk-ssh-ed25519@openssh.com",
	"sk-ecdsa-sha2-nistp256@openssh.com"};

/* Whether line (n bytes, quote marks and blanks taken off its front)
 * starts with a key word and a blank. */
static bool
is_key_line(const char *line, size_t n)
{
	for (size_t i = 0; i < sizeof(key_words) / sizeof(key_words[0]); i++) {
		size_t w = strlen(key_words[i]);
		if (n > w && memcmp(line, key_words[i], w) == 0 &&
		    (line[w] == ' ' || line[w] == '\t'))
			return true;
	}
	return false;
}

static int
add_key(struct mail_in *m, const char *line, size_t n, const char *where)
{
	struct mail_key *k;

	while (n > 0 && strchr(" \t\r", line[n - 1]))
		n--;
	if (n > KEY_LINE_MAX) /* an RSA key: its type is all the host needs */
		n = strcspn(line, " \t");
	for (int i = 0; i < m->nkeys; i++)
		if (strlen(m->key[i].line) == n && memcmp(m->key[i].line, line, n) == 0)
			return 0; /* the same key in the body and attached */
	if (m->nkeys == MAIL_MAX_KEYS)
		return 0;
	k = &m->key[m->nkeys];
	if ((k->line = strndup(line, n)) == NULL)
		return -1;
	snprintf(k->where, sizeof(k->where), "%s", where);
	m->nkeys++;
	return 0;
}

int
mail_find_keys(struct mail_in *m, const char *text, size_t len, const char *where)
{
	size_t pos = 0, stop, skip;
	const char *nl;

	while (pos < len) {
		nl = memchr(text + pos, '\n', len - pos);
		stop = nl ? (size_t)(nl - text) : len;
		skip = pos;
		while (skip < stop && strchr("> \t", text[skip]))
			skip++;
		if (is_key_line(text + skip, stop - skip) &&
		    add_key(m, text + skip, stop - skip, where) < 0)
			return -1;
		pos = nl ? stop + 1 : len;
	}
	return 0;
}
