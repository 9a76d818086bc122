/* The rule modules' names, limits and combinations: one table each, so
 * that turning a module on once its code lands is one word in one line
 * (docs/rules-decisions.md, "Modules"). */
#include <stdio.h>
#include <string.h>

#include "module_id.h"
#include "rules.h"

/* name, title, RULES.md section, tile set, playable, players min/max/cap */
static const struct module_info modules[MODULE_COUNT] = {
	[MOD_RIVER] = {"river", "The River", "RIVER", "river", true, 0, 0, 0},
	[MOD_RIVER2] = {"river2", "River II", "RIVER2", "river2", true, 0, 0, 0},
	[MOD_GQ11] = {"gq11", "Games Quarterly 11", "GQ", "gq11", true, 0, 0, 0},
	[MOD_CATHARS] = {"cathars", "Cathars", "CATHARS", "cathars", true, 0, 0, 0},
	[MOD_KING_ROBBER] = {"king-robber", "King & Robber Baron", "KING", "king-robber",
			     true, 0, 0, 0},
	[MOD_COUNT] = {"count", "The Count of Carcassonne", "COUNT", "count", false, 0, 0,
		       0},
	/* CF-11: barns, wagons and mayors for six colours, but followers
	 * for a sixth only with Inns & Cathedrals (UN-03). */
	[MOD_ABBEY_MAYOR] = {"abbey-mayor", "Abbey & Mayor", "AM", "abbey-mayor", true, 0,
			     0, 0},
	/* CF-11: builders and pigs for six colours, but followers for a
	 * sixth only with Inns & Cathedrals (UN-03). */
	[MOD_TRADERS_BUILDERS] = {"traders-builders", "Traders & Builders", "TB",
				  "traders-builders", true, 0, 0, 0},
	[MOD_PRINCESS_DRAGON] = {"princess-dragon", "Princess & Dragon", "PD",
				 "princess-dragon", true, 0, 0, 0},
	/* TOWER-2: sections for up to six players. */
	[MOD_TOWER] = {"tower", "The Tower", "TOWER", "tower", false, 0, 6, 0},
	/* GIFTS-4: a gift comes only from a fellow player's road or city. */
	[MOD_GIFTS] = {"gifts", "The Gifts", "GIFTS", NULL, true, 2, 0, 0},
	/* ABBOT-1: five abbots, one per colour of the base box. */
	[MOD_ABBOT] = {"abbot", "Abbot", "ABBOT", NULL, true, 0, 0, 5},
	/* IC-4, UN-03: the pieces of a sixth colour. */
	[MOD_INNS_CATHEDRALS] = {"inns-cathedrals", "Inns & Cathedrals", "IC",
				 "inns-cathedrals", true, 0, 6, 0},
};

/* Pairs whose interactions (RULES.md section 17) are not built yet: each
 * is refused until both modules and the rule between them exist; then
 * its playable flag turns true. RULES.md forbids no pair outright
 * (RIVER-7 and UN-10 allow River I and II together or apart, XEXP-17
 * and XEXP-20 let the Gifts and the abbot join anything). */
struct module_combo {
	uint32_t with;
	const char *rule;
	bool playable;
	const char *what;
};

#define PAIR(a, b) (MODULE_BIT(MOD_##a) | MODULE_BIT(MOD_##b))

