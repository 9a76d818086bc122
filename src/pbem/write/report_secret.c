/* What a seat holds that only it may see (the modules' secret fields,
 * issue 26: a hand of gift cards), as its owner's eyes read it: the show
 * of his own view or of the host's game, his own notices. Never in a
 * text that goes to anyone else. */
#include <stdarg.h>
#include <stdio.h>

#include "report.h"

/* Appends to buf at *at, as snprintf, never past n. */
static void __attribute__((format(printf, 4, 5)))
add(char *buf, size_t n, size_t *at, const char *fmt, ...)
{
	va_list ap;

	if (*at >= n)
		return;
	va_start(ap, fmt);
	*at += (size_t)vsnprintf(buf + *at, n - *at, fmt, ap);
	va_end(ap);
}

int
report_secret(const struct game *g, int seat, char *buf, size_t n)
{
	struct rules_field f[16];
	size_t at = 0;
	int shown = 0;

	buf[0] = '\0';
	for (int i = 0; i < game_modules(g); i++) {
		int nf = game_module_secret(g, i, seat, f, 16), any = 0;
		if (nf <= 0)
			continue;
		add(buf, n, &at, "%s%s:", shown++ ? "; " : "", game_module_name(g, i));
		for (int k = 0; k < nf && k < 16; k++)
			if (f[k].values == NULL && f[k].value != 0)
				add(buf, n, &at, "%s %d %s", any++ ? "," : "", f[k].value, f[k].key);
		if (!any)
			add(buf, n, &at, " none");
	}
	return shown;
}

json_t *
secret_json(const struct game *g, int seat)
{
	struct rules_field f[16];
	json_t *o = json_object();

	for (int i = 0; i < game_modules(g); i++) {
		int nf = game_module_secret(g, i, seat, f, 16);
		json_t *m = json_object();
		for (int k = 0; k < nf && k < 16; k++)
			if (f[k].values == NULL)
				json_object_set_new(m, f[k].key, json_integer(f[k].value));
		if (nf > 0)
			json_object_set_new(o, game_module_name(g, i), m);
		else
			json_decref(m);
	}
	return o;
}
