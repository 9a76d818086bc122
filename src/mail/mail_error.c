/* Errors of the mail layer: codes and their names. */
#include <stdarg.h>
#include <stdio.h>

#include "mail.h"

int
merr(struct mail_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	err->code = code;
	err->unreachable = false;
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	return -1;
}

const char *
mail_code_name(int code)
{
	static const char *const names[] = {
		[MAIL_OK] = "ok",
		[MAIL_TEMP] = "temporary",
		[MAIL_PERM] = "permanent",
		[MAIL_CONFIG] = "configuration",
		[MAIL_ODD] = "not a file",
	};

	if (code < 0 || code > MAIL_ODD)
		return "?";
	return names[code];
}
