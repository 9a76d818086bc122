/* carcpbem selfplay: many games between random players, with statistics;
 * a smoke test of the engine as much as a benchmark. Game i is seeded
 * from the --seed and i alone, so any game can be played again. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai.h"
#include "cli.h"

enum { OPT_SEED = 512, OPT_PLAYERS };

static const struct cli_opt selfplay_opts[] = {
	{'n', "games", 'n', "N", "play N games (default 100)"},
	{OPT_SEED, "seed", 0, "SEED", "seed of the whole run (default: random, printed)"},
	{OPT_PLAYERS, "players", 0, "N|KIND,KIND...",
	 "players per game, 1 to 5 (6 with inns-cathedrals;\ndefault 2), all random; or\n"
	 "the computer player of each seat: random, greedy, mcts"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"selfplay",
	"[-n N] [--seed SEED] [--players N|KIND,KIND...] [--think DURATION | --playouts N]\n"
	"       [rules options]",
	"Plays N complete games between computer players (random, or those --players\n"
	"names, MCTS with --think or --playouts) and prints games per second,\n"
	"the average number of turns, and the scores and wins of each seat (a tie\n"
	"is a win for each player in it). The seats take turns to move first.\n"
	"Exits with 1 if the engine ever refused an action it had listed as legal.",
	{selfplay_opts, ai_opts + 1, rules_opts, NULL},
};

struct selfplay {
	long games, players;
	uint8_t seed[SEED_BYTES];
	bool kinds;              /* --players KIND,...: ai_choose plays */
	int kind[MAX_PLAYERS];   /* each seat's, enum ai_kind */
	struct ai_params ai;     /* their budget */
	struct rules_options opt;
	/* results */
	long turns, ties;
	long score[MAX_PLAYERS], wins[MAX_PLAYERS];
	/* reused by every game */
	struct game *g;
	struct action *buf;
	int cap;
};

/* --players N, or KIND,KIND,... (each seat's computer player). */
static int
parse_players(const char *arg, struct selfplay *sp)
{
	char list[128], *save = NULL;
	int n = 0;

	sp->kinds = arg[0] < '0' || arg[0] > '9';
	if (!sp->kinds)
		return parse_long(arg, 0, 99, &sp->players);
	snprintf(list, sizeof(list), "%s", arg);
	for (char *k = strtok_r(list, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
		if (n == MAX_PLAYERS || (sp->kind[n] = ai_kind_parse(k)) < 0)
			return -1;
		n++;
	}
	sp->players = n;
	return n > 0 ? 0 : -1;
}

static int
parse_args(int argc, char **argv, struct selfplay *sp)
{
	struct opt_iter it;
	const char *arg = NULL, *seed = NULL;
	char what[48];
	int id, r;

	*sp = (struct selfplay){.games = 100, .players = 2};
	ai_params_default(&sp->ai);
	rules_options_default(&sp->opt);
	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (id == OPT_ERROR || id == OPT_HELP)
			return id;
		if ((r = rules_opt(&usage, id, arg, &sp->opt)) < 0)
			return OPT_ERROR;
		if (id == 'n' && parse_long(arg, 1, 10000000, &sp->games) < 0)
			return usage_error(&usage,
					   "-n %s: give a number of games from 1 up",
					   arg),
			       OPT_ERROR;
		if (ai_opt(&usage, id, arg, &sp->ai) < 0)
			return OPT_ERROR;
		if (id == OPT_PLAYERS && parse_players(arg, sp) < 0)
			return usage_error(&usage, "--players %s: give a number of players, or "
					   "each one's kind: random, greedy or mcts, "
					   "comma-separated", arg),
			       OPT_ERROR;
		if (id == OPT_SEED)
			seed = arg;
	}
	if (it.npos)
		return usage_error(&usage, "unexpected argument '%s'", argv[1]),
		       OPT_ERROR;
	snprintf(what, sizeof(what), "--players %ld: ", sp->players);
	if (rules_opt_check(&usage, &sp->opt, (int)sp->players, what) != 0)
		return OPT_ERROR;
	if (seed == NULL)
		seed_random(sp->seed);
	else if (seed_from_text(&usage, seed, sp->seed) < 0)
		return OPT_ERROR;
	return 0;
}

/* Game i's setup, in sp->g: one game object and one action buffer serve
 * every game (game_reset). 0, or -1 with the error printed. */
