/* The computer players (src/ai) and the engine functions they use:
 *
 *   - game_redeal keeps the drawn tiles, which tiles are to come and how
 *     many are set aside, puts
 *     the river's before the rest (RIVER-2), and depends only on which
 *     tiles are to come, not on the order the game held;
 *   - greedy and random play every combination of the playable rule
 *     modules to the end through legal actions only: every action
 *     ai_choose returns is listed by game_legal_actions and applied by
 *     the decision's owner; MCTS (2 playouts a decision: each a redeal,
 *     the arm's turn and the rollout; 4 in make check-long) too, one game
 *     each;
 *   - MCTS with a playout count and a seed chooses the same every time,
 *     and the same in two games that differ only in the order of the
 *     tiles to come (the hidden information: issue 12);
 *   - greedy beats random (a few games; make bench measures it).
 *
 * Environment: CARC_AI_GAMES=N greedy games per combination that greedy
 * plays (default 2; all_kinds: sets of three modules or more are played
 * by random alone but for every eighth and the set of all),
 * CARC_AI_PLAYOUTS=N MCTS playouts a decision in those games (default 2).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "tap.h"
#include "legal-listed.h"

static const struct catalog *cat;

static void
setup_of(struct game_setup *s, uint32_t with, int id)
{
	int min, max;

	memset(s, 0, sizeof(*s));
	rules_options_default(&s->opt);
	s->opt.edition = 1 + (id & 1);
	s->opt.farmers = (id >> 1 & 1) == 0;
	s->opt.with = with;
	module_player_limits(&s->opt, &min, &max);
	s->nplayers = min + id % (max - min + 1);
	s->first_player = id % s->nplayers;
	s->start = -1;
	s->seed[0] = (uint8_t)id;
	s->seed[1] = (uint8_t)with;
	s->seed[2] = (uint8_t)(with >> 8);
	memcpy(s->seed + 8, "t-players", 9);
}

/* Plays a game of kind against itself: NULL, or what went wrong. */
static const char *
play_game(uint32_t with, int id, struct ai_params *p, int *scores)
{
	struct game_setup s;
	struct rules_error err = {0};
	struct game *g;
	const char *why = NULL;

	setup_of(&s, with, id);
	if ((g = game_new(cat, &s, &err)) == NULL)
		return "game_new refused the setup";
	for (long k = 0; !g->over && why == NULL; k++) {
		struct action a[AI_TURN_MAX];
		struct decision d;
		int n;
		game_decision(g, &d);
		p->seed[0] = (uint8_t)k;
		p->seed[1] = (uint8_t)(k >> 8);
		if (ai_choose(g, d.player, p, a, &n, NULL) < 0 || n < 1)
			why = "ai_choose found no move";
		for (int i = 0; i < n && why == NULL; i++)
			if (!listed(g, &a[i]))
				why = "an action not listed as legal";
			else if (game_apply_by(g, d.player, &a[i], &err) < 0)
				why = "the engine refused a listed action";
		if (k > 10000)
			why = "the game does not end";
	}
	for (int i = 0; scores && i < g->nplayers; i++)
		scores[i] = g->player[i].score;
	game_free(g);
	return why;
}

static int
combos_of(uint32_t *combos)
{
	uint32_t playable = 0;
	int n = 0;

	for (int i = 0; i < MODULE_COUNT; i++)
		if (module_info(i)->playable)
			playable |= MODULE_BIT(i);
	for (uint32_t w = 0;; w = (w - playable) & playable) {
		struct rules_error e = {0};
		if (module_combo_check(w, &e) == 0)
			combos[n++] = w;
		if (w == playable)
			break;
	}
	return n;
}

/* Whether a combination is played by greedy and MCTS as well as random:
 * the base game, each module alone and each pair (where the rules
 * between modules are), about 64 larger sets spread evenly over them
 * (every eighth of nine modules' sets), and the set of every module, so
 * that the time grows with the number of pairs, not of sets (t-combos
 * plays every set's random games in full); make check-long plays these
 * with more games and playouts. */
static bool
all_kinds(uint32_t with, int c, int n)
{
	int stride = n / 64 > 1 ? n / 64 : 1;

	return __builtin_popcount(with) <= 2 || c % stride == 0 || c == n - 1;
}

