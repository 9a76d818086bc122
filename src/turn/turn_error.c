/* Refusal codes of the turn layer: names and exit statuses. */
#include <stdarg.h>
#include <stdio.h>

#include "turn.h"

static const struct {
	const char *name;
	int status;
} codes[TURN_CODE_COUNT] = {
	[TURN_OK] = {"ok", 0},
	[TURN_FAIL] = {"failure", 1},
	[TURN_MALFORMED] = {"malformed", 3},
	[TURN_BAD_SIGNATURE] = {"bad-signature", 4},
	[TURN_UNKNOWN_KEY] = {"unknown-key", 5},
	[TURN_NOT_YOUR_DECISION] = {"not-your-decision", 6},
	[TURN_WRONG_GAME] = {"wrong-game", 7},
	[TURN_STALE] = {"stale-state", 8},
	[TURN_DUPLICATE] = {"already-applied", 9},
	[TURN_ILLEGAL] = {"illegal-action", 10},
};

int
terr(struct turn_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	return -1;
}

const char *
turn_code_name(int code)
{
	return code >= 0 && code < TURN_CODE_COUNT ? codes[code].name : "?";
}

int
turn_exit_status(int code)
{
	return code >= 0 && code < TURN_CODE_COUNT ? codes[code].status : 1;
}
