/* HTML character references: &amp; and friends, &#NNN; and &#xHH;. As
 * browsers do, the ';' may be missing. A no-break space becomes a plain
 * space that does not collapse. */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "message_impl.h"

static const struct {
	const char *name, *text;
} named[] = {
    {"amp", "&"},        {"lt", "<"},          {"gt", ">"},         {"quot", "\""},
    {"apos", "'"},       {"nbsp", " "},        {"shy", ""},         {"ndash", "\u2013"},
    {"mdash", "\u2014"}, {"hellip", "\u2026"}, {"lsquo", "\u2018"}, {"rsquo", "\u2019"},
    {"ldquo", "\u201c"}, {"rdquo", "\u201d"},  {"laquo", "\u00ab"}, {"raquo", "\u00bb"},
    {"copy", "\u00a9"},  {"reg", "\u00ae"},    {"euro", "\u20ac"},  {"middot", "\u00b7"},
    {"bull", "\u2022"},  {"zwnj", ""},         {"zwj", ""},
};

static size_t
utf8(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* The code point written as text: blanks as the page's blanks, NUL,
 * surrogates and the out of range as U+FFFD. */
static void
code_point(struct html_out *h, uint32_t cp)
{
	char buf[4];

	if (cp == 0xa0) {
		html_text(h, " ", 1);
	} else if (cp < 0x80 && cp != 0 && isspace((int)cp)) {
		html_char(h, (char)cp);
	} else {
		if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			cp = 0xfffd;
		html_text(h, buf, utf8(cp, buf));
	}
}

/* &#NNN; or &#xHH; at p; 0 if there are no digits. */
static size_t
numeric(struct html_out *h, const char *p, const char *end)
{
	const char *q = p + 2;
	bool hex = q < end && (*q == 'x' || *q == 'X');
	uint32_t cp = 0;
	int digits = 0;

	q += hex;
	for (;
	     q < end && (hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q));
	     q++) {
		if (cp <= 0x10ffff) /* beyond that it is U+FFFD anyway */
			cp = cp * (hex ? 16 : 10) +
			     (uint32_t)(isdigit((unsigned char)*q)
					    ? *q - '0'
					    : tolower((unsigned char)*q) - 'a' + 10);
		digits++;
	}
	if (digits == 0)
		return 0;
	code_point(h, cp);
	return (size_t)(q - p) + (q < end && *q == ';');
}

size_t
html_entity(struct html_out *h, const char *p, const char *end)
{
	const char *q = p + 1;
	size_t n, i;

	if (q < end && *q == '#')
		return numeric(h, p, end);
	while (q < end && isalnum((unsigned char)*q) && q - p <= 8)
		q++;
	n = (size_t)(q - p - 1);
	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		if (strlen(named[i].name) != n || memcmp(named[i].name, p + 1, n) != 0)
			continue;
		if (strcmp(named[i].name, "nbsp") == 0)
			code_point(h, 0xa0);
		else if (named[i].text[0]) /* an invisible one writes nothing */
			html_text(h, named[i].text, strlen(named[i].text));
		return n + 1 + (q < end && *q == ';');
	}
	return 0;
}
