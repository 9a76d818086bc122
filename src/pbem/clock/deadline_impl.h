/* Inside the decision clock's files (deadline_*.c). */
#ifndef CARC_DEADLINE_IMPL_H
#define CARC_DEADLINE_IMPL_H

#include "deadline_pass.h"
#include "act.h"

/* Queues the mails of the host's records and moves that a kill left
 * unqueued (deadline_repair.c), the game locked. 0, or -1 with why. */
int dl_repair_mails(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		    char *why, size_t n);

#endif
