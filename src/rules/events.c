/* The game's event log (game.events): what happened, for the mails and
 * the history; every layer of a turn adds to it, so it sits below them
 * all. */
#include <stdlib.h>

#include "engine.h"

void
event_add(struct game *g, const struct game_event *ev)
{
	if (g->nevents == g->cap_events) {
		int cap = g->cap_events ? 2 * g->cap_events : 256;
		struct game_event *e = realloc(g->events, sizeof(*e) * cap);
		if (e == NULL)
			return; /* the log is informative; play goes on */
		g->events = e;
		g->cap_events = cap;
	}
	g->events[g->nevents] = *ev;
	if (ev->kind != EV_DISCARD && ev->kind != EV_PLACE_TILE)
		g->events[g->nevents].turn = (int16_t)g->turn;
	g->nevents++;
}
