/* Sentences of the text map (legend, crop notes) folded at the line limit
 * on blanks; a UTF-8 character counts as one column, and NBSP (a byte of
 * its own) is a blank that holds its neighbours together ("@ spring"). */
#include <stdarg.h>
#include <string.h>

#include "ascii.h"
#include "utf8cols.h"

void
text_wrap(FILE *fp, int width, const char *fmt, ...)
{
	char text[1024];
	const char *p = text;
	va_list ap;
	int col = 0;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	width = width > 0 ? width : RENDER_MAIL_WIDTH;
	while (*p) {
		size_t n = strcspn(p, " ");
		int w = (int)utf8_columns(p, n);
		if (col > 0 && col + 1 + w > width) {
			fputc('\n', fp);
			col = 0;
		}
		if (col)
			fputc(' ', fp);
		for (size_t i = 0; i < n; i++)
			fputc(p[i] == NBSP ? ' ' : p[i], fp);
		col += (col ? 1 : 0) + w;
		p += n;
		p += strspn(p, " ");
	}
	fputc('\n', fp);
}
