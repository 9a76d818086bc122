/* carcpbem move: telling a player that their view is out of date. */
#ifndef CARC_MOVE_VIEW_H
#define CARC_MOVE_VIEW_H

#include "gamefile.h"

/* -1 (and says so) if the turn file out, of this game and player p, is
 * for a later turn than the view: the game has moved on. */
int move_view_current(const struct gamefile *gf, int p, const char *view, const char *out);
/* After a refusal: what the view is of, and whether out is the turn
 * already signed from it. */
void move_view_hint(const struct gamefile *gf, int p, const char *view, const char *out);

#endif
