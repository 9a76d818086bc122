/* The verbs a seat sends as a signed command: RESIGN, SET NOTIFY, SET
 * TIMEZONE, SET ABSENCE. Each changes the seat's row of meta.json under
 * the history lock, answers the sender, and tells the others what they
 * need to know. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "admin.h"
#include "deadline_pass.h"
#include "process_verbs.h"

/* The longest absence when neither the game nor the host's config says
 * (the config's absence-max, once the deadline settings are in). */
#define DAY 86400L

static int
meta_seat(struct verb_call *c, struct meta *m)
{
	int s = meta_seat_of(m, c->gf->name[c->seat]);

	if (s < 0)
		job_fail(c->j, "game %s: meta.json has no seat %s", c->gf->id,
			 c->gf->name[c->seat]);
	return s;
}

/* A setting that the last of its kind replaces (SET NOTIFY, SET
 * TIMEZONE) is carried out in the order the seat made them, by the Date
 * of the last one kept in meta.json (*last), not only by commands.seen,
 * which forgets what left the Date window: an older one mailed again (a
 * copy after a clock jump) does not undo a later one. The same again is
 * the same setting (the verbs are idempotent). */
static int
setting_in_order(struct verb_call *c, const char *what, time_t *last)
{
	char when[21];

	if (c->cmd->date < *last) {
		meta_time_format(*last, when);
		job_problem(c->j, "If it is still wanted, make it again with carcpbem command "
			    "(it is dated now) and mail that.",
			    "This %s is dated before your last %s in game %s (%s), which "
			    "the host carried out already: the last one made counts.",
			    what, what, c->gf->id, when);
		return -1;
	}
	*last = c->cmd->date;
	return 0;
}

/* ---- RESIGN ---- */

/* The seat goes to the computer through the host's own command (a host
 * record "resign", so the history says who left and when; meta.json
 * resigned and bot; the players told; the computer moves at once when
 * the decision is the seat's). */
void
verb_resign(struct verb_call *c)
{
	const char *name = c->gf->name[c->seat];
	char *argv[] = {"resign", (char *)name}, by[96], out[1024], why[1024];
	char id[CMD_ID_HEX + 1];
	struct admin_mailed m;
	int r;

	snprintf(by, sizeof(by), "player %s (key %s)", name, c->cmd->key);
	verb_mailed(c, false, id, &m);
	r = admin_command_mailed(c->j->p, c->gf->id, 2, argv, by, &m, out, sizeof(out), why,
				 sizeof(why));
	if (r == ADMIN_FAIL) {
		job_fail(c->j, "game %s: RESIGN: %s", c->gf->id, why);
		return;
	}
	if (r == ADMIN_REFUSED) {
		job_problem(c->j, NULL, "You cannot resign from game %s now: %s", c->gf->id,
			    why);
		return;
	}
	verb_answer(c, "you resigned", "You resigned from game %s. The computer plays "
		    "your seat (%s) from now on; your score stays in the table, but a "
		    "player who resigned cannot win. You will get no more mails of "
		    "this game's turns, only the game-over mail when it ends.",
		    c->gf->id, name);
	verb_tell(c, TELL_OBSERVERS, "a player resigned", "%s resigned from game %s. The "
		  "computer plays %s's seat from now on; %s cannot win.", name, c->gf->id,
		  name, name);
}

/* ---- SET NOTIFY all|mine ---- */

static int
edit_notify(struct verb_call *c, struct meta *m, void *arg)
{
	int s = meta_seat(c, m);

	(void)arg;
	if (s < 0 || setting_in_order(c, "SET NOTIFY", &m->seat[s].notify_date) < 0)
		return -1;
	m->seat[s].notify = strncasecmp(c->args, "mine", 4) == 0 ? META_NOTIFY_MINE
								  : META_NOTIFY_ALL;
	return 0;
}

void
verb_notify(struct verb_call *c)
{
	char w[16];

	snprintf(w, sizeof(w), "%.*s", (int)strcspn(c->args, " "), c->args);
	if (strcasecmp(w, "all") != 0 && strcasecmp(w, "mine") != 0) {
		job_problem(c->j, "Send SET NOTIFY all (a mail after every turn) or SET NOTIFY "
			    "mine (only when the decision is yours).",
			    "\"%s\" is not a setting of SET NOTIFY.", c->args);
		return;
	}
	if (verb_meta_edit(c, edit_notify, NULL) < 0)
		return;
	verb_answer(c, "notify: done",
		    strcasecmp(w, "mine") == 0
			? "From now on you get a mail from game %s only when the decision "
			  "is yours (and when the game ends)."
			: "From now on you get a mail from game %s after every turn.",
		    c->gf->id);
}

