/* The mails of the host's commands (admin.c): every player told what the
 * host did, and after a change of the decision due its notice. */
#include "mails_impl.h"

int
mails_host(const struct mail_ctx *c, const struct gamefile *gf, long record,
	   const char *what, const char *detail, bool notice, struct outmails *out,
	   struct template_error *err)
{
	struct facts f;
	struct draft dr;
	char letter[2];
	int r = 0;

	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, "host", "out of memory");
	for (int p = 0; p < gf->nplayers && r == 0; p++) {
		if (gf->address[p] == NULL)
			continue;
		draft_init(&dr, "host", gf->id, gf->address[p], NULL, "%s-r%ld-host-%d",
			   gf->id, record, p + 1);
		facts_vars(gf, &f, &dr.vars);
		player_vars(gf, p, letter, &dr.vars);
		tvars_set(&dr.vars, "what", what);
		tvars_set(&dr.vars, "detail", detail ? detail : "");
		r = draft_send(c, &dr, out, err);
	}
	if (r == 0 && notice && !gf->game->over)
		r = mails_notice(c, gf, &f, record, NULL, out, err);
	facts_free(&f);
	return r;
}
