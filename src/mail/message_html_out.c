/* The text that mail_html_to_text writes: blanks collapsed (outside
 * <pre>), no blanks at line starts or ends, ">" marks on quoted lines. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "message_impl.h"

/* Deeper quotes get no more marks (a bound on the output, too). */
#define MAX_MARKS 16

static void
emit(struct html_out *h, const char *s, size_t n)
{
	size_t cap;
	char *buf;

	if (h->nomem)
		return;
	if (h->len + n + 1 > h->cap) {
		for (cap = h->cap ? h->cap : 256; cap < h->len + n + 1; cap *= 2)
			;
		buf = realloc(h->buf, cap);
		if (buf == NULL) {
			h->nomem = true;
			return;
		}
		h->buf = buf;
		h->cap = cap;
	}
	memcpy(h->buf + h->len, s, n);
	h->len += n;
}

static void
marks(struct html_out *h)
{
	int i;

	for (i = 0; i < h->quote && i < MAX_MARKS; i++)
		emit(h, ">", 1);
}

void
html_text(struct html_out *h, const char *s, size_t n)
{
	if (h->bol) {
		marks(h);
		if (h->quote)
			emit(h, " ", 1);
		h->bol = false;
	} else if (h->blank) {
		emit(h, " ", 1);
	}
	h->blank = false;
	emit(h, s, n);
}

void
html_blank(struct html_out *h)
{
	if (!h->bol)
		h->blank = true;
}

void
html_newline(struct html_out *h)
{
	if (h->bol)
		marks(h);
	emit(h, "\n", 1);
	h->bol = true;
	h->blank = false;
}

void
html_end_line(struct html_out *h)
{
	if (!h->bol)
		html_newline(h);
}

void
html_char(struct html_out *h, char c)
{
	if (c == '\r' || c == '\0') /* a NUL would end the text early */
		return;
	if (h->pre && c == '\n')
		html_newline(h);
	else if (!h->pre && isspace((unsigned char)c))
		html_blank(h);
	else
		html_text(h, &c, 1);
}

char *
html_finish(struct html_out *h)
{
	emit(h, "", 1);
	if (h->nomem) {
		free(h->buf);
		return NULL;
	}
	return h->buf;
}
