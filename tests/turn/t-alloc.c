/* Running out of memory: the engine (a whole game), the game-file loader
 * (every view) and the turn parser, each run once to count its
 * allocations, then again with each of them failing in turn. Every run
 * must end in a clean error (a message, nothing half made) or in the same
 * result as without the failure, and free all it took: the test counts
 * the blocks still held (and ASan's leak checker sees them too).
 *
 * Our calls are wrapped at link time (-Wl,--wrap=malloc,...) and jansson's
 * through json_set_alloc_funcs; allocations inside libc are not counted.
 */
#include <errno.h>
#include <sodium.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "gamefile.h"
#include "history.h"
#include "tap.h"
#include "turnfile.h"

/* ---- the counting allocator ---- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void __real_free(void *p);
ssize_t __real_getline(char **line, size_t *n, FILE *fp);

static long calls;   /* allocations asked for since the last reset */
static long fail_at; /* the one that fails (from 1), or 0 */
static long live;    /* blocks held */

static bool
fails(void)
{
	return ++calls == fail_at;
}

static void *
held(void *p)
{
	live += p != NULL;
	return p;
}

void *
__wrap_malloc(size_t n)
{
	return fails() ? NULL : held(__real_malloc(n));
}

void *
__wrap_calloc(size_t k, size_t n)
{
	return fails() ? NULL : held(__real_calloc(k, n));
}

void *
__wrap_realloc(void *p, size_t n)
{
	void *q;

	if (fails())
		return NULL;
	if ((q = __real_realloc(p, n)) != NULL && p == NULL)
		live++;
	return q;
}

char *
__wrap_strdup(const char *s)
{
	return fails() ? NULL : held(__real_strdup(s));
}

char *
__wrap_strndup(const char *s, size_t n)
{
	return fails() ? NULL : held(__real_strndup(s, n));
}

/* libc allocates the line; we free it. */
ssize_t
__wrap_getline(char **line, size_t *n, FILE *fp)
{
	bool fresh = *line == NULL;
	ssize_t r;

	if (fresh && fails()) {
		errno = ENOMEM;
		return -1;
	}
	r = __real_getline(line, n, fp);
	live += fresh && *line != NULL;
	return r;
}

void
__wrap_free(void *p)
{
	live -= p != NULL;
	__real_free(p);
}

/* ---- what is run ---- */

struct ctx {
	const struct catalog *cat;
	char *doc[3]; /* host, public and player views of a game in play */
	char *turn;   /* a signed turn file */
};

/* An operation: 0 with its result in out, or -1 with why. */
typedef int (*op_fn)(const struct ctx *c, char *out, size_t n, char *why, size_t nwhy);

/* A whole game between random players, and a copy of it. */
static int
op_engine(const struct ctx *c, char *out, size_t n, char *why, size_t nwhy)
{
	struct game_setup s = {.nplayers = 3, .start = -1};
	struct rules_error re = {0};
	struct game *g, *copy = NULL;
	struct action a, *buf = NULL;
	struct ai_rng rng;
	int moves = 0, r = -1;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_ABBOT, true);
	module_set(&s.opt, MOD_RIVER, true);
	memset(s.seed, 3, SEED_BYTES);
	ai_rng_seed(&rng, s.seed);
	if ((g = game_new(c->cat, &s, &re)) == NULL) {
		snprintf(why, nwhy, "game_new: %s", re.text);
		return -1;
	}
	if ((buf = malloc(sizeof(*buf) * game_legal_cap(g))) == NULL) {
		snprintf(why, nwhy, "out of memory");
		goto out;
	}
	while (ai_random_action(g, &rng, buf, game_legal_cap(g), &a) == 0) {
		if (game_apply(g, &a, &re) < 0) {
			snprintf(why, nwhy, "game_apply: %s", re.text);
			goto out;
		}
		moves++;
	}
	if ((copy = game_clone(g)) == NULL) {
		snprintf(why, nwhy, "game_clone: out of memory");
		goto out;
	}
	snprintf(out, n, "%d moves, %d tiles left", moves, game_tiles_left(copy));
	r = 0;