/* ---- SET TIMEZONE ZONE ---- */

static int
edit_timezone(struct verb_call *c, struct meta *m, void *arg)
{
	int s = meta_seat(c, m);

	(void)arg;
	if (s < 0 || setting_in_order(c, "SET TIMEZONE", &m->seat[s].timezone_date) < 0)
		return -1;
	snprintf(m->seat[s].timezone, sizeof(m->seat[s].timezone), "%.*s",
		 (int)strcspn(c->args, " "), c->args);
	return 0;
}

void
verb_timezone(struct verb_call *c)
{
	char z[META_TZ_LEN + 2];

	snprintf(z, sizeof(z), "%.*s", (int)strcspn(c->args, " "), c->args);
	if (strlen(z) > META_TZ_LEN || !dl_zone_known(z)) {
		job_problem(c->j, "Name a zone of the time zone database, as Europe/Sofia, "
			    "America/New_York or UTC (the names are case-sensitive).",
			    "\"%s\" is not a time zone this host knows.", c->args);
		return;
	}
	if (verb_meta_edit(c, edit_timezone, NULL) < 0)
		return;
	verb_answer(c, "time zone: done", "The mails of game %s will state deadlines in "
		    "UTC and in your time zone, %s.", c->gf->id, z);
}

/* ---- SET ABSENCE FROM TO TO ---- */

/* "2026-12-20" at 00:00 UTC; -1 if it is no date. */
static int
day_of(const char *s, time_t *t)
{
	char iso[32];

	if (strlen(s) != 10)
		return -1;
	snprintf(iso, sizeof(iso), "%sT00:00:00Z", s);
	return meta_time_parse(iso, t);
}

static int
edit_absence(struct verb_call *c, struct meta *m, void *arg)
{
	const struct meta_period *asked = arg;
	struct dl_settings set;
	int s = meta_seat(c, m), k = 0;
	struct meta_seat *st;
	time_t now = pbem_now(c->j->p);
	long cap;

	dl_settings(&c->j->p->cfg, m, &set);
	cap = set.absence_max;

	if (s < 0)
		return -1;
	if (asked->to - asked->from > cap) {
		job_problem(c->j, "Ask for a shorter absence, or ask the host.",
			    "An absence in game %s may last %ld days at most; you asked for "
			    "%ld.",
			    c->gf->id, cap / DAY, (long)((asked->to - asked->from) / DAY));
		return -1;
	}
	st = &m->seat[s];
	for (int i = 0; i < st->nabsences; i++) /* the past ones go */
		if (st->absence[i].to > now)
			st->absence[k++] = st->absence[i];
	st->nabsences = k;
	for (int i = 0; i < k; i++) /* noted already: by this mail, before a crash */
		if (st->absence[i].from == asked->from && st->absence[i].to == asked->to)
			return 0;
	if (k == META_ABSENCES_MAX) {
		job_problem(c->j, NULL, "You have %d absences announced in game %s already.",
			    k, c->gf->id);
		return -1;
	}
	st->absence[st->nabsences++] = *asked;
	dl_absence_added(m, s, dl_owner(c->gf), asked, now); /* the deadline due */
	return 0;
}

void
verb_absence(struct verb_call *c)
{
	char from[16] = "", to[16] = "", word[8] = "";
	time_t now = pbem_now(c->j->p);
	struct meta_period p;

	if (sscanf(c->args, "%11s %3s %11s", from, word, to) != 3 ||
	    strcasecmp(word, "to") != 0 || day_of(from, &p.from) < 0 ||
	    day_of(to, &p.to) < 0) {
		job_problem(c->j, "Write the days as SET ABSENCE 2026-12-20 TO 2027-01-03 "
			    "(the first and the last day away, in UTC).",
			    "\"%s\" is not two days.", c->args);
		return;
	}
	p.to += DAY; /* to the end of the last day */
	if (p.to <= p.from || p.from < now - DAY) {
		job_problem(c->j, "Announce an absence that starts today or later and ends "
			    "after it starts.",
			    "The absence %s to %s is %s.", from, to,
			    p.to <= p.from ? "backwards" : "in the past");
		return;
	}
	if (verb_meta_edit(c, edit_absence, &p) < 0)
		return;
	verb_answer(c, "absence: noted", "Your absence from %s to %s (UTC) in game %s is "
		    "noted: your deadlines move past it.", from, to, c->gf->id);
	verb_tell(c, TELL_PLAYERS, "an absence", "%s will be away from %s to %s (UTC); the "
		  "deadlines of %s's decisions in game %s move past it.",
		  c->gf->name[c->seat], from, to, c->gf->name[c->seat], c->gf->id);
}
