/* Reading turn files out of whatever mail made of them: CR LF or LF,
 * blanks anywhere (tabs, trailing spaces, no-break spaces), "> " quote
 * prefixes, text before and after the block, keys in any case. Each line
 * is cleaned (quote marks and blanks, src/armor/) before it is read, so
 * the fields come out the same however the text was mangled; the mail
 * loop finds blocks by the same cleaning. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "armor.h"
#include "turnfile.h"
#include "turnscan.h"

#define MAX_BLOCKS 16

struct block {
	size_t begin, end;
	int first, last; /* line numbers of BEGIN and END */
	bool complete, is_signed;
};

bool
turn_scan_line(struct turn_scan *s)
{
	const char *nl;

	if (s->pos >= s->len)
		return false;
	s->start = s->pos;
	nl = memchr(s->text + s->pos, '\n', s->len - s->pos);
	s->stop = nl ? (size_t)(nl - s->text) : s->len;
	s->pos = nl ? s->stop + 1 : s->len;
	s->no++;
	armor_clean(s->text + s->start, s->stop - s->start, &s->line);
	return true;
}

static bool
is_field(const char *line, const char *key)
{
	size_t n = strlen(key);

	return strncasecmp(line, key, n) == 0 && line[n] == ':';
}

/* A block is signed if a Signature line has a value, on that line or on
 * the next (a signature wrapped by mail); sig: an empty one just seen. */
static void
note_signature(const char *line, struct block *b, bool *sig)
{
	if (is_field(line, "signature")) {
		*sig = line[strlen("signature:")] == '\0';
		b->is_signed |= !*sig;
	} else if (line[0]) {
		b->is_signed |= *sig && !strchr(line, ':');
		*sig = false;
	}
}

/* Every complete block, and whether it carries a signature. */
static int
find_blocks(struct turn_scan *s, struct block *b, int *unterminated,
	    struct turn_sshmark *ssh)
{
	bool in = false, sig = false;
	int n = 0;

	*unterminated = 0;
	*ssh = (struct turn_sshmark){0};
	while (turn_scan_line(s)) {
		int mark = armor_mark(&s->line);
		if (!in && strcasecmp(s->line.text, SSHSIG_BEGIN) == 0 &&
		    ssh->count++ == 0)
			*ssh = (struct turn_sshmark){1, s->start, s->no};
		if (!in && mark == ARMOR_BEGIN_MARK) {
			in = true;
			b[n] = (struct block){.begin = s->start, .first = s->no};
		} else if (in && mark == ARMOR_END_MARK) {
			in = false;
			b[n].end = s->stop;
			b[n].last = s->no;
			b[n].complete = true;
			if (++n == MAX_BLOCKS)
				break;
		} else if (in)
			note_signature(s->line.text, &b[n], &sig);
	}
	if (in)
		*unterminated = b[n].first;
	return n;
}

static int
pick(struct block *b, int n, int unterminated, int flags, struct turn_error *err)
{
	int found = 0, which = -1;

	if ((flags & TURN_LAST) && n > 0 && !unterminated)
		return n - 1;
	for (int i = 0; i < n; i++)
		if (!(flags & TURN_NEED_SIGNATURE) || b[i].is_signed)
			found++, which = i;
	if (found == 1)
		return which;
	if (found > 1)
		return terr(
		    err, TURN_MALFORMED,
		    "%d %sturns in one text (lines %d and %d): send one turn at a "
		    "time",
		    found, flags & TURN_NEED_SIGNATURE ? "signed " : "", b[0].first,
		    b[1].first);
	if (unterminated)
		return terr(err, TURN_MALFORMED,
			    "the turn starting on line %d has no line " TURN_END
			    ": was it cut off?",
			    unterminated);
	if (n > 0)
		return terr(
		    err, TURN_MALFORMED,
		    "the turn is not signed: sign it (carcpbem sign KEY FILE, or "
		    "ssh-keygen -Y sign -f KEY -n carcassonne FILE and send FILE.sig "
		    "too), or make it with carcpbem move");
	return terr(err, TURN_MALFORMED,
		    "no turn in the text: a turn starts with the line " TURN_BEGIN);
}

/* ---- the fields ---- */

struct fields {
	bool seen_game, seen_turn, seen_player, seen_state, seen_key;
	struct turn_sigtext sig;
	bool in_sig, seen_sig;
};

static int
bad(const struct turn_scan *s, struct turn_error *err, const char *what, const char *value)
{
	return terr(err, TURN_MALFORMED, "line %d: \"%.40s\" is not %s", s->no, value,
		    what);
}

static void
lower(char *s)
{
	for (; *s; s++)
		*s = (char)tolower((unsigned char)*s);
}

static int
set_text(const struct turn_scan *s, char *out, size_t cap, const char *value, bool low,
	 const char *what, struct turn_error *err)
{
	size_t len = strlen(value);

	if (len >= cap)
		return bad(s, err, what, value);
	memcpy(out, value, len + 1);
	if (low)
		lower(out);
	return 0;
}

static bool
all_hex(const char *s, size_t n)
{
	return strlen(s) == n && strspn(s, "0123456789abcdefABCDEF") == n;
}