static const struct module_combo combos[] = {
	{PAIR(ABBEY_MAYOR, PRINCESS_DRAGON), "XEXP-3", true,
	 "mayor, wagon and barn against the dragon, the princess and the fairy"},
	{PAIR(ABBEY_MAYOR, TOWER), "XEXP-3", false,
	 "mayor, wagon and barn captured by a tower"},
	{PAIR(ABBEY_MAYOR, COUNT), "XEXP-14", false,
	 "mayor, wagon and barn and the City of Carcassonne"},
	{PAIR(ABBEY_MAYOR, TRADERS_BUILDERS), "XEXP-7", true,
	 "pigs and builders with barns and abbeys"},
	{PAIR(ABBEY_MAYOR, CATHARS), "XEXP-13", true,
	 "the abbey as a monastery for the Cathars' escape"},
	{PAIR(TRADERS_BUILDERS, PRINCESS_DRAGON), "XEXP-6", true,
	 "builder and pig against the dragon, the princess and the fairy"},
	{PAIR(TRADERS_BUILDERS, COUNT), "XEXP-6", false,
	 "the builder's double turn and the City of Carcassonne"},
	{PAIR(TRADERS_BUILDERS, CATHARS), "XEXP-7", true,
	 "a pig's field supplying besieged cities"},
	{PAIR(TRADERS_BUILDERS, RIVER2), "XEXP-15", true,
	 "the River II pigsty beside the pig herd (CF-08)"},
	{PAIR(TRADERS_BUILDERS, GQ11), "XEXP-15", true,
	 "the Games Quarterly pigsty beside the pig herd (CF-08)"},
	{PAIR(PRINCESS_DRAGON, COUNT), "XEXP-9", false,
	 "the dragon and the magic portal at the City of Carcassonne"},
	{PAIR(PRINCESS_DRAGON, RIVER2), "XEXP-10", true,
	 "the River II volcano bringing the dragon"},
	{PAIR(PRINCESS_DRAGON, TOWER), "XEXP-18", false, "the fairy on a tower"},
	{PAIR(COUNT, RIVER), "XEXP-12", false,
	 "the City of Carcassonne laid before the river"},
	{PAIR(COUNT, RIVER2), "XEXP-12", false,
	 "the City of Carcassonne laid before the river"},
	/* Built: the cathedral in a besieged city (IC-2, CATHARS-3), the
	 * King and the Robber Baron count tiles, not points (IC-14), the
	 * Inn on the Lake (IC-13, XEXP-16). */
	{PAIR(INNS_CATHEDRALS, CATHARS), "IC-2", true, "a cathedral in a besieged city"},
	{PAIR(INNS_CATHEDRALS, KING_ROBBER), "IC-14", true,
	 "the King and the Robber Baron beside inns and cathedrals"},
	{PAIR(INNS_CATHEDRALS, RIVER2), "IC-13", true, "the Inn on the Lake"},
};

/* Names people may try that are not modules of this game. */
static const struct {
	const char *name, *rule, *why;
} not_modules[] = {
	{"hunters-gatherers", "HG",
	 "Hunters & Gatherers is a separate game (RULES.md section 16), not a module"},
	{"hg", "HG",
	 "Hunters & Gatherers is a separate game (RULES.md section 16), not a module"},
};

const struct module_info *
module_info(int id)
{
	return id >= 0 && id < MODULE_COUNT ? &modules[id] : NULL;
}

int
module_find(const char *name)
{
	for (int i = 0; i < MODULE_COUNT; i++)
		if (strcmp(modules[i].name, name) == 0)
			return i;
	return -1;
}

void
module_names(uint32_t with, const char *sep, char *buf, size_t n)
{
	size_t len = 0;

	if (n)
		buf[0] = '\0';
	for (int i = 0; i < MODULE_COUNT && len < n; i++)
		if (with & MODULE_BIT(i)) {
			int w = snprintf(buf + len, n - len, "%s%s", len ? sep : "",
					 modules[i].name);
			len += w > 0 ? (size_t)w : 0;
		}
}

static int
unknown_name(const char *name, size_t len, char *why, size_t n)
{
	char known[256];

	for (size_t i = 0; i < sizeof(not_modules) / sizeof(not_modules[0]); i++)
		if (strlen(not_modules[i].name) == len &&
		    strncmp(not_modules[i].name, name, len) == 0) {
			snprintf(why, n, "%.*s: %s (%s)", (int)len, name, not_modules[i].why,
				 not_modules[i].rule);
			return -1;
		}
	module_names(MODULE_ALL, ", ", known, sizeof(known));
	snprintf(why, n, "unknown module '%.*s' (the modules: %s)", (int)(len > 40 ? 40 : len),
		 name, known);
	return -1;
}

int
module_parse_list(const char *list, uint32_t *with, char *why, size_t n)
{
	const char *p = list;

	do {
		size_t len = strcspn(p, ",");
		char name[32];
		int id = -1;
		if (len == 0) {
			snprintf(why, n, "an empty module name in \"%.60s\"", list);
			return -1;
		}
		if (len < sizeof(name)) {
			memcpy(name, p, len);
			name[len] = '\0';
			id = module_find(name);
		}
		if (id < 0)
			return unknown_name(p, len, why, n);
		*with |= MODULE_BIT(id);
		p += len;
	} while (*p++ == ',');
	return 0;
}

bool
module_on(const struct rules_options *opt, int id)
{
	return (opt->with & MODULE_BIT(id)) != 0;
}

void
module_set(struct rules_options *opt, int id, bool on)
{
	if (on)
		opt->with |= MODULE_BIT(id);
	else
		opt->with &= ~MODULE_BIT(id);
}

