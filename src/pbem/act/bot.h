/* Computer players that play by mail, as a person would: they read the
 * notice, take their view from its attachment, choose their actions
 * (ai_choose: random, greedy or MCTS, on the view alone), sign the turn with their own key and mail it back. The demo
 * (carcpbem demo) and the mail-server tests play whole games with them. */
#ifndef CARC_BOT_H
#define CARC_BOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "ai.h"
#include "key.h"
#include "rules.h"

struct bot {
	const struct catalog *cat;
	struct seckey key;  /* label: the player's name */
	char address[256];  /* the bot's own mail address */
	struct ai_rng rng;
	struct ai_params ai; /* the player: kind and budget (its seed: from rng) */
	char last[320];     /* the last turn sent: "turn 3: place 1 0 90; pass" */
};

/* The host's computer player ai (ai_choose) for seat me in gf (a
 * player's view: what the seat may see): its actions played on gf and
 * added to t until the decision passes on (admin_play_for: a seat away,
 * kicked or resigned, policy bot). 0, or -1 with why. */
struct turn;
int bot_play_turn(struct gamefile *gf, int me, const struct ai_params *ai, struct turn *t,
		  char *why, size_t n);
/* The same with the seat's default instead of the computer's choice
 * (policy skip; an optional decision of another player than the turn's
 * at its deadline): "pass" where allowed, else the first legal action. */
int bot_default_turn(struct gamefile *gf, int me, struct turn *t, char *why, size_t n);
/* The one legal action of me's decision due (turn_forced), played on gf
 * and added to t: the host plays it without a mail round (docs/mail.md,
 * "The turn across several players"). 0, or -1 with why. */
int bot_forced_turn(struct gamefile *gf, int me, struct turn *t, char *why, size_t n);
/* The reason such a move is recorded with. */
#define BOT_FORCED_WHY "the only legal action"
/* Whether the mails after a host's move for a seat recorded with reason
 * why say so, move by move: the only legal action, a deadline's move
 * (the computer's seats are named by the mails' "computer" value). */
bool bot_told_why(const char *why);
/* What they say: "the host played for alice: pass (the only legal
 * action)", appended to buf (n bytes) after a "; " when it holds some. */
void bot_told(char *buf, size_t n, const char *player, const char *actions, const char *why);

/* The answer to the mail raw when it is a notice for b's player (a view
 * attached, and the decision b's): the reply mail, with the signed turn
 * in its body (*reply, free() it). 0 with *reply NULL when there is
 * nothing to answer (an update, the game over); -1 with why. */
int bot_answer(struct bot *b, const char *raw, size_t len, time_t now, char **reply,
	       size_t *rlen, char *why, size_t n);

/* ---- a seat's turn from a computer player (bot_seat.c) ---- */

struct gamefile;
#include "turnfile.h" /* TURN_ACTION_LEN */

/* The next actions of seat in g (at most AI_TURN_MAX, *na of them). */
typedef int (*bot_choose_fn)(void *ctx, const struct game *g, int seat,
			     struct action *a, int *na);
/* Plays on gf the actions choose gives for seat until the decision
 * passes on (to another seat, or the next turn), at most max: how many
 * (gf->action[gf->naction - r ..]), or -1 with why. */
int bot_play_seat(struct gamefile *gf, int seat, bot_choose_fn choose, void *ctx, int max,
		  char *why, size_t n);
/* For a seat whose player is away (the deadline's bot): p's turn for
 * seat of the host's game gf, chosen on seat's player view alone (as
 * carcpbem view GAME --player NAME writes it: the tiles to come in
 * catalogue order, never the host's), written as carcpbem legal writes
 * actions to out[0..r), at most max (TURN_MAX_ACTIONS for a turn file);
 * gf is not changed. r (>= 1), or -1 with why (not seat's decision, out
 * of memory). Cost: ai_choose's (greedy well under a millisecond, MCTS
 * p->think or p->playouts) per decision of the turn. */
int bot_seat_turn(const struct gamefile *gf, int seat, const struct ai_params *p,
		  char out[][TURN_ACTION_LEN + 1], int max, char *why, size_t n);

/* ---- a bot at its own mailbox (bot_loop.c, carcpbem bot) ----
 *
 * The host's mail loop turned round: the bot's config opens a struct
 * pbem as the host's does (its spool, its inbox Maildir filled from
 * IMAP, its queue and its sink), and each pass answers the notices. */

struct pbem;
struct pbem_stats;

/* Called for each new message; 0 when it is dealt with, -1 (with the
 * reason in why) to leave it for the next pass. */
typedef int (*pbem_each_fn)(void *ctx, const char *name, const char *raw, size_t len,
			    char *why, size_t n);

/* fn on each message of p's inbox new/, in name order, read whole (up to
 * max-message-size); a message fn takes is moved to cur/. Stops early on
 * *p->stop. 0, or -1 when a message failed (st->error: the last reason). */
int pbem_each_new(struct pbem *p, pbem_each_fn fn, void *ctx, struct pbem_stats *st);

/* One pass of b over its mailbox p: fetch (IMAP), answer every new
 * notice (the reply queued as "re-NAME" for the inbox message NAME, so
 * that answering it again queues nothing new), flush the queue (every
 * mail when flush_all). With seed, the choices for each message are
 * drawn from the seed and the message's name alone. 0, or -1 (st->error).
 */
int bot_pass(struct pbem *p, struct bot *b, const uint8_t *seed, bool flush_all,
	     struct pbem_stats *st);

#endif
