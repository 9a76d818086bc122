/* The host's commands (hostcmd.h; carried out by admin/, admin.h): one
 * table, each row a command's name, its arguments, what it checks and
 * records (fill, under the history's lock, with the whole history
 * replayed), what it changes in meta.json (meta, still under the lock
 * once the record is written) and what the players are told. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hostcmd.h"
#include "hostrec.h"

/* A refusal (TURN_ILLEGAL: ADMIN_REFUSED), its text as printf's. */
static int __attribute__((format(printf, 2, 3)))
refuse(struct turn_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	err->code = TURN_ILLEGAL;
	return -1;
}

/* ---- the commands ---- */

static int
pause_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	   struct turn_error *err)
{
	char at[21];

	(void)rr;
	(void)r;
	meta_time_format(a->meta.paused_at, at);
	if (a->meta.paused)
		return refuse(err, "game %s is paused already (since %s): resume it with "
			      "the command resume", a->game, at);
	return 0;
}

static void
pause_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	(void)gf;
	(void)r;
	a->meta.paused = true;
	a->meta.paused_at = a->now;
	snprintf(a->what, sizeof(a->what), "the game is paused");
	snprintf(a->detail, sizeof(a->detail),
		 "No deadline runs and nobody misses a turn until the host resumes it; "
		 "turns may still be sent.");
}

static int
resume_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	    struct turn_error *err)
{
	(void)rr;
	(void)r;
	if (!a->meta.paused)
		return refuse(err, "game %s is not paused", a->game);
	return 0;
}

/* The deadline of the decision due moves on by the pause's length. */
static void
resume_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	(void)gf;
	(void)r;
	if (a->meta.deadline_at != 0 && a->now > a->meta.paused_at)
		a->meta.deadline_at += a->now - a->meta.paused_at;
	a->meta.paused = false;
	a->meta.paused_at = 0;
	/* no notice again: the pause let turns come, and the one of the
	 * decision due is in its owner's mailbox already */
	snprintf(a->what, sizeof(a->what), "the game goes on");
	admin_deadline_text(a, "The host resumed it. The decision due is the one of the "
			    "latest notice.");
}

static int
extend_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	    struct turn_error *err)
{
	char *end;
	long h = strtol(a->argv[1], &end, 10);

	(void)rr;
	if (a->meta.deadline_at == 0)
		return refuse(err, "game %s has no deadline running, so there is none to "
			      "extend: give the game one with the command set deadline "
			      "DURATION (48h, 3d)", a->game);
	if (*end != '\0' || end == a->argv[1] || h < 1 || h > ADMIN_EXTEND_MAX)
		return refuse(err, "extend takes a number of hours from 1 to %d, not "
			      "\"%.40s\"", ADMIN_EXTEND_MAX, a->argv[1]);
	a->hours = h;
	snprintf(r->args[0], HISTORY_ARG_LEN, "%ld", h);
	r->nargs = 1;
	return 0;
}

static void
extend_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	char msg[80];

	(void)gf;
	a->hours = strtol(r->args[0], NULL, 10);
	if (a->meta.deadline_at != 0)
		a->meta.deadline_at += a->hours * 3600;
	snprintf(a->what, sizeof(a->what), "the deadline is %ld hour%s later", a->hours,
		 a->hours == 1 ? "" : "s");
	snprintf(msg, sizeof(msg), "The host gave %ld more hour%s for the decision due.",
		 a->hours, a->hours == 1 ? "" : "s");
	admin_deadline_text(a, msg);
}

/* The argument SEAT (a name or a number), recorded by its name. */
static int
seat_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	  struct turn_error *err)
{
	if ((a->seat = admin_seat(rr->gf, a->argv[1], err)) < 0)
		return -1;
	snprintf(r->args[0], HISTORY_ARG_LEN, "%s", rr->gf->name[a->seat]);
	r->nargs = 1;
	return 0;
}

static int
kick_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	  struct turn_error *err)
{
	if (seat_fill(a, rr, r, err) < 0)
		return -1;
	if (a->meta.seat[a->seat].bot)
		return refuse(err, "the computer plays %s's seat already",
			      rr->gf->name[a->seat]);
	return 0;
}

static void
kick_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	a->seat = gamefile_player(gf, r->args[0]);
	a->meta.seat[a->seat].bot = true;
	a->also = 1u << a->seat; /* its last mail of the game's course */
	snprintf(a->what, sizeof(a->what), "the computer plays %s's seat",
		 gf->name[a->seat]);
	snprintf(a->detail, sizeof(a->detail),
		 "The host handed the seat to the computer player, which decides from "
		 "what the seat may see.");
}

/* RESIGN SEAT: the player leaves; the computer plays the seat. By mail:
 * the seat's own signed command (the verbs); at the keyboard: the host
 * for the player. */
static int
resign_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	    struct turn_error *err)
{
	if (seat_fill(a, rr, r, err) < 0)
		return -1;
	if (a->meta.seat[a->seat].resigned)
		return refuse(err, "%s resigned already", rr->gf->name[a->seat]);
	return 0;
}

static void
resign_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	a->seat = gamefile_player(gf, r->args[0]);
	a->meta.seat[a->seat].resigned = true;
	a->meta.seat[a->seat].bot = true;
	a->also = 1u << a->seat;
	snprintf(a->what, sizeof(a->what), "%s resigned", gf->name[a->seat]);
	snprintf(a->detail, sizeof(a->detail),
		 "The computer plays the seat from now on, from what the seat may see.");
}

