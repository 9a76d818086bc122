/* Reading command blocks out of mail: the turn parser's line walk and
 * cleaning (turnscan.h), its signature lines and its SSH forms, over
 * blocks marked CARCASSONNE COMMAND. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command.h"
#include "meta.h"
#include "turnscan.h"

#define MAX_BLOCKS 4

struct cblock {
	size_t begin, end;
	int first, last;
};

static int
mark(const struct turn_scan *s)
{
	return armor_mark_of(&s->line, ARMOR_CMD_BEGIN, ARMOR_CMD_END);
}

bool
command_present(const char *text, size_t len)
{
	struct turn_scan s = {.text = text, .len = len};

	while (turn_scan_line(&s))
		if (mark(&s) == ARMOR_BEGIN_MARK)
			return true;
	return false;
}

/* The complete blocks (at most MAX_BLOCKS) and the first SSH signature
 * outside them; unterminated: the line of a block with no END. */
static int
find_blocks(struct turn_scan *s, struct cblock *b, int *unterminated,
	    struct turn_sshmark *ssh)
{
	bool in = false;
	int n = 0;

	*unterminated = 0;
	*ssh = (struct turn_sshmark){0};
	while (turn_scan_line(s) && n < MAX_BLOCKS) {
		int m = mark(s);
		if (!in && strcasecmp(s->line.text, SSHSIG_BEGIN) == 0 && ssh->count++ == 0)
			*ssh = (struct turn_sshmark){1, s->start, s->no};
		if (!in && m == ARMOR_BEGIN_MARK) {
			in = true;
			b[n] = (struct cblock){.begin = s->start, .first = s->no};
		} else if (in && m == ARMOR_END_MARK) {
			in = false;
			b[n].end = s->stop;
			b[n++].last = s->no;
		}
	}
	if (in)
		*unterminated = b[n].first;
	return n;
}

/* ---- the fields ---- */

struct cfields {
	bool game, player, command, date, key, in_sig, sig;
	struct turn_sigtext sigtext;
};

static int
bad(const struct turn_scan *s, struct turn_error *err, const char *what, const char *v)
{
	return terr(err, TURN_MALFORMED, "line %d: \"%.40s\" is not %s", s->no, v, what);
}

static int
once(const struct turn_scan *s, bool *seen, const char *key, struct turn_error *err)
{
	if (*seen)
		return terr(err, TURN_MALFORMED, "line %d: a second %s field", s->no, key);
	*seen = true;
	return 0;
}

static int
copy(const struct turn_scan *s, char *out, size_t cap, const char *v, const char *what,
     struct turn_error *err)
{
	if (strlen(v) >= cap || v[0] == '\0')
		return bad(s, err, what, v);
	memcpy(out, v, strlen(v) + 1);
	return 0;
}

