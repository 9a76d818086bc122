/* The mails of a move the host made for a seat (a deadline, a computer's
 * seat) or of a host record when a kill came between the record and its
 * mails: no inbox message will bring them back, so the pass has the
 * host's catching up (admin_mails.c) queue them, under the game's lock,
 * before it looks at the clock. */
#include <stdio.h>

#include "hostcmd.h"
#include "deadline_impl.h"
#include "mailed.h"

int
dl_repair_mails(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		char *why, size_t n)
{
	char key[MAILED_KEY_LEN + 1];
	struct turn_error err = {0};
	struct history h = {0};
	long mailed;
	int r;

	if (!pbem_game_by_mail(gd) || mailed_read(gd, &mailed, key) < 0 ||
	    mailed >= gf->archive.records - 1)
		return 0;
	if (history_read(gd->history, &h, &err) < 0) {
		snprintf(why, n, "%s", err.text);
		return -1;
	}
	r = admin_mails_catch_up(p, gd, gf, &h, why, n);
	history_free(&h);
	return r;
}
