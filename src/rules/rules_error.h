/* Errors as values: a caller-owned struct filled by a failing call. */
#ifndef CARC_RULES_ERROR_H
#define CARC_RULES_ERROR_H

enum rules_error_code {
	RERR_NONE,
	RERR_NOMEM,
	RERR_PARSE,       /* malformed input text (tile set, action) */
	RERR_OPTION,      /* bad rules option */
	RERR_NOT_NOW,     /* action of another kind than the current decision */
	RERR_ILLEGAL,     /* the action breaks a rule; rule names it */
	RERR_GAME_OVER,
	RERR_NOT_YOURS    /* the decision is another player's */
};

struct rules_error {
	int code;          /* enum rules_error_code */
	char rule[24];     /* RULES.md id, e.g. "BASE-TILE-3", or "" */
	char text[240];
};

/* Fills err (if not NULL) and returns -1, so callers can "return rerr(...)". */
int rerr(struct rules_error *err, int code, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
