/* Columns of UTF-8 text (utf8cols.h). */
#include "utf8cols.h"

size_t
utf8_columns(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += (size_t)utf8_starts((unsigned char)s[i]);
	return c;
}
