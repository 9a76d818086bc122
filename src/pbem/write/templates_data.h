/* Mail templates compiled into the program: templates_data.c is generated
 * by build-aux/embed-text.sh from the files templates/KIND.txt
 * (TEMPLATE_FILES in Makefile.am), templates_html_data.c from
 * templates/KIND.html (HTML_TEMPLATE_FILES). */
#ifndef CARC_TEMPLATES_DATA_H
#define CARC_TEMPLATES_DATA_H

#include <stddef.h>

struct builtin_template {
	const char *name; /* the kind: the file name without ".txt" */
	const char *text; /* the file's contents */
};

extern const struct builtin_template builtin_templates[];
extern const size_t builtin_template_count;
extern const struct builtin_template builtin_html_templates[];
extern const size_t builtin_html_template_count;

#endif
