/* Carrying out a host command (admin_impl.h): the record written under
 * the history's lock, meta.json changed under it, the players' mails
 * queued, and the computer's move when a kicked seat's decision is due. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "admin_impl.h"
#include "crashpoint.h"
#include "deadline_pass.h"
#include "hostkey.h"
#include "hostrec.h"
#include "mails.h"
#include "act.h"

struct run {
	struct admin_job a;
	const struct admin_cmd *c;
	const char *by;
	const struct admin_mailed *m;   /* by mail, or NULL */
	long done;                      /* the record of m found, or -1 */
	const struct history_record *r; /* the record being written */
};

/* A mailed command whose record is in the history already: its texts as
 * when it was written, and what a crash may have kept from being done
 * after the record: state.json (gf: the whole history replayed), the
 * clock's index lines (the record's own mails: admin_mails_catch_up). */
static int
found(struct run *u, const struct gamefile *gf, const struct history_record *done,
      struct turn_error *err)
{
	struct gf_error ge = {0};
	char why[400];

	u->done = done->seq;
	admin_record_text(&u->a, gf, done);
	if (gamefile_save(gf, u->a.gd.state, true, &ge) < 0)
		return terr(err, TURN_FAIL, "%s: %s", u->a.gd.state, ge.text);
	if (deadline_touch(u->a.p, gf, &u->a.meta, why, sizeof(why)) < 0)
		return terr(err, TURN_FAIL, "%s", why);
	return terr(err, TURN_DUPLICATE, "the host carried out this command already "
		    "(record %ld of game %s, id %s): this mail is a copy of one it has "
		    "read. To do it again, make a new command with carcpbem command",
		    done->seq, gf->id, done->command_id);
}

static int
fill(void *ctx, const struct record_run *rr, const struct history *h,
     struct history_record *r, struct turn_error *err)
{
	struct run *u = ctx;
	struct gf_error ge = {0};
	char why[600];

	if (meta_load(u->a.gd.dir, rr->gf, &u->a.meta, &ge) < 0)
		return terr(err, TURN_FAIL, "%s: %s", ge.path, ge.text);
	if (admin_meta_catch_up(&u->a, rr->gf, h) &&
	    meta_save(u->a.gd.dir, &u->a.meta, &ge) < 0) /* kept, refused or not */
		return terr(err, TURN_FAIL, "%s", ge.text);
	if (admin_mails_catch_up(u->a.p, &u->a.gd, rr->gf, h, why, sizeof(why)) < 0)
		return terr(err, TURN_FAIL, "%s", why);
	u->r = r;
	if (u->m) {
		const struct history_record *done;
		int k = admin_once_check(u->m, h, u->c->name, &done, err);
		if (k != 0)
			return k < 0 ? -1 : found(u, rr->gf, done, err);
		admin_once_mark(u->m, r);
	}
	if (rr->terminated || u->a.meta.terminated)
		return terr(err, TURN_ILLEGAL, "game %s was ended by the host: it takes no "
			    "more commands", rr->gf->id);
	if (rr->gf->game->over && !u->c->when_over)
		return terr(err, TURN_ILLEGAL, "game %s is over: %s does not apply",
			    rr->gf->id, u->c->name);
	r->event = HISTORY_HOST;
	snprintf(r->command, sizeof(r->command), "%s", u->c->name);
	/* at most what a record holds */
	if ((r->by = strndup(u->by ? u->by : "", HISTORY_BY_LEN - 1)) == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	return u->c->fill(&u->a, rr, r, err);
}

static int
after(void *ctx, const struct gamefile *gf, const struct apply_result *res,
      struct turn_error *err)
{
	struct run *u = ctx;
	struct gf_error ge = {0};

	(void)res;
	char why[400];

