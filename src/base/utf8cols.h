/* How many columns UTF-8 text takes, as the mail's flowed lines and the
 * text map's folded sentences count them: one a character (every byte
 * but continuation bytes), wide and combining characters alike. Not
 * wcwidth(3): that depends on the locale the host runs in, and the same
 * game must give the same mail byte for byte wherever it runs. */
#ifndef CARC_UTF8COLS_H
#define CARC_UTF8COLS_H

#include <stddef.h>

/* Whether byte b starts a character (is not a continuation byte). */
static inline int
utf8_starts(unsigned char b)
{
	return (b & 0xc0) != 0x80;
}

/* The columns of the n bytes at s. */
size_t utf8_columns(const char *s, size_t n);

#endif
