/* Benchmark: the computer players against each other (docs/PERFORMANCE.md,
 * "Computer players").
 *
 *	bench-ai [-n GAMES] [-a KIND] [-b KIND] [--think SECONDS]
 *		 [--playouts N] [--depth D] [--with MODULES] [--seed TEXT] [-v]
 *
 * Plays GAMES two-player games of player A (KIND: random, greedy, mcts;
 * default greedy) against player B (default random), A in the first seat
 * in even games and in the second in odd ones (the seats swapped), and
 * prints A's wins, losses and ties, its win rate (a tie counting half)
 * with a 95% Wilson interval, the average scores, the time per decision
 * of each, and the playouts per second inside MCTS searches. --think and
 * --playouts give MCTS its budget per decision (default 0.1 s), --depth
 * its rollouts (ai_params.depth). Game i's
 * bag and every choice are seeded from the --seed text and i alone, so a
 * run can be cut into parts (-f FIRST) and its games played again. -v
 * prints a line per game (a long run in the background shows progress).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "rules.h"

#define TURN_CAP AI_TURN_MAX

struct contender {
	struct ai_params p;
	double seconds;  /* thinking, in all */
	long decisions, playouts;
	double search_seconds; /* of the searches that played out */
	long score;
};

struct run {
	long games, first;
	const char *seed;
	uint32_t with;
	bool verbose;
	struct contender side[2]; /* A, B */
	long wins, losses, ties;
};

/* A seed from the run's text, a tag and numbers. */
static void
derive(const char *text, int tag, long i, long j, uint8_t seed[SEED_BYTES])
{
	memset(seed, 0, SEED_BYTES);
	snprintf((char *)seed, SEED_BYTES, "%.12s", text);
	seed[13] = (uint8_t)tag;
	for (int k = 0; k < 8; k++) {
		seed[16 + k] = (uint8_t)((uint64_t)i >> (8 * k));
		seed[24 + k] = (uint8_t)((uint64_t)j >> (8 * k));
	}
}

/* One decision of the side in seat: its whole turn, applied. */
static int
decide(struct run *r, struct contender *s, struct game *g, int seat, long i, long k)
{
	struct action a[TURN_CAP];
	struct ai_explain ex;
	int n;

	derive(r->seed, 1 + seat, i, k, s->p.seed);
	if (ai_choose(g, seat, &s->p, a, &n, &ex) < 0)
		return -1;
	s->decisions++;
	s->seconds += ex.seconds;
	if (ex.playouts) {
		s->playouts += ex.playouts;
		s->search_seconds += ex.seconds;
	}
	for (int j = 0; j < n; j++)
		if (game_apply_by(g, seat, &a[j], NULL) < 0)
			return -1;
	return 0;
}

/* Game i: A in seat i % 2. 0, or -1 when a player failed (a bug). */
static int
play(struct run *r, const struct catalog *cat, long i)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err;
	struct decision d;
	struct game *g;
	int a = (int)(i % 2), rc = 0;

	rules_options_default(&s.opt);
	s.opt.with = r->with;
	derive(r->seed, 0, i, 0, s.seed);
	if ((g = game_new(cat, &s, &err)) == NULL) {
		fprintf(stderr, "bench-ai: new game: %s\n", err.text);
		return -1;
	}
	for (long k = 0; rc == 0 && !g->over; k++) {
		game_decision(g, &d);
		rc = decide(r, &r->side[d.player == a ? 0 : 1], g, d.player, i, k);
	}
	if (rc == 0) {
		int sa = g->player[a].score, sb = g->player[1 - a].score;
		r->side[0].score += sa;
		r->side[1].score += sb;
		r->wins += sa > sb, r->losses += sa < sb, r->ties += sa == sb;
		if (r->verbose) /* a line as it ends: a long run shows its progress */
			printf("game %ld: A (seat %d) %d, B %d; A so far %ld-%ld-%ld, %.0f "
			       "playouts per decision\n", i + 1, a + 1, sa, sb, r->wins,
			       r->losses, r->ties,
			       r->side[0].decisions ? (double)r->side[0].playouts /
							      r->side[0].decisions : 0),
				fflush(stdout);
	}
	game_free(g);
	return rc;
}

