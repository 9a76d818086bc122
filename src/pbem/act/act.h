/* Act on a game (docs/architecture.md, "Layers"): what the mail loop,
 * the host's commands and the decision clock all do to a game, so that
 * none of them calls another: queue the mails a record causes and mark
 * them queued, play a seat's decision for the host, start a new game's
 * mails. The host commands' table is hostcmd.h, the clock started after
 * a record deadline_game.h. */
#ifndef CARC_ACT_H
#define CARC_ACT_H

#include <stdbool.h>
#include <stddef.h>

#include "gamedir.h"
#include "gamefile.h"
#include "mails.h"
#include "pbem.h"

/* Return values besides 0: */
#define ADMIN_FAIL (-1)    /* the host's side: I/O, a bad game directory */
#define ADMIN_REFUSED (-2) /* the command: unknown, bad arguments, not now */

/* Queues every mail of out (and frees them): 0, or -1 with why. */
int pbem_queue_out(struct pbem *p, struct outmails *out, char *why, size_t n);
/* The first event of the turn numbered turn in g (its last turn; announce.c). */
int pbem_events_of_turn(const struct game *g, long turn);
/* Queues every mail of out (freed), then marks record of gd as mailed
 * by mark ("start", "apply", "admin"). 0, or -1 with why. */
int pbem_queue_mails(struct pbem *p, const struct gamedir *gd, struct outmails *out,
		     long record, const char *mark, char *why, size_t n);
/* Queues the start mails of the new game gf in gd (carcpbem new). */
int pbem_announce(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		  char *why, size_t n);
/* Whether gd is a game by mail (its start was mailed: it has a "mailed"
 * mark), whose turns the mail loop mails. */
bool pbem_game_by_mail(const struct gamedir *gd);
/* Queues the mails that follow record (a turn applied by carcpbem apply,
 * its events from events_from, its actions as written, mover the player
 * who made it or NULL: the last tile's), as the loop does for a mailed
 * turn. */
int pbem_mail_turn(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		   long record, int events_from, const char *actions, const char *mover,
		   char *why, size_t n);
/* The same, the mails saying what the host played itself and why (told:
 * "the host played for alice: pass (the only legal action)", or NULL). */
int pbem_mail_turn_told(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
			long record, int events_from, const char *actions, const char *mover,
			const char *told, char *why, size_t n);

/* The host decides seat's current decision (seat from 0) with the
 * computer player, from that seat's player view only: the turn is signed
 * with the host key, recorded as made by the host for why_text ("the
 * deadline passed"; its first 199 bytes), and its mails are queued as
 * for a mailed turn. Then, while the next decision belongs to a seat
 * that meta.json marks bot or resigned, that one too (not while paused).
 * 0; ADMIN_REFUSED when the decision due is not seat's or the game is
 * over or ended; ADMIN_FAIL. */
int admin_play_for(struct pbem *p, const char *game, int seat, const char *why_text,
		   char *why, size_t n);

/* The same with the seat's default for the computer's choice (policy
 * skip at a deadline: bot_default_turn), signed and recorded alike. */
int admin_play_default(struct pbem *p, const char *game, int seat, const char *why_text,
		       char *why, size_t n);

/* After a turn applied to game (the mail loop's hook): plays the
 * decisions of bot or resigned seats that follow, as admin_play_for
 * (none while the game is paused). *last: the last record written, left
 * as it was when none. 0, or ADMIN_FAIL / ADMIN_REFUSED. */
int admin_play_bots(struct pbem *p, const char *game, long *last, char *why, size_t n);
/* The same, and first a decision with one legal action, which the host
 * plays at once (turn_forced; "the only legal action"), the game loaded
 * whatever meta.json says of its seats. */
int admin_play_due(struct pbem *p, const char *game, long *last, char *why, size_t n);

#endif