static void
test_combos(int games, int playouts)
{
	uint32_t combos[1 << MODULE_COUNT];
	int n = combos_of(combos);

	for (int c = 0; c < n; c++) {
		char name[128];
		const char *why = NULL;
		struct ai_params p;
		bool every = all_kinds(combos[c], c, n);
		/* t-combos plays every set's random games in full; here the
		 * players' own paths are what is tested */
		if (!every)
			continue;
		module_names(combos[c], "+", name, sizeof(name));
		ai_params_default(&p);
		for (int kind = AI_RANDOM; kind <= (every ? AI_MCTS : AI_RANDOM) && why == NULL;
		     kind++) {
			p.kind = kind;
			p.playouts = playouts;
			for (int id = 0; id < (kind == AI_GREEDY ? games : 1) && !why; id++)
				why = play_game(combos[c], id, &p, NULL);
		}
		if (every)
			ok(why == NULL, "%s: random, greedy (%d games), mcts (%d playouts) play "
			   "to the end by legal actions only%s%s", name[0] ? name : "base",
			   games, playouts, why ? ": " : "", why ? why : "");
		else
			ok(why == NULL, "%s: random plays to the end by legal actions only%s%s",
			   name, why ? ": " : "", why ? why : "");
	}
}

static uint32_t
below(void *ctx, uint32_t n)
{
	return ai_rng_below(ctx, n);
}

static struct game *
new_game(uint32_t with, const int *order, int norder)
{
	struct game_setup s;
	struct rules_error err = {0};

	setup_of(&s, with, 1);
	s.order = order;
	s.norder = norder;
	return game_new(cat, &s, &err);
}

/* The counts of each type to come, for comparing. */
static void
to_come(const struct game *g, int *count)
{
	memset(count, 0, sizeof(int) * (size_t)cat->ntypes);
	for (int i = g->bag_next; i < g->bag_len + g->bag_aside; i++)
		count[g->bag[i]]++;
}

static void
test_redeal(void)
{
	struct game *g = new_game(0, NULL, 0), *c = game_clone(g), *d = game_clone(g);
	int *before = calloc((size_t)cat->ntypes, sizeof(int)),
	    *after = calloc((size_t)cat->ntypes, sizeof(int));
	struct ai_rng r1, r2;
	uint8_t seed[SEED_BYTES] = {7};

	if (!g || !c || !d || !before || !after)
		bail_out("out of memory");
	to_come(g, before);
	ai_rng_seed(&r1, seed);
	ai_rng_seed(&r2, seed);
	game_redeal(c, 0, below, &r1);
	to_come(c, after);
	ok(memcmp(before, after, sizeof(int) * (size_t)cat->ntypes) == 0 &&
	   memcmp(c->bag, g->bag, sizeof(*g->bag) * (size_t)g->bag_next) == 0,
	   "game_redeal: the same tiles to come, the drawn ones untouched");
	ok(memcmp(c->bag, g->bag, sizeof(*g->bag) * (size_t)g->bag_len) != 0,
	   "game_redeal: a new order");
	/* d holds the tiles to come in another order: the same deal */
	for (int i = d->bag_next, j = d->bag_len - 1; i < j; i++, j--) {
		int16_t t = d->bag[i];
		d->bag[i] = d->bag[j];
		d->bag[j] = t;
	}
	game_redeal(d, 0, below, &r2);
	ok(memcmp(c->bag, d->bag, sizeof(*g->bag) * (size_t)g->bag_len) == 0,
	   "game_redeal: the deal depends on which tiles are to come, not on their order");
	/* three tiles set aside (as bag_set_aside leaves them): still three */
	d->bag_len -= 3;
	d->bag_aside = 3;
	to_come(d, before);
	game_redeal(d, 0, below, &r2);
	to_come(d, after);
	ok(d->bag_aside == 3 && d->bag_len == g->bag_len - 3 &&
	   memcmp(before, after, sizeof(int) * (size_t)cat->ntypes) == 0,
	   "game_redeal: tiles set aside are dealt with the rest, as many kept aside");
	game_free(g);
	game_free(c);
	game_free(d);
	free(before);
	free(after);
}

/* RIVER-2: the river's tiles are still drawn first after a redeal. */
static void
test_redeal_river(void)
{
	struct game *g = new_game(MODULE_BIT(MOD_RIVER), NULL, 0);
	struct ai_rng r;
	uint8_t seed[SEED_BYTES] = {9};
	bool rest = false, ok_order = true;
	int river = 0;

	if (g == NULL)
		bail_out("a river game: refused");
	ai_rng_seed(&r, seed);
	game_redeal(g, 0, below, &r);
	for (int i = g->bag_next; i < g->bag_len; i++) {
		bool def = cat->types[g->bag[i]].group == GROUP_DEFAULT;
		ok_order &= !(rest && !def);
		rest |= def;
		river += !def;
	}
	ok(ok_order && river > 0, "game_redeal: the %d river tiles left still come first "
	   "(RIVER-2)", river);
	game_free(g);
}

