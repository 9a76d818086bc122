/* Rule modules by name (src/rules/module_id.c): the names, --with lists,
 * the refusals with their rule ids (XEXP-*, RULES.md section 16) and the
 * player limits (BASE-COMP-3, UN-03). */
#include <string.h>

#include "rules.h"
#include "tap.h"

static const char *const names[MODULE_COUNT] = {
    "river",  "river2",           "gq11",           "cathars",
    "king-robber", "count",       "abbey-mayor",    "traders-builders",
    "princess-dragon", "tower",   "gifts",          "abbot",
    "inns-cathedrals"};

static void
test_names(void)
{
	char buf[256], why[320];
	uint32_t with = 0;

	for (int i = 0; i < MODULE_COUNT; i++) {
		is_str(module_info(i)->name, names[i], "module %d is %s", i, names[i]);
		is_int(module_find(names[i]), i, "%s is found by name", names[i]);
	}
	is_int(module_find("River"), -1, "names are lower case");
	ok(module_info(MODULE_COUNT) == NULL, "no module past the last");
	is_int(module_parse_list("cathars,river", &with, why, sizeof(why)), 0,
	       "a list of two");
	is_int(with, MODULE_BIT(MOD_CATHARS) | MODULE_BIT(MOD_RIVER), "its bits");
	module_names(with, ", ", buf, sizeof(buf));
	is_str(buf, "river, cathars", "names in id order");
	is_int(module_parse_list("river,,abbot", &with, why, sizeof(why)), -1,
	       "an empty name is refused");
	is_str(why, "an empty module name in \"river,,abbot\"", "and said");
	is_int(module_parse_list("dragons", &with, why, sizeof(why)), -1,
	       "an unknown name is refused");
	ok(strstr(why, "unknown module 'dragons' (the modules: river, river2,") != NULL,
	   "with the known names: %s", why);
	is_int(module_parse_list("hunters-gatherers", &with, why, sizeof(why)), -1,
	       "RULES.md 16: Hunters & Gatherers is refused");
	ok(strstr(why, "separate game") && strstr(why, "(HG)"), "as a separate game: %s",
	   why);
}

static void
test_refusals(void)
{
	struct rules_options o;
	struct rules_error err;

	rules_options_default(&o);
	is_int(module_check(&o, 2, &err), 0, "the base game");
	module_set(&o, MOD_RIVER, true);
	module_set(&o, MOD_ABBOT, true);
	ok(module_on(&o, MOD_RIVER) && module_on(&o, MOD_ABBOT), "module_set turns them on");
	is_int(module_check(&o, 2, &err), 0, "river and abbot play");
	module_set(&o, MOD_RIVER2, true);
	is_int(module_check(&o, 2, &err), 0, "RIVER-7, UN-10: river2 plays, with river too");
	module_set(&o, MOD_CATHARS, true);
	is_int(module_check(&o, 2, &err), 0, "and the Cathars with them");
	for (int i = 0; i < MODULE_COUNT; i++) {
		rules_options_default(&o);
		module_set(&o, i, true);
		memset(&err, 0, sizeof(err));
		if (module_info(i)->playable) { /* its rules are built */
			is_int(rules_options_check(&o, 2, &err), 0, "%s plays", names[i]);
			continue;
		}
		is_int(rules_options_check(&o, 2, &err), -1, "%s is not yet playable",
		       names[i]);
		is_str(err.rule, module_info(i)->rules, "refused by its section %s",
		       module_info(i)->rules);
		ok(strstr(err.text, "not yet playable") != NULL, "%s", err.text);
	}
	/* River II's pairs (RULES.md 4, 17) wait for the other module. */
	is_int(module_combo_check(MODULE_BIT(MOD_RIVER2) | MODULE_BIT(MOD_PRINCESS_DRAGON), &err),
	       0, "issue 26.3, XEXP-10: river2 with princess-dragon (the volcano's dragon)");
	is_int(module_combo_check(MODULE_BIT(MOD_PRINCESS_DRAGON) | MODULE_BIT(MOD_ABBEY_MAYOR) |
				      MODULE_BIT(MOD_TRADERS_BUILDERS),
				  &err),
	       0, "issue 26.3, XEXP-3..7: princess-dragon with abbey-mayor and traders-builders");
	is_int(module_combo_check(MODULE_BIT(MOD_PRINCESS_DRAGON) | MODULE_BIT(MOD_TOWER), &err),
	       -1, "XEXP-18: princess-dragon with tower waits for the tower");
	is_str(err.rule, "XEXP-18", "names XEXP-18");
	is_int(module_combo_check(MODULE_BIT(MOD_RIVER2) | MODULE_BIT(MOD_TRADERS_BUILDERS),
				  &err),
	       0, "issue 25.4, XEXP-15, CF-08: river2 with traders-builders (pigsty and pig)");
	is_int(module_combo_check(MODULE_BIT(MOD_GQ11) | MODULE_BIT(MOD_TRADERS_BUILDERS), &err),
	       0, "issue 25.4, XEXP-15, CF-08: gq11 with traders-builders");
	is_int(module_combo_check(MODULE_BIT(MOD_RIVER2) | MODULE_BIT(MOD_COUNT), &err), -1,
	       "XEXP-12, RIVER2-10: river2 with count");
	is_str(err.rule, "XEXP-12", "names XEXP-12");
	/* The combination table, reached before the modules play. */
	is_int(module_combo_check(MODULE_BIT(MOD_COUNT) | MODULE_BIT(MOD_RIVER), &err), -1,
	       "XEXP-12: count with river");
	is_str(err.rule, "XEXP-12", "names XEXP-12");
	is_str(err.text,
	       "river with count is not yet playable: the City of Carcassonne laid "
	       "before the river is not built yet",
	       "and says what is missing");
	is_int(module_combo_check(MODULE_BIT(MOD_ABBEY_MAYOR) | MODULE_BIT(MOD_TOWER) |
				      MODULE_BIT(MOD_GIFTS),
				  &err),
	       -1, "XEXP-3: abbey-mayor with tower");
	is_str(err.rule, "XEXP-3", "names XEXP-3");
	is_int(module_combo_check(MODULE_BIT(MOD_RIVER) | MODULE_BIT(MOD_RIVER2) |
				      MODULE_BIT(MOD_GQ11) | MODULE_BIT(MOD_CATHARS) |
				      MODULE_BIT(MOD_KING_ROBBER) | MODULE_BIT(MOD_ABBOT),
				  &err),
	       0, "RIVER-7, UN-10: River I and II and this issue's modules combine");
	is_int(module_combo_check(MODULE_BIT(MOD_CATHARS) | MODULE_BIT(MOD_ABBEY_MAYOR), &err), 0,
	       "XEXP-13, ABBEY-7: cathars with abbey-mayor is playable (the abbey is a "
	       "monastery for the escape)");
	is_int(module_combo_check(MODULE_BIT(MOD_CATHARS) | MODULE_BIT(MOD_TRADERS_BUILDERS),
				  &err),
	       0, "issue 25.4, XEXP-7, XEXP-13: cathars with traders-builders (the pig's field)");
	is_int(module_combo_check(MODULE_BIT(MOD_ABBEY_MAYOR) | MODULE_BIT(MOD_TRADERS_BUILDERS),
				  &err),
	       0, "issue 25.4, XEXP-7: abbey-mayor with traders-builders (the pig and the barn)");
	is_int(module_combo_check(MODULE_BIT(MOD_INNS_CATHEDRALS) | MODULE_BIT(MOD_CATHARS) |
				      MODULE_BIT(MOD_KING_ROBBER) | MODULE_BIT(MOD_RIVER2),
				  &err),
	       0, "issue 25.2: IC-2, IC-13, IC-14: inns-cathedrals with cathars, king-robber "
		  "and river2");
	is_int(module_combo_check(MODULE_BIT(MOD_GIFTS) | MODULE_BIT(MOD_ABBOT), &err), 0,
	       "XEXP-17, XEXP-20: the Gifts and the abbot join anything");
	o.with = 1u << MODULE_COUNT;
	is_int(module_check(&o, 2, &err), -1, "an unknown bit is refused");
}