	u->c->meta(&u->a, gf, u->r);
	u->a.meta.host_record = u->r->seq;
	if (meta_save(u->a.gd.dir, &u->a.meta, &ge) < 0)
		return terr(err, TURN_FAIL, "the record is written, but not meta.json: %s",
			    ge.text);
	crashpoint("host record's meta.json saved");
	if (deadline_touch(u->a.p, gf, &u->a.meta, why, sizeof(why)) < 0)
		return terr(err, TURN_FAIL, "the record is written, but not %s", why);
	return 0;
}

static int
mail(struct run *u, const struct gamefile *gf, long record, char *why, size_t n)
{
	struct mail_ctx ctx = pbem_mail_ctx(u->a.p, u->a.now, &u->a.meta);
	struct template_error terr = {{0}};
	struct outmails out = {0};

	if (!pbem_game_by_mail(&u->a.gd))
		return 0;
	struct host_news news = {u->a.what, u->a.detail, u->a.notice, u->a.also,
				  u->a.joined};

	if (mails_host(&ctx, gf, record, &news, &out, &terr) < 0) {
		outmails_free(&out);
		return snprintf(why, n, "the command is recorded, but its mails are not "
				"made: %s", terr.text), ADMIN_FAIL;
	}
	return pbem_queue_mails(u->a.p, &u->a.gd, &out, record, "admin", why, n) < 0
		       ? ADMIN_FAIL
		       : 0;
}

/* Then: a seat the computer plays whose decision is due (kicked now, or
 * after a rollback or a resume) moves at once, and so does a decision
 * with one legal action (a resume, a rollback to one). */
static int
play_now(struct run *u, const struct gamefile *gf, char *why, size_t n)
{
	long last = -1;

	return admin_play_due(u->a.p, gf->id, &last, why, n);
}

/* Carried out before a crash by this very message: answered as then
 * (the players' mails the crash kept from the queue were queued by the
 * catching up in fill, under the names they had: none twice), and the
 * computer's move, if the crash came before it. */
static int
again(struct run *u, struct gamefile *gf, char *out, size_t nout, char *why, size_t n)
{
	snprintf(out, nout, "game %s: %s (record %ld). %s", gf->id, u->a.what, u->done,
		 u->a.detail);
	return play_now(u, gf, why, n);
}

int
admin_run(struct pbem *p, const char *game, const struct admin_cmd *c, int argc,
	  char *const argv[], const char *by, const struct admin_mailed *m, char *out,
	  size_t nout, char *why, size_t n)
{
	struct run u = {.c = c, .by = by, .m = m, .done = -1};
	struct turn_error err = {0};
	struct gamefile *gf = NULL;
	struct apply_result res;
	struct seckey k;
	int r;

	u.a = (struct admin_job){.p = p, .game = game, .argc = argc, .argv = argv,
				 .now = pbem_now(p), .seat = -1};
	if ((r = admin_game_dir(p, game, &u.a.gd, why, n)) < 0)
		return r;
	if (pbem_host_key(&p->cfg, &k, why, n) < 0)
		return ADMIN_FAIL;
	r = archive_host_write(&u.a.gd, p->cat, &k, u.a.now, fill, after, &u, &gf, &res,
			       &err);
	key_wipe(&k);
	if (r < 0 && u.done >= 0 && m->again && gf != NULL) {
		r = again(&u, gf, out, nout, why, n);
		gamefile_free(gf);
		return r;
	}
	if (r < 0) {
		snprintf(why, n, "%s", err.text);
		gamefile_free(gf);
		return err.code == TURN_FAIL ? ADMIN_FAIL : ADMIN_REFUSED;
	}
	snprintf(out, nout, "game %s: %s (record %ld). %s", game, u.a.what, res.record,
		 u.a.detail);
	r = mail(&u, gf, res.record, why, n);
	if (r == 0)
		r = play_now(&u, gf, why, n);
	gamefile_free(gf);
	return r;
}

int
admin_command(struct pbem *p, const char *game, int argc, char *const argv[],
	      const char *by, char *out, size_t nout, char *why, size_t n)
{
	return admin_command_mailed(p, game, argc, argv, by, NULL, out, nout, why, n);
}

int
admin_command_mailed(struct pbem *p, const char *game, int argc, char *const argv[],
		     const char *by, const struct admin_mailed *m, char *out, size_t nout,
		     char *why, size_t n)
{
	const struct admin_cmd *c = argc > 0 ? admin_find(argv[0]) : NULL;
	char list[200];

	out[0] = '\0';
	admin_usage(list, sizeof(list));
	if (c == NULL)
		return snprintf(why, n, "%s%.40s%s is not a host command (the commands: %s)",
				argc > 0 ? "\"" : "", argc > 0 ? argv[0] : "nothing",
				argc > 0 ? "\"" : "", list),
		       ADMIN_REFUSED;
	if (argc - 1 != c->nargs)
		return snprintf(why, n, "%s takes %d argument%s: %s", c->name, c->nargs,
				c->nargs == 1 ? "" : "s", c->usage),
		       ADMIN_REFUSED;
	return admin_run(p, game, c, argc, argv, by, m, out, nout, why, n);
}
