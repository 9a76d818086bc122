/* SPOOL/games.index: every game of the spool in a line, whose decision is
 * due and since when, so that carcpbem status and the LIST verb read one
 * file, not every game (issue 13's scale).
 *
 *   carcpbem-games BASE 0      the log's header (applog.h)
 *   ID STATE TURN SEAT DECISION SINCE DEADLINE FLAGS NAME ADDRESS ...
 *
 * tab-separated, one a change; the last line of a game wins. STATE:
 * active, paused, over or terminated; SEAT: the seat whose decision is
 * due (from 0; -1 when over); DECISION: its name (place-tile, ...);
 * SINCE: when it began (meta.json's clock when one runs, else the time
 * of the game's last record: its history's mtime), DEADLINE: 0 for none;
 * FLAGS: that seat's standing, "-" or words among away, bot, resigned
 * joined by ","; then every seat's name and address ("-": none).
 *
 * Changed where a game's decision is (re)started or its clock touched:
 * deadline_begin after every record that is mailed, deadline_touch after
 * a host command and in the deadline pass, newgame_dir for a new game.
 * A missing or foreign file is rebuilt from the games (gamesindex_load);
 * a writer that died drops it (writers.h). */
#ifndef CARC_GAMESINDEX_H
#define CARC_GAMESINDEX_H

#include <stdbool.h>
#include <time.h>

#include "gamefile.h"
#include "meta.h"

#define GAMESINDEX_FILE "games.index"

enum gi_state { GI_ACTIVE, GI_PAUSED, GI_OVER, GI_TERMINATED };

struct gi_entry {
	char *line; /* the fields below point into it */
	const char *game, *decision;
	int state, turn, seat, nseats;
	time_t since, deadline;
	bool away, bot, resigned; /* of the seat due */
	const char *name[MAX_PLAYERS], *address[MAX_PLAYERS]; /* address NULL: none */
};

struct gi_list {
	struct gi_entry *e; /* sorted by game id */
	int n;
};

/* The game's line after a change: gf as it stands, m its meta.json (NULL:
 * read it), gamedir its folder (SPOOL/games/ID; not in a spool: nothing).
 * 0, or -1 (logged nowhere: the index is a cache, rebuilt when missing). */
int gamesindex_put(const char *gamedir, const struct gamefile *gf, const struct meta *m);
/* Every game of spool, from the index (made when missing, after
 * writers_check). scan: from the games themselves, the index untouched
 * (what the index must equal). 0, or -1 with why. */
int gamesindex_load(const char *spool, const struct catalog *cat, bool scan,
		    struct gi_list *l, char *why, size_t n);
void gamesindex_free(struct gi_list *l);
/* The game's line (malloc'd), from gf and m, for the game folder dir. */
char *gamesindex_line(const char *dir, const struct gamefile *gf, const struct meta *m);
/* Parses a line into e (taking it). 0, or -1 when it is no entry. */
int gamesindex_parse(char *line, struct gi_entry *e);
const char *gamesindex_state_name(int state);

#endif