static int
f_game(const struct turn_scan *s, struct command *c, const char *v, struct turn_error *err)
{
	char why[200];

	if (copy(s, c->game, sizeof(c->game), v, "a game id", err) < 0)
		return -1;
	for (char *p = c->game; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return gamefile_check_id(c->game, why, sizeof(why)) < 0 ? bad(s, err, "a game id", v)
								 : 0;
}

static int
f_player(const struct turn_scan *s, struct command *c, const char *v,
	 struct turn_error *err)
{
	char why[200];

	if (gamefile_check_name(v, why, sizeof(why)) < 0)
		return terr(err, TURN_MALFORMED, "line %d: %s", s->no, why);
	return copy(s, c->player, sizeof(c->player), v, "a player", err);
}

static int
f_date(const struct turn_scan *s, struct command *c, const char *v, struct turn_error *err)
{
	if (meta_time_parse(v, &c->date) < 0)
		return bad(s, err, "a date and time in UTC (2026-11-25T06:00:00Z)", v);
	return 0;
}

static int
f_key(const struct turn_scan *s, struct command *c, const char *v, struct turn_error *err)
{
	if (strlen(v) != KEY_ID_HEX || strspn(v, "0123456789abcdefABCDEF") != KEY_ID_HEX)
		return bad(s, err, "a key id (16 hexadecimal digits)", v);
	for (int i = 0; i <= KEY_ID_HEX; i++)
		c->key[i] = (char)tolower((unsigned char)v[i]);
	return 0;
}

static int
f_with(const struct turn_scan *s, struct command *c, const char *v, struct turn_error *err)
{
	if (c->nwith == CMD_MAX_WITH)
		return terr(err, TURN_MALFORMED, "line %d: more than %d With lines", s->no,
			    CMD_MAX_WITH);
	return copy(s, c->with[c->nwith++], CMD_TEXT_LEN + 1, v, "a With line", err);
}

static int
field(const struct turn_scan *s, struct command *c, struct cfields *f, const char *key,
      const char *v, struct turn_error *err)
{
	f->in_sig = false;
	if (strcmp(key, "game") == 0)
		return once(s, &f->game, "Game", err) < 0 ? -1 : f_game(s, c, v, err);
	if (strcmp(key, "player") == 0)
		return once(s, &f->player, "Player", err) < 0 ? -1 : f_player(s, c, v, err);
	if (strcmp(key, "command") == 0)
		return once(s, &f->command, "Command", err) < 0
			   ? -1
			   : copy(s, c->text, sizeof(c->text), v, "a command", err);
	if (strcmp(key, "with") == 0)
		return f_with(s, c, v, err);
	if (strcmp(key, "date") == 0)
		return once(s, &f->date, "Date", err) < 0 ? -1 : f_date(s, c, v, err);
	if (strcmp(key, "key") == 0)
		return once(s, &f->key, "Key", err) < 0 ? -1 : f_key(s, c, v, err);
	if (strcmp(key, "signature") == 0) {
		f->in_sig = true;
		return once(s, &f->sig, "Signature", err) < 0
			   ? -1
			   : turn_sig_add(s, &f->sigtext, v, err);
	}
	return terr(err, TURN_MALFORMED,
		    "line %d: unknown field \"%.20s\": a command has the fields Game, "
		    "Player, Command, With, Date, Key and Signature",
		    s->no, key);
}

static int
read_line(const struct turn_scan *s, struct command *c, struct cfields *f,
	  struct turn_error *err)
{
	const char *line = s->line.text, *colon;
	char key[16];

	if (turn_scan_printable(s, err) < 0)
		return -1;
	if (s->line.too_long)
		return terr(err, TURN_MALFORMED, "line %d is too long for a command", s->no);
	if (line[0] == '\0')
		return 0;
	if ((colon = strchr(line, ':')) == NULL || colon - line >= (long)sizeof(key)) {
		if (f->in_sig && colon == NULL)
			return turn_sig_add(s, &f->sigtext, line, err);
		return terr(err, TURN_MALFORMED,
			    "line %d: \"%.40s\" is not a field (Name: value)", s->no, line);
	}
	snprintf(key, sizeof(key), "%.*s", (int)(colon - line), line);
	for (size_t n = strlen(key); n > 0 && key[n - 1] == ' ';)
		key[--n] = '\0';
	for (char *p = key; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return field(s, c, f, key, colon + 1 + (colon[1] == ' '), err);
}

static int
complete(struct command *c, const struct cfields *f, int first, struct turn_error *err)
{
	const char *missing = !f->player ? "Player" : !f->command ? "Command"
			      : !f->date ? "Date" : NULL;

	if (missing)
		return terr(err, TURN_MALFORMED, "the command starting on line %d has no %s field",
			    first, missing);
	if (f->sig != f->key)
		return terr(err, TURN_MALFORMED,
			    "the command has a %s line but no %s line: sign it again",
			    f->key ? "Key" : "Signature", f->key ? "Signature" : "Key");
	if (!f->sig)
		return 0;
	if (turn_sig_decode(&f->sigtext, c->sig, err) < 0)
		return -1;
	c->is_signed = true;
	c->sig_kind = TURN_SIG_CARCPBEM;
	return 0;
}

static int
parse_block(struct turn_scan *s, const struct cblock *b, struct command *c,
	    struct turn_error *err)
{
	struct cfields f = {0};

	if (b->last - b->first + 1 > TURN_BLOCK_MAX_LINES ||
	    b->end - b->begin > TURN_BLOCK_MAX_BYTES)
		return terr(err, TURN_MALFORMED,
			    "the command starting on line %d is longer than %d lines or %d "
			    "bytes: send it as carcpbem command writes it",
			    b->first, TURN_BLOCK_MAX_LINES, TURN_BLOCK_MAX_BYTES);
	s->pos = b->begin;
	s->no = b->first - 1;
	turn_scan_line(s); /* BEGIN */
	while (turn_scan_line(s) && s->no < b->last)
		if (read_line(s, c, &f, err) < 0)
			return -1;
	c->begin = b->begin;
	c->end = b->end;
	return complete(c, &f, b->first, err);
}

/* The command signed by the SSH signature at m: the last block before
 * it, read from the bytes the signature verifies. */
static int
parse_ssh(const char *text, size_t len, const struct turn_sshmark *m, struct command *c,
	  struct turn_error *err)
{
	struct command recv, *sig = malloc(sizeof(*sig));
	size_t end = 0;
	int r = -1;

	if (sig == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	if (turn_ssh_read(text, len, m, &sig->ssh, sig->ssh_blob, &sig->ssh_blob_len, &end,
			  err) < 0 ||
	    command_parse(text, m->begin, CMD_PLAIN, &recv, err) < 0)
		goto out;
	if (recv.is_signed) {
		terr(err, TURN_MALFORMED,
		     "the command before the SSH signature has Key and Signature lines: "
		     "sign it with ssh-keygen or with carcpbem command, not both");
		goto out;
	}
	sig->ssh_msg_len = turn_ssh_find_form(text, recv.begin, recv.end, m, &sig->ssh,
					      sig->ssh_msg);
	if (command_parse(sig->ssh_msg, sig->ssh_msg_len, CMD_PLAIN, c, err) < 0)
		goto out;
	if (c->is_signed) {
		terr(err, TURN_MALFORMED, "the SSH-signed text holds a signed command");
		goto out;
	}
	c->ssh = sig->ssh;
	memcpy(c->ssh_blob, sig->ssh_blob, sig->ssh_blob_len);
	c->ssh_blob_len = sig->ssh_blob_len;
	memcpy(c->ssh_msg, sig->ssh_msg, sig->ssh_msg_len + 1);
	c->ssh_msg_len = sig->ssh_msg_len;
	memcpy(c->sig, sig->ssh.sig, sizeof(c->sig));
	key_id(sig->ssh.pk, c->key);
	c->sig_kind = TURN_SIG_SSH;
	c->is_signed = true;
	c->begin = recv.begin;
	c->end = end;
	r = 0;
out:
	free(sig);
	return r;
}

int
command_parse(const char *text, size_t len, int flags, struct command *c,
	      struct turn_error *err)
{
	struct turn_scan s = {.text = text, .len = len};
	struct cblock b[MAX_BLOCKS];
	struct turn_sshmark ssh;
	int n, unterminated;

	memset(c, 0, sizeof(*c));
	n = find_blocks(&s, b, &unterminated, &ssh);
	if (ssh.count && !(flags & CMD_PLAIN))
		return parse_ssh(text, len, &ssh, c, err);
	if (n > 1 && !(flags & CMD_PLAIN))
		return terr(err, TURN_MALFORMED,
			    "%d commands in one text (lines %d and %d): send one command "
			    "a mail",
			    n, b[0].first, b[1].first);
	if (n == 0)
		return terr(err, TURN_MALFORMED,
			    unterminated ? "the command has no line " ARMOR_CMD_END
					   ": was it cut off?"
					 : "no command in the text: a command starts with "
					   "the line " ARMOR_CMD_BEGIN);
	if (parse_block(&s, &b[n - 1], c, err) < 0)
		return -1;
	if ((flags & CMD_NEED_SIGNATURE) && !c->is_signed)
		return terr(err, TURN_MALFORMED,
			    "the command is not signed: make it with carcpbem command, or "
			    "sign it with ssh-keygen -Y sign -n carcassonne and send the "
			    "signature after it");
	return 0;
}

void
command_word(const struct command *c, int n, char *w, size_t cap)
{
	const char *p = c->text;
	size_t len;

	for (;;) {
		p += strspn(p, " ");
		len = strcspn(p, " ");
		if (n-- == 0 || len == 0)
			break;
		p += len;
	}
	snprintf(w, cap, "%.*s", (int)len, p);
	for (; *w; w++)
		*w = (char)toupper((unsigned char)*w);
}
