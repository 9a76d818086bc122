/* SSH-signed turns (docs/turn-format.md, "SSH signatures"): the turn
 * block as the host sent it, signed by ssh-keygen -Y sign -n carcassonne,
 * then the SSH SIGNATURE armor. Mail may have changed line ends, the
 * final newline, blanks at line ends and quote marks; the signed bytes
 * are looked for among a fixed list of forms of the received block, each
 * differing from it only in what the turn parser ignores. The fields are
 * then read from the very bytes that verified. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "turnscan.h"

#define B64_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

/* The armor's base64, line breaks and blanks dropped. */
static int
read_armor(const char *text, size_t len, const struct turn_sshmark *m, char *b64,
	   size_t *n, size_t *end, struct turn_error *err)
{
	struct turn_scan s = {.text = text, .len = len, .pos = m->begin, .no = m->first - 1};

	*n = 0;
	turn_scan_line(&s); /* BEGIN */
	while (turn_scan_line(&s)) {
		const char *l = s.line.text;
		if (strcasecmp(l, SSHSIG_END) == 0) {
			*end = s.stop;
			b64[*n] = '\0';
			return 0;
		}
		if (s.no - m->first >= TURN_BLOCK_MAX_LINES)
			return terr(err, TURN_MALFORMED,
				    "the SSH signature starting on line %d is more than %d "
				    "lines long: send the .sig file as ssh-keygen wrote it",
				    m->first, TURN_BLOCK_MAX_LINES);
		if (s.line.bad >= 0 || s.line.too_long ||
		    strspn(l, B64_CHARS " ") != strlen(l))
			return terr(err, TURN_MALFORMED,
				    "line %d: not a line of an SSH signature (base64): "
				    "send the .sig file as ssh-keygen wrote it",
				    s.no);
		for (; *l; l++)
			if (*l != ' ' && (*n)++ < SSHSIG_B64_MAX)
				b64[*n - 1] = *l;
		if (*n > SSHSIG_B64_MAX)
			return terr(err, TURN_MALFORMED,
				    "line %d: the SSH signature is longer than %d base64 "
				    "characters: an ssh-ed25519 signature is about 240",
				    s.no, SSHSIG_B64_MAX);
	}
	return terr(err, TURN_MALFORMED,
		    "the SSH signature starting on line %d has no line " SSHSIG_END
		    ": was it cut off?",
		    m->first);
}

int
turn_ssh_read(const char *text, size_t len, const struct turn_sshmark *m,
	      struct sshsig *ssh, uint8_t *blob_out, size_t *blob_len, size_t *end,
	      struct turn_error *err)
{
	char b64[SSHSIG_B64_MAX + 1], why[300];
	uint8_t blob[SSHSIG_READ_MAX];
	size_t n;

	if (m->count > 1)
		return terr(err, TURN_MALFORMED,
			    "%d SSH signatures in one text: send one block and its "
			    "signature at a time",
			    m->count);
	if (read_armor(text, len, m, b64, &n, end, err) < 0)
		return -1;
	if (sshsig_decode(b64, n, blob, sizeof(blob), &n, why, sizeof(why)) < 0 ||
	    sshsig_parse(blob, n, ssh, why, sizeof(why)) < 0)
		return terr(err, TURN_MALFORMED, "line %d: %s", m->first, why);
	if (n > SSHSIG_BLOB_MAX) /* cannot be, for an ssh-ed25519 one */
		return terr(err, TURN_MALFORMED, "line %d: the SSH signature is too long",
			    m->first);
	memcpy(blob_out, blob, n);
	*blob_len = n;
	if (sshsig_check_namespace(ssh, why, sizeof(why)) < 0)
		return terr(err, TURN_BAD_SIGNATURE, "%s", why);
	return 0;
}

static int
read_signature(const char *text, size_t len, const struct turn_sshmark *m,
	       struct turn *t, size_t *end, struct turn_error *err)
{
	return turn_ssh_read(text, len, m, &t->ssh, t->ssh_blob, &t->ssh_blob_len, end,
			     err);
}

/* ---- the forms tried ---- */

enum line_form { AS_RECEIVED, TRIMMED, CLEANED, LINE_FORMS };

/* One line of the block in a form: as received (less the CR of a CR LF),
 * less blanks at its end, or cleaned as the parser reads it (quote
 * marks and blanks off its ends, inner blanks folded). */
static size_t
line_in_form(const char *raw, size_t n, int form, const char **out,
	     struct armor_line *l)
{
	if (form == CLEANED) {
		armor_clean(raw, n, l);
		*out = l->text;
		return strlen(l->text);
	}
	*out = raw;
	if (n > 0 && raw[n - 1] == '\r')
		n--;
	while (form == TRIMMED && n > 0 && strchr(" \t\r", raw[n - 1]))
		n--;
	return n;
}

/* The block [begin, end) with its lines in form, ending in eol, with or
 * without one after the END line; its length, or 0 if too long. */
static size_t
make_form(const char *block, size_t len, int form, const char *eol, bool final,
	  char *out)
{
	struct armor_line l;
	size_t at = 0, elen = strlen(eol);

	for (size_t pos = 0; pos <= len;) {
		const char *nl = memchr(block + pos, '\n', len - pos), *line;
		size_t stop = nl ? (size_t)(nl - block) : len;
		size_t n = line_in_form(block + pos, stop - pos, form, &line, &l);
		bool last = nl == NULL;
		if (at + n + elen > TURN_SSH_MSG_MAX)
			return 0;
		memcpy(out + at, line, n);
		at += n;
		if (!last || final)
			memcpy(out + at, eol, elen), at += elen;
		pos = stop + 1;
	}
	out[at] = '\0';
	return at;
}

