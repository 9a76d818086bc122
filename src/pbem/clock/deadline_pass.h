/* The decision clock in the mail loop (docs/architecture.md,
 * "Deadlines"): started after each record, looked at by each pass
 * through SPOOL/timers, and kept right when the host's clock jumps. */
#ifndef CARC_DEADLINE_PASS_H
#define CARC_DEADLINE_PASS_H

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
/* The host's clock against the last pass (SPOOL/clock, deadline_stamp.h):
 * after a jump (within one boot, a wall clock off the machine's time up
 * by more than DL_DRIFT; else back by more than an hour or forward by
 * more than a day), every clock is moved by the jump, the host warned
 * (log, and a mail to the from address). Before the inbox: no clock
 * starts before the shift is done, no deadline passes by a clock fault.
 * A SPOOL/clock or clock.jump with implausible times counts as missing
 * (logged). */
int pbem_clock_check(struct pbem *p, struct pbem_stats *st);
/* The games whose clock is due (SPOOL/timers): reminders, and the
 * policy of a passed deadline. */
int pbem_deadlines(struct pbem *p, struct pbem_stats *st);

/* The host decides seat's decision (deadline_move.c): with the computer
 * player, or (skip) the seat's default (docs/rules-decisions.md,
 * "Deadlines"). 0; -1 with why; -2 when this build cannot. */
int deadline_host_move(struct pbem *p, const struct gamedir *gd, int seat, bool skip,
		       const char *why_text, char *why, size_t n);

#endif
