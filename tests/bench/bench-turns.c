/* Benchmark: signed turns through the host's whole path (docs/PERFORMANCE.md).
 *
 *	bench-turns [-g GAMES] [-d DIR]
 *
 * (make bench passes BENCH_ARGS to every benchmark: the options of
 * bench-playout, -n -k -b -r -c, are accepted here and ignored.)
 * Plays GAMES whole 2-player games (1st edition, farmers) by signed turns,
 * each turn a tile and a figure made with random legal actions, in game
 * directories under DIR (default $TMPDIR or /tmp: the file system counts,
 * for fsync). Timed per turn: archive_apply, i.e. lock, load and check
 * state.json (replaying its actions), read history.jsonl, parse the turn,
 * verify its signature, check it and apply it, append the record (fsync),
 * write state.json (temporary file, fsync, rename). Also timed: reading
 * and verifying a turn alone, and replaying a whole game's archive.
 * Prints "key: value" lines and one line for people.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "replay.h"
#include "turn/signed-game.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct result {
	long turns, verified, records;
	double apply_s, verify_s, replay_s;
};

/* Reading and verifying one turn, many times: the signature's cost. */
static void
time_verify(const char *text, const uint8_t pk[KEY_BYTES], struct result *r)
{
	double t0 = now();
	struct turn t;

	for (int i = 0; i < 200; i++)
		if (turn_parse(text, strlen(text), TURN_NEED_SIGNATURE, &t, NULL) < 0 ||
		    turn_verify(&t, pk) < 0) {
			fprintf(stderr, "bench-turns: a turn does not verify\n");
			exit(1);
		}
	r->verify_s += now() - t0;
	r->verified += 200;
}

static int
apply_one(struct signed_game *sg, const struct catalog *cat, const char *text,
	  struct gamefile **gf, struct result *r)
{
	struct turn_error err = {0};
	struct apply_result res;
	double t0 = now();

	gamefile_free(*gf);
	if (archive_apply(&sg->gd, cat, text, strlen(text), 1700000000, gf, &res, &err) <
	    0) {
		fprintf(stderr, "bench-turns: refused: %s\n", err.text);
		return -1;
	}
	r->apply_s += now() - t0;
	r->turns++;
	if (r->turns % 16 == 1)
		time_verify(text, sg->key[res.player].pk, r);
	return 0;
}

static int
one_game(const struct catalog *cat, const char *dir, int tag, struct result *r)
{
	struct rules_options opt;
	struct signed_game sg;
	struct replay_report rep;
	struct turn_error err = {0};
	struct gamefile *gf;
	char game[1024], *text;
	double t0;
	int rc = 0;

	rules_options_default(&opt);
	snprintf(game, sizeof(game), "%s/bench-game-%d-%d", dir, (int)getpid(), tag);
	if (sg_create(&sg, cat, game, 2, &opt, tag) < 0)
		return -1;
	gf = gamefile_load(sg.gd.state, cat, NULL);
	while (rc == 0 && gf && (text = sg_turn(&sg, gf)) != NULL) {
		rc = apply_one(&sg, cat, text, &gf, r);
		free(text);
	}
	t0 = now();
	if (rc == 0 && replay_dir(&sg.gd, cat, &rep, &err) == 0) {
		r->replay_s += now() - t0;
		r->records += rep.records;
		gamefile_free(rep.gf);
	} else if (rc == 0)
		rc = -1, fprintf(stderr, "bench-turns: replay: %s\n", err.text);
	gamefile_free(gf);
	sg_remove(&sg);
	sg_free(&sg);
	return rc;
}

int
main(int argc, char **argv)
{
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	struct rules_error re = {0};
	struct result r = {0};
	struct catalog *cat;
	int games = 3, c;

	while ((c = getopt(argc, argv, "g:d:n:k:b:r:c:")) != -1) {
		if (c == 'g')
			games = atoi(optarg);
		else if (c == 'd')
			dir = optarg;
		else if (c == '?') {
			fprintf(stderr, "usage: bench-turns [-g GAMES] [-d DIR]\n");
			return 2;
		}
	}
	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		return fprintf(stderr, "bench-turns: setup failed\n"), 1;
	for (int g = 0; g < games; g++)
		if (one_game(cat, dir, g + 1, &r) < 0)
			return 1;
	catalog_free(cat);
	printf("turns.games: %d\nturns.turns: %ld\n", games, r.turns);
	printf("turns.applied_per_s: %.0f\n", r.turns / r.apply_s);
	printf("turns.ms_per_turn: %.3f\n", 1e3 * r.apply_s / r.turns);
	printf("turns.verified_per_s: %.0f\n", r.verified / r.verify_s);
	printf("turns.replayed_records_per_s: %.0f\n", r.records / r.replay_s);
	printf("# %ld turns verified+applied+saved: %.0f/s (%.2f ms each, fsync in %s); "
	       "read+verify alone %.0f/s; replay %.0f records/s\n",
	       r.turns, r.turns / r.apply_s, 1e3 * r.apply_s / r.turns, dir,
	       r.verified / r.verify_s, r.records / r.replay_s);
	return 0;
}