static int
field_game(const struct turn_scan *s, struct turn *t, const char *v, struct turn_error *err)
{
	char why[200];

	if (set_text(s, t->game, sizeof(t->game), v, true, "a game id", err) < 0)
		return -1;
	return gamefile_check_id(t->game, why, sizeof(why)) < 0
		   ? bad(s, err, "a game id", v)
		   : 0;
}

static int
field_turn(const struct turn_scan *s, struct turn *t, const char *v, struct turn_error *err)
{
	size_t n = strlen(v);

	if (n == 0 || n > 6 || strspn(v, "0123456789") != n || (t->number = atol(v)) < 1)
		return bad(s, err, "a turn number (1, 2, ...)", v);
	return 0;
}

static int
field_player(const struct turn_scan *s, struct turn *t, const char *v, struct turn_error *err)
{
	char why[200];

	if (gamefile_check_name(v, why, sizeof(why)) < 0)
		return terr(err, TURN_MALFORMED, "line %d: %s", s->no, why);
	return set_text(s, t->player, sizeof(t->player), v, false, "a player", err);
}

static int
field_hex(const struct turn_scan *s, char *out, size_t n, const char *v, const char *what,
	  struct turn_error *err)
{
	if (!all_hex(v, n))
		return bad(s, err, what, v);
	return set_text(s, out, n + 1, v, true, what, err);
}

static int
field_action(const struct turn_scan *s, struct turn *t, const char *v, struct turn_error *err)
{
	if (*v == '\0') /* an empty line of a skeleton: no action */
		return 0;
	if (t->nactions == TURN_MAX_ACTIONS)
		return terr(err, TURN_MALFORMED,
			    "line %d: more than %d actions in one turn", s->no,
			    TURN_MAX_ACTIONS);
	return set_text(s, t->action[t->nactions++], TURN_ACTION_LEN + 1, v, false,
			"an action", err);
}

int
turn_sig_add(const struct turn_scan *s, struct turn_sigtext *sig, const char *v,
	     struct turn_error *err)
{
	for (; *v; v++) {
		if (*v == ' ')
			continue;
		if (sig->n + 1 >= sizeof(sig->b64))
			return terr(err, TURN_MALFORMED,
				    "line %d: the signature is too long (88 base64 "
				    "characters)",
				    s->no);
		sig->b64[sig->n++] = *v;
	}
	sig->b64[sig->n] = '\0';
	return 0;
}

int
turn_sig_decode(const struct turn_sigtext *sig, uint8_t out[TURN_SIG_BYTES],
		struct turn_error *err)
{
	const char *end;
	size_t len;

	if (sodium_base642bin(out, TURN_SIG_BYTES, sig->b64, sig->n, NULL, &len, &end,
			      sodium_base64_VARIANT_ORIGINAL) != 0 ||
	    len != TURN_SIG_BYTES || *end != '\0')
		return terr(err, TURN_MALFORMED,
			    "the signature is not %d bytes in base64: was it cut short?",
			    TURN_SIG_BYTES);
	return 0;
}

/* A second Game, Turn, ... is ambiguous: refuse rather than pick one. */
static int
once(const struct turn_scan *s, bool *seen, const char *key, struct turn_error *err)
{
	if (*seen)
		return terr(err, TURN_MALFORMED, "line %d: a second %s field", s->no,
			    key);
	*seen = true;
	return 0;
}

static int
field(const struct turn_scan *s, struct turn *t, struct fields *f, const char *key,
      const char *v, struct turn_error *err)
{
	f->in_sig = false;
	if (strcmp(key, "game") == 0)
		return once(s, &f->seen_game, "Game", err) < 0 ? -1
							       : field_game(s, t, v, err);
	if (strcmp(key, "turn") == 0)
		return once(s, &f->seen_turn, "Turn", err) < 0 ? -1
							       : field_turn(s, t, v, err);
	if (strcmp(key, "player") == 0)
		return once(s, &f->seen_player, "Player", err) < 0
			   ? -1
			   : field_player(s, t, v, err);
	if (strcmp(key, "state") == 0)
		return once(s, &f->seen_state, "State", err) < 0
			   ? -1
			   : field_hex(s, t->state,
					strlen(v) == GF_STATE_HEX_V2 ? GF_STATE_HEX_V2
								     : GF_STATE_HEX,
					v, "a state hash (64 hexadecimal digits)", err);
	if (strcmp(key, "action") == 0)
		return field_action(s, t, v, err);
	if (strcmp(key, "key") == 0)
		return once(s, &f->seen_key, "Key", err) < 0
			   ? -1
			   : field_hex(s, t->key, KEY_ID_HEX, v,
					"a key id (16 hexadecimal digits)", err);
	if (strcmp(key, "signature") == 0) {
		f->in_sig = true;
		return once(s, &f->seen_sig, "Signature", err) < 0
			   ? -1
			   : turn_sig_add(s, &f->sig, v, err);
	}
	return terr(err, TURN_MALFORMED,
		    "line %d: unknown field \"%.20s\": a turn has the fields Game, Turn, "
		    "Player, State, Action, Key and Signature",
		    s->no, key);
}