static int
start_game(const struct catalog *cat, struct selfplay *sp, uint32_t i)
{
	struct game_setup setup = {.opt = sp->opt,
				   .nplayers = (int)sp->players,
				   .first_player = (int)(i % sp->players),
				   .start = -1};
	struct rules_error err = {0};

	seed_derive(sp->seed, "carcpbem selfplay bag", i, setup.seed);
	if (sp->g ? game_reset(sp->g, &setup, &err) < 0
		  : (sp->g = game_new(cat, &setup, &err)) == NULL) {
		cli_error("cannot start a game: %s", err.text);
		return -1;
	}
	if (legal_cap(sp->g) > sp->cap) {
		free(sp->buf);
		sp->cap = legal_cap(sp->g);
		if ((sp->buf = malloc(sizeof(*sp->buf) * sp->cap)) == NULL) {
			cli_error("out of memory");
			return -1;
		}
	}
	return 0;
}

/* The game played by each seat's player (--players KIND,...): its
 * turns, or -1 if a player failed. Decision k's seed: from key and k. */
static int
play_kinds(struct selfplay *sp, struct game *g, const uint8_t key[SEED_BYTES])
{
	int turns = 0;

	for (uint32_t k = 0; !g->over; k++) {
		struct action a[AI_TURN_MAX];
		struct ai_params p = sp->ai;
		struct decision d;
		int n;
		game_decision(g, &d);
		p.kind = sp->kind[d.player];
		seed_derive(key, "decision", k, p.seed);
		if (ai_choose(g, d.player, &p, a, &n, NULL) < 0)
			return -1;
		for (int j = 0; j < n; j++) {
			turns += a[j].kind == ACT_PLACE_TILE;
			if (game_apply(g, &a[j], NULL) < 0)
				return -1;
		}
	}
	return turns;
}

/* Plays game i; its number of turns, or -1 (error printed). */
static int
play_one(const struct catalog *cat, struct selfplay *sp, uint32_t i)
{
	uint8_t ai_seed[SEED_BYTES];
	struct ai_rng rng;
	struct game *g;
	int turns;

	if (start_game(cat, sp, i) < 0)
		return -1;
	g = sp->g;
	seed_derive(sp->seed, "carcpbem selfplay players", i, ai_seed);
	ai_rng_seed(&rng, ai_seed);
	turns = sp->kinds ? play_kinds(sp, g, ai_seed)
			  : ai_random_playout(g, &rng, sp->buf, sp->cap);
	if (turns < 0)
		cli_error("game %u: the engine refused an action it had listed as legal "
			  "(a bug: this game replays with the same --seed)",
			  (unsigned)i + 1);
	else {
		unsigned win = winners(g);
		for (int p = 0; p < g->nplayers; p++) {
			sp->score[p] += g->player[p].score;
			sp->wins[p] += win >> p & 1;
		}
		sp->ties += (win & (win - 1)) != 0;
	}
	return turns;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
print_stats(const struct selfplay *sp, double secs)
{
	char hex[2 * SEED_BYTES + 1], rules[128];

	gamefile_seed_hex(sp->seed, hex);
	rules_describe(&sp->opt, rules, sizeof(rules));
	printf("seed: %s\n", hex);
	printf("games: %ld (%ld player%s; %s)\n", sp->games, sp->players,
	       sp->players == 1 ? "" : "s", rules);
	for (int p = 0; sp->kinds && p < sp->players; p++)
		printf("%s%d %s%s", p ? "" : "players: ", p + 1, ai_kind_name(sp->kind[p]),
		       p + 1 < sp->players ? ", " : "\n");
	printf("time: %.3f s, %.1f games/s\n", secs,
	       sp->games / (secs > 0 ? secs : 1e-9));
	printf("average turns: %.1f\n", (double)sp->turns / sp->games);
	printf("seat  total score  average score   wins\n");
	for (int p = 0; p < sp->players; p++)
		printf("%4d %12ld %14.1f %6ld\n", p + 1, sp->score[p],
		       (double)sp->score[p] / sp->games, sp->wins[p]);
	printf("ties: %ld\n", sp->ties);
}

int
cmd_selfplay(int argc, char **argv)
{
	struct selfplay sp;
	struct catalog *cat;
	double start;
	int r = parse_args(argc, argv, &sp);

	if (r == OPT_HELP)
		return usage_help(&usage);
	if (r == OPT_ERROR)
		return EXIT_USAGE;
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	start = now();
	for (long i = 0; i < sp.games && r == 0; i++) {
		int turns = play_one(cat, &sp, (uint32_t)i);
		if (turns < 0)
			r = -1;
		else
			sp.turns += turns;
	}
	if (r == 0)
		print_stats(&sp, now() - start);
	game_free(sp.g);
	free(sp.buf);
	catalog_free(cat);
	return r == 0 ? EXIT_OK : EXIT_FAIL;
}