static int
choose(const struct game *g, long playouts, struct action *a, struct ai_explain *ex)
{
	struct ai_params p;
	struct decision d;
	int n;

	ai_params_default(&p);
	p.playouts = playouts;
	memcpy(p.seed, "hidden-information", 18);
	game_decision(g, &d);
	return ai_choose(g, d.player, &p, a, &n, ex) < 0 ? -1 : n;
}

/* Issue 12: two games that differ only in the order of the tiles to come
 * get the same first decision from MCTS (a count and a seed). */
static void
test_hidden(void)
{
	struct game *g = new_game(0, NULL, 0), *a, *b;
	int n = g ? g->bag_len : 0, *o1 = malloc(sizeof(int) * (size_t)n),
	    *o2 = malloc(sizeof(int) * (size_t)n);
	struct action x[AI_TURN_MAX], y[AI_TURN_MAX], z[AI_TURN_MAX];
	struct ai_explain e1, e2;

	if (!g || !o1 || !o2)
		bail_out("out of memory");
	for (int i = 0; i < n; i++)
		o1[i] = o2[i] = g->bag[i];
	for (int i = 1, j = n - 1; i < j; i++, j--) { /* all but the tile drawn */
		o2[i] = o1[j];
		o2[j] = o1[i];
	}
	a = new_game(0, o1, n);
	b = new_game(0, o2, n);
	if (!a || !b)
		bail_out("a game of a given order: refused");
	ok(a->bag[a->bag_next] != b->bag[b->bag_next],
	   "control: the two games draw different tiles next (%d, %d)",
	   a->bag[a->bag_next], b->bag[b->bag_next]);
	int nx = choose(a, 300, x, &e1), ny = choose(b, 300, y, &e2), nz = choose(a, 300, z, NULL);
	ok(nx > 0 && nx == ny && memcmp(x, y, sizeof(*x) * (size_t)nx) == 0 &&
	   e1.top[0].visits == e2.top[0].visits && e1.top[0].win == e2.top[0].win,
	   "MCTS (300 playouts, one seed): the same turn and statistics in both (%s)",
	   e1.top[0].text);
	ok(nx == nz && memcmp(x, z, sizeof(*x) * (size_t)nx) == 0,
	   "MCTS with a playout count and a seed: the same choice again");
	ok(e1.playouts == 300 && e1.n == 3 && e1.candidates >= 3 &&
	   e1.top[0].visits >= e1.top[1].visits && e1.top[1].visits >= e1.top[2].visits,
	   "explain: 300 playouts, the top three by playouts");
	game_free(g);
	game_free(a);
	game_free(b);
	free(o1);
	free(o2);
}

static void
test_greedy_beats_random(void)
{
	int wins = 0, games = 4;

	for (int id = 0; id < games; id++) {
		struct game_setup s;
		struct rules_error err = {0};
		struct game *g;
		setup_of(&s, 0, id * 4); /* two players, 1st edition */
		s.nplayers = 2;
		s.first_player = 0;
		if ((g = game_new(cat, &s, &err)) == NULL)
			bail_out("game_new: %s", err.text);
		int greedy = id % 2;
		while (!g->over) {
			struct ai_params p;
			struct action a[AI_TURN_MAX];
			struct decision d;
			int n;
			game_decision(g, &d);
			ai_params_default(&p);
			p.kind = d.player == greedy ? AI_GREEDY : AI_RANDOM;
			p.seed[0] = (uint8_t)g->turn;
			if (ai_choose(g, d.player, &p, a, &n, NULL) < 0)
				bail_out("ai_choose failed");
			for (int i = 0; i < n; i++)
				game_apply(g, &a[i], NULL);
		}
		wins += g->player[greedy].score > g->player[1 - greedy].score;
		game_free(g);
	}
	is_int(wins, games, "greedy beats random in every game, seats swapped");
}

int
main(void)
{
	struct rules_error err = {0};
	const char *v = getenv("CARC_AI_GAMES");

	if ((cat = catalog_load_builtin(&err)) == NULL)
		bail_out("catalog_load_builtin: %s", err.text);
	test_redeal();
	test_redeal_river();
	test_hidden();
	test_greedy_beats_random();
	const char *pl = getenv("CARC_AI_PLAYOUTS");
	test_combos(v && atoi(v) > 0 ? atoi(v) : 2, pl && atoi(pl) > 0 ? atoi(pl) : 2);
	catalog_free((struct catalog *)cat);
	done_testing();
}
