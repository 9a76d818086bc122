/* The answer to a turn made from an out-of-date view: the error reply,
 * with what the notice would say now and the sender's current view
 * attached, so that the next try is made from the game as it stands. */
#include <stdlib.h>
#include <string.h>

#include "mails_impl.h"

int
mails_stale(const struct mail_ctx *c, const struct gamefile *gf, int seat,
	    const struct mail_reply *reply, const char *what, const char *fix,
	    struct outmails *out, struct template_error *err)
{
	char key_file[META_KEY_NAME_LEN + 8];
	struct decision d;
	struct draft dr;
	struct facts f;
	char letter[2], *skel = NULL;
	int r;

	if (seat < 0 || seat >= gf->nplayers)
		return mails_error(c, gf, reply, what, fix, out, err);
	draft_init(&dr, "error", gf->id, reply->to, reply, "%s-error", reply->key);
	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, "error", "out of memory");
	game_decision(gf->game, &d);
	mails_key_file(c, gf, seat, key_file, sizeof(key_file));
	facts_vars(gf, &f, &dr.vars);
	facts_legal_for(gf, seat, &dr.vars);
	player_vars(gf, seat, letter, &dr.vars);
	tvars_set(&dr.vars, "what", what);
	tvars_set(&dr.vars, "fix", fix ? fix : "");
	tvars_set(&dr.vars, "key_file", key_file);
	tvars_set(&dr.vars, "yours", d.player == seat ? "yes" : "");
	tvars_set(&dr.vars, "place_tile", d.kind == DECISION_PLACE_TILE ? "yes" : "");
	if (d.player == seat && mails_seat_ssh(gf, seat) &&
	    (skel = mails_skeleton(gf, seat, d.kind == DECISION_PLACE_TILE)) != NULL)
		tvars_set(&dr.vars, "skeleton", skel);
	if (draft_view(&dr, gf, seat) < 0) {
		r = mails_fail(err, "error", "out of memory");
	} else {
		tvars_set(&dr.vars, "view_file", dr.view_file);
		r = draft_send(c, &dr, out, err);
	}
	free(dr.view);
	facts_free(&f);
	free(skel);
	return r;
}
