/* Benchmark: random playouts and legal-action listing (docs/PERFORMANCE.md).
 *
 *	bench-playout [-n GAMES] [-k TIMES] [-b BOARDS] [-r REPS] [-c CONFIG]
 *		      [--with MODULE[,MODULE...]]...
 *
 * For each configuration: GAMES random playouts, single-threaded, each a
 * whole game (game_new, a uniformly random legal action at every decision
 * as ai_random_playout picks it, final scoring, game_free); then the time
 * game_legal_actions takes on BOARDS boards of 70 placed tiles, REPS calls
 * each. Both are measured TIMES times and the fastest run counts, which
 * filters out other processes on a shared machine. Prints "key: value"
 * lines for scripts (tests/bench/report.sh) and one line for people per
 * configuration. Each --with adds a configuration with those rule modules
 * on (names as carcpbem new --with takes them: river, abbot, river2, ...);
 * without -c, --with runs only its own configurations; with -c base too,
 * each is also given as a share of the base game's games/s (KEY.of_base).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <getopt.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "rules.h"

#define BOARD_TILES 70 /* tiles on the board when listing is timed */
#define ACTION_CAP 4096

struct config {
	const char *key;  /* prefix of the machine-readable keys */
	const char *name; /* for people */
	int edition;
	bool farmers, river, abbot;
	int nplayers;
	uint32_t with; /* module bits (module_id.h), for --with */
};

#define WITH_MAX 16 /* --with options in one run */

static const struct config configs[] = {
	{"base", "1st edition, farmers, 2 players", 1, true, false, false, 2, 0},
	{"options", "2nd edition, farmers, abbot, river, 2 players", 2, true, true, true, 2, 0},
};

struct result {
	long games, turns, failed;
	long long checksum; /* sum of final scores: changes when play does */
	double seconds;           /* the fastest run */
	int runs;
	double legal_ns, legal_actions;
	int boards;
};

static struct action actions[ACTION_CAP];
static volatile long sink; /* keeps timed calls from being optimised away */

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
make_setup(const struct config *c, uint64_t id, struct game_setup *s)
{
	static const char tag[] = "carc-bench";

	memset(s, 0, sizeof(*s));
	rules_options_default(&s->opt);
	s->opt.edition = c->edition;
	s->opt.farmers = c->farmers;
	module_set(&s->opt, MOD_RIVER, c->river);
	module_set(&s->opt, MOD_ABBOT, c->abbot);
	s->opt.with |= c->with;
	s->nplayers = c->nplayers;
	s->first_player = 0;
	s->start = -1;
	for (int i = 0; i < 8; i++)
		s->seed[i] = (uint8_t)(id >> (8 * i));
	memcpy(s->seed + 8, tag, sizeof(tag) - 1);
}

/* The measured loop; not inlined so callgrind can count it alone
 * (--toggle-collect=run_games). */
/* One game object serves every game (game_reset), as a bot or a search
 * playing many games would use the engine. */
__attribute__((noinline)) static void
run_games(const struct catalog *cat, const struct config *c, long n, struct result *res)
{
	struct game *g = NULL;

	for (long i = 0; i < n; i++) {
		struct game_setup s;
		struct rules_error err;
		struct ai_rng rng;
		int turns;

		make_setup(c, (uint64_t)i, &s);
		if (g ? game_reset(g, &s, &err) < 0 : (g = game_new(cat, &s, &err)) == NULL) {
			fprintf(stderr, "bench-playout: new game: %s\n", err.text);
			exit(1);
		}
		ai_rng_seed(&rng, s.seed);
		turns = ai_random_playout(g, &rng, actions, ACTION_CAP);
		if (turns < 0)
			res->failed++;
		else
			res->turns += turns;
		for (int p = 0; p < g->nplayers; p++)
			res->checksum += g->player[p].score;
	}
	game_free(g);
	res->games += n;
}

/* A random game stopped at a place-tile decision with BOARD_TILES tiles
 * down; NULL when that game ended first (discards). */