out:
	game_free(copy);
	game_free(g);
	free(buf);
	return r;
}

/* Each view read, hashed and written again. */
static int
op_load(const struct ctx *c, char *out, size_t n, char *why, size_t nwhy)
{
	size_t len = 0;

	out[0] = '\0';
	for (int i = 0; i < 3; i++) {
		struct gf_error err = {0};
		json_error_t je;
		char hash[GF_STATE_HEX + 1], *text = NULL;
		struct gamefile *gf = NULL;
		json_t *root = json_loads(c->doc[i], JSON_REJECT_DUPLICATES, &je);

		if (root == NULL) {
			snprintf(why, nwhy, "json_loads: %s", je.text);
			return -1;
		}
		gf = gamefile_from_json(root, c->cat, &err);
		json_decref(root);
		if (gf == NULL) {
			snprintf(why, nwhy, "gamefile_from_json: %s: %s", err.path, err.text);
			return -1;
		}
		if (gamefile_state_hash(gf, hash) < 0 ||
		    (text = gamefile_view_dumps(gf, gf->view, gf->me)) == NULL) {
			snprintf(why, nwhy, "hash or dump: out of memory");
			gamefile_free(gf);
			return -1;
		}
		len += (size_t)snprintf(out + len, n - len, "%s %zu; ", hash, strlen(text));
		free(text);
		gamefile_free(gf);
	}
	return 0;
}

/* A signed turn read, formatted and put in canonical form. */
static int
op_turn(const struct ctx *c, char *out, size_t n, char *why, size_t nwhy)
{
	struct turn_error err = {0};
	struct turn t;
	char *text, *canon;
	size_t len;

	if (turn_parse(c->turn, strlen(c->turn), TURN_NEED_SIGNATURE, &t, &err) < 0) {
		snprintf(why, nwhy, "turn_parse: %s", err.text);
		return -1;
	}
	if ((text = turn_format(&t)) == NULL) {
		snprintf(why, nwhy, "turn_format: out of memory");
		return -1;
	}
	if ((canon = turn_canonical(&t, &len)) == NULL) {
		snprintf(why, nwhy, "turn_canonical: out of memory");
		free(text);
		return -1;
	}
	snprintf(out, n, "%zu %zu %.60s", strlen(text), len, canon);
	free(canon);
	free(text);
	return 0;
}

/* A history read, and each record written back as the line it was. */
static int
op_history(const struct ctx *c, char *out, size_t n, char *why, size_t nwhy)
{
	struct turn_error err = {0};
	struct history h;
	size_t len = 0;
	int r = 0;

	(void)c;
	if (history_read(HISTORY_FILE, &h, &err) < 0) {
		snprintf(why, nwhy, "history_read: %s", err.text);
		history_free(&h);
		return -1;
	}
	for (int i = 0; i < h.n && r == 0; i++) {
		char *line = history_line(&h.rec[i]);
		uint8_t hash[GF_HASH_BYTES];
		if (line == NULL) {
			snprintf(why, nwhy, "history_line: out of memory");
			r = -1;
			break;
		}
		history_hash(line, strlen(line), hash);
		len += (size_t)snprintf(out + len, n - len, "%d:%s ", h.rec[i].line,
					memcmp(hash, h.rec[i].hash, sizeof(hash)) ? "changed" : "same");
		free(line);
	}
	history_free(&h);
	return r;
}

/* ---- the test ---- */

