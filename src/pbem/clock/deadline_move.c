/* The moves the host makes at a deadline (deadline_pass.h): the host's
 * own moves for a seat (act.h), signed with the host key and recorded
 * as the host's, with the reason. */
#include <stdio.h>

#include "act.h"
#include "deadline_pass.h"

int
deadline_host_move(struct pbem *p, const struct gamedir *gd, int seat, bool skip,
		   const char *why_text, char *why, size_t n)
{
	const char *game = gd->dir;

	for (const char *s = gd->dir; *s; s++) /* the id: the directory's name */
		if (*s == '/' && s[1] != '\0')
			game = s + 1;
	int r = skip ? admin_play_default(p, game, seat, why_text, why, n)
		     : admin_play_for(p, game, seat, why_text, why, n);

	return r == 0 ? 0 : -1;
}
