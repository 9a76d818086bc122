/* OpenSSH signatures beside turn blocks. A player who signs with
 * "ssh-keygen -Y sign" has two files, turn.txt and turn.txt.sig; they
 * come attached (under any names: the signature is known by its armor),
 * or pasted into the body, quoted or not, in either order. Each
 * signature is joined to the one turn it signs, into one text for the
 * turn parser: the turn, a newline if it lacks one, and the armor.
 *
 * Which turn: in the same text, the nearest turn before the signature,
 * else the nearest after it; from an attachment of its own, the turn of
 * the attachment its name says (turn.txt for turn.txt.sig), else the
 * only turn attached, else the only turn in the mail. A signature that
 * fits no turn, or several, joins none: the host says which. The
 * signature itself is checked by the turn layer, never here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "armor.h"
#include "message_impl.h"

#define SSHSIG_BEGIN "-----BEGIN SSH SIGNATURE-----"
#define SSHSIG_END "-----END SSH SIGNATURE-----"
#define SSH_PRIVATE "-----BEGIN OPENSSH PRIVATE KEY-----"

/* The line (n bytes) with quote marks and blanks off both ends, into
 * *start and *n. */
static void
trim(const char **line, size_t *n)
{
	while (*n > 0 && strchr("> \t", **line))
		(*line)++, (*n)--;
	while (*n > 0 && strchr(" \t\r", (*line)[*n - 1]))
		(*n)--;
}

/* The armor line is, after armor_clean (which also takes a no-break
 * space or a folded blank off). */
static bool
is_line(const char *line, size_t n, const char *want)
{
	struct armor_line l;

	armor_clean(line, n, &l);
	return !l.too_long && strcmp(l.text, want) == 0;
}

/* The armor from its BEGIN line to its END line; text[from..to) is what
 * lies between them. */
static int
add_sig(struct mail_in *m, struct sigs *s, const char *text, size_t from, size_t to,
	int part, bool attachment, const char *name, const char *where)
{
	struct sig_found *f;
	size_t pos = from, n, cap = sizeof(SSHSIG_BEGIN) + to - from + sizeof(SSHSIG_END) + 2;
	const char *nl, *line;
	char *out;

	if (s->nsigs == MAIL_MAX_SIGS) {
		m->too_many_sigs = true;
		return 0;
	}
	f = &s->sig[s->nsigs];
	if ((out = malloc(cap)) == NULL)
		return -1;
	f->len = (size_t)sprintf(out, "%s\n", SSHSIG_BEGIN);
	while (pos < to) {
		nl = memchr(text + pos, '\n', to - pos);
		line = text + pos;
		n = (nl ? (size_t)(nl - text) : to) - pos;
		pos += n + 1;
		trim(&line, &n);
		memcpy(out + f->len, line, n);
		f->len += n;
		if (n > 0)
			out[f->len++] = '\n';
	}
	f->len += (size_t)sprintf(out + f->len, "%s\n", SSHSIG_END);
	f->text = out;
	f->part = part;
	f->at = from;
	f->attachment = attachment;
	snprintf(f->name, sizeof(f->name), "%s", name ? name : "");
	snprintf(f->where, sizeof(f->where), "%s", where);
	s->nsigs++;
	return 0;
}

int
mail_find_sigs(struct mail_in *m, struct sigs *s, const char *text, size_t len,
	       int part, bool attachment, const char *name, const char *where)
{
	size_t pos = 0, begin = SIZE_MAX, stop, next;
	const char *nl;
	int found = 0;

	while (pos < len) {
		nl = memchr(text + pos, '\n', len - pos);
		stop = nl ? (size_t)(nl - text) : len;
		next = nl ? stop + 1 : len;
		if (is_line(text + pos, stop - pos, SSHSIG_BEGIN)) {
			begin = next;
		} else if (begin != SIZE_MAX && is_line(text + pos, stop - pos, SSHSIG_END)) {
			if (add_sig(m, s, text, begin, pos, part, attachment, name, where) < 0)
				return -1;
			found++;
			begin = SIZE_MAX;
		} else if (m->private_key[0] == '\0' &&
			   is_line(text + pos, stop - pos, SSH_PRIVATE)) {
			snprintf(m->private_key, sizeof(m->private_key), "%s", where);
		}
		pos = next;
	}
	return found;
}

