/* The template engine (template.h): placeholders, sections, the subject
 * line. A line holding nothing but a section tag ({{#x}}, {{^x}}, {{/x}})
 * and blanks leaves no line in the mail, so that sections can stand on
 * lines of their own. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "template.h"

#define TAG_NAME_MAX 63

void
tvars_set(struct template_vars *v, const char *name, const char *value)
{
	for (int i = 0; i < v->n; i++)
		if (strcmp(v->name[i], name) == 0) {
			v->value[i] = value;
			return;
		}
	/* When full, the name stays unset: its placeholder is then an error
	 * that names it, never a silent blank. */
	if (v->n < TEMPLATE_MAX_VARS) {
		v->name[v->n] = name;
		v->value[v->n++] = value;
	}
}

static const char *
tvars_get(const struct template_vars *v, const char *name)
{
	for (int i = 0; i < v->n; i++)
		if (strcmp(v->name[i], name) == 0)
			return v->value[i];
	return NULL;
}

/* Where the expansion is. */
struct tpl {
	const char *kind;
	const char *ext;  /* "txt" or "html" */
	bool html;        /* values HTML-escaped (but NAME_html ones) */
	const struct template_vars *v;
	FILE *out;
	const char *p, *end;
	int line;
	bool bol; /* p is at the beginning of a line */
	struct template_error *err;
};

struct tag {
	char sigil; /* 0: a value; '#', '^' or '/' */
	char name[TAG_NAME_MAX + 1];
	int line;
	const char *after; /* just past "}}" */
};

static int __attribute__((format(printf, 3, 4)))
fail(struct tpl *t, int line, const char *fmt, ...)
{
	char what[320];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(t->err->text, sizeof(t->err->text), "%s.%s:%d: %s", t->kind,
		 t->ext ? t->ext : "txt", line, what);
	return -1;
}

static bool
name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.';
}

static const char *
skip_blanks(const char *q, const char *end)
{
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	return q;
}

/* Reads the tag at at ("{{"): blanks are allowed around sigil and name. */
static int
parse_tag(struct tpl *t, const char *at, struct tag *tag)
{
	const char *q, *close = NULL;
	size_t len = 0;

	for (const char *s = at + 2; s + 1 < t->end && *s != '\n'; s++)
		if (s[0] == '}' && s[1] == '}') {
			close = s;
			break;
		}
	if (close == NULL)
		return fail(t, t->line, "\"{{\" is not closed by \"}}\" on its line");
	q = skip_blanks(at + 2, close);
	tag->sigil = (q < close && strchr("#^/", *q)) ? *q++ : 0;
	q = skip_blanks(q, close);
	while (q + len < close && name_char(q[len]) && len < TAG_NAME_MAX)
		len++;
	memcpy(tag->name, q, len);
	tag->name[len] = '\0';
	if (len == 0 || skip_blanks(q + len, close) != close)
		return fail(t, t->line,
			    "bad placeholder \"%.*s\": write {{name}}, {{#name}}, {{^name}} "
			    "or {{/name}}, a name of letters, digits, _ - and .",
			    (int)(close + 2 - at), at);
	tag->line = t->line;
	tag->after = close + 2;
	return 0;
}

/* A section tag alone on the line at t->p: where the line ends (after its
 * newline), or NULL. */
static const char *
standalone(struct tpl *t, struct tag *tag)
{
	const char *q = skip_blanks(t->p, t->end);
	struct template_error keep = *t->err;

	if (t->end - q < 2 || q[0] != '{' || q[1] != '{')
		return NULL;
	if (parse_tag(t, q, tag) < 0) {
		*t->err = keep; /* reported when the line is read for real */
		return NULL;
	}
	if (tag->sigil == 0)
		return NULL;
	q = skip_blanks(tag->after, t->end);
	if (q < t->end && *q != '\n')
		return NULL;
	return q < t->end ? q + 1 : q;
}

static void
emit(struct tpl *t, const char *s, size_t n)
{
	if (t->out && n)
		fwrite(s, 1, n, t->out);
}

static int block(struct tpl *t, const struct tag *open);

/* Whether name ends in "_html": a piece of HTML the program made (every
 * text in it escaped), put in as it is. */
static bool
html_value(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && strcmp(name + n - 5, "_html") == 0;
}

/* A value in an HTML template: text, escaped, unless html_value. */
static void
emit_value(struct tpl *t, const char *name, const char *value)
{
	if (!t->html || html_value(name)) {
		emit(t, value, strlen(value));
		return;
	}
	if (t->out)
		html_escape(t->out, value);
}

/* Handles a tag; 1 when it closed the section open. */
static int
tag_do(struct tpl *t, const struct tag *tag, const struct tag *open)
{
	const char *value = tvars_get(t->v, tag->name);
	FILE *out = t->out;
	bool set = value && value[0];
	int r;

	switch (tag->sigil) {
	case 0:
		if (value == NULL && t->out)
			return fail(t, tag->line, "no value for {{%s}}", tag->name);
		if (value)
			emit_value(t, tag->name, value);
		return 0;
	case '/':
		if (open == NULL)
			return fail(t, tag->line, "{{/%s}} closes no section", tag->name);
		if (strcmp(open->name, tag->name) != 0)
			return fail(t, tag->line, "{{/%s}} where {{/%s}} (for line %d) was due",
				    tag->name, open->name, open->line);
		return 1;
	default:
		if (tag->sigil == '^')
			set = !set;
		if (!set)
			t->out = NULL; /* read the section, write nothing */
		r = block(t, tag);
		t->out = out;
		return r < 0 ? -1 : 0;
	}
}

