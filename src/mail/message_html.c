/* HTML to plain text, as a mail reader shows it: a small state machine
 * over the bytes (text, tags, comments, skipped elements) that never
 * fails on broken HTML; what it cannot read as a tag stays text.
 * Blanks collapse outside <pre>; block elements end lines; lines in a
 * <blockquote> start with '>' (one per level), so quoted text still
 * looks quoted. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "message_impl.h"

struct html_tag {
	char name[16];
	bool closing;
	const char *end; /* after its '>' */
};

/* Elements that end a line, before and after them. */
static const char *const block_tags[] = {
    "p",       "div",    "tr",      "li",      "ul",      "ol",     "dl",     "dt",
    "dd",      "table",  "h1",      "h2",      "h3",      "h4",     "h5",     "h6",
    "hr",      "center", "address", "section", "article", "header", "footer", "form",
    "caption", "thead",  "tbody",   "tfoot",   NULL};
/* Elements whose content a reader does not show. */
static const char *const hidden_tags[] = {"script", "style", "title", NULL};
/* Elements that keep their blanks and line ends. */
static const char *const pre_tags[] = {"pre", "textarea", "listing", "xmp", NULL};

static bool
in_list(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(name, *list) == 0)
			return true;
	return false;
}

/* Past the '>' that ends a tag; '>' in a quoted value does not. */
static const char *
skip_attributes(const char *p, const char *end)
{
	char quote;

	while (p < end && *p != '>') {
		if (*p++ != '=')
			continue;
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p < end && (*p == '"' || *p == '\'')) {
			quote = *p++;
			while (p < end && *p != quote)
				p++;
			p += p < end;
		}
	}
	return p < end ? p + 1 : end;
}

/* The tag that starts at p ('<'): its name in lower case, whether it
 * closes, and where it ends (after '>'). false if it is no tag. */
static bool
read_tag(const char *p, const char *end, struct html_tag *t)
{
	size_t n = 0;

	p++;
	t->closing = p < end && *p == '/';
	p += t->closing;
	if (p >= end || !isalpha((unsigned char)*p))
		return false;
	while (p < end && isalnum((unsigned char)*p)) {
		if (n + 1 < sizeof(t->name))
			t->name[n++] = (char)tolower((unsigned char)*p);
		p++;
	}
	t->name[n] = '\0';
	t->end = skip_attributes(p, end);
	return true;
}

/* Past the end of the hidden element's content: its closing tag. */
static const char *
skip_hidden(const char *p, const char *end, const char *name)
{
	size_t n = strlen(name);

	for (; p + n + 2 <= end; p++)
		if (p[0] == '<' && p[1] == '/' && strncasecmp(p + 2, name, n) == 0 &&
		    (p + n + 2 == end || !isalnum((unsigned char)p[n + 2])))
			return p;
	return end;
}

static void
element(struct html_out *h, const struct html_tag *t)
{
	if (strcmp(t->name, "br") == 0) {
		html_newline(h);
	} else if (strcmp(t->name, "blockquote") == 0) {
		html_end_line(h);
		h->quote += t->closing ? (h->quote > 0 ? -1 : 0) : 1;
	} else if (in_list(t->name, pre_tags)) {
		html_end_line(h);
		h->pre += t->closing ? (h->pre > 0 ? -1 : 0) : 1;
	} else if (in_list(t->name, block_tags)) {
		html_end_line(h);
	} else if (strcmp(t->name, "td") == 0 || strcmp(t->name, "th") == 0) {
		html_blank(h);
	}
}

/* A tag, comment or declaration at p ('<'); returns where text goes on. */
static const char *
markup(struct html_out *h, const char *p, const char *end)
{
	struct html_tag t;
	const char *q;

	if (end - p >= 4 && memcmp(p, "<!--", 4) == 0) {
		for (q = p + 4; q + 3 <= end && memcmp(q, "-->", 3) != 0; q++)
			;
		return q + 3 <= end ? q + 3 : end;
	}
	if (end - p >= 2 && (p[1] == '!' || p[1] == '?'))
		return skip_attributes(p + 2, end);
	if (!read_tag(p, end, &t)) {
		html_text(h, "<", 1);
		return p + 1;
	}
	element(h, &t);
	if (!t.closing && in_list(t.name, hidden_tags))
		return skip_hidden(t.end, end, t.name);
	/* As browsers do, a line end right after <pre> is not shown. */
	if (!t.closing && in_list(t.name, pre_tags)) {
		q = t.end;
		q += q < end && *q == '\r';
		return q < end && *q == '\n' ? q + 1 : t.end;
	}
	return t.end;
}

char *
mail_html_to_text(const char *html, size_t len)
{
	struct html_out h = {.bol = true};
	const char *p = html ? html : "", *end = p + (html ? len : 0);
	size_t n;

	while (p < end && !h.nomem) {
		if (*p == '<') {
			p = markup(&h, p, end);
		} else if (*p == '&' && (n = html_entity(&h, p, end)) > 0) {
			p += n;
		} else {
			html_char(&h, *p);
			p++;
		}
	}
	html_end_line(&h);
	return html_finish(&h);
}
