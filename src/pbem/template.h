/* Mail templates (templates/, one file per kind of mail; docs/templates.md).
 *
 * A template is text with placeholders: {{name}} is replaced by the value
 * of name; {{#name}}...{{/name}} keeps what is inside only when name is
 * set and not empty, {{^name}}...{{/name}} only when it is not. The first
 * line is "Subject: ..." (itself a template); a blank line follows it.
 * A placeholder with no value is an error that names the file and line,
 * so a typo in a host's own template is found, not mailed.
 */
#ifndef CARC_TEMPLATE_H
#define CARC_TEMPLATE_H

#include <stddef.h>

#define TEMPLATE_MAX_VARS 48

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

#endif
