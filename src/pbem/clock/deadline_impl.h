/* Inside the decision clock's files (deadline_*.c). */
#ifndef CARC_DEADLINE_IMPL_H
#define CARC_DEADLINE_IMPL_H

#include "deadline_pass.h"
#include "process_impl.h"

/* The game's lock (flock on history.jsonl): the fd, DL_HELD when the
 * caller holds it already (p->history_held), or -1 with why. */
#define DL_HELD (-2)
int dl_lock(const struct pbem *p, const struct gamedir *gd, char *why, size_t n);
void dl_unlock(int fd);
/* Queues the mails of the host's records and moves that a kill left
 * unqueued (deadline_repair.c), the game locked. 0, or -1 with why. */
int dl_repair_mails(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		    char *why, size_t n);
/* Whether the decision due began after the one m's clock is for: a turn
 * (or the start) recorded after decision_record, or a clock to start
 * again (-1: a rollback); host records alone (pause, extend, set...)
 * leave the decision as it was. latest: the history's last record. */
bool dl_new_decision(const struct gamedir *gd, const struct meta *m, long latest);

#endif
