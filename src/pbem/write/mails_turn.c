/* The mails of a game's course: the start, after each turn the notice
 * and the updates, and at the end the game-over mails with the archive. */
#include <stdlib.h>
#include <string.h>

#include "mails_deadline.h"
#include "mails_impl.h"
#include "meta.h"
#include "report.h"
#include "turn_steps.h"

/* Who played: the record's player when the caller knows it (a decision
 * of a player whose turn it is not, a wagon's move); else the one who
 * placed the last tile (a turn of a figure or "pass" alone finishes the
 * turn of that tile). */
static const char *
mover_of(const struct mail_ctx *c, const struct gamefile *gf)
{
	const struct game *g = gf->game;

	if (c->mover)
		return c->mover;

	for (int i = g->nevents - 1; i >= 0; i--)
		if (g->events[i].kind == EV_PLACE_TILE && g->events[i].player >= 0)
			return gf->name[g->events[i].player];
	return "";
}

/* The update of a whole turn names the turn's player as the one who
 * played (the last tile's placer), whoever made its last step; the
 * others who decided in it (a wagon moved, a figure put) are named
 * beside: "alice and carol". */
static void
turn_others(const struct mail_ctx *c, const struct gamefile *gf, int events_from,
	    const char *placer, char *buf, size_t n)
{
	const struct game *g = gf->game;
	unsigned seen = 0;
	int count = 0;

	for (int i = events_from < 0 ? 0 : events_from; i < g->nevents; i++) {
		const struct game_event *e = &g->events[i];
		if ((e->kind == EV_MOVE || e->kind == EV_PLACE_FIGURE) && e->player >= 0)
			seen |= 1u << e->player;
	}
	if (c->mover && gamefile_player(gf, c->mover) >= 0)
		seen |= 1u << gamefile_player(gf, c->mover);
	buf[0] = '\0';
	for (int p = 0; p < gf->nplayers; p++)
		if (seen >> p & 1 && strcmp(gf->name[p], placer) != 0)
			count++;
	for (int p = 0, k = 0; p < gf->nplayers; p++) {
		if (!(seen >> p & 1) || strcmp(gf->name[p], placer) == 0)
			continue;
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s", k == 0 ? "" : k == count - 1 ? " and " : ", ",
			 gf->name[p]);
		k++;
	}
}

/* A seat that asked for its own decisions only (SET NOTIFY mine). */
static bool
quiet(const struct mail_ctx *c, const struct gamefile *gf, int p)
{
	int s = c->meta ? meta_seat_of(c->meta, gf->name[p]) : -1;

	return s >= 0 && c->meta->seat[s].notify == META_NOTIFY_MINE;
}

/* The public update to each observer (OBSERVE): the facts every player
 * may see, never a player's view or the host's. */
static int
observers(const struct mail_ctx *c, const struct gamefile *gf, const struct facts *f,
	  long record, struct outmails *out, struct template_error *err)
{
	struct draft dr;

	for (int i = 0; c->meta && i < c->meta->nobservers; i++) {
		draft_init(&dr, "observe", gf->id, c->meta->observer[i], NULL,
			   "%s-r%ld-observe-%d", gf->id, record, i + 1);
		facts_vars(gf, f, &dr.vars);
		tvars_set(&dr.vars, "mover", mover_of(c, gf));
		if (draft_send(c, &dr, out, err) < 0)
			return -1;
	}
	return 0;
}

/* The update to every player with an address but the decision's owner
 * and the seats the computer plays. */
static int
updates(const struct mail_ctx *c, const struct gamefile *gf, const struct facts *f,
	long record, int notified, const struct mail_reply *reply, struct outmails *out,
	struct template_error *err)
{
	struct dl_text dl;
	struct draft dr;
	char letter[2];

	for (int p = 0; p < gf->nplayers; p++) {
		if (p == notified || gf->address[p] == NULL || quiet(c, gf, p) ||
		    mails_seat_computer(c, gf, p))
			continue;
		draft_init(&dr, "update", gf->id, gf->address[p],
			   mails_answers(reply, gf->address[p]), "%s-r%ld-update-%d", gf->id,
			   record, p + 1);
		facts_vars(gf, f, &dr.vars);
		player_vars(gf, p, letter, &dr.vars);
		tvars_set(&dr.vars, "mover", mover_of(c, gf));
		tvars_set(&dr.vars, "you_moved", strcmp(mover_of(c, gf), gf->name[p]) ? "" : "yes");
		deadline_vars(c, p, &dl, &dr.vars); /* in the reader's own time zone */
		dr.pic = &f->pic;
		if (draft_view(&dr, gf, p) < 0) {
			free(dr.view);
			return mails_fail(err, "update", "out of memory");
		}
		if (draft_send(c, &dr, out, err) < 0)
			return -1;
	}
	return 0;
}

/* The seats that resigned (RESIGN), which cannot win. */
static unsigned
resigned(const struct mail_ctx *c, const struct gamefile *gf)
{
	unsigned out = 0;

	for (int p = 0; c->meta && p < gf->nplayers; p++) {
		int s = meta_seat_of(c->meta, gf->name[p]);
		if (s >= 0 && c->meta->seat[s].resigned)
			out |= 1u << p;
	}
	return out;
}


