/* The mails of the host's records and moves that a crash kept from the
 * queue (the record written, its mails not yet queued): made again by
 * the next host command or move, under the history's lock. The game's
 * "mailed" mark says which records had theirs; the queue names are the
 * same as the first time, so nothing goes out twice. */
#include <stdio.h>
#include <string.h>

#include "hostcmd.h"
#include "hostrec.h"
#include "mails.h"
#include "mailed.h"
#include "turnfile.h"
#include "bot.h"

/* A host record's mails, its texts from its command's meta change made
 * on a copy of meta.json (which may hold that change already: its texts
 * then show meta.json's deadline, as when the record was written); the
 * notice of the decision due too when r is the history's last record and
 * its command sends one. */
static int
host_mails(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	   const struct meta *m, const struct history_record *r, bool last, char *why,
	   size_t n)
{
	const struct admin_cmd *c = admin_find(r->command);
	struct admin_job b = {.p = p, .game = gf->id, .gd = *gd, .meta = *m, .seat = -1};
	struct mail_ctx ctx = pbem_mail_ctx(p, pbem_now(p), &b.meta);
	struct template_error terr = {{0}};
	struct outmails out = {0};
	struct host_news news = {b.what, b.detail, false, 0, 0};

	if (c == NULL || r->nargs != c->nargs || meta_time_parse(r->time, &b.now) < 0)
		return 0;
	if (m->host_record >= r->seq)
		admin_record_text(&b, gf, r);
	else
		c->meta(&b, gf, r);
	ctx.meta = m->host_record >= r->seq ? m : &b.meta; /* the notice's deadline */
	news.notice = b.notice && last;
	news.also = b.also;
	news.joined = b.joined;
	if (mails_host(&ctx, gf, r->seq, &news, &out, &terr) < 0) {
		outmails_free(&out);
		return snprintf(why, n, "the mails of record %ld: %s", r->seq, terr.text), -1;
	}
	return pbem_queue_mails(p, gd, &out, r->seq, "admin", why, n);
}

/* The host's move, the history's last record: as after a mailed turn. */
static int
turn_mails(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
	   const struct history_record *r, char *why, size_t n)
{
	struct turn_error e = {0};
	char actions[256] = "", told[400] = "";
	struct turn t;

	if (turn_parse(r->text, strlen(r->text), TURN_NEED_SIGNATURE, &t, &e) == 0)
		turn_actions_text(&t, actions, sizeof(actions));
	/* the only legal action, a deadline's move: the mails say so */
	if (r->by_host && bot_told_why(r->why))
		bot_told(told, sizeof(told), r->player, actions, r->why);
	return pbem_mail_turn_told(p, gd, gf, r->seq, pbem_events_of_turn(gf->game, r->turn),
				   actions, NULL, told[0] ? told : NULL, why, n);
}

int
admin_mails_catch_up(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
		     const struct history *h, char *why, size_t n)
{
	char key[MAILED_KEY_LEN + 1];
	struct gf_error e = {0};
	struct meta m;
	long mailed;
	int r = 0;

	if (!pbem_game_by_mail(gd) || mailed_read(gd, &mailed, key) < 0)
		return 0;
	/* a player's turn after the mark is the mail loop's to finish */
	for (long i = mailed + 1; i < h->n; i++)
		if (h->rec[i].event != HISTORY_HOST && !h->rec[i].by_host)
			return 0;
	if (mailed + 1 < h->n && meta_load(gd->dir, gf, &m, &e) < 0)
		return snprintf(why, n, "%s", e.text), -1;
	p->history_held = gd->history; /* the clock (deadline_begin) must not wait */
	for (long i = mailed + 1; i < h->n && r == 0; i++) {
		const struct history_record *rec = &h->rec[i];
		if (rec->event == HISTORY_HOST)
			r = host_mails(p, gd, gf, &m, rec, i == h->n - 1, why, n);
		else if (i == h->n - 1)
			r = turn_mails(p, gd, gf, rec, why, n);
	}
	p->history_held = NULL;
	return r;
}
