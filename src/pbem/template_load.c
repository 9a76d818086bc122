/* Finding a template: the host's own (the templates setting) or the
 * built-in one (templates/KIND.txt, compiled in). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "template.h"
#include "templates_data.h"

/* Far more than any mail needs: a bigger file is a mistake. */
#define TEMPLATE_MAX_BYTES (64 * 1024)

static const char *
builtin(const char *kind)
{
	for (size_t i = 0; i < builtin_template_count; i++)
		if (strcmp(builtin_templates[i].name, kind) == 0)
			return builtin_templates[i].text;
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

/* dir/KIND.txt: the text (1), none there (0), or an error (-1). */
static int
read_file(const char *dir, const char *kind, char **text, struct template_error *err)
{
	char path[1200];
	size_t n;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s.txt", dir, kind);
	if ((fp = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 0;
		snprintf(err->text, sizeof(err->text), "%s.txt: cannot read %.300s: %s", kind,
			 path, strerror(errno));
		return -1;
	}
	if ((*text = malloc(TEMPLATE_MAX_BYTES + 1)) == NULL) {
		fclose(fp);
		snprintf(err->text, sizeof(err->text), "%s.txt: out of memory", kind);
		return -1;
	}
	n = fread(*text, 1, TEMPLATE_MAX_BYTES + 1, fp);
	if (ferror(fp) || n > TEMPLATE_MAX_BYTES || memchr(*text, '\0', n)) {
		snprintf(err->text, sizeof(err->text), "%s.txt: cannot read %.300s: %s", kind,
			 path,
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

char *
template_load(const char *dir, const char *kind, struct template_error *err)
{
	const char *text;
	char *own = NULL;
	int r;

	if (kind[0] == '\0' || strspn(kind, "abcdefghijklmnopqrstuvwxyz") != strlen(kind)) {
		snprintf(err->text, sizeof(err->text), "no template kind \"%s\"", kind);
		return NULL;
	}
	/* A host may override some kinds only: the others stay built in. */
	if (dir && dir[0] && (r = read_file(dir, kind, &own, err)) != 0)
		return r > 0 ? own : NULL;
	if ((text = builtin(kind)) == NULL) {
		snprintf(err->text, sizeof(err->text), "%s.txt: no such template", kind);
		return NULL;
	}
	if ((own = strdup(text)) == NULL)
		snprintf(err->text, sizeof(err->text), "%s.txt: out of memory", kind);
	return own;
}
