/* safe_text: control characters of outside text written out; plain text
 * copied in runs gives the bytes of a character-by-character copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safetext.h"
#include "tap.h"

static void
is_safe(const char *in, int how, const char *want, const char *what)
{
	char *out = safe_text_dup(in, how);

	is_str(out, want, "%s", what);
	free(out);
}

/* One character at a time, as the rules in safetext.h say it. */
static size_t
reference(char *dst, size_t n, const unsigned char *s, int how)
{
	size_t at = 0;

	while (*s) {
		char e[8] = "";
		size_t len = 1, elen;
		if (s[0] == '\t' || (s[0] == '\n' && how == SAFE_LINES))
			;
		else if (s[0] == '\n' || (s[0] == '\r' && s[1] == '\n' && how == SAFE_LINE))
			strcpy(e, " "), len = s[0] == '\r' ? 2 : 1;
		else if (s[0] < 0x20 || s[0] == 0x7f)
			snprintf(e, sizeof(e), "\\x%02x", s[0]);
		else if (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f)
			snprintf(e, sizeof(e), "\\u%04x", s[1]), len = 2;
		elen = e[0] ? strlen(e) : len;
		if (at + elen >= n)
			break;
		memcpy(dst + at, e[0] ? e : (const char *)s, elen);
		at += elen, s += len;
	}
	dst[at] = '\0';
	return at;
}

/* Random texts of plain and control characters, cut at random sizes. */
static void
same_as_reference(void)
{
	static const unsigned char pick[] = {'a', ' ', '\t', '\n', '\r', 0x1b, 0x7f,
					     0xc2, 0x85, 0x9f, 0xa0, 0xc3, 0xa9, '0'};
	int bad = 0;

	srand(13);
	for (int k = 0; k < 20000; k++) {
		unsigned char in[40];
		char a[200], b[200];
		int len = rand() % 39, how = rand() % 2;
		size_t n = 1 + (size_t)(rand() % 120), ra, rb;
		for (int i = 0; i < len; i++)
			in[i] = pick[rand() % (int)sizeof(pick)];
		in[len] = '\0';
		ra = safe_text(a, n, (const char *)in, how);
		rb = reference(b, n, in, how);
		bad += ra != rb || strcmp(a, b) != 0;
	}
	is_int(bad, 0, "20000 random texts: the bytes of a character-by-character copy");
}

/* issue 24.1: the one copy of a server's reply or a key blob's bytes for
 * a log line (smtp.c, imap.c and sshsig.c had one each). */
static void
test_ascii(void)
{
	char out[64], tiny[6];
	const char reply[] = "550 5.1.1 <b\033[2J@x> unknown\r\nsecond line";

	is_int((long long)safe_ascii(out, sizeof(out), reply, strlen(reply), SAFE_LINE), 27,
	       "SAFE_LINE: the first line's length");
	is_str(out, "550 5.1.1 <b?[2J@x> unknown", "  a control made '?', the line end stops it");
	safe_ascii(out, sizeof(out), "a\r\nb\tc\177", 7, SAFE_LINES);
	is_str(out, "a??b?c?", "SAFE_LINES: line ends, tab and DEL made '?'");
	safe_ascii(out, sizeof(out), "caf\xc3\xa9", 5, SAFE_LINE);
	is_str(out, "caf??", "non-ASCII bytes made '?'");
	safe_ascii(out, sizeof(out), "abcdef", 3, SAFE_LINE);
	is_str(out, "abc", "only size bytes read (no NUL needed)");
	is_int((long long)safe_ascii(tiny, sizeof(tiny), "abcdefgh", 8, SAFE_LINE), 5,
	       "cut to fit dst");
	is_str(tiny, "abcde", "  and ended");
	safe_ascii(out, sizeof(out), "", 0, SAFE_LINE);
	is_str(out, "", "nothing: an empty string");
}

int
main(void)
{
	char small[8];

	test_ascii();

	is_safe("plain text", SAFE_LINE, "plain text", "plain text unchanged");
	is_safe("caf\xc3\xa9 \xe2\x80\x94", SAFE_LINE, "caf\xc3\xa9 \xe2\x80\x94",
		"UTF-8 unchanged");
	is_safe("a\033[2Jb\007", SAFE_LINE, "a\\x1b[2Jb\\x07", "ESC and BEL");
	is_safe("x\177\001", SAFE_LINE, "x\\x7f\\x01", "DEL and SOH");
	is_safe("c1 \xc2\x9b" "31m", SAFE_LINE, "c1 \\u009b31m", "UTF-8 C1 control");
	is_safe("one\ntwo\r\nthree\tfour", SAFE_LINE, "one two three\tfour",
		"SAFE_LINE: line ends become blanks");
	is_safe("one\ntwo\r\n\tthree", SAFE_LINES, "one\ntwo\\x0d\n\tthree",
		"SAFE_LINES: line ends and tabs kept");
	ok(safe_text(small, 5, "ab\033cdef", SAFE_LINE) == 2 &&
		   strcmp(small, "ab") == 0,
	   "an escape is never cut in two");
	ok(safe_text(small, sizeof(small), "abcdefghij", SAFE_LINE) == 7, "cut to fit");
	same_as_reference();
	return done_testing();
}
