/* --player, --think and --playouts: the computer player options of bot,
 * hint and selfplay (cli.h). */
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "cli.h"

const struct cli_opt ai_opts[] = {
	{OPT_AI_PLAYER, "player", 0, "KIND",
	 "the computer player: random, greedy or mcts\n"
	 "(default: greedy for bot and demo, mcts for hint)"},
	{OPT_AI_THINK, "think", 0, "DURATION",
	 "MCTS: time per decision, e.g. 2s, 500ms, 1m\n"
	 "(default 1s)"},
	{OPT_AI_PLAYOUTS, "playouts", 0, "N",
	 "MCTS: N playouts per decision instead of a time: the\n"
	 "same choice every time for the same --seed"},
	{0, NULL, 0, NULL, NULL},
};

/* "2s", "1.5", "500ms", "1m" in seconds; -1 if it is none. */
static double
parse_think(const char *s)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || !(x > 0) || x > 3600)
		return -1;
	if (*end == '\0' || strcmp(end, "s") == 0)
		return x;
	if (strcmp(end, "ms") == 0)
		return x / 1000;
	if (strcmp(end, "m") == 0 && x <= 60)
		return x * 60;
	return -1;
}

int
ai_opt(const struct cli_usage *u, int id, const char *arg, struct ai_params *p)
{
	long n;

	switch (id) {
	case OPT_AI_PLAYER:
		if ((p->kind = ai_kind_parse(arg)) < 0)
			return usage_error(u, "--player %s: give random, greedy or mcts", arg),
			       -1;
		return 1;
	case OPT_AI_THINK:
		if ((p->think = parse_think(arg)) < 0)
			return usage_error(u, "--think %s: give a time up to an hour, e.g. "
					      "2s or 500ms", arg), -1;
		p->playouts = 0;
		return 1;
	case OPT_AI_PLAYOUTS:
		if (parse_long(arg, 1, 100000000, &n) < 0)
			return usage_error(u, "--playouts %s: give a number from 1 up", arg), -1;
		p->playouts = n;
		return 1;
	}
	return 0;
}
