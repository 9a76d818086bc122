/* Filling a caller-owned rules_error. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules_error.h"

int
rerr(struct rules_error *err, int code, const char *rule, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	err->code = code;
	snprintf(err->rule, sizeof(err->rule), "%s", rule ? rule : "");
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	return -1;
}
