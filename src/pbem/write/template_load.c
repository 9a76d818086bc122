/* Finding a template: the host's own (the templates setting) or the
 * built-in one (templates/KIND.txt and KIND.html, compiled in). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "template.h"
#include "templates_data.h"

/* Far more than any mail needs: a bigger file is a mistake. */
#define TEMPLATE_MAX_BYTES (64 * 1024)

static const char *
builtin(const char *kind, bool html)
{
	const struct builtin_template *t = html ? builtin_html_templates : builtin_templates;
	size_t n = html ? builtin_html_template_count : builtin_template_count;

	for (size_t i = 0; i < n; i++)
		if (strcmp(t[i].name, kind) == 0)
			return t[i].text;
	return NULL;
}

/* Drops the CR of CR LF line ends, so a file edited anywhere works. */
static void
drop_cr(char *s)
{
	char *w = s;

	for (char *r = s; *r; r++)
		if (!(r[0] == '\r' && r[1] == '\n'))
			*w++ = *r;
	*w = '\0';
}

/* dir/KIND.EXT: the text (1), none there (0), or an error (-1). */
static int
read_file(const char *dir, const char *kind, const char *ext, char **text,
	  struct template_error *err)
{
	char path[1200];
	size_t n;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s.%s", dir, kind, ext);
	if ((fp = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 0;
		snprintf(err->text, sizeof(err->text), "%s.%s: cannot read %.300s: %s", kind,
			 ext, path, strerror(errno));
		return -1;
	}
	if ((*text = malloc(TEMPLATE_MAX_BYTES + 1)) == NULL) {
		fclose(fp);
		snprintf(err->text, sizeof(err->text), "%s.%s: out of memory", kind, ext);
		return -1;
	}
	n = fread(*text, 1, TEMPLATE_MAX_BYTES + 1, fp);
	if (ferror(fp) || n > TEMPLATE_MAX_BYTES || memchr(*text, '\0', n)) {
		snprintf(err->text, sizeof(err->text), "%s.%s: cannot read %.300s: %s", kind,
			 ext, path,
			 ferror(fp) ? strerror(errno)
				    : n > TEMPLATE_MAX_BYTES ? "longer than 64 KiB"
							     : "not text (a NUL byte)");
		fclose(fp);
		free(*text);
		*text = NULL;
		return -1;
	}
	fclose(fp);
	(*text)[n] = '\0';
	drop_cr(*text);
	return 1;
}

static bool
kind_ok(const char *kind, struct template_error *err)
{
	if (kind[0] && strspn(kind, "abcdefghijklmnopqrstuvwxyz") == strlen(kind))
		return true;
	snprintf(err->text, sizeof(err->text), "no template kind \"%s\"", kind);
	return false;
}

char *
template_load(const char *dir, const char *kind, struct template_error *err)
{
	const char *text;
	char *own = NULL;
	int r;

	if (!kind_ok(kind, err))
		return NULL;
	/* A host may override some kinds only: the others stay built in. */
	if (dir && dir[0] && (r = read_file(dir, kind, "txt", &own, err)) != 0)
		return r > 0 ? own : NULL;
	if ((text = builtin(kind, false)) == NULL) {
		snprintf(err->text, sizeof(err->text), "%s.txt: no such template", kind);
		return NULL;
	}
	if ((own = strdup(text)) == NULL)
		snprintf(err->text, sizeof(err->text), "%s.txt: out of memory", kind);
	return own;
}

char *
template_load_html(const char *dir, const char *kind, struct template_error *err)
{
	const char *text;
	char *own = NULL;
	int r;

	err->text[0] = '\0';
	if (!kind_ok(kind, err))
		return NULL;
	if (dir && dir[0] && (r = read_file(dir, kind, "html", &own, err)) != 0) {
		if (r > 0 && own[strspn(own, " \t\n")] == '\0') {
			free(own); /* an empty file: no HTML version */
			own = NULL;
		}
		return own;
	}
	if ((text = builtin(kind, true)) == NULL)
		return NULL;
	if ((own = strdup(text)) == NULL)
		snprintf(err->text, sizeof(err->text), "%s.html: out of memory", kind);
	return own;
}
