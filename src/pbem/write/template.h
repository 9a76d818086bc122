/* Mail templates (templates/, one file per kind of mail; docs/templates.md).
 *
 * A template is text with placeholders: {{name}} is replaced by the value
 * of name; {{#name}}...{{/name}} keeps what is inside only when name is
 * set and not empty, {{^name}}...{{/name}} only when it is not. The first
 * line is "Subject: ..." (itself a template); a blank line follows it.
 * A placeholder with no value is an error that names the file and line,
 * so a typo in a host's own template is found, not mailed.
 *
 * A mail may also have an HTML version, KIND.html: the same syntax, no
 * Subject line, and every value HTML-escaped but those whose names end
 * in "_html" (pieces of HTML the program made, their text escaped).
 */
#ifndef CARC_TEMPLATE_H
#define CARC_TEMPLATE_H

#include <stddef.h>
#include <stdio.h>

#define TEMPLATE_MAX_VARS 64

struct template_vars {
	int n;
	const char *name[TEMPLATE_MAX_VARS];
	const char *value[TEMPLATE_MAX_VARS];
};

void tvars_set(struct template_vars *v, const char *name, const char *value);

struct template_error {
	char text[400]; /* "notice.txt:7: no value for {{scores}}" */
};

/* The template of a kind ("notice"): dir/KIND.txt when dir is not empty,
 * else the built-in one. NULL with err if there is none. free() it. */
char *template_load(const char *dir, const char *kind, struct template_error *err);
/* Expands text: the subject and the body (free() both). */
int template_expand(const char *kind, const char *text, const struct template_vars *v,
		    char **subject, char **body, struct template_error *err);

/* The HTML version of a kind: dir/KIND.html when it exists, else the
 * built-in one; NULL with err->text "" when there is none (or the
 * host's file is empty: no HTML version), NULL with err set on an error. */
char *template_load_html(const char *dir, const char *kind, struct template_error *err);
/* Expands an HTML template, values escaped (above); free() *body. */
int template_expand_html(const char *kind, const char *text, const struct template_vars *v,
			 char **body, struct template_error *err);
/* s with & < > " ' written as entities. */
void html_escape(FILE *fp, const char *s);

#endif