/* The game-over mail to every player, the exported archive attached. */
static int
game_over(const struct mail_ctx *c, const struct gamedir *gd, const struct gamefile *gf,
	  const struct facts *f, long record, const struct mail_reply *reply,
	  struct outmails *out, struct template_error *err)
{
	struct turn_error terr = {0};
	char win[MAX_PLAYERS * (GF_NAME_LEN + 8)], file[GF_ID_LEN + 16], letter[2];
	struct draft dr;
	size_t len = 0;
	char *archive = export_with_maps(gd, c->cat, c->now, &len, &terr);
	unsigned out_seats = resigned(c, gf);
	struct memtext final = {0};
	FILE *fp;
	int r = 0;

	if (archive == NULL)
		return mails_fail(err, "over", terr.text);
	mails_seat_names(gf, winners_among(gf->game, out_seats), win, sizeof(win));
	if (out_seats && (fp = memtext_open(&final)) != NULL) {
		report_final_among(fp, gf, out_seats);
		memtext_close(&final);
	}
	snprintf(file, sizeof(file), "%s-archive.json", gf->id);
	for (int p = 0; p < gf->nplayers && r == 0; p++) {
		if (gf->address[p] == NULL)
			continue;
		draft_init(&dr, "over", gf->id, gf->address[p],
			   mails_answers(reply, gf->address[p]), "%s-r%ld-over-%d", gf->id,
			   record, p + 1);
		facts_vars(gf, f, &dr.vars);
		player_vars(gf, p, letter, &dr.vars);
		tvars_set(&dr.vars, "mover", mover_of(c, gf));
		tvars_set(&dr.vars, "winners", win);
		if (final.s)
			tvars_set(&dr.vars, "final", final.s);
		tvars_set(&dr.vars, "archive_file", file);
		dr.pic = &f->pic; /* the final board, whole (issue 21, low) */
		draft_attach(&dr, file, "application/json", archive, len);
		r = draft_send(c, &dr, out, err);
	}
	free(archive);
	free(final.s);
	return r;
}

int
mails_turn(const struct mail_ctx *c, const struct gamedir *gd, const struct gamefile *gf,
	   long record, int events_from, const char *actions, const struct mail_reply *reply,
	   struct outmails *out, struct template_error *err)
{
	/* a turn under way mails its next step's owner only; the others get
	 * one update when it is over, of all its steps (the events from the
	 * turn's first). A decision with one legal action is the host's to
	 * play at once (turn_forced): no notice asks for it. */
	bool under_way = turn_under_way(gf->game), forced = false;
	struct mail_ctx tc = *c;
	struct decision d;
	struct action only;
	struct facts f;
	int r = 0;

	game_decision(gf->game, &d);
	forced = turn_forced(gf->game, &only);
	if (!under_way)
		tc.mover = NULL; /* the turn's player, with the others beside */
	if (facts_make(&tc, gf, events_from, actions, &f) < 0)
		return mails_fail(err, "notice", "out of memory");
	if (!under_way)
		turn_others(c, gf, events_from, mover_of(&tc, gf), f.turn_others,
			    sizeof(f.turn_others));
	facts_picture(&tc, gf, &f); /* one picture for the turn's mails */
	if (gf->game->over) {
		r = game_over(&tc, gd, gf, &f, record, reply, out, err);
	} else {
		if (!forced)
			r = mails_notice(&tc, gf, &f, record, reply, out, err);
		if (r == 0 && !under_way)
			r = updates(&tc, gf, &f, record, forced ? -1 : d.player, reply, out, err);
	}
	if (r == 0 && !under_way)
		r = observers(&tc, gf, &f, record, out, err);
	facts_free(&f);
	return r;
}

int
mails_start_one(const struct mail_ctx *c, const struct gamefile *gf, const struct facts *f,
		int p, long record, bool joined, struct outmails *out,
		struct template_error *err)
{
	char letter[2], key_file[META_KEY_NAME_LEN + 8];
	struct draft dr;
	int r;

	draft_init(&dr, "start", gf->id, gf->address[p], NULL, "%s-r%ld-start-%d", gf->id,
		   record, p + 1);
	facts_vars(gf, f, &dr.vars);
	player_vars(gf, p, letter, &dr.vars);
	mails_key_file(c, gf, p, key_file, sizeof(key_file));
	tvars_set(&dr.vars, "key_file", key_file);
	tvars_set(&dr.vars, "joined", joined ? "yes" : "");
	dr.pic = &f->pic;
	r = draft_view(&dr, gf, p) < 0 ? mails_fail(err, "start", "out of memory")
					: draft_send(c, &dr, out, err);
	free(dr.view);
	return r;
}

int
mails_start(const struct mail_ctx *c, const struct gamefile *gf, struct outmails *out,
	    struct template_error *err)
{
	struct decision d;
	struct action only;
	struct facts f;
	int r = 0;

	if (facts_make(c, gf, -1, NULL, &f) < 0)
		return mails_fail(err, "start", "out of memory");
	game_decision(gf->game, &d);
	facts_picture(c, gf, &f);
	/* a first decision with one legal action: the host plays it at the
	 * first pass, and its player gets the start like the others */
	bool forced = turn_forced(gf->game, &only);
	if (!forced)
		r = mails_notice(c, gf, &f, 0, NULL, out, err);
	for (int p = 0; p < gf->nplayers && r == 0; p++)
		if ((p != d.player || forced) && gf->address[p] != NULL)
			r = mails_start_one(c, gf, &f, p, 0, false, out, err);
	facts_free(&f);
	return r;
}