/* Expands up to the tag closing open (NULL: up to the end). */
static int
block(struct tpl *t, const struct tag *open)
{
	struct tag tag;
	const char *q, *nl, *lbrace;
	int r;

	while (t->p < t->end) {
		if (t->bol && (q = standalone(t, &tag)) != NULL) {
			t->p = q;
			t->line++;
			if ((r = tag_do(t, &tag, open)) != 0)
				return r;
			continue;
		}
		nl = memchr(t->p, '\n', (size_t)(t->end - t->p));
		for (lbrace = t->p; lbrace + 1 < (nl ? nl : t->end); lbrace++)
			if (lbrace[0] == '{' && lbrace[1] == '{')
				break;
		if (lbrace + 1 < (nl ? nl : t->end)) {
			while (lbrace + 2 < t->end && lbrace[2] == '{')
				lbrace++; /* "{{{x}}}": a brace, then {{x}} */
			emit(t, t->p, (size_t)(lbrace - t->p));
			if (parse_tag(t, lbrace, &tag) < 0)
				return -1;
			t->p = tag.after;
			t->bol = false;
			if ((r = tag_do(t, &tag, open)) != 0)
				return r;
			continue;
		}
		q = nl ? nl + 1 : t->end;
		emit(t, t->p, (size_t)(q - t->p));
		t->p = q;
		t->bol = nl != NULL;
		t->line += nl != NULL;
	}
	if (open)
		return fail(t, open->line, "{{%c%s}} is not closed: end it with {{/%s}}",
			    open->sigil, open->name, open->name);
	return 0;
}

/* Expands text[0..len) starting at line; the result in *out. */
static int
expand(struct tpl *t, const char *text, size_t len, int line, bool bol, char **out)
{
	size_t n = 0;
	int r;

	*out = NULL;
	if ((t->out = open_memstream(out, &n)) == NULL) {
		snprintf(t->err->text, sizeof(t->err->text), "%s.txt: out of memory", t->kind);
		return -1;
	}
	t->p = text, t->end = text + len, t->line = line, t->bol = bol;
	r = block(t, NULL);
	if (fclose(t->out) != 0 && r == 0)
		r = fail(t, t->line, "out of memory");
	t->out = NULL;
	if (r < 0) {
		free(*out);
		*out = NULL;
	}
	return r < 0 ? -1 : 0;
}

/* The subject is one line: line breaks in values become blanks, and runs
 * of blanks one space. */
static void
fold_subject(char *s)
{
	char *w = s;

	for (char *r = s; *r; r++)
		if (strchr(" \t\r\n", *r)) {
			if (w > s && w[-1] != ' ')
				*w++ = ' ';
		} else
			*w++ = *r;
	while (w > s && w[-1] == ' ')
		w--;
	*w = '\0';
}

/* Runs of plain characters written at once: every map's text passes
 * through here, and a stdio call a character was 3 % of a turn. */
void
html_escape(FILE *fp, const char *s)
{
	static const char *const entity[] = {
	    ['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;", ['\''] = "&#39;",
	};

	while (*s) {
		size_t n = strcspn(s, "&<>\"'");
		fwrite(s, 1, n, fp);
		if (s[n] == '\0')
			return;
		fputs(entity[(unsigned char)s[n]], fp);
		s += n + 1;
	}
}

int
template_expand_html(const char *kind, const char *text, const struct template_vars *v,
		     char **body, struct template_error *err)
{
	struct tpl t = {.kind = kind, .ext = "html", .html = true, .v = v, .err = err};

	return expand(&t, text, strlen(text), 1, true, body);
}

int
template_expand(const char *kind, const char *text, const struct template_vars *v,
		char **subject, char **body, struct template_error *err)
{
	struct tpl t = {.kind = kind, .v = v, .err = err};
	const char *nl = strchr(text, '\n'), *second;
	size_t skip = strlen("Subject:");

	*subject = *body = NULL;
	if (strncasecmp(text, "Subject:", skip) != 0 || nl == NULL)
		return fail(&t, 1, "the first line must be \"Subject: ...\", then a blank line");
	second = nl + 1;
	if (skip_blanks(second, second + strcspn(second, "\n")) !=
	    second + strcspn(second, "\n"))
		return fail(&t, 2, "a blank line must follow the Subject line");
	text = skip_blanks(text + skip, nl);
	if (expand(&t, text, (size_t)(nl - text), 1, false, subject) < 0)
		return -1;
	fold_subject(*subject);
	second += strcspn(second, "\n");
	second += *second == '\n';
	if (expand(&t, second, strlen(second), 3, true, body) < 0) {
		free(*subject);
		*subject = NULL;
		return -1;
	}
	return 0;
}