static void
side_line(const char *name, const struct contender *s, long games)
{
	printf("%s: %s, average score %.1f, %.4f s per decision", name,
	       ai_kind_name(s->p.kind), (double)s->score / games,
	       s->decisions ? s->seconds / s->decisions : 0);
	if (s->playouts)
		printf(", %.0f playouts per decision, %.0f playouts/s",
		       (double)s->playouts / s->decisions, s->playouts / s->search_seconds);
	putchar('\n');
}

static void
report(const struct run *r)
{
	double n = (double)r->games, p = (r->wins + 0.5 * r->ties) / n, z = 1.96;
	double mid = (p + z * z / (2 * n)) / (1 + z * z / n);
	double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);

	printf("games: %ld (seats swapped each game)\n", r->games);
	side_line("A", &r->side[0], r->games);
	side_line("B", &r->side[1], r->games);
	printf("A: %ld wins, %ld losses, %ld ties\n", r->wins, r->losses, r->ties);
	printf("A win rate: %.1f%% (95%% interval %.1f%% to %.1f%%)\n", 100 * p,
	       100 * (mid - half), 100 * (mid + half));
}

static int
kind_of(const char *name)
{
	int k = ai_kind_parse(name);

	if (k < 0) {
		fprintf(stderr, "bench-ai: %s: give random, greedy or mcts\n", name);
		exit(2);
	}
	return k;
}

static void
parse(int argc, char **argv, struct run *r)
{
	static const struct option longs[] = {
		{"think", required_argument, NULL, 't'},
		{"playouts", required_argument, NULL, 'p'},
		{"with", required_argument, NULL, 'w'},
		{"seed", required_argument, NULL, 's'},
		{"depth", required_argument, NULL, 'd'},
		{NULL, 0, NULL, 0},
	};
	char why[200];
	int c;

	while ((c = getopt_long(argc, argv, "n:f:a:b:t:p:w:s:d:v", longs, NULL)) != -1) {
		switch (c) {
		case 'n': r->games = atol(optarg); break;
		case 'f': r->first = atol(optarg); break;
		case 'a': r->side[0].p.kind = kind_of(optarg); break;
		case 'b': r->side[1].p.kind = kind_of(optarg); break;
		case 't': r->side[0].p.think = r->side[1].p.think = atof(optarg); break;
		case 'p': r->side[0].p.playouts = r->side[1].p.playouts = atol(optarg); break;
		case 's': r->seed = optarg; break;
		case 'd': r->side[0].p.depth = r->side[1].p.depth = atoi(optarg); break;
		case 'v': r->verbose = true; break;
		case 'w':
			if (module_parse_list(optarg, &r->with, why, sizeof(why)) < 0) {
				fprintf(stderr, "bench-ai: --with %s: %s\n", optarg, why);
				exit(2);
			}
			break;
		default: exit(2);
		}
	}
	if (r->games < 1) {
		fprintf(stderr, "bench-ai: -n: give a number of games from 1 up\n");
		exit(2);
	}
}

int
main(int argc, char **argv)
{
	struct run r = {.games = 200, .seed = "bench-ai"};
	struct rules_error err;
	struct catalog *cat;
	int rc = 0;

	for (int i = 0; i < 2; i++) {
		ai_params_default(&r.side[i].p);
		r.side[i].p.think = 0.1;
	}
	r.side[0].p.kind = AI_GREEDY;
	r.side[1].p.kind = AI_RANDOM;
	parse(argc, argv, &r);
	if ((cat = catalog_load_builtin(&err)) == NULL) {
		fprintf(stderr, "bench-ai: tiles: %s\n", err.text);
		return 1;
	}
	for (long i = r.first; rc == 0 && i < r.first + r.games; i++)
		if ((rc = play(&r, cat, i)) < 0)
			fprintf(stderr, "bench-ai: game %ld: a player failed (a bug)\n", i + 1);
	if (rc == 0)
		report(&r);
	catalog_free(cat);
	return rc == 0 ? 0 : 1;
}
