/* carcpbem new --deadline 72h --policy bot ...: a game's own deadline
 * settings, kept in its meta.json (docs/state-format.md); those not given
 * are the host's config's, read at each pass. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "config.h"
#include "meta.h"

enum { OPT_DEADLINE = 860, OPT_REMINDERS, OPT_GRACE, OPT_POLICY, OPT_BOT_AFTER,
       OPT_ABSENCE_MAX };

const struct cli_opt new_deadline_opts[] = {
	{OPT_DEADLINE, "deadline", 0, "TIME",
	 "the time for each decision (72h, 3d; 0: none);\n"
	 "default: the config's deadline setting"},
	{OPT_REMINDERS, "reminders", 0, "LIST",
	 "remind this long before the deadline (24h,0; none)"},
	{OPT_GRACE, "grace", 0, "TIME", "the wait after a deadline before the policy"},
	{OPT_POLICY, "policy", 0, "wait|bot|skip", "what a passed deadline does"},
	{OPT_BOT_AFTER, "bot-after", 0, "N",
	 "policy bot: the computer keeps the seat after N misses"},
	{OPT_ABSENCE_MAX, "absence-max", 0, "TIME", "the longest absence a player may set"},
	{0, NULL, 0, NULL, NULL},
};

void
new_deadline_init(struct new_deadline *nd)
{
	*nd = (struct new_deadline){.deadline = -1, .grace = -1, .absence_max = -1,
				    .policy = -1, .bot_after = -1, .nreminders = -1};
}

static int
bad(const char *opt, const char *why)
{
	cli_error("new --%s: %s", opt, why);
	return -1;
}

int
new_deadline_opt(int id, const char *arg, struct new_deadline *nd)
{
	static const char *const policies[] = {"wait", "bot", "skip", NULL};
	char why[200];
	long n;

	switch (id) {
	case OPT_DEADLINE:
	case OPT_GRACE:
	case OPT_ABSENCE_MAX: {
		long *to = id == OPT_DEADLINE ? &nd->deadline
			   : id == OPT_GRACE  ? &nd->grace
					      : &nd->absence_max;
		if (config_parse_duration(arg, to, why, sizeof(why)) < 0)
			return bad(id == OPT_DEADLINE ? "deadline"
				   : id == OPT_GRACE  ? "grace"
						      : "absence-max", why);
		break;
	}
	case OPT_REMINDERS:
		nd->nreminders = config_durations(arg, nd->reminder, META_REMINDERS_MAX,
						  366 * 86400L, why, sizeof(why));
		if (nd->nreminders < 0)
			return bad("reminders", why);
		break;
	case OPT_POLICY:
		for (n = 0; policies[n] && strcasecmp(policies[n], arg) != 0; n++)
			;
		if (policies[n] == NULL)
			return bad("policy", "use wait, bot or skip");
		nd->policy = (int)n;
		break;
	case OPT_BOT_AFTER:
		if (parse_long(arg, 1, 1000, &n) < 0)
			return bad("bot-after", "give a number of missed decisions, 1 to 1000");
		nd->bot_after = (int)n;
		break;
	default:
		return 0;
	}
	nd->set = true;
	return 1;
}

int
new_deadline_save(const struct new_deadline *nd, const struct gamefile *gf,
		  const char *dir)
{
	struct gf_error err = {0};
	struct meta m;

	if (!nd->set)
		return 0;
	if (meta_load(dir, gf, &m, &err) < 0) {
		cli_gf_error(dir, &err);
		return -1;
	}
	m.deadline = nd->deadline;
	m.grace = nd->grace;
	m.absence_max = nd->absence_max;
	m.policy = nd->policy;
	m.bot_after = nd->bot_after;
	m.nreminders = nd->nreminders;
	for (int i = 0; i < nd->nreminders; i++)
		m.reminder[i] = nd->reminder[i];
	if (meta_save(dir, &m, &err) < 0) {
		cli_gf_error(dir, &err);
		return -1;
	}
	return 0;
}