static int
rollback_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	      struct turn_error *err)
{
	char *end;
	long k = strtol(a->argv[1], &end, 10);

	if (rr->nundo == 0)
		return refuse(err, "game %s has no decision to roll back", a->game);
	if (*end != '\0' || end == a->argv[1] || k < 1 || k > rr->nundo)
		return refuse(err, "rollback takes a number of decisions from 1 to %d (the "
			      "decisions in play), not \"%.40s\"", rr->nundo, a->argv[1]);
	a->hours = k;
	snprintf(r->args[0], HISTORY_ARG_LEN, "%ld", k);
	r->nargs = 1;
	return 0;
}

static void
rollback_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	(void)gf;
	a->hours = strtol(r->args[0], NULL, 10);
	admin_new_decision(a);
	a->notice = true;
	snprintf(a->what, sizeof(a->what), "the last %ld decision%s %s undone", a->hours,
		 a->hours == 1 ? "" : "s", a->hours == 1 ? "is" : "are");
	snprintf(a->detail, sizeof(a->detail),
		 "The host rolled the game back: what those decisions did is gone, and "
		 "the game is as it stood before them. Make the decision due from the "
		 "game as it stands now (the notice); a turn that was undone counts "
		 "again if it is sent again, as the same move from the same game is "
		 "the same signed turn.");
}

static int
terminate_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	       struct turn_error *err)
{
	(void)a;
	(void)rr;
	(void)r;
	(void)err;
	return 0;
}

static void
terminate_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	(void)gf;
	(void)r;
	a->meta.terminated = true;
	a->meta.deadline_at = 0;
	a->also = ~0u; /* the end of the game: everyone who sat at it */
	snprintf(a->what, sizeof(a->what), "the game is ended");
	snprintf(a->detail, sizeof(a->detail),
		 "The host ended the game as it stands: it takes no more turns, and "
		 "nobody has a decision to make. It is not scored to the end and has "
		 "no winner; the scores below are those it stood at.");
}

static const struct admin_cmd commands[] = {
	{"pause", 0, "pause", false, pause_fill, pause_meta},
	{"resume", 0, "resume", false, resume_fill, resume_meta},
	{"extend", 1, "extend HOURS", false, extend_fill, extend_meta},
	{"kick", 1, "kick SEAT", false, kick_fill, kick_meta},
	{"resign", 1, "resign SEAT", false, resign_fill, resign_meta},
	{"replace", 3, "replace SEAT KEY ADDRESS", false, admin_replace_fill,
	 admin_replace_meta},
	{"rollback", 1, "rollback N", true, rollback_fill, rollback_meta},
	{"terminate", 0, "terminate", false, terminate_fill, terminate_meta},
	{"set", 2, "set NAME VALUE", false, admin_set_fill, admin_set_meta},
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

void
admin_usage(char *buf, size_t n)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NCOMMANDS && at < n; i++)
		at += (size_t)snprintf(buf + at, n - at, "%s%s", i ? ", " : "",
				       commands[i].usage);
}

const struct admin_cmd *
admin_find(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcasecmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

bool
admin_meta_catch_up(struct admin_job *a, const struct gamefile *gf, const struct history *h)
{
	time_t now = a->now;
	long was = a->meta.host_record;

	for (int i = 0; i < h->n; i++) {
		const struct history_record *r = &h->rec[i];
		const struct admin_cmd *c;
		if (r->event != HISTORY_HOST || r->seq <= a->meta.host_record ||
		    (c = admin_find(r->command)) == NULL || r->nargs != c->nargs ||
		    meta_time_parse(r->time, &a->now) < 0)
			continue;
		c->meta(a, gf, r);
		a->meta.host_record = r->seq;
	}
	a->now = now;
	a->notice = false;
	a->also = a->joined = 0; /* those records' mails are not this command's */
	a->seat = -1;
	return a->meta.host_record != was;
}

int
admin_seat(const struct gamefile *gf, const char *arg, struct turn_error *err)
{
	char *end;
	long k = strtol(arg, &end, 10);
	int seat = gamefile_player(gf, arg);

	if (seat < 0 && *end == '\0' && end != arg && k >= 1 && k <= gf->nplayers)
		seat = (int)k - 1;
	if (seat < 0)
		return terr(err, TURN_ILLEGAL,
			    "\"%.40s\" is not a seat of game %s: name a player or give a "
			    "seat number from 1 to %d",
			    arg, gf->id, gf->nplayers);
	return seat;
}

void
admin_new_decision(struct admin_job *a)
{
	a->meta.decision_record = -1;
	a->meta.decision_since = a->now;
	a->meta.deadline_at = 0;
	a->meta.reminded = 0;
}

void
admin_deadline_text(struct admin_job *a, const char *lead)
{
	time_t deadline = a->shown ? a->shown->deadline_at : a->meta.deadline_at;
	char at[21];

	meta_time_format(deadline, at);
	if (deadline != 0)
		snprintf(a->detail, sizeof(a->detail), "%s The deadline of the decision due "
			 "is %s.", lead, at);
	else
		snprintf(a->detail, sizeof(a->detail), "%s", lead);
}

void
admin_record_text(struct admin_job *a, const struct gamefile *gf,
		  const struct history_record *r)
{
	const struct admin_cmd *c = admin_find(r->command);
	struct admin_job b = *a;

	b.shown = &a->meta;
	b.seat = -1;
	b.notice = false;
	if (c == NULL || r->nargs != c->nargs || meta_time_parse(r->time, &b.now) < 0)
		return;
	c->meta(&b, gf, r); /* on the copy: a->meta has the change already */
	memcpy(a->what, b.what, sizeof(a->what));
	memcpy(a->detail, b.detail, sizeof(a->detail));
	a->notice = b.notice;
	a->also = b.also;
	a->joined = b.joined;
	memcpy(a->key_name, b.key_name, sizeof(a->key_name));
}
