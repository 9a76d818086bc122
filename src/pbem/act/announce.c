/* Mails queued from the command line: a new game's start (carcpbem new)
 * and a turn applied by hand to a game by mail (carcpbem apply). */
#include <stdio.h>
#include <sys/stat.h>

#include "act.h"
#include "deadline_game.h"
#include "meta.h"
#include "mailed.h"

int
pbem_queue_out(struct pbem *p, struct outmails *out, char *why, size_t n)
{
	struct mail_error err = {0};
	char from[320];
	int r = 0;

	pbem_envelope_from(p, from, sizeof(from));
	for (int i = 0; i < out->n && r == 0; i++) {
		const struct outmail *m = &out->m[i];
		r = queue_add(p->queue, m->name, from, (const char *const *)m->to, m->nto,
			      m->text, m->len, &err);
		if (r < 0)
			snprintf(why, n, "cannot queue %s: %s", m->name, err.text);
	}
	outmails_free(out);
	return r;
}

/* Queues every mail of out, then marks record of gd as mailed. */
int
pbem_queue_mails(struct pbem *p, const struct gamedir *gd, struct outmails *out, long record,
		 const char *mark, char *why, size_t n)
{
	int r = pbem_queue_out(p, out, why, n);

	if (r == 0 && mailed_write(gd, record, mark) < 0) {
		snprintf(why, n, "cannot write %s/mailed", gd->dir);
		r = -1;
	}
	return r;
}

int
pbem_announce(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	      char *why, size_t n)
{
	struct mail_ctx ctx = pbem_mail_ctx(p, pbem_now(p), NULL);
	struct template_error terr = {{0}};
	struct outmails out = {0};
	struct meta m;

	if (deadline_begin(p, gd, gf, 0, -1, &m, why, n) < 0)
		return -1;
	ctx.meta = &m;
	if (mails_start(&ctx, gf, &out, &terr) < 0) {
		snprintf(why, n, "cannot make the start mails: %s", terr.text);
		return -1;
	}
	return pbem_queue_mails(p, gd, &out, 0, "start", why, n);
}

bool
pbem_game_by_mail(const struct gamedir *gd)
{
	char path[GAMEDIR_PATH + 8];
	struct stat st;

	snprintf(path, sizeof(path), "%s/mailed", gd->dir);
	return stat(path, &st) == 0;
}

int
pbem_mail_turn(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	       long record, int events_from, const char *actions, const char *mover, char *why,
	       size_t n)
{
	return pbem_mail_turn_told(p, gd, gf, record, events_from, actions, mover, NULL, why, n);
}

int
pbem_mail_turn_told(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		    long record, int events_from, const char *actions, const char *mover,
		    const char *told, char *why, size_t n)
{
	struct mail_ctx ctx = pbem_mail_ctx(p, pbem_now(p), NULL);
	struct template_error terr = {{0}};
	struct outmails out = {0};
	struct meta m;

	if (deadline_begin(p, gd, gf, record, -1, &m, why, n) < 0)
		return -1;
	ctx.meta = &m;
	ctx.mover = mover;
	ctx.host_moves = told;
	if (mails_turn(&ctx, gd, gf, record, events_from, actions, NULL, &out, &terr) < 0) {
		snprintf(why, n, "cannot make the mails of game %s: %s", gf->id, terr.text);
		return -1;
	}
	return pbem_queue_mails(p, gd, &out, record, "apply", why, n);
}

/* The first event of the turn numbered turn (the events of a turn run to
 * the end of the list: it is the last one played). */
int
pbem_events_of_turn(const struct game *g, long turn)
{
	int i = g->nevents;

	while (i > 0 && g->events[i - 1].turn >= turn)
		i--;
	return i;
}
