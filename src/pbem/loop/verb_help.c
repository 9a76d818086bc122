/* What the verbs' handlers (process_host.c, process_public.c,
 * process_seat.c) share (process_verbs.h): the answer to the sender, the
 * mails to the others, meta.json changed under the game's lock, the game
 * a verb is about. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include "deadline_game.h"
#include "process_verbs.h"

void
verb_answer(struct verb_call *c, const char *title, const char *fmt, ...)
{
	struct template_error terr = {{0}};
	char text[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (mails_command(&c->j->ctx, c->gf, &c->j->reply, title, text, &c->j->out, &terr) < 0)
		job_fail(c->j, "cannot make the answer: %s", terr.text);
	else
		c->j->st->replies++;
}

void
verb_tell(struct verb_call *c, int whom, const char *title, const char *fmt, ...)
{
	struct template_error terr = {{0}};
	struct gf_error gerr = {"", ""};
	char text[2048], tag[16];
	struct meta m;
	va_list ap;
	int r = 0;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	for (int p = 0; p < c->gf->nplayers && r == 0 && (whom & TELL_PLAYERS); p++) {
		if (p == c->seat || c->gf->address[p] == NULL)
			continue;
		snprintf(tag, sizeof(tag), "%d", p + 1);
		r = mails_told(&c->j->ctx, c->gf, p, c->gf->address[p], tag, &c->j->reply,
			       title, text, &c->j->out, &terr);
	}
	if ((whom & TELL_OBSERVERS) && r == 0 && meta_load(c->gd.dir, c->gf, &m, &gerr) == 0)
		for (int i = 0; i < m.nobservers && r == 0; i++) {
			snprintf(tag, sizeof(tag), "o%d", i + 1);
			r = mails_told(&c->j->ctx, c->gf, -1, m.observer[i], tag, &c->j->reply,
				       title, text, &c->j->out, &terr);
		}
	if (r < 0)
		job_fail(c->j, "cannot make the mails: %s", terr.text);
}

int
verb_meta_edit(struct verb_call *c,
	       int (*edit)(struct verb_call *c, struct meta *m, void *arg), void *arg)
{
	struct gf_error gerr = {"", ""};
	struct meta m;
	int fd, r = -1;

	if ((fd = open(c->gd.history, O_RDWR | O_APPEND)) < 0 || flock(fd, LOCK_EX) < 0) {
		job_fail(c->j, "%s: cannot lock", c->gd.history);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (meta_load(c->gd.dir, c->gf, &m, &gerr) < 0)
		job_fail(c->j, "%s", gerr.text);
	else if (edit(c, &m, arg) == 0) {
		char why[600];

		/* dl_save: the timers index in step (an absence moves a deadline) */
		if (dl_save(c->j->p, &c->gd, c->gf, &m, why, sizeof(why)) < 0)
			job_fail(c->j, "%s", why);
		else
			r = 0;
	}
	close(fd); /* the lock goes with it */
	return r;
}

int
verb_load_game(struct verb_call *c, const char *id)
{
	struct gf_error err = {"", ""};

	if (job_game(c->j, id, &c->gd) < 0)
		return -1;
	if ((c->gf = gamefile_load(c->gd.state, c->j->p->cat, &err)) == NULL) {
		job_fail(c->j, "%s: %s", c->gd.state, err.text);
		return -1;
	}
	return 0;
}
