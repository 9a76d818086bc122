/* The turn layer: keys, signed turn files, and the archive of a game
 * (history.jsonl: applying turns, replaying, exporting). Built on the
 * game documents of src/state/.
 *
 * Every refusal of a turn has a code of its own (enum turn_code) and a
 * message that says what to do; carcpbem maps the codes to exit statuses
 * (docs/turn-format.md).
 */
#ifndef CARC_TURN_H
#define CARC_TURN_H

enum turn_code {
	TURN_OK,
	TURN_FAIL,              /* I/O, memory, a bad game file: not the turn's fault */
	TURN_MALFORMED,         /* not a turn file, or a broken one */
	TURN_BAD_SIGNATURE,     /* the signature does not match the turn */
	TURN_UNKNOWN_KEY,       /* signed with a key not registered for its player */
	TURN_NOT_YOUR_DECISION, /* the player does not own the decision due */
	TURN_WRONG_GAME,        /* for another game */
	TURN_STALE,             /* made on a state that is no longer current */
	TURN_DUPLICATE,         /* this very turn was applied already */
	TURN_ILLEGAL,           /* an action the rules refuse */
	TURN_CODE_COUNT
};

struct turn_error {
	int code;        /* enum turn_code */
	char text[720];  /* what is wrong and what to do */
};

/* Fills err (if not NULL) and returns -1. */
int terr(struct turn_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "stale-state", ...: the code's name in messages. */
const char *turn_code_name(int code);
/* The exit status carcpbem uses for the code (0 for TURN_OK). */
int turn_exit_status(int code);

#endif
