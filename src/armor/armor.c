/* Cleaning the lines of an armored block: what mail does to a line
 * (quoting, CR LF, tabs, no-break spaces) undone the same way for the
 * mail loop and the turn parser. */
#include <string.h>
#include <strings.h>

#include "armor.h"

/* Blanks as mail writes them: also CR and the UTF-8 no-break space. */
static size_t
blank_len(const unsigned char *p, const unsigned char *end)
{
	if (p < end && *p && strchr(" \t\r\v\f", *p))
		return 1;
	if (end - p >= 2 && p[0] == 0xc2 && p[1] == 0xa0)
		return 2;
	return 0;
}

/* The control character at p (a C0 byte, DEL, or U+0080 to U+009F in
 * UTF-8), or -1. Blanks are taken before this is asked. */
static int
control(const unsigned char *p, const unsigned char *end)
{
	if (*p < 0x20 || *p == 0x7f)
		return *p;
	if (end - p >= 2 && p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
		return p[1];
	return -1;
}

void
armor_clean(const char *raw, size_t n, struct armor_line *out)
{
	const unsigned char *start = (const unsigned char *)raw, *p = start;
	const unsigned char *end = start + n;
	size_t len = 0, b;
	bool space = false;
	int c;

	out->too_long = false;
	out->bad = -1;
	while (p < end && ((b = blank_len(p, end)) || *p == '>'))
		p += b ? b : 1;
	for (; p < end; p++) {
		if ((b = blank_len(p, end))) {
			space = true;
			p += b - 1;
			continue;
		}
		if (out->bad < 0 && (c = control(p, end)) >= 0) {
			out->bad = (long)(p - start);
			out->bad_byte = (unsigned)c;
		}
		if (len + 2 >= ARMOR_LINE_CAP) {
			out->too_long = true;
			break;
		}
		if (space && len)
			out->text[len++] = ' ';
		space = false;
		out->text[len++] = (char)*p;
	}
	out->text[len] = '\0';
}

int
armor_mark_of(const struct armor_line *l, const char *begin, const char *end)
{
	if (l->too_long || l->bad >= 0)
		return ARMOR_NO_MARK;
	if (strcasecmp(l->text, begin) == 0)
		return ARMOR_BEGIN_MARK;
	return strcasecmp(l->text, end) == 0 ? ARMOR_END_MARK : ARMOR_NO_MARK;
}

int
armor_mark(const struct armor_line *l)
{
	return armor_mark_of(l, ARMOR_BEGIN, ARMOR_END);
}
