/* Text from outside (a mail, a turn file) made safe to show: control
 * characters written out ("\x1b") instead of reaching a terminal, syslog
 * or a mail reader that would obey them. Every log line and every mail
 * the host writes passes through here. */
#ifndef CARC_SAFETEXT_H
#define CARC_SAFETEXT_H

#include <stddef.h>

enum {
	SAFE_LINE,    /* one line: a line end becomes a blank */
	SAFE_LINES    /* a text: line ends and tabs kept */
};

/* src escaped into dst (n bytes, n > 0; an escape is never cut in two);
 * returns the length written. C0 controls (but tab, and the line end
 * with SAFE_LINES) and DEL become \xHH, UTF-8 C1 controls \u00HH. */
size_t safe_text(char *dst, size_t n, const char *src, int how);
/* The same in a new string (free() it); NULL when out of memory. */
char *safe_text_dup(const char *src, int how);
/* Text of a mail server or a key blob for a message: the size bytes at
 * data (no NUL needed) into dst (cap bytes, cap > 0; cut to fit) as
 * printable ASCII, each control, DEL or non-ASCII byte a '?'. With
 * SAFE_LINE the copy ends at the first line end, with SAFE_LINES line
 * ends are '?' too. Returns the length written. */
size_t safe_ascii(char *dst, size_t cap, const char *data, size_t size, int how);

#endif
