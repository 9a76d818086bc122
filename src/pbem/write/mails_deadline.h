/* The deadline in the mails that ask for a decision, and the mails of the
 * decision clock: reminders, and the warning to the host of a clock that
 * jumped (deadline_pass.c). */
#ifndef CARC_MAILS_DEADLINE_H
#define CARC_MAILS_DEADLINE_H

#include "mails_impl.h"

/* The values deadline (UTC) and deadline_local (the seat's own zone, if
 * set), "" without a clock; dl holds their text. */
struct dl_text {
	char utc[96], local[160];
};
void deadline_vars(const struct mail_ctx *c, int seat, struct dl_text *dl,
		   struct template_vars *v);

/* Reminder number k of the decision after record, to its owner (queue
 * name GAME-rRECORD-remind-K-SEAT); overdue: the deadline has passed
 * and the game waits. c->meta is the game's clock. */
int mails_remind(const struct mail_ctx *c, const struct gamefile *gf, long record, int k,
		 bool overdue, struct outmails *out, struct template_error *err);
/* To seat's player: after `missed` deadlines in a row the computer
 * plays the seat until the player sends a turn (GAME-rRECORD-away-SEAT). */
int mails_away(const struct mail_ctx *c, const struct gamefile *gf, long record, int seat,
	       int missed, struct outmails *out, struct template_error *err);
/* To the host (the from address): the clock jumped from `from` to `to`;
 * shifted: how many games' deadlines were moved. */
int mails_clock_jump(const struct mail_ctx *c, time_t from, time_t to, int shifted,
		     struct outmails *out, struct template_error *err);

#endif
