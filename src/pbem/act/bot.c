/* A computer player by mail (bot.h). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "gamefile.h"
#include "message.h"
#include "turnfile.h"
#include "turn_steps.h"

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

/* Fills the player's seed from the bot's generator (reseeded for each
 * message by bot_pass), so that a notice answered again gets the same. */
static void
ai_seed(struct bot *b)
{
	for (int i = 0; i < SEED_BYTES; i += 8) {
		uint64_t x = ai_rng_next(&b->rng);
		memcpy(b->ai.seed + i, &x, 8);
	}
}

/* The next actions of seat me: the random player's one (drawn from the
 * bot's generator, as before there were others), or the others' turn. */
static int
next_actions(void *ctx, const struct game *g, int me, struct action *a, int *na)
{
	struct bot *b = ctx;
	int cap = game_legal_cap(g), r;
	struct action *buf;

	if (b->ai.kind != AI_RANDOM) {
		ai_seed(b);
		return ai_choose(g, me, &b->ai, a, na, NULL);
	}
	if ((buf = malloc(sizeof(*buf) * (size_t)cap)) == NULL)
		return -1;
	r = ai_random_action(g, &b->rng, buf, cap, a);
	*na = r == 0;
	free(buf);
	return r;
}

/* The seat's default (policy skip; another player's optional decision
 * at its deadline): "pass" where the rules allow it, else the first legal
 * action as the mails list them (rules-decisions.md, "Deadlines"). */
static int
default_actions(void *ctx, const struct game *g, int me, struct action *a, int *na)
{
	struct action *all = NULL;
	int n = gamefile_legal_sorted(g, &all), k = 0;

	(void)ctx, (void)me;
	for (int i = 0; i < n; i++)
		if (all[i].kind == ACT_PASS)
			k = i;
	if (n > 0) {
		*a = all[k];
		*na = 1;
	}
	free(all);
	return n > 0 ? 0 : -1;
}

/* The host's computer player (ctx: its ai_params) for a seat. */
static int
host_actions(void *ctx, const struct game *g, int me, struct action *a, int *na)
{
	return ai_choose(g, me, ctx, a, na, NULL);
}

/* choose's actions for seat me, played on gf (a view) until the decision
 * passes on, added to t. */
static int
into_turn(struct gamefile *gf, int me, bot_choose_fn choose, void *ctx, struct turn *t,
	  char *why, size_t n)
{
	int r = bot_play_seat(gf, me, choose, ctx, TURN_MAX_ACTIONS - t->nactions, why, n);

	for (int i = 0; i < r; i++)
		snprintf(t->action[t->nactions++], TURN_ACTION_LEN + 1, "%s",
			 gf->action[gf->naction - r + i]);
	return r < 0 ? -1 : 0;
}

static int
play_turn(struct bot *b, struct gamefile *gf, int me, struct turn *t, char *why, size_t n)
{
	return into_turn(gf, me, next_actions, b, t, why, n);
}

int
bot_play_turn(struct gamefile *gf, int me, const struct ai_params *ai, struct turn *t,
	      char *why, size_t n)
{
	return into_turn(gf, me, host_actions, (void *)ai, t, why, n);
}

int
bot_default_turn(struct gamefile *gf, int me, struct turn *t, char *why, size_t n)
{
	return into_turn(gf, me, default_actions, NULL, t, why, n);
}

int
bot_forced_turn(struct gamefile *gf, int me, struct turn *t, char *why, size_t n)
{
	struct rules_error re = {0};
	struct decision d;
	struct action a;

	game_decision(gf->game, &d);
	if (d.player != me || !turn_forced(gf->game, &a))
		return snprintf(why, n, "the decision due is not a forced one of %s's",
				gf->name[me]), -1;
	if (t->nactions >= TURN_MAX_ACTIONS || gamefile_play_action(gf, &a, &re) < 0)
		return snprintf(why, n, "the only legal action is refused: %s", re.text), -1;
	snprintf(t->action[t->nactions++], TURN_ACTION_LEN + 1, "%s", gf->action[gf->naction - 1]);
	return 0;
}

bool
bot_told_why(const char *why)
{
	static const char deadline[] = "the deadline passed";

	return why != NULL && (strcmp(why, BOT_FORCED_WHY) == 0 ||
			       strncmp(why, deadline, sizeof(deadline) - 1) == 0);
}

void
bot_told(char *buf, size_t n, const char *player, const char *actions, const char *why)
{
	size_t len = strlen(buf);

	if (len < n)
		snprintf(buf + len, n - len, "%sthe host played for %s: %s (%s)", len ? "; " : "",
			 player, actions, why);
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
	if (play_turn(b, gf, me, &t, why, n) < 0)
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