int
mail_note_blocks(struct mail_in *m, struct sigs *s, int first, const char *text,
		 size_t len, bool attachment, const char *name)
{
	for (int i = first; i < m->nblocks; i++) {
		struct block_src *b = &s->src[i];
		b->attachment = attachment;
		snprintf(b->name, sizeof(b->name), "%s", name ? name : "");
		b->file = NULL;
		if (attachment && m->nblocks - first == 1) {
			if ((b->file = malloc(len + 1)) == NULL)
				return -1;
			memcpy(b->file, text, len);
			b->file[len] = '\0';
			b->file_len = len;
		}
	}
	return 0;
}

static bool
taken(const struct mail_in *m, int b)
{
	return m->block[b].sig_where[0] != '\0';
}

/* In the signature's own text: the nearest free turn before it, else
 * the nearest after it; -1 if none. */
static int
same_text(const struct mail_in *m, const struct sig_found *f)
{
	int before = -1, after = -1;

	for (int b = 0; b < m->nblocks; b++) {
		if (m->block[b].part != f->part || taken(m, b))
			continue;
		if (m->block[b].at < f->at)
			before = b; /* blocks are in order: the last is the nearest */
		else if (after < 0)
			after = b;
	}
	return before >= 0 ? before : after;
}

/* The free turn of the attachment named as f without ".sig" (-1: none). */
static int
named(const struct mail_in *m, const struct sigs *s, const struct sig_found *f)
{
	size_t n = strlen(f->name);

	if (n < 5 || strcasecmp(f->name + n - 4, ".sig") != 0)
		return -1;
	for (int b = 0; b < m->nblocks; b++)
		if (!taken(m, b) && s->src[b].attachment && strlen(s->src[b].name) == n - 4 &&
		    strncasecmp(s->src[b].name, f->name, n - 4) == 0)
			return b;
	return -1;
}

/* The free turns attached (attached true) or in a body: the one, or -1
 * with their number in *count. */
static int
only(const struct mail_in *m, const struct sigs *s, bool attached, int *count)
{
	int one = -1;

	*count = 0;
	for (int b = 0; b < m->nblocks; b++)
		if (!taken(m, b) && s->src[b].attachment == attached) {
			one = b;
			++*count;
		}
	return *count == 1 ? one : -1;
}

static int
join(struct mail_in *m, struct sigs *s, int b, const struct sig_found *f)
{
	struct mail_block *k = &m->block[b];
	const char *turn = s->src[b].file && f->part != k->part ? s->src[b].file : k->text;
	size_t len = turn == k->text ? k->len : s->src[b].file_len;
	bool lf = len > 0 && turn[len - 1] == '\n';
	char *text = malloc(len + 1 + f->len + 1);

	if (text == NULL)
		return -1;
	memcpy(text, turn, len);
	if (!lf)
		text[len++] = '\n';
	memcpy(text + len, f->text, f->len + 1);
	free(k->text);
	k->text = text;
	k->len = len + f->len;
	snprintf(k->sig_where, sizeof(k->sig_where), "%s", f->where);
	return 0;
}

/* The turn f signs, or -1 with the number of candidates in *count. */
static int
choose(const struct mail_in *m, const struct sigs *s, const struct sig_found *f, int *count)
{
	int b;

	*count = 1;
	for (b = 0; b < m->nblocks && m->block[b].part != f->part; b++)
		;
	if (b < m->nblocks) /* turns in its own text: one of them */
		return same_text(m, f);
	if ((b = named(m, s, f)) >= 0)
		return b;
	if ((b = only(m, s, true, count)) >= 0 || *count > 1)
		return b;
	return only(m, s, false, count);
}

int
mail_join_sigs(struct mail_in *m, struct sigs *s)
{
	int r = 0, count;

	/* Signatures beside their turn first: they take no one else's. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < s->nsigs && r == 0; i++) {
			struct sig_found *f = &s->sig[i];
			struct mail_sig *g = &m->sig[i];
			bool own = false;
			for (int b = 0; b < m->nblocks; b++)
				own = own || m->block[b].part == f->part;
			if (own != (pass == 0))
				continue;
			snprintf(g->where, sizeof(g->where), "%s", f->where);
			g->block = choose(m, s, f, &count);
			g->candidates = g->block >= 0 ? 1 : own ? 0 : count;
			if (g->block >= 0)
				r = join(m, s, g->block, f);
		}
	m->nsigs = s->nsigs;
	for (int i = 0; i < s->nsigs; i++)
		free(s->sig[i].text);
	for (int b = 0; b < m->nblocks; b++)
		free(s->src[b].file);
	memset(s, 0, sizeof(*s));
	return r;
}
