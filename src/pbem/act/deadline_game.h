/* A game's decision clock started after each record, and the game's
 * lines of SPOOL/timers and SPOOL/games.index written with it
 * (deadline_game.c): part of every record's acting on a game, whoever
 * wrote the record (the mail loop, a host command, the clock's pass,
 * carcpbem new and apply). The pass that looks at the clocks is
 * clock/deadline_pass.h. */
#ifndef CARC_DEADLINE_GAME_H
#define CARC_DEADLINE_GAME_H

#include <stdbool.h>

#include "deadline.h"
#include "gamedir.h"
#include "pbem.h"

/* After record of gd (a turn applied, or the start): the clock of the
 * decision due starts; doing it again for the same record changes
 * nothing. mover: the seat whose player sent the turn (it missed no
 * deadline now, and a seat the bot kept for missed ones is the player's
 * again), or -1. m: the game's meta.json afterwards, for the deadline in
 * the mails. 1: m holds a clock; 0: the game has none (nothing written);
 * -1 with why. */
int deadline_begin(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		   long record, int mover, struct meta *m, char *why, size_t n);
/* meta.json saved between two writes of the game's timers line: first
 * "now", then the clock's next time. A crash in between leaves a line
 * that brings the next pass to the game (which finds the clock as it
 * is), never a clock that no pass looks at. */
int dl_save(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	    const struct meta *m, char *why, size_t n);
/* The seat whose decision is due, or -1 when the game is over. */
int dl_owner(const struct gamefile *gf);
/* A signed turn from seat's player that came too late (stale): the
 * player is back, as deadline_begin's mover. 0, or -1 with why. */
int deadline_came_back(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		       int seat, char *why, size_t n);
/* After a host command changed the clock (pause, resume, extend, set):
 * the game's line of SPOOL/timers, and of SPOOL/games.index (gf as it
 * stands: every change of a game's decision comes by here or by
 * deadline_begin). 0, or -1 with why. */
int deadline_touch(struct pbem *p, const struct gamefile *gf, const struct meta *m, char *why,
		   size_t n);
/* The game's lock (flock on history.jsonl): the fd, DL_HELD when the
 * caller holds it already (p->history_held), or -1 with why. */
#define DL_HELD (-2)
int dl_lock(const struct pbem *p, const struct gamedir *gd, char *why, size_t n);
void dl_unlock(int fd);
/* Whether the decision due began after the one m's clock is for: a turn
 * (or the start) recorded after decision_record, or a clock to start
 * again (-1: a rollback); host records alone (pause, extend, set...)
 * leave the decision as it was. latest: the history's last record. */
bool dl_new_decision(const struct gamedir *gd, const struct meta *m, long latest);

#endif