/* Mail changes blanks, never a control character: one in a turn was
 * put there to cut a field short or to reach a terminal. */
int
turn_scan_printable(const struct turn_scan *s, struct turn_error *err)
{
	const struct armor_line *l = &s->line;

	char what[16];

	if (l->bad < 0)
		return 0;
	snprintf(what, sizeof(what), l->bad_byte < 0x80 ? "0x%02x%s" : "U+%04X%s",
		 l->bad_byte, l->bad_byte == 0 ? ", NUL" : "");
	return terr(err, TURN_MALFORMED,
		    "line %d: byte %ld is a control character (%s): a turn holds "
		    "printable text only; make it again with carcpbem move",
		    s->no, l->bad + 1, what);
}

static int
read_line(const struct turn_scan *s, struct turn *t, struct fields *f, struct turn_error *err)
{
	const char *line = s->line.text, *v;
	char key[ARMOR_LINE_CAP], *colon;

	if (turn_scan_printable(s, err) < 0)
		return -1;
	if (s->line.too_long)
		return terr(err, TURN_MALFORMED, "line %d is too long for a turn file",
			    s->no);
	if (line[0] == '\0')
		return 0;
	if ((colon = strchr(line, ':')) == NULL) {
		if (f->in_sig) /* the signature runs on */
			return turn_sig_add(s, &f->sig, line, err);
		return terr(err, TURN_MALFORMED,
			    "line %d: \"%.40s\" is not a field (Name: value)", s->no,
			    line);
	}
	snprintf(key, sizeof(key), "%.*s", (int)(colon - line), line);
	while (key[0] && key[strlen(key) - 1] == ' ')
		key[strlen(key) - 1] = '\0';
	lower(key);
	v = colon + 1 + (colon[1] == ' ');
	return field(s, t, f, key, v, err);
}

static int
decode_sig(struct turn *t, const struct fields *f, struct turn_error *err)
{
	if (!f->seen_key)
		return terr(err, TURN_MALFORMED,
			    "the turn has a Signature but no Key line: sign it again");
	if (turn_sig_decode(&f->sig, t->sig, err) < 0)
		return -1;
	t->is_signed = true;
	return 0;
}

static int
complete(struct turn *t, const struct fields *f, int first, int flags,
	 struct turn_error *err)
{
	const char *missing = !f->seen_game     ? "Game"
			      : !f->seen_turn   ? "Turn"
			      : !f->seen_player ? "Player"
			      : !f->seen_state  ? "State"
			      : t->nactions == 0 && !(flags & TURN_SKELETON) ? "Action"
									  : NULL;

	if (missing)
		return terr(err, TURN_MALFORMED,
			    "the turn starting on line %d has no %s%s", first, missing,
			    t->nactions == 0 && f->seen_state
				? ": write at least one action"
				: " field");
	if (f->sig.n)
		return decode_sig(t, f, err);
	return f->seen_key ? terr(err, TURN_MALFORMED,
				  "the turn has a Key but no Signature: sign it again")
			   : 0;
}

/* A turn is a few short lines: a bigger block is padding, which would
 * only swell the archive (docs/turn-format.md, "Limits"). */
static int
bounded(const struct block *b, struct turn_error *err)
{
	int lines = b->last - b->first + 1;

	if (lines > TURN_BLOCK_MAX_LINES)
		return terr(err, TURN_MALFORMED,
			    "the turn starting on line %d is %d lines long, more than %d: "
			    "send the turn as carcpbem move writes it",
			    b->first, lines, TURN_BLOCK_MAX_LINES);
	if (b->end - b->begin > TURN_BLOCK_MAX_BYTES)
		return terr(err, TURN_MALFORMED,
			    "the turn starting on line %d is %zu bytes long, more than "
			    "%d: send the turn as carcpbem move writes it",
			    b->first, b->end - b->begin, TURN_BLOCK_MAX_BYTES);
	return 0;
}

static int
parse_block(struct turn_scan *s, const struct block *b, int flags, struct turn *t,
	    struct turn_error *err)
{
	struct fields f = {0};

	if (bounded(b, err) < 0)
		return -1;
	s->pos = b->begin;
	s->no = b->first - 1;
	turn_scan_line(s); /* BEGIN */
	while (turn_scan_line(s) && s->no < b->last)
		if (read_line(s, t, &f, err) < 0)
			return -1;
	t->begin = b->begin;
	t->end = b->end;
	return complete(t, &f, b->first, flags, err);
}

int
turn_parse(const char *text, size_t len, int flags, struct turn *t,
	   struct turn_error *err)
{
	struct turn_scan s = {.text = text, .len = len};
	struct block b[MAX_BLOCKS];
	struct turn_sshmark ssh;
	int n, which, unterminated;

	memset(t, 0, sizeof(*t));
	n = find_blocks(&s, b, &unterminated, &ssh);
	if (ssh.count && !(flags & TURN_PLAIN))
		return turn_parse_ssh(text, len, &ssh, t, err);
	if ((which = pick(b, n, unterminated, flags, err)) < 0)
		return -1;
	return parse_block(&s, &b[which], flags, t, err);
}