static void
each_allocation_fails(const char *name, op_fn op, const struct ctx *c)
{
	char want[512] = "", got[512], why[512];
	long total, before = live, errors = 0, same = 0, bad = 0, leaked = 0;

	calls = fail_at = 0;
	if (!ok(op(c, want, sizeof(want), why, sizeof(why)) == 0, "%s works", name)) {
		diag("%s", why);
		return;
	}
	is_int(live, before, "%s frees what it takes", name);
	total = calls;
	for (long i = 1; i <= total; i++) {
		calls = 0;
		fail_at = i;
		why[0] = got[0] = '\0';
		int r = op(c, got, sizeof(got), why, sizeof(why));
		fail_at = 0;
		if (r < 0 && why[0])
			errors++;
		else if (r == 0 && strcmp(got, want) == 0)
			same++;
		else if (bad++ < 5)
			diag("%s, allocation %ld failing: %s (%s, not %s)", name, i,
			     r < 0 ? "an error without a message" : "a different result",
			     r < 0 ? why : got, want);
		if (live != before && leaked++ < 5)
			diag("%s, allocation %ld failing: %ld blocks not freed", name, i,
			     live - before);
		before = live;
	}
	ok(total > 0 && bad == 0 && leaked == 0,
	   "%s: each of its %ld allocations failing in turn: %ld clean errors, %ld "
	   "the same result, %ld wrong, %ld leaking",
	   name, total, errors, same, bad, leaked);
}

static void *
json_alloc(size_t n)
{
	return __wrap_malloc(n);
}

/* The host, public and player views of a game some turns in, and a
 * signed turn for it. */
static void
make_inputs(struct ctx *c)
{
	static const char *const names[] = {"alice", "bob"};
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct gf_error err = {0};
	struct rules_error re = {0};
	struct turn_error te = {0};
	struct seckey k;
	struct turn t;
	struct action a, *buf;
	struct gamefile *gf;
	struct ai_rng rng;
	uint8_t seed[crypto_sign_SEEDBYTES];

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_ABBOT, true);
	memset(s.seed, 5, SEED_BYTES);
	memset(seed, 9, sizeof(seed));
	crypto_sign_seed_keypair(k.pk, k.sk, seed);
	if ((gf = gamefile_new(c->cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	for (int p = 0; p < 2; p++) {
		uint8_t pk[GF_KEY_BYTES];
		memcpy(pk, k.pk, sizeof(pk));
		pk[0] ^= (uint8_t)p; /* no two players share a key */
		gamefile_set_key(gf, p, pk, &err);
	}
	buf = malloc(sizeof(*buf) * game_legal_cap(gf->game));
	ai_rng_seed(&rng, s.seed);
	for (int i = 0; i < 20; i++)
		if (ai_random_action(gf->game, &rng, buf, game_legal_cap(gf->game), &a) < 0 ||
		    gamefile_play_action(gf, &a, &re) < 0)
			bail_out("playing: %s", re.text);
	free(buf);
	c->doc[0] = gamefile_view_dumps(gf, GF_VIEW_HOST, -1);
	c->doc[1] = gamefile_view_dumps(gf, GF_VIEW_PUBLIC, -1);
	c->doc[2] = gamefile_view_dumps(gf, GF_VIEW_PLAYER, 1);
	struct decision d;
	game_decision(gf->game, &d);
	if (turn_start(gf, d.player, &t, &te) < 0)
		bail_out("turn_start: %s", te.text);
	snprintf(t.action[t.nactions++], TURN_ACTION_LEN + 1, "pass");
	snprintf(k.label, sizeof(k.label), "%s", names[d.player]);
	if (turn_sign(&t, &k, &te) < 0 || (c->turn = turn_format(&t)) == NULL)
		bail_out("turn_sign: %s", te.text);
	if (!c->doc[0] || !c->doc[1] || !c->doc[2])
		bail_out("writing the views");
	gamefile_free(gf);
}

int
main(void)
{
	struct rules_error re = {0};
	struct catalog *cat;
	struct ctx c = {0};

	json_set_alloc_funcs(json_alloc, __wrap_free);
	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		bail_out("catalogue: %s", re.text);
	c.cat = cat;
	make_inputs(&c);
	each_allocation_fails("the engine, a whole game", op_engine, &c);
	each_allocation_fails("the game-file loader, three views", op_load, &c);
	each_allocation_fails("the turn parser", op_turn, &c);
	each_allocation_fails("the history reader and writer", op_history, &c);
	for (int i = 0; i < 3; i++)
		free(c.doc[i]);
	free(c.turn);
	catalog_free(cat);
	return done_testing();
}
