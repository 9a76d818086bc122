/* Mails about a mail that could not be used: the error reply to its
 * sender, and the warning to a seat whose turn someone else tried. */
#include <stdlib.h>
#include <string.h>

#include "mails_impl.h"

/* An answer to reply's sender, with the facts of gf (if any) and extra
 * values. */
int
mails_answer(const struct mail_ctx *c, const struct gamefile *gf, const struct mail_reply *reply,
       const char *kind, const struct template_vars *extra, struct outmails *out,
       struct template_error *err)
{
	struct facts f;
	struct draft dr;
	char letter[2];
	int r, seat;

	if (reply == NULL || reply->to == NULL)
		return 0;
	draft_init(&dr, kind, gf ? gf->id : NULL, reply->to, reply, "%s-%s", reply->key, kind);
	for (int i = 0; extra && i < extra->n; i++)
		tvars_set(&dr.vars, extra->name[i], extra->value[i]);
	if (gf == NULL)
		return draft_send(c, &dr, out, err);
	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, kind, "out of memory");
	facts_vars(gf, &f, &dr.vars);
	seat = mails_seat_of(gf, reply->to);
	facts_legal_for(gf, seat, &dr.vars);
	player_vars(gf, seat, letter, &dr.vars);
	/* A player's answer carries the player's view, as the notice does. */
	if (seat >= 0 && draft_view(&dr, gf, seat) < 0)
		r = mails_fail(err, kind, "out of memory");
	else
		r = draft_send(c, &dr, out, err);
	free(dr.view);
	facts_free(&f);
	return r;
}

int
mails_error(const struct mail_ctx *c, const struct gamefile *gf,
	    const struct mail_reply *reply, const char *what, const char *fix,
	    struct outmails *out, struct template_error *err)
{
	struct template_vars v = {0};

	tvars_set(&v, "what", what);
	tvars_set(&v, "fix", fix ? fix : "");
	return mails_answer(c, gf, reply, "error", &v, out, err);
}

/* The first sentence of what, for a subject: up to ". " or a line's end,
 * cut at a word near 70 characters. */
static void
reason_of(const char *what, char *out, size_t n)
{
	size_t len = strcspn(what, "\n"), cut;
	const char *stop = strstr(what, ". ");

	if (stop != NULL && (size_t)(stop - what) < len)
		len = (size_t)(stop - what);
	if (len > 70) {
		for (cut = 70; cut > 40 && what[cut] != ' '; cut--)
			;
		len = cut;
	}
	if (len >= n)
		len = n - 1;
	memcpy(out, what, len);
	out[len] = '\0';
	if (len > 0 && out[len - 1] == '.')
		out[len - 1] = '\0';
}

int
mails_error_tagged(const struct mail_ctx *c, const char *game,
		   const struct mail_reply *reply, const char *what, const char *fix,
		   struct outmails *out, struct template_error *err)
{
	struct draft dr;
	char reason[80];

	if (reply == NULL || reply->to == NULL)
		return 0;
	reason_of(what, reason, sizeof(reason));
	draft_init(&dr, "error", game, reply->to, reply, "%s-error", reply->key);
	tvars_set(&dr.vars, "what", what);
	tvars_set(&dr.vars, "fix", fix ? fix : "");
	tvars_set(&dr.vars, "reason", reason);
	return draft_send(c, &dr, out, err);
}

int
mails_forged(const struct mail_ctx *c, const struct gamefile *gf, int seat,
	     const struct mail_reply *reply, const char *what, struct outmails *out,
	     struct template_error *err)
{
	struct facts f;
	struct draft dr;
	char letter[2];
	int r;

	if (seat < 0 || seat >= gf->nplayers || gf->address[seat] == NULL)
		return 0;
	/* Not an answer: its recipient did not write the mail it is about. */
	draft_init(&dr, "forged", gf->id, gf->address[seat], NULL, "%s-forged-%d",
		   reply->key, seat + 1);
	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, "forged", "out of memory");
	facts_vars(gf, &f, &dr.vars);
	player_vars(gf, seat, letter, &dr.vars);
	tvars_set(&dr.vars, "from", reply->to ? reply->to : "an unknown address");
	tvars_set(&dr.vars, "what", what);
	r = draft_send(c, &dr, out, err);
	facts_free(&f);
	return r;
}

int
mails_key(const struct mail_ctx *c, const struct mail_reply *reply,
	  const struct template_vars *v, struct outmails *out, struct template_error *err)
{
	return mails_answer(c, NULL, reply, "key", v, out, err);
}
