/* The moves the host makes at a deadline (deadline_pass.h): the host's
 * own moves for a seat (act.h), signed with the host key and recorded
 * as the host's, with the reason. */
#include <stdio.h>

#include "act.h"
#include "deadline_pass.h"

/* The game's id: its directory's name. */
static const char *
game_id(const struct gamedir *gd)
{
	const char *game = gd->dir;

	for (const char *s = gd->dir; *s; s++)
		if (*s == '/' && s[1] != '\0')
			game = s + 1;
	return game;
}

int
deadline_host_due(struct pbem *p, const struct gamedir *gd, char *why, size_t n)
{
	long last = -1;

	return admin_play_due(p, game_id(gd), &last, why, n) == 0 ? 0 : -1;
}

int
deadline_host_move(struct pbem *p, const struct gamedir *gd, int seat, bool skip,
		   const char *why_text, char *why, size_t n)
{
	const char *game = game_id(gd);
	int r = skip ? admin_play_default(p, game, seat, why_text, why, n)
		     : admin_play_for(p, game, seat, why_text, why, n);

	return r == 0 ? 0 : -1;
}
