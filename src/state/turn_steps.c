/* The turn across several players (turn_steps.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "turn_steps.h"

bool
turn_under_way(const struct game *g)
{
	if (g->over)
		return false;
	for (int i = g->nevents - 1; i >= 0 && g->events[i].turn >= g->turn; i--)
		if (g->events[i].kind == EV_PLACE_TILE && g->events[i].turn == g->turn)
			return true;
	return false;
}

bool
turn_forced(const struct game *g, struct action *only)
{
	int cap = game_legal_cap(g), n;
	struct action *buf;

	if (g->over || (buf = malloc(sizeof(*buf) * (size_t)(cap > 0 ? cap : 1))) == NULL)
		return false;
	/* counts a tile's placements without listing them all */
	n = game_legal_count(g, buf, cap);
	if (n == 1)
		*only = game_legal_nth(g, 0, buf);
	free(buf);
	return n == 1;
}

bool
turn_may_pass(const struct game *g)
{
	int cap = game_legal_cap(g), n;
	struct action *buf;
	struct decision d;
	bool pass = false;

	game_decision(g, &d);
	/* a placement's list is counted, not written: it never has pass */
	if (g->over || d.kind == DECISION_PLACE_TILE ||
	    (buf = malloc(sizeof(*buf) * (size_t)(cap > 0 ? cap : 1))) == NULL)
		return false;
	n = game_legal_count(g, buf, cap);
	for (int i = 0; i < n && i < cap && !pass; i++)
		pass = buf[i].kind == ACT_PASS;
	free(buf);
	return pass;
}

const char *
turn_if_offered(const char *text)
{
	static const char mark[] = "if offered:";

	if (strncasecmp(text, mark, sizeof(mark) - 1) != 0)
		return NULL;
	text += sizeof(mark) - 1;
	return text + strspn(text, " \t");
}
