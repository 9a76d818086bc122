/* A computer player by mail (bot.h). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "gamefile.h"
#include "message.h"
#include "turnfile.h"

/* The player's view attached to the notice ("GAME-NAME.json"), or NULL. */
static struct gamefile *
attached_view(const struct bot *b, const char *raw, size_t len)
{
	char suffix[KEY_LABEL_MAX + 8];
	struct gf_error err = {"", ""};
	struct gamefile *gf = NULL;
	size_t vlen;
	char *view;
	json_t *root;

	snprintf(suffix, sizeof(suffix), "-%s.json", b->key.label);
	if ((view = mail_attachment(raw, len, suffix, &vlen)) == NULL)
		return NULL;
	if ((root = json_loadb(view, vlen, 0, NULL)) != NULL) {
		gf = gamefile_from_json(root, b->cat, &err);
		json_decref(root);
	}
	free(view);
	return gf;
}

int
bot_play_turn(struct gamefile *gf, int me, struct ai_rng *rng, struct turn *t, char *why,
	      size_t n)
{
	int cap = game_legal_cap(gf->game);
	struct action *buf = malloc((size_t)cap * sizeof(*buf)), a;
	struct rules_error re = {0};
	struct decision d;
	int r = 0, turn = gf->game->turn;

	if (buf == NULL)
		return snprintf(why, n, "out of memory"), -1;
	/* the turn number too: a lone player owns the next turn as well */
	for (game_decision(gf->game, &d); d.player == me && gf->game->turn == turn;
	     game_decision(gf->game, &d)) {
		if (t->nactions == TURN_MAX_ACTIONS ||
		    ai_random_action(gf->game, rng, buf, cap, &a) < 0 ||
		    gamefile_play_action(gf, &a, &re) < 0) {
			snprintf(why, n, "no action to play (%s)", re.text);
			r = -1;
			break;
		}
		snprintf(t->action[t->nactions++], TURN_ACTION_LEN + 1, "%s",
			 gf->action[gf->naction - 1]);
	}
	free(buf);
	return r;
}

/* The reply: the signed turn in the body, threaded under the notice. */
static char *
reply_mail(struct bot *b, const struct mail_in *in, const char *block, time_t now,
	   size_t *len)
{
	struct mail_error err = {0};
	char subject[512], id[400], body[2048], refs[1200];
	const char *at = strrchr(b->address, '@');
	struct mail_out m = {0};

	snprintf(subject, sizeof(subject), "Re: %s", in->subject);
	snprintf(id, sizeof(id), "%s.%lld.%08x@%s", b->key.label, (long long)now,
		 (unsigned)ai_rng_next(&b->rng), at ? at + 1 : "players.invalid");
	/* References: the notice's, then the notice itself (RFC 5322 3.6.4) */
	snprintf(refs, sizeof(refs), "%s%s<%s>", in->references ? in->references : "",
		 in->references ? " " : "", in->message_id ? in->message_id : "");
	snprintf(body, sizeof(body), "My turn:\n\n%s", block);
	m.from = b->address;
	m.to[0] = in->reply_to;
	m.subject = subject;
	m.message_id = id;
	m.in_reply_to = in->message_id;
	m.references = in->message_id ? refs : in->references;
	m.date = now;
	m.body = body;
	return mail_compose(&m, len, &err);
}

static int
sign_turn(struct bot *b, struct gamefile *gf, int me, char **block, char *why, size_t n)
{
	struct turn_error err = {0};
	char acts[256];
	struct turn t;

	if (turn_start(gf, me, &t, &err) < 0) {
		snprintf(why, n, "%s", err.text);
		return -1;
	}
	if (bot_play_turn(gf, me, &b->rng, &t, why, n) < 0)
		return -1;
	if (turn_sign(&t, &b->key, &err) < 0 || (*block = turn_format(&t)) == NULL) {
		snprintf(why, n, "cannot sign: %s", err.text);
		return -1;
	}
	turn_actions_text(&t, acts, sizeof(acts));
	snprintf(b->last, sizeof(b->last), "turn %ld: %s", t.number, acts);
	return 0;
}

int
bot_answer(struct bot *b, const char *raw, size_t len, time_t now, char **reply,
	   size_t *rlen, char *why, size_t n)
{
	struct mail_in in = {0};
	struct mail_error err = {0};
	struct gamefile *gf = attached_view(b, raw, len);
	struct decision d;
	char *block = NULL;
	int r = 0;

	*reply = NULL;
	if (gf == NULL)
		return 0; /* no view for us: not a notice */
	game_decision(gf->game, &d);
	if (gf->me < 0 || d.player != gf->me) {
		gamefile_free(gf);
		return 0;
	}
	if (mail_parse(raw, len, &in, &err) < 0 || in.reply_to == NULL) {
		snprintf(why, n, "the notice has no sender to answer");
		r = -1;
	} else if (sign_turn(b, gf, gf->me, &block, why, n) < 0) {
		r = -1;
	} else if ((*reply = reply_mail(b, &in, block, now, rlen)) == NULL) {
		snprintf(why, n, "cannot compose the reply");
		r = -1;
	}
	free(block);
	mail_in_free(&in);
	gamefile_free(gf);
	return r;
}
