/* What carcpbem status prints, from SPOOL/games.index (gamesindex.h):
 * every player of the spool's running games, with the games waiting on
 * them, and the totals. */
#ifndef CARC_SPOOL_STATUS_H
#define CARC_SPOOL_STATUS_H

#include <stdbool.h>
#include <stdio.h>

#include "gamesindex.h"

/* One seat of a running game (active or paused). */
struct ss_seat {
	const struct gi_entry *e;
	int seat;
};

/* A player: an address (any case), or a seat name where there is none. */
struct ss_player {
	const char *address; /* NULL: none */
	const char *name;    /* the first seat's name */
	struct ss_seat *seat; /* every seat of theirs, by game id */
	int nseats, waiting;
};

struct spool_status {
	struct ss_seat *seats; /* the storage of the players' seats */
	struct ss_player *p;
	int n;
	int games, count[GI_TERMINATED + 1]; /* by enum gi_state */
};

/* The players of l (which must outlive s), those matching who only
 * (an address or a seat name, any case; NULL: all). -1: out of memory. */
int spool_status_make(const struct gi_list *l, const char *who, struct spool_status *s);
void spool_status_free(struct spool_status *s);
/* The same as one JSON object (carcpbem status --json). */
void spool_status_json(FILE *fp, const struct spool_status *s);

#endif