int
module_set_owner(const char *set)
{
	if (strcmp(set, "base") == 0)
		return SET_OWNER_BASE;
	for (int i = 0; i < MODULE_COUNT; i++)
		if (modules[i].tileset && strcmp(modules[i].tileset, set) == 0)
			return i;
	return SET_OWNER_NONE;
}

bool
module_owner_enabled(const struct rules_options *opt, int owner)
{
	return owner == SET_OWNER_BASE || (owner >= 0 && module_on(opt, owner));
}

bool
module_set_enabled(const struct rules_options *opt, const char *set)
{
	return module_owner_enabled(opt, module_set_owner(set));
}

int
module_played_sets(const struct rules_options *opt, const char **sets)
{
	int n = 0;

	sets[n++] = "base";
	for (int i = 0; i < MODULE_COUNT; i++)
		if (modules[i].tileset && module_on(opt, i))
			sets[n++] = modules[i].tileset;
	return n;
}

/* UN-03: five colours in the base box, six when a module brings a sixth;
 * one player for solo practice and puzzles. */
void
module_player_limits(const struct rules_options *opt, int *min, int *max)
{
	int cap = MAX_PLAYERS;

	*min = 1;
	*max = 5;
	for (int i = 0; i < MODULE_COUNT; i++) {
		const struct module_info *m = &modules[i];
		if (!(opt->with & MODULE_BIT(i)))
			continue;
		if (m->min_players > *min)
			*min = m->min_players;
		if (m->max_players > *max)
			*max = m->max_players;
		if (m->cap_players && m->cap_players < cap)
			cap = m->cap_players;
	}
	if (*max > cap)
		*max = cap;
}

/* The playable modules, not on, whose pieces seat nplayers (UN-03):
 * "inns-cathedrals" to say how six may play; false when none does. */
static bool
raised_by(const struct rules_options *opt, int nplayers, char *names, size_t n)
{
	uint32_t with = 0;

	for (int i = 0; i < MODULE_COUNT; i++)
		if (modules[i].playable && !(opt->with & MODULE_BIT(i)) &&
		    modules[i].max_players >= nplayers)
			with |= MODULE_BIT(i);
	module_names(with, " or --with ", names, n);
	return with != 0;
}

static int
check_players(const struct rules_options *opt, int nplayers, struct rules_error *err)
{
	char more[128];
	int min, max;

	module_player_limits(opt, &min, &max);
	if (nplayers >= min && nplayers <= max)
		return 0;
	for (int i = 0; i < MODULE_COUNT; i++) {
		const struct module_info *m = &modules[i];
		if ((opt->with & MODULE_BIT(i)) &&
		    ((nplayers < min && m->min_players == min) ||
		     (nplayers > max && m->cap_players == max)))
			return rerr(err, RERR_OPTION, m->rules,
				    "%s is for %d to %d players, not %d", m->title, min, max,
				    nplayers);
	}
	if (nplayers > max && raised_by(opt, nplayers, more, sizeof(more)))
		return rerr(err, RERR_OPTION, "UN-03",
			    "%s is for %d to %d players, not %d: %d play only with a module "
			    "that brings a %s colour (--with %s)",
			    max > 5 ? "this game" : "the base game", min, max, nplayers, nplayers,
			    nplayers == 6 ? "sixth" : "further", more);
	return rerr(err, RERR_OPTION, "BASE-COMP-3", "%s is for %d to %d players, not %d",
		    max > 5 ? "this game" : "the base game", min, max, nplayers);
}

int
module_combo_check(uint32_t with, struct rules_error *err)
{
	for (size_t i = 0; i < sizeof(combos) / sizeof(combos[0]); i++)
		if ((with & combos[i].with) == combos[i].with && !combos[i].playable) {
			char names[64];
			module_names(combos[i].with, " with ", names, sizeof(names));
			return rerr(err, RERR_OPTION, combos[i].rule,
				    "%s is not yet playable: %s is not built yet", names,
				    combos[i].what);
		}
	return 0;
}

int
module_check(const struct rules_options *opt, int nplayers, struct rules_error *err)
{
	if (opt->with & ~MODULE_ALL)
		return rerr(err, RERR_OPTION, "", "unknown module bits 0x%x",
			    (unsigned)(opt->with & ~MODULE_ALL));
	for (int i = 0; i < MODULE_COUNT; i++)
		if ((opt->with & MODULE_BIT(i)) && !modules[i].playable)
			return rerr(err, RERR_OPTION, modules[i].rules,
				    "%s (%s) is not yet playable: its rules are not "
				    "built yet",
				    modules[i].title, modules[i].name);
	if (module_combo_check(opt->with, err) < 0)
		return -1;
	return check_players(opt, nplayers, err);
}