/* The exact bytes before the signature's BEGIN line, and those less the
 * one newline the join of two attachments may have added. */
static size_t
make_prefix(const char *text, size_t begin, bool less_newline, char *out)
{
	if (less_newline && begin > 0 && text[begin - 1] == '\n')
		begin--;
	if (begin == 0 || begin > TURN_SSH_MSG_MAX)
		return 0;
	memcpy(out, text, begin);
	out[begin] = '\0';
	return begin;
}

#define FORMS (LINE_FORMS * 4 + 2)

static size_t
make(const char *text, size_t begin, size_t end, const struct turn_sshmark *m, int i,
     char *out)
{
	static const char *const eols[] = {"\n", "\r\n"};

	if (i >= LINE_FORMS * 4)
		return make_prefix(text, m->begin, i == FORMS - 1, out);
	return make_form(text + begin, end - begin, i / 4, eols[i % 2], (i / 2) % 2 == 0,
			 out);
}

size_t
turn_ssh_find_form(const char *text, size_t begin, size_t end,
		   const struct turn_sshmark *m, const struct sshsig *ssh, char *out)
{
	for (int i = 0; i < FORMS; i++) {
		size_t n = make(text, begin, end, m, i, out);
		if (n > 0 && sshsig_verify(ssh, out, n) == 0)
			return n;
	}
	return make(text, begin, end, m, 0, out);
}

/* The first form the signature verifies; the block as received (which
 * will not verify) if none. */
static void
find_signed(const char *text, const struct turn *recv, const struct turn_sshmark *m,
	    struct turn *t)
{
	t->ssh_msg_len = turn_ssh_find_form(text, recv->begin, recv->end, m, &t->ssh,
					    t->ssh_msg);
}

/* The turn block right before the signature, as received (an earlier
 * one may be the host's notice, quoted): where it is, and that it reads
 * (line numbers as in the text). */
static int
read_received(const char *text, const struct turn_sshmark *m, struct turn *recv,
	      struct turn_error *err)
{
	if (turn_parse(text, m->begin, TURN_PLAIN | TURN_LAST, recv, err) < 0) {
		if (err && strncmp(err->text, "no turn", 7) == 0)
			terr(err, TURN_MALFORMED,
			     "no turn before the SSH signature on line %d: send the "
			     "turn (turn.txt) first, then its signature",
			     m->first);
		return -1;
	}
	if (recv->is_signed || recv->key[0])
		return terr(err, TURN_MALFORMED,
			    "the turn before the SSH signature has Key or Signature "
			    "lines: sign the turn as the host sent it (turn.txt) with "
			    "ssh-keygen, or with carcpbem sign, not both");
	if (recv->end - recv->begin > TURN_SSH_MSG_MAX / 2)
		return terr(err, TURN_MALFORMED,
			    "the turn before the SSH signature is %zu bytes long, more "
			    "than %d: sign the turn as the host sent it",
			    recv->end - recv->begin, TURN_SSH_MSG_MAX / 2);
	return 0;
}

int
turn_parse_ssh(const char *text, size_t len, const struct turn_sshmark *m,
	       struct turn *t, struct turn_error *err)
{
	struct turn recv, sig = {0};
	size_t end = 0;

	if (read_signature(text, len, m, &sig, &end, err) < 0 ||
	    read_received(text, m, &recv, err) < 0)
		return -1;
	find_signed(text, &recv, m, &sig);
	/* the meaning: read from the bytes the signature covers */
	if (turn_parse(sig.ssh_msg, sig.ssh_msg_len, TURN_PLAIN, t, err) < 0)
		return -1;
	if (t->is_signed || t->key[0]) /* the prefix form: a block of its own */
		return terr(err, TURN_MALFORMED,
			    "the SSH-signed text holds a turn with Key or Signature "
			    "lines: sign the turn as the host sent it (turn.txt)");
	memcpy(&t->ssh, &sig.ssh, sizeof(t->ssh));
	memcpy(t->ssh_blob, sig.ssh_blob, sig.ssh_blob_len);
	t->ssh_blob_len = sig.ssh_blob_len;
	memcpy(t->ssh_msg, sig.ssh_msg, sig.ssh_msg_len + 1);
	t->ssh_msg_len = sig.ssh_msg_len;
	memcpy(t->sig, sig.ssh.sig, sizeof(t->sig));
	key_id(sig.ssh.pk, t->key);
	t->sig_kind = TURN_SIG_SSH;
	t->is_signed = true;
	t->begin = recv.begin;
	t->end = end;
	return 0;
}

char *
turn_join_ssh(const char *turn, size_t tlen, const char *sig, size_t slen, size_t *len)
{
	bool nl = tlen > 0 && turn[tlen - 1] != '\n';
	char *text = malloc(tlen + nl + slen + 1);

	if (text == NULL)
		return NULL;
	memcpy(text, turn, tlen);
	if (nl)
		text[tlen] = '\n';
	memcpy(text + tlen + nl, sig, slen);
	*len = tlen + nl + slen;
	text[*len] = '\0';
	return text;
}
