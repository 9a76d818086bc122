/* The turn across several players, as the host sees it between two
 * records (docs/mail.md, "The turn across several players"): whether the
 * turn is still under way, and whether the decision due has one legal
 * action only, which the host then plays itself. */
#ifndef CARC_TURN_STEPS_H
#define CARC_TURN_STEPS_H

#include <stdbool.h>

#include "rules.h"

/* The tile of the turn in progress is placed and the game goes on: the
 * decisions due now are steps of that turn (a figure, a wagon, an
 * escape), not the start of the next. */
bool turn_under_way(const struct game *g);
/* The decision due has exactly one legal action (*only): a place-tile
 * with one place and rotation, a figure decision with nothing but pass,
 * a module's step whose list is one action. False when the game is
 * over or the list has more (or none). */
bool turn_forced(const struct game *g, struct action *only);
/* The decision due lists pass among its legal actions: it is optional
 * (a figure, a wagon's move, the escape); false for a place-tile and a
 * module's step that must be taken (a dragon's step). */
bool turn_may_pass(const struct game *g);
/* An answer to a decision that may not come, written "if offered:
 * ACTION" in a turn file (docs/turn-format.md, "Answers in advance"):
 * ACTION, or NULL when text is a plain action. */
const char *turn_if_offered(const char *text);

#endif
