/* An SSH signature that does not fit its turn but is one the seat made
 * for an earlier turn: the old turn.txt.sig, kept because ssh-keygen
 * asks "turn.txt.sig already exists. Overwrite (y/n)?" and Enter says
 * no. The refusal names that cause instead of "changed after signing". */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "apply.h"

/* The turn number of the player's earlier SSH turn in h that t's
 * signature signs, or 0 if none. */
static long
signed_turn(const struct history *h, const struct turn *t)
{
	struct turn old;

	for (int i = h->n - 1; i >= 0; i--) {
		const struct history_record *r = &h->rec[i];
		if (r->event != HISTORY_TURN || r->by_host || r->text == NULL ||
		    strcasecmp(r->player, t->player) != 0)
			continue;
		if (turn_parse(r->text, strlen(r->text), TURN_NEED_SIGNATURE, &old, NULL) == 0 &&
		    old.sig_kind == TURN_SIG_SSH &&
		    sshsig_verify(&t->ssh, old.ssh_msg, old.ssh_msg_len) == 0)
			return r->turn;
	}
	return 0;
}

void
archive_explain_bad_sig(const struct gamedir *gd, const struct turn *t,
			struct turn_error *err)
{
	struct history h = {0};
	long n;

	if (err->code != TURN_BAD_SIGNATURE || t->sig_kind != TURN_SIG_SSH ||
	    history_read(gd->history, &h, NULL) < 0)
		return;
	if ((n = signed_turn(&h, t)) > 0 && n != t->number)
		terr(err, TURN_BAD_SIGNATURE,
		     "the SSH signature does not match the turn: it is the signature "
		     "of your turn %ld, the old turn.txt.sig (ssh-keygen keeps it when "
		     "its question \"turn.txt.sig already exists. Overwrite (y/n)?\" is "
		     "answered with Enter): delete it (rm turn.txt.sig), sign turn.txt "
		     "again and send both files",
		     n);
	history_free(&h);
}
