/* The moves the host makes at a deadline (deadline_pass.h). Until the
 * host's key and records (admin.h) are in, there are none: the pass
 * keeps waiting and says so. */
#include <stdio.h>

#include "deadline_pass.h"

int
deadline_host_move(struct pbem *p, const struct gamedir *gd, int seat, bool skip,
		   const char *why_text, char *why, size_t n)
{
	(void)p, (void)gd, (void)seat, (void)skip, (void)why_text;
	snprintf(why, n, "this carcpbem cannot move for a player yet: the game waits");
	return -2;
}
