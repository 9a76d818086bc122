/* A new game's start mails, queued from carcpbem new. */
#include <stdio.h>

#include "crashpoint.h"
#include "process_impl.h"

int
pbem_announce(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	      char *why, size_t n)
{
	struct mail_ctx ctx = {&p->cfg, p->cat, pbem_now(p)};
	struct template_error terr = {{0}};
	struct mail_error err = {0};
	struct outmails out = {0};
	char from[320];
	int r = 0;

	if (mails_start(&ctx, gf, &out, &terr) < 0) {
		snprintf(why, n, "cannot make the start mails: %s", terr.text);
		return -1;
	}
	pbem_envelope_from(p, from, sizeof(from));
	for (int i = 0; i < out.n && r == 0; i++) {
		const struct outmail *m = &out.m[i];
		r = queue_add(p->queue, m->name, from, (const char *const *)m->to, m->nto,
			      m->text, m->len, &err);
		if (r < 0)
			snprintf(why, n, "cannot queue %s: %s", m->name, err.text);
	}
	outmails_free(&out);
	if (r == 0 && mailed_write(gd, 0, "start") < 0) {
		snprintf(why, n, "cannot write %s/mailed", gd->dir);
		r = -1;
	}
	return r;
}
