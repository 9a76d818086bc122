/* carcpbem admin GAME set NAME VALUE: one of the game's own deadline
 * settings (deadline, reminders, grace, policy, bot-after, absence-max),
 * or "default" for the config's again; a host record like every command,
 * with the value before in "was". A new deadline counts from when the
 * decision due started (its absences skipped), and its player gets the
 * notice again with it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hostcmd.h"
#include "deadline.h"
#include "hostrec.h"

#define YEAR (366 * 86400L)

enum { S_DEADLINE, S_REMINDERS, S_GRACE, S_POLICY, S_BOT_AFTER, S_ABSENCE_MAX, S_COUNT };

static const char *const names[S_COUNT] = {"deadline", "reminders", "grace",
					   "policy", "bot-after", "absence-max"};
static const char *const policies[] = {"wait", "bot", "skip", NULL};

static int
setting_of(const char *name)
{
	for (int i = 0; i < S_COUNT; i++)
		if (strcasecmp(names[i], name) == 0)
			return i;
	return -1;
}

/* value into m's setting k: 0, or -1 with why. */
static int
parse(struct meta *m, int k, const char *v, char *why, size_t n)
{
	long x = META_UNSET, list[META_REMINDERS_MAX];
	bool dflt = strcasecmp(v, "default") == 0;
	int count = META_UNSET;
	char *end;

	if (k == S_REMINDERS && !dflt &&
	    (count = config_durations(v, list, META_REMINDERS_MAX, YEAR, why, n)) < 0)
		return -1;
	if (k == S_POLICY && !dflt) {
		for (x = 0; policies[x] && strcasecmp(policies[x], v) != 0; x++)
			;
		if (policies[x] == NULL)
			return snprintf(why, n, "policy: use wait, bot, skip or default"), -1;
	}
	if (k == S_BOT_AFTER && !dflt &&
	    ((x = strtol(v, &end, 10)) < 1 || x > 1000 || *end != '\0'))
		return snprintf(why, n, "bot-after: give 1 to 1000 missed decisions"), -1;
	if ((k == S_DEADLINE || k == S_GRACE || k == S_ABSENCE_MAX) && !dflt &&
	    config_parse_duration(v, &x, why, n) < 0)
		return -1;
	switch (k) {
	case S_DEADLINE: m->deadline = x; break;
	case S_GRACE: m->grace = x; break;
	case S_ABSENCE_MAX: m->absence_max = x; break;
	case S_POLICY: m->policy = (int)x; break;
	case S_BOT_AFTER: m->bot_after = (int)x; break;
	case S_REMINDERS:
		m->nreminders = count;
		for (int i = 0; i < count; i++)
			m->reminder[i] = list[i];
		break;
	}
	return 0;
}

/* The game's own value of setting k as text ("default" when unset). */
static void
own_value(const struct meta *m, int k, char *buf, size_t n)
{
	long v = k == S_DEADLINE ? m->deadline : k == S_GRACE ? m->grace
		 : k == S_ABSENCE_MAX ? m->absence_max : k == S_BOT_AFTER ? m->bot_after
		 : k == S_POLICY ? m->policy : m->nreminders;
	size_t at = 0;

	if (v < 0)
		snprintf(buf, n, "default");
	else if (k == S_POLICY)
		snprintf(buf, n, "%s", policies[v]);
	else if (k == S_BOT_AFTER)
		snprintf(buf, n, "%ld", v);
	else if (k != S_REMINDERS)
		config_format_duration(v, buf, n);
	else if (m->nreminders == 0)
		snprintf(buf, n, "none");
	for (int i = 0; k == S_REMINDERS && i < m->nreminders && at < n; i++) {
		if (i > 0)
			buf[at++] = ',';
		config_format_duration(m->reminder[i], buf + at, n - at);
		at += strlen(buf + at);
	}
}

int
admin_set_fill(struct admin_job *a, const struct record_run *rr, struct history_record *r,
	       struct turn_error *err)
{
	int k = setting_of(a->argv[1]);
	struct meta m = a->meta;
	char why[200];

	(void)rr;
	if (k < 0)
		return terr(err, TURN_ILLEGAL, "set: \"%.40s\" is not a game setting: use "
			    "deadline, reminders, grace, policy, bot-after or absence-max",
			    a->argv[1]);
	if (parse(&m, k, a->argv[2], why, sizeof(why)) < 0)
		return terr(err, TURN_ILLEGAL, "set %s: %s", names[k], why);
	snprintf(r->args[0], HISTORY_ARG_LEN, "%s", names[k]);
	snprintf(r->args[1], HISTORY_ARG_LEN, "%.300s", a->argv[2]);
	r->nargs = 2;
	own_value(&a->meta, k, r->was[0], HISTORY_ARG_LEN);
	r->nwas = 1;
	return 0;
}

/* From the record (its args checked by fill), as the host's catching up
 * after a crash does it too. */
void
admin_set_meta(struct admin_job *a, const struct gamefile *gf, const struct history_record *r)
{
	int k = r->nargs == 2 ? setting_of(r->args[0]) : -1, seat;
	struct dl_settings s;
	struct decision d;
	char why[200], now[64];

	if (k < 0 || parse(&a->meta, k, r->args[1], why, sizeof(why)) < 0)
		return; /* not written by carcpbem: replay refuses it */
	own_value(&a->meta, k, now, sizeof(now));
	snprintf(a->what, sizeof(a->what), "the game's %s is now %s", names[k], now);
	game_decision(gf->game, &d);
	seat = d.kind == DECISION_GAME_OVER ? -1 : d.player;
	if (k == S_DEADLINE && seat >= 0 && a->meta.decision_record >= 0) {
		dl_settings(&a->p->cfg, &a->meta, &s);
		a->meta.deadline_at = s.deadline <= 0 ? 0
				      : dl_deadline_from(&a->meta.seat[seat],
							 a->meta.decision_since, s.deadline);
		a->notice = true;
	}
	admin_deadline_text(a, "The host changed the game's settings.");
}
