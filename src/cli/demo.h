/* carcpbem demo: the game by mail (cmd_demo_mail.c, demo_mailbox.c) and
 * the same game told directly by the engine (cmd_demo.c, --direct). */
#ifndef CARC_DEMO_H
#define CARC_DEMO_H

#include "bot.h"
#include "gamedir.h"
#include "loop.h"
#include "pbem.h"

extern const char *const demo_player_names[MAX_PLAYERS];

struct mail_demo {
	const struct catalog *cat;
	char spool[CONFIG_PATH_MAX];
	struct pbem p;
	struct bot bot[MAX_PLAYERS];
	int n;
	struct gamefile *gf; /* the host's game, reloaded after each pass */
	struct gamedir gd;
	int mails_read, turns_sent;
	bool verbose;
	bool png; /* the mails show the map as a picture too */
};

/* The players read the outbox: each notice gets a signed answer in the
 * inbox; read mail moves to outbox/read/. The number of answers, or -1. */
int demo_players_read(struct mail_demo *d);
/* The game by mail, after the options (cmd_demo.c parses them). */
int demo_by_mail(const struct catalog *cat, const struct game_setup *setup,
		 const char *spool, bool verbose, bool png, const struct ai_params *ai);
/* The game told directly by the engine. */
int demo_direct(const struct catalog *cat, const struct game_setup *setup,
		const struct ai_params *ai);

#endif
