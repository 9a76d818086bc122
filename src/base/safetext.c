/* Control characters written out, so that they show instead of acting. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safetext.h"

/* The escape for the character at s (of *len bytes, set), or "" when it
 * is shown as it is. */
static const char *
escape(const unsigned char *s, int how, size_t *len, char buf[8])
{
	*len = 1;
	if (s[0] == '\t' || (s[0] == '\n' && how == SAFE_LINES))
		return "";
	if (s[0] == '\n' || (s[0] == '\r' && s[1] == '\n' && how == SAFE_LINE)) {
		*len = s[0] == '\r' ? 2 : 1;
		return " ";
	}
	if (s[0] < 0x20 || s[0] == 0x7f) {
		snprintf(buf, 8, "\\x%02x", s[0]);
		return buf;
	}
	if (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) {
		snprintf(buf, 8, "\\u%04x", s[1]);
		*len = 2;
		return buf;
	}
	return "";
}

/* Whether the character at s is shown as it is (escape gives ""): the
 * usual case, copied in runs (a mail's text goes through here). */
static bool
plain(const unsigned char *s, int how)
{
	if (s[0] >= 0x20 && s[0] != 0x7f)
		return s[0] != 0xc2 || s[1] < 0x80 || s[1] > 0x9f;
	return s[0] == '\t' || (s[0] == '\n' && how == SAFE_LINES);
}

size_t
safe_text(char *dst, size_t n, const char *src, int how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t at = 0, len, elen, run;
	const char *e;
	char buf[8];

	while (*s) {
		for (run = 0; s[run] && plain(s + run, how); run++)
			;
		if (run > 0) {
			if (at + run >= n) { /* as much as fits */
				run = n - 1 - at;
				memcpy(dst + at, s, run);
				at += run;
				break;
			}
			memcpy(dst + at, s, run);
			at += run;
			s += run;
			continue;
		}
		e = escape(s, how, &len, buf);
		elen = e[0] ? strlen(e) : len;
		if (at + elen >= n)
			break;
		memcpy(dst + at, e[0] ? e : (const char *)s, elen);
		at += elen;
		s += len;
	}
	dst[at] = '\0';
	return at;
}

char *
safe_text_dup(const char *src, int how)
{
	size_t n = 6 * strlen(src) + 1; /* "\xHH" for each byte at most */
	char *dst = malloc(n);

	if (dst != NULL)
		safe_text(dst, n, src, how);
	return dst;
}

size_t
safe_ascii(char *dst, size_t cap, const char *data, size_t size, int how)
{
	const unsigned char *s = (const unsigned char *)data;
	size_t i, n = 0;

	for (i = 0; i < size && n + 1 < cap; i++) {
		if (how == SAFE_LINE && (s[i] == '\r' || s[i] == '\n'))
			break;
		dst[n++] = s[i] < 0x20 || s[i] >= 0x7f ? '?' : (char)s[i];
	}
	dst[n] = '\0';
	return n;
}
