/* Computer players that play by mail, as a person would: they read the
 * notice, take their view from its attachment, choose random legal
 * actions, sign the turn with their own key and mail it back. The demo
 * (carcpbem demo) and the mail-server tests play whole games with them. */
#ifndef CARC_BOT_H
#define CARC_BOT_H

#include <stddef.h>
#include <time.h>

#include "ai.h"
#include "key.h"
#include "rules.h"

struct bot {
	const struct catalog *cat;
	struct seckey key;  /* label: the player's name */
	char address[256];  /* the bot's own mail address */
	struct ai_rng rng;
	char last[320];     /* the last turn sent: "turn 3: place 1 0 90; pass" */
};

/* The answer to the mail raw when it is a notice for b's player (a view
 * attached, and the decision b's): the reply mail, with the signed turn
 * in its body (*reply, free() it). 0 with *reply NULL when there is
 * nothing to answer (an update, the game over); -1 with why. */
int bot_answer(struct bot *b, const char *raw, size_t len, time_t now, char **reply,
	       size_t *rlen, char *why, size_t n);

#endif
