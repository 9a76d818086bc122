/* The lines of an armored turn block as mail leaves them
 * (docs/turn-format.md, "What mail may do to it"): one cleaning of a line
 * for every reader, so that the mail loop finds a block exactly where the
 * turn parser reads one. The mail layer and the turn layer both use it;
 * it knows neither. */
#ifndef CARC_ARMOR_H
#define CARC_ARMOR_H

#include <stdbool.h>
#include <stddef.h>

#define ARMOR_BEGIN "-----BEGIN CARCASSONNE TURN-----"
#define ARMOR_END "-----END CARCASSONNE TURN-----"
#define ARMOR_CMD_BEGIN "-----BEGIN CARCASSONNE COMMAND-----"
#define ARMOR_CMD_END "-----END CARCASSONNE COMMAND-----"
#define ARMOR_LINE_CAP 256 /* a cleaned line and its NUL */

struct armor_line {
	char text[ARMOR_LINE_CAP]; /* the line cleaned */
	bool too_long;             /* text holds its start only */
	long bad;                  /* offset of its first control byte, or -1 */
	unsigned bad_byte;         /* that byte, or the code point of a C1 control */
};

/* Cleans the n bytes of raw (one line, no LF): quote marks ('>') and
 * blanks off its front, blanks off its end, runs of blanks inside folded
 * to one space. Blanks are space, tab, CR, VT, FF and the UTF-8 no-break
 * space. Control bytes (NUL, ESC, DEL, U+0080 to U+009F, ...) are kept
 * but noted in bad. */
void armor_clean(const char *raw, size_t n, struct armor_line *out);

enum armor_mark { ARMOR_NO_MARK, ARMOR_BEGIN_MARK, ARMOR_END_MARK };
/* Whether a cleaned line is the BEGIN or the END line (any case). */
int armor_mark(const struct armor_line *l);
/* The same for another kind of block: its BEGIN and END lines. */
int armor_mark_of(const struct armor_line *l, const char *begin, const char *end);

#endif
