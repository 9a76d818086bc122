/* The text body as format=flowed (RFC 3676), so prose of any length reads
 * at most MAIL_FLOW_WIDTH columns a line and flows again in a reader that
 * can: a line too long is broken after a space, which it keeps at its end
 * (a soft break); every other line loses its trailing blanks, so maps and
 * turn blocks stay as they are (hard breaks). Lines that start with a
 * space, '>' or "From " get one more space in front, which readers take
 * off again (space-stuffing). */
#include <stdlib.h>
#include <string.h>

#include "message_impl.h"
#include "utf8cols.h"

static bool
needs_stuffing(const char *s, size_t n)
{
	return n > 0 && (s[0] == ' ' || s[0] == '>' || (n >= 5 && memcmp(s, "From ", 5) == 0));
}

/* Bytes of the longest head of s (n bytes) that ends in a space and
 * fits in width columns; 0 if none. */
static size_t
soft_break(const char *s, size_t n, size_t width)
{
	size_t best = 0, col = 0;

	for (size_t i = 0; i < n; i++) {
		col += (size_t)utf8_starts((unsigned char)s[i]);
		if (col > width)
			break;
		if (s[i] == ' ' && i > 0 && s[i - 1] != ' ')
			best = i + 1;
	}
	return best;
}

static char *
put_line(char *out, const char *s, size_t n)
{
	if (needs_stuffing(s, n))
		*out++ = ' ';
	memcpy(out, s, n);
	out += n;
	*out++ = '\n';
	return out;
}

char *
mail_flow(const char *text)
{
	size_t len = strlen(text);
	/* each break adds a newline and a stuffing space at most: at most
	 * one break per two bytes */
	char *buf = malloc(2 * len + 2), *out = buf;

	if (buf == NULL)
		return NULL;
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n"), rest;
		const char *next = p + n + (p[n] == '\n');

		while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
			n--;
		for (rest = n; utf8_columns(p, rest) + needs_stuffing(p, rest) > MAIL_FLOW_WIDTH;) {
			size_t cut = soft_break(p, rest, MAIL_FLOW_WIDTH - needs_stuffing(p, rest));
			if (cut == 0)
				break; /* one long word: left whole */
			out = put_line(out, p, cut);
			p += cut, rest -= cut;
		}
		out = put_line(out, p, rest);
		p = next;
	}
	*out = '\0';
	return buf;
}