static struct game *
board_of(const struct catalog *cat, const struct config *c, uint64_t id)
{
	struct game_setup s;
	struct rules_error err;
	struct ai_rng rng;
	struct decision d;
	struct action a;
	struct game *g;

	make_setup(c, id, &s);
	g = game_new(cat, &s, &err);
	if (g == NULL)
		return NULL;
	ai_rng_seed(&rng, s.seed);
	for (;;) {
		game_decision(g, &d);
		if (d.kind == DECISION_GAME_OVER)
			break;
		if (d.kind == DECISION_PLACE_TILE && g->nplaced >= BOARD_TILES)
			return g;
		if (ai_random_action(g, &rng, actions, ACTION_CAP, &a) < 0 ||
		    game_apply(g, &a, NULL) < 0)
			break;
	}
	game_free(g);
	return NULL;
}

static void
time_listing(const struct catalog *cat, const struct config *c, int boards, long reps,
	     struct result *res)
{
	double total = 0;
	long nactions = 0;
	uint64_t id = 1000000;

	res->boards = 0;
	while (res->boards < boards && id < 1000000 + 100 * (uint64_t)boards) {
		struct game *g = board_of(cat, c, id++);
		double t0;
		long s = 0;
		if (g == NULL)
			continue;
		nactions += game_legal_actions(g, actions, ACTION_CAP);
		t0 = now();
		for (long r = 0; r < reps; r++)
			s += game_legal_actions(g, actions, ACTION_CAP);
		total += now() - t0;
		sink += s;
		res->boards++;
		game_free(g);
	}
	if (res->boards && reps) {
		res->legal_ns = total * 1e9 / ((double)res->boards * reps);
		res->legal_actions = (double)nactions / res->boards;
	}
}

/* The fastest of several runs; every run must play the same games. */
static int
measure(const struct catalog *cat, const struct config *c, long games, int times,
	int boards, long reps, struct result *best)
{
	for (int k = 0; k < times; k++) {
		struct result r = {0};
		double t0 = now();
		run_games(cat, c, games, &r);
		r.seconds = now() - t0;
		time_listing(cat, c, boards, reps, &r);
		if (k == 0) {
			*best = r;
			continue;
		}
		if (r.turns != best->turns || r.checksum != best->checksum) {
			fprintf(stderr, "bench-playout: %s: run %d played other games\n", c->key,
				k + 1);
			return -1;
		}
		if (r.seconds < best->seconds)
			best->seconds = r.seconds;
		if (r.legal_ns < best->legal_ns)
			best->legal_ns = r.legal_ns;
	}
	best->runs = times;
	return 0;
}

/* base_gps: the base game's games/s measured in this run, or 0; a
 * configuration with modules is given as a share of it (issue 25: at
 * least 1/3 with the engine's mechanisms and Inns & Cathedrals on). */
static void
print_result(const struct config *c, const struct result *r, double base_gps)
{
	double gps = r->games / r->seconds, ns_turn = r->seconds * 1e9 / (double)r->turns;
	bool share = base_gps > 0 && c->with != 0;

	printf("%s.config: %s\n", c->key, c->name);
	printf("%s.games: %ld\n", c->key, r->games);
	printf("%s.runs: %d\n", c->key, r->runs);
	printf("%s.turns: %ld\n", c->key, r->turns);
	printf("%s.failed: %ld\n", c->key, r->failed);
	printf("%s.checksum: %lld\n", c->key, r->checksum);
	printf("%s.seconds: %.3f\n", c->key, r->seconds);
	printf("%s.games_per_s: %.0f\n", c->key, gps);
	printf("%s.us_per_game: %.2f\n", c->key, r->seconds * 1e6 / (double)r->games);
	printf("%s.ns_per_turn: %.0f\n", c->key, ns_turn);
	if (r->boards) {
		printf("%s.legal_boards: %d\n", c->key, r->boards);
		printf("%s.legal_tiles: %d\n", c->key, BOARD_TILES);
		printf("%s.legal_ns: %.0f\n", c->key, r->legal_ns);
		printf("%s.legal_actions: %.1f\n", c->key, r->legal_actions);
	}
	if (share)
		printf("%s.of_base: %.2f\n", c->key, gps / base_gps);
	printf("# %s: %.0f games/s, %.0f ns/turn", c->name, gps, ns_turn);
	if (share)
		printf(" (%.2f of the base game's, this run)", gps / base_gps);
	if (r->boards)
		printf(", legal listing %.2f us for %.1f actions on a %d-tile board", r->legal_ns / 1e3,
		       r->legal_actions, BOARD_TILES);
	printf("%s\n", r->failed ? " -- ENGINE REFUSED A LISTED ACTION" : "");
	fflush(stdout);
}