static void
limits(uint32_t with, int min, int max, const char *what)
{
	struct rules_options o;
	int lo, hi;

	rules_options_default(&o);
	o.with = with;
	module_player_limits(&o, &lo, &hi);
	is_int(lo, min, "%s: at least %d", what, min);
	is_int(hi, max, "%s: at most %d", what, max);
}

static void
test_players(void)
{
	struct rules_options o;
	struct rules_error err;

	limits(0, 1, 5, "UN-03: the base game, 1 to 5 (one for solo play)");
	limits(MODULE_BIT(MOD_TOWER), 1, 6, "UN-03, TOWER-2: a sixth colour with the tower");
	limits(MODULE_BIT(MOD_ABBEY_MAYOR), 1, 5,
	       "UN-03, CF-11: abbey-mayor brings six barns, not a sixth colour of followers");
	limits(MODULE_BIT(MOD_TRADERS_BUILDERS), 1, 5,
	       "issue 25.4, UN-03, CF-11: traders-builders brings six builders and pigs, not a "
	       "sixth colour of followers");
	limits(MODULE_BIT(MOD_TRADERS_BUILDERS) | MODULE_BIT(MOD_INNS_CATHEDRALS), 1, 6,
	       "UN-03: six with inns-cathedrals' sixth colour");
	limits(MODULE_BIT(MOD_TOWER) | MODULE_BIT(MOD_ABBOT), 1, 5,
	       "ABBOT-1: five abbots cap the tower's six");
	limits(MODULE_BIT(MOD_GIFTS), 2, 5, "GIFTS-4: gifts need a fellow player");
	rules_options_default(&o);
	is_int(rules_options_check(&o, 1, &err), 0, "one player plays the base game");
	is_int(rules_options_check(&o, 6, &err), -1, "six do not");
	is_str(err.rule, "UN-03", "UN-03");
	is_str(err.text,
	       "the base game is for 1 to 5 players, not 6: 6 play only with a module that "
	       "brings a sixth colour (--with inns-cathedrals)",
	       "issue 25.2: said so, with the module that seats six");
	limits(MODULE_BIT(MOD_INNS_CATHEDRALS), 1, 6,
	       "issue 25.2: UN-03, IC-4: a sixth colour with inns-cathedrals");
	module_set(&o, MOD_INNS_CATHEDRALS, true);
	is_int(rules_options_check(&o, 6, &err), 0, "issue 25.2: six play inns-cathedrals");
	is_int(rules_options_check(&o, 7, &err), -1, "seven do not");
	module_set(&o, MOD_ABBOT, true);
	is_int(rules_options_check(&o, 6, &err), -1, "nor six with the five abbots");
	rules_options_default(&o);
	is_int(rules_options_check(&o, 0, &err), -1, "nor does nobody");
	module_set(&o, MOD_RIVER, true);
	is_int(rules_options_check(&o, 1, &err), 0, "a solo river game");
}

int
main(void)
{
	test_names();
	test_refusals();
	test_players();
	return done_testing();
}
