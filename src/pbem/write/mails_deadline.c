/* The deadline in the mails, the reminders, the clock warning
 * (mails_deadline.h). */
#include <stdlib.h>
#include <string.h>

#include "deadline.h"
#include "mails_deadline.h"

void
deadline_vars(const struct mail_ctx *c, int seat, struct dl_text *dl,
	      struct template_vars *v)
{
	const struct meta *m = c->meta;

	dl->utc[0] = dl->local[0] = '\0';
	if (m != NULL && m->deadline_at != 0 && !m->paused) {
		dl_format_utc(m->deadline_at, dl->utc, sizeof(dl->utc));
		if (seat >= 0 && seat < m->nseats && m->seat[seat].timezone[0])
			dl_format_local(m->deadline_at, m->seat[seat].timezone, dl->local,
					sizeof(dl->local));
	}
	tvars_set(v, "deadline", dl->utc);
	tvars_set(v, "deadline_local", dl->local);
}

int
mails_remind(const struct mail_ctx *c, const struct gamefile *gf, long record, int k,
	     bool overdue, struct outmails *out, struct template_error *err)
{
	struct dl_text dl;
	struct decision d;
	struct facts f;
	struct draft dr;
	char letter[2], *skeleton;
	const char *to;
	int r;

	game_decision(gf->game, &d);
	if (d.kind == DECISION_GAME_OVER || (to = gf->address[d.player]) == NULL)
		return 0;
	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, "remind", "out of memory");
	skeleton = mails_skeleton(gf, d.player, d.kind == DECISION_PLACE_TILE);
	if (skeleton == NULL) {
		facts_free(&f);
		return mails_fail(err, "remind", "out of memory");
	}
	draft_init(&dr, "remind", gf->id, to, NULL, "%s-r%ld-remind-%d-%d", gf->id, record, k,
		   d.player + 1);
	facts_vars(gf, &f, &dr.vars);
	player_vars(gf, d.player, letter, &dr.vars);
	deadline_vars(c, d.player, &dl, &dr.vars);
	tvars_set(&dr.vars, "overdue", overdue ? "yes" : "");
	tvars_set(&dr.vars, "skeleton", skeleton);
	r = draft_send(c, &dr, out, err);
	free(skeleton);
	facts_free(&f);
	return r;
}

int
mails_clock_jump(const struct mail_ctx *c, time_t from, time_t to, int shifted,
		 struct outmails *out, struct template_error *err)
{
	char host[320], was[96], now[96], count[16];
	struct draft dr;

	host_address(c->cfg->from, host, sizeof(host));
	dl_format_utc(from, was, sizeof(was));
	dl_format_utc(to, now, sizeof(now));
	snprintf(count, sizeof(count), "%d", shifted);
	draft_init(&dr, "clock", NULL, host, NULL, "clock-%lld-%lld", (long long)from,
		   (long long)to);
	tvars_set(&dr.vars, "was", was);
	tvars_set(&dr.vars, "now", now);
	tvars_set(&dr.vars, "forward", to > from ? "yes" : "");
	tvars_set(&dr.vars, "games", count);
	return draft_send(c, &dr, out, err);
}

int
mails_away(const struct mail_ctx *c, const struct gamefile *gf, long record, int seat,
	   int missed, struct outmails *out, struct template_error *err)
{
	char letter[2], count[16];
	struct facts f;
	struct draft dr;
	int r;

	if (gf->address[seat] == NULL)
		return 0;
	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, "away", "out of memory");
	draft_init(&dr, "away", gf->id, gf->address[seat], NULL, "%s-r%ld-away-%d", gf->id,
		   record, seat + 1);
	snprintf(count, sizeof(count), "%d", missed);
	facts_vars(gf, &f, &dr.vars);
	player_vars(gf, seat, letter, &dr.vars);
	tvars_set(&dr.vars, "missed", count);
	r = draft_send(c, &dr, out, err);
	facts_free(&f);
	return r;
}
