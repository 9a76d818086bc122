/* The mails of the host's commands (admin.c): every player told what the
 * host did (not the seats the computer plays, unless the news is about
 * them), and after a change of the decision due its notice. */
#include "mails_impl.h"

int
mails_host(const struct mail_ctx *c, const struct gamefile *gf, long record,
	   const struct host_news *news, struct outmails *out, struct template_error *err)
{
	bool ended = c->meta && c->meta->terminated;
	struct facts f;
	struct draft dr;
	char letter[2];
	int r = 0;

	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, "host", "out of memory");
	if ((news->notice || news->joined) && !gf->game->over && !ended)
		facts_picture(c, gf, &f); /* as a turn's notice and start show it */
	for (int p = 0; p < gf->nplayers && r == 0; p++) {
		if (gf->address[p] == NULL ||
		    (mails_seat_computer(c, gf, p) && !(news->also >> p & 1)))
			continue;
		if (news->joined >> p & 1) { /* a start of the new player's own */
			r = mails_start_one(c, gf, &f, p, record, true, out, err);
			continue;
		}
		draft_init(&dr, "host", gf->id, gf->address[p], NULL, "%s-r%ld-host-%d",
			   gf->id, record, p + 1);
		facts_vars(gf, &f, &dr.vars);
		player_vars(gf, p, letter, &dr.vars);
		tvars_set(&dr.vars, "what", news->what);
		tvars_set(&dr.vars, "detail", news->detail ? news->detail : "");
		tvars_set(&dr.vars, "ended", ended ? "yes" : "");
		r = draft_send(c, &dr, out, err);
	}
	if (r == 0 && news->notice && !gf->game->over && !ended)
		r = mails_notice(c, gf, &f, record, NULL, out, err);
	facts_free(&f);
	return r;
}
