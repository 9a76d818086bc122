/* The mails of a move the host made for a seat (a deadline, a computer's
 * seat) when a kill came between its record and its mails: no inbox
 * message will bring them back (a player's turn is mailed again by its
 * message, process_turns.c), so the pass queues them before it looks at
 * the clock. */
#include <stdio.h>

#include "deadline_impl.h"
#include "history.h"

int
dl_repair_mails(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		char *why, size_t n)
{
	char key[JOB_KEY_LEN + 1];
	struct turn_error err = {0};
	struct history h = {0};
	long mailed, last = gf->archive.records - 1;
	int r = 0;

	if (!pbem_game_by_mail(gd) || mailed_read(gd, &mailed, key) < 0 || mailed >= last)
		return 0;
	if (history_read(gd->history, &h, &err) < 0) {
		snprintf(why, n, "%s", err.text);
		return -1;
	}
	if (h.n == last + 1 && h.rec[last].event == HISTORY_TURN && h.rec[last].by_host) {
		pbem_log(p, PBEM_INFO, "game %s: the mails of record %ld, the host's move for "
			 "%s, were not queued: queued now", gf->id, last, h.rec[last].player);
		r = pbem_mail_turn(p, gd, gf, last,
				   pbem_events_of_turn(gf->game, h.rec[last].turn), NULL, why, n);
	}
	history_free(&h);
	return r;
}
