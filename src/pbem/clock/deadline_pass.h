/* The decision clock's pass (docs/architecture.md, "Deadlines"): the
 * clocks due looked at through SPOOL/timers, and kept right when the
 * host's clock jumps. Starting a game's clock after a record is acting
 * on the game (deadline_game.h). */
#ifndef CARC_DEADLINE_PASS_H
#define CARC_DEADLINE_PASS_H

#include "deadline_game.h"

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
/* The host plays the decision due that has one legal action (and the
 * computer's seats after it), as the mail loop does after a turn: the
 * move a crash kept back. 0; -1 with why. */
int deadline_host_due(struct pbem *p, const struct gamedir *gd, char *why, size_t n);

#endif