static void
usage(void)
{
	fprintf(stderr, "usage: bench-playout [-n GAMES] [-k TIMES] [-b BOARDS] [-r REPS] "
			"[-c CONFIG]\n"
			"  -n  playouts per configuration (default 20000)\n"
			"  -k  measure this many times, keep the fastest (default 3)\n"
			"  -b  70-tile boards for the listing time (default 16; 0 skips it)\n"
			"  -r  game_legal_actions calls per board (default 5000)\n"
			"  -c  only this configuration: base or options\n"
			"  --with LIST  a configuration with these rule modules on (2nd edition,\n"
			"        farmers, 2 players), e.g. --with river,abbot; may be repeated\n");
	exit(2);
}

/* A --with configuration: key "with.NAME+NAME", checked as a new game
 * would check it, so a module that does not play yet is named. */
static int
with_config(const char *list, struct config *c)
{
	static char keys[WITH_MAX][128], names[WITH_MAX][256];
	static int n;
	struct rules_options opt;
	struct rules_error err;
	char why[200];
	uint32_t with = 0;

	if (n == WITH_MAX) {
		fprintf(stderr, "bench-playout: at most %d --with options\n", WITH_MAX);
		return -1;
	}
	if (module_parse_list(list, &with, why, sizeof(why)) < 0) {
		fprintf(stderr, "bench-playout: --with %s: %s\n", list, why);
		return -1;
	}
	*c = (struct config){.key = keys[n], .name = names[n], .edition = 2, .farmers = true,
			     .nplayers = 2, .with = with};
	rules_options_default(&opt);
	opt.edition = c->edition;
	opt.farmers = c->farmers;
	opt.with = with;
	if (rules_options_check(&opt, c->nplayers, &err) < 0) {
		fprintf(stderr, "bench-playout: --with %s: %s\n", list, err.text);
		return -1;
	}
	snprintf(keys[n], sizeof(keys[n]), "with.%s", list);
	for (char *p = keys[n]; *p; p++)
		*p = *p == ',' ? '+' : *p;
	module_names(with, ", ", why, sizeof(why));
	snprintf(names[n], sizeof(names[n]), "2nd edition, farmers, %s, 2 players", why);
	n++;
	return 0;
}

static long
number(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v < 0)
		usage();
	return v;
}

int
main(int argc, char **argv)
{
	struct rules_error err;
	struct catalog *cat;
	struct rusage ru;
	long games = 20000, reps = 5000;
	int boards = 16, times = 3, ch, failed = 0;
	const char *only = NULL;
	static const struct option longopts[] = {{"with", required_argument, NULL, 'w'},
						 {NULL, 0, NULL, 0}};
	struct config with[WITH_MAX];
	int nwith = 0;
	double base_gps = 0;

	while ((ch = getopt_long(argc, argv, "n:k:b:r:c:w:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'w':
			if (nwith == WITH_MAX || with_config(optarg, &with[nwith]) < 0)
				return 2;
			nwith++;
			break;
		case 'n': games = number(optarg); break;
		case 'k': times = (int)number(optarg); break;
		case 'b': boards = (int)number(optarg); break;
		case 'r': reps = number(optarg); break;
		case 'c': only = optarg; break;
		default: usage();
		}
	}
	if (games == 0 || times == 0)
		usage();
	cat = catalog_load_builtin(&err);
	if (cat == NULL) {
		fprintf(stderr, "bench-playout: %s\n", err.text);
		return 1;
	}
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
	printf("# warning: built with sanitizers or without optimisation; numbers mean little\n");
#endif
	for (size_t i = 0; i < sizeof(configs) / sizeof(configs[0]) + (size_t)nwith; i++) {
		bool builtin = i < sizeof(configs) / sizeof(configs[0]);
		const struct config *c = builtin ? &configs[i] : &with[i - sizeof(configs) / sizeof(configs[0])];
		struct result r = {0};
		if (builtin && ((only && strcmp(only, c->key) != 0) || (!only && nwith)))
			continue;
		if (measure(cat, c, games, times, boards, reps, &r) < 0)
			failed++;
		print_result(c, &r, base_gps);
		if (builtin && strcmp(c->key, "base") == 0 && r.seconds > 0)
			base_gps = r.games / r.seconds;
		failed += r.failed > 0;
	}
	getrusage(RUSAGE_SELF, &ru);
	printf("peak_rss_kb: %ld\n", ru.ru_maxrss);
	catalog_free(cat);
	return failed ? 1 : 0;
}
