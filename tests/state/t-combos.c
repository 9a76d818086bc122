/* Property tests over every combination of the playable rule modules
 * (issue 11): the combinations are the subsets of the modules whose
 * `playable` flag is set in src/rules/module_id.c, so a module joins as
 * soon as it plays; a combination the XEXP table refuses is skipped and
 * counted. Each combination plays seeded random games and checks after
 * every action:
 *
 *   - every listed action passes game_check and survives action_format +
 *     action_parse_in; the one chosen is applied by its decision's owner;
 *   - each player's score changes by exactly the points of the scoring
 *     events logged, and goes down only by an event with negative points
 *     that names the rule taking them;
 *   - figures are conserved per player and figure type of the game's
 *     table: supply + elsewhere = the row's supply, figure count the same;
 *
 * and at the end: the game is over, the seed and the action texts replay
 * the same game (board, figures, scores, events, modules' state), and for
 * the first games of each combination the game file layer agrees (play,
 * save, load: the same state hash and document).
 *
 * Game N of a combination fixes its edition (N % 2), farmers (N / 2 % 2),
 * players (within the modules' limits), first player and seed.
 *
 * Environment:
 *   CARC_COMBO_GAMES=N  games per combination (default: 100 for the base
 *                       game, each module alone and each pair, where
 *                       the rules between modules are, 8 for each set
 *                       of three, and 3072 shared by the larger sets, at
 *                       least one each, so that the suite's time grows
 *                       slower than the number of sets)
 *   CARC_COMBO_SCALE=K  those defaults times K (make check-long: 8)
 *   CARC_COMBO_FILES=N  games per combination through the game file (3)
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamefile.h"
#include "rules.h"
#include "tap.h"

#define GAMES_PAIRS 100 /* the base game, one module, two */
#define GAMES_MORE 8    /* three modules */
/* Sets of four modules or more share this many games, at least one each:
 * 8 each for the 382 sets of nine modules, one each from eleven on, so
 * that a new module does not double the suite's time. */
#define GAMES_LARGER 3072
#define MAX_ACTIONS 20000 /* far more than any game takes */
#define TEXT_MAX 48

enum prop { P_LISTED, P_TEXT, P_APPLY, P_SCORES, P_FIGURES, P_END, P_REPLAY, P_FILE, NPROP };

static const char *const prop_names[NPROP] = {
	[P_LISTED] = "every listed action passes game_check",
	[P_TEXT] = "listed actions survive action_format + action_parse_in",
	[P_APPLY] = "the chosen action is applied by its decision's owner",
	[P_SCORES] = "scores move by their events' points, down only by a rule taking points",
	[P_FIGURES] = "figures conserved per player and figure type",
	[P_END] = "the game reaches game over",
	[P_REPLAY] = "seed + action texts replay the same game",
	[P_FILE] = "game file play, save, load: same state hash and document",
};

struct tally {
	long checks, fails;
	char first[512];
};

struct run {
	uint32_t with;
	int id;
	struct game_setup setup;
	const struct catalog *cat;
	struct tally *t;   /* this combination's NPROP tallies */
	struct action *buf;
	int cap;
	char (*log)[TEXT_MAX];
	int nlog, caplog;
	uint64_t rng;
};

static void
fail(struct run *r, int prop, const char *fmt, ...)
{
	struct tally *t = &r->t[prop];
	va_list ap;
	int n;

	if (t->fails++ > 0)
		return;
	n = snprintf(t->first, sizeof(t->first), "game %d (%d players), after %d actions%s%s: ",
		     r->id, r->setup.nplayers, r->nlog, r->nlog ? ", last " : "",
		     r->nlog ? r->log[r->nlog - 1] : "");
	if (n < 0 || (size_t)n >= sizeof(t->first))
		return;
	va_start(ap, fmt);
	vsnprintf(t->first + n, sizeof(t->first) - n, fmt, ap);
	va_end(ap);
}

#define CHECK(r, prop, cond, ...)                       \
	do {                                            \
		(r)->t[(prop)].checks++;                \
		if (!(cond))                            \
			fail((r), (prop), __VA_ARGS__); \
	} while (0)

static uint32_t
rng_next(struct run *r)
{
	/* xorshift64*: the test's own choices, seeded by the game number */
	r->rng ^= r->rng >> 12;
	r->rng ^= r->rng << 25;
	r->rng ^= r->rng >> 27;
	return (uint32_t)((r->rng * 2685821657736338717ULL) >> 32);
}

static void
setup_of(struct run *r, uint32_t with, int id)
{
	static const char tag[] = "carc-combos";
	struct game_setup *s = &r->setup;
	int min, max;

	memset(s, 0, sizeof(*s));
	rules_options_default(&s->opt);
	s->opt.edition = 1 + (id & 1);
	s->opt.farmers = (id >> 1) & 1;
	s->opt.with = with;
	module_player_limits(&s->opt, &min, &max);
	s->nplayers = min + id / 4 % (max - min + 1);
	s->first_player = id / 3 % s->nplayers;
	s->start = -1;
	for (int i = 0; i < 4; i++) {
		s->seed[i] = (uint8_t)(id >> (8 * i));
		s->seed[4 + i] = (uint8_t)(with >> (8 * i));
	}
	memcpy(s->seed + 8, tag, sizeof(tag) - 1);
	r->with = with;
	r->id = id;
	r->rng = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)with << 32) ^ (uint64_t)id;
	r->nlog = 0;
}

static bool
action_eq(const struct action *a, const struct action *b)
{
	if (a->kind != b->kind || a->rot != b->rot)
		return false;
	if (a->kind == ACT_PLACE_TILE)
		return a->x == b->x && a->y == b->y;
	return a->figure == b->figure && a->slot == b->slot && a->role == b->role;
}

static void
log_action(struct run *r, const char *text)
{
	if (r->nlog == r->caplog) {
		r->caplog = r->caplog ? 2 * r->caplog : 256;
		r->log = realloc(r->log, sizeof(*r->log) * r->caplog);
		if (r->log == NULL)
			bail_out("out of memory");
	}
	snprintf(r->log[r->nlog++], TEXT_MAX, "%s", text);
}

static int
list_actions(struct run *r, const struct game *g)
{
	int cap = game_legal_cap(g), n;

	if (cap > r->cap) {
		free(r->buf);
		r->cap = cap;
		r->buf = malloc(sizeof(*r->buf) * r->cap);
		if (r->buf == NULL)
			bail_out("out of memory");
	}
	n = game_legal_actions(g, r->buf, r->cap);
	CHECK(r, P_LISTED, n >= 1 && n <= r->cap, "%d actions listed (room for %d)", n, r->cap);
	return n < 0 ? 0 : n > r->cap ? r->cap : n;
}

static void
check_listed(struct run *r, const struct game *g, int n)
{
	for (int i = 0; i < n; i++) {
		const struct action *a = &r->buf[i];
		struct rules_error err = {0};
		struct action back;
		char text[TEXT_MAX];

		action_format(g, a, text, sizeof(text));
		CHECK(r, P_LISTED, game_check(g, a, &err) == 0, "listed \"%s\" refused: %s (%s)",
		      text, err.text, err.rule ? err.rule : "");
		memset(&err, 0, sizeof(err));
		CHECK(r, P_TEXT, action_parse_in(g, text, &back, &err) == 0 && action_eq(a, &back),
		      "\"%s\" does not parse back (%s)", text, err.text);
	}
}

/* Score changes since the previous state, against the events logged. */
static void
check_scores(struct run *r, const struct game *g, const int *before, int ev0)
{
	int delta[MAX_PLAYERS] = {0};
	bool taken[MAX_PLAYERS] = {false};

	for (int i = ev0; i < g->nevents; i++) {
		const struct game_event *e = &g->events[i];
		if (e->kind != EV_SCORE)
			continue;
		CHECK(r, P_SCORES, e->player >= 0 && e->player < g->nplayers,
		      "a score event for player %d", e->player);
		if (e->player < 0 || e->player >= g->nplayers)
			continue;
		delta[e->player] += e->points;
		if (e->points < 0 && e->rule != NULL)
			taken[e->player] = true;
	}
	for (int p = 0; p < g->nplayers; p++) {
		int now = g->player[p].score;
		CHECK(r, P_SCORES, now - before[p] == delta[p],
		      "player %d: score %d -> %d, events give %+d", p, before[p], now, delta[p]);
		CHECK(r, P_SCORES, now >= before[p] || taken[p],
		      "player %d: score %d -> %d with no rule taking points", p, before[p], now);
	}
}

static void
check_figures(struct run *r, const struct game *g)
{
	int count[MAX_PLAYERS][FIG_TYPE_MAX] = {{0}}, away[MAX_PLAYERS][FIG_TYPE_MAX] = {{0}};

	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		if (f->owner >= g->nplayers || f->type >= FIG_TYPE_MAX ||
		    figure_type_of(g, f->type) == NULL) {
			CHECK(r, P_FIGURES, false, "figure %d: owner %d, type %d not in the game",
			      i, f->owner, f->type);
			continue;
		}
		count[f->owner][f->type]++;
		away[f->owner][f->type] += f->loc != LOC_SUPPLY;
		CHECK(r, P_FIGURES, (f->loc == LOC_SEGMENT) == (f->seg >= 0),
		      "figure %d: location %d, segment %d", i, f->loc, f->seg);
	}
	for (int p = 0; p < g->nplayers; p++)
		for (int i = 0; i < g->nftypes; i++) {
			int t = g->ftypes[i], want = figure_type_of(g, t)->supply;
			CHECK(r, P_FIGURES,
			      count[p][t] == want && g->player[p].supply[t] + away[p][t] == want,
			      "player %d %s: %d figures, supply %d + away %d, want %d", p,
			      figure_type_of(g, t)->name, count[p][t], g->player[p].supply[t],
			      away[p][t], want);
		}
}

static bool
event_eq(const struct game_event *a, const struct game_event *b)
{
	return a->kind == b->kind && a->player == b->player && a->seg_kind == b->seg_kind &&
	       a->final == b->final && a->points == b->points && a->x == b->x &&
	       a->y == b->y && a->turn == b->turn && a->tile == b->tile &&
	       a->figure == b->figure && a->slot == b->slot && a->rot == b->rot &&
	       a->seg == b->seg && a->rule == b->rule;
}

/* Where two games differ, or NULL. */
static const char *
differ(const struct game *a, const struct game *b)
{
	if (a->nplaced != b->nplaced || a->nfigures != b->nfigures ||
	    a->nevents != b->nevents || a->over != b->over || a->bag_next != b->bag_next ||
	    a->bag_len != b->bag_len || a->bag_aside != b->bag_aside || a->turn != b->turn)
		return "counts (tiles, figures, events, bag, turn)";
	for (int p = 0; p < a->nplayers; p++)
		if (a->player[p].score != b->player[p].score ||
		    memcmp(a->player[p].supply, b->player[p].supply, FIG_TYPE_MAX))
			return "scores or supplies";
	for (int i = 0; i < a->nplaced; i++) {
		const struct placed_tile *s = &a->placed[i], *t = &b->placed[i];
		if (s->type != t->type || s->rot != t->rot || s->x != t->x || s->y != t->y ||
		    s->turn != t->turn || s->player != t->player)
			return "placed tiles";
	}
	for (int i = 0; i < a->nfigures; i++) {
		const struct figure *s = &a->figure[i], *t = &b->figure[i];
		if (s->seg != t->seg || s->at != t->at || s->loc != t->loc ||
		    s->owner != t->owner || s->type != t->type)
			return "figures";
	}
	for (int i = 0; i < a->nevents; i++)
		if (!event_eq(&a->events[i], &b->events[i]))
			return "events";
	for (int i = 0; i < a->bag_len + a->bag_aside; i++)
		if (a->bag[i] != b->bag[i])
			return "the bag";
	if (a->ext_size != b->ext_size || (a->ext_size && memcmp(a->ext, b->ext, a->ext_size)))
		return "the modules' state";
	return NULL;
}

static void
check_replay(struct run *r, const struct game *g)
{
	struct rules_error err = {0};
	struct game *h = game_new(r->cat, &r->setup, &err);
	const char *why = NULL;

	if (h == NULL) {
		CHECK(r, P_REPLAY, false, "game_new: %s", err.text);
		return;
	}
	for (int i = 0; i < r->nlog && why == NULL; i++) {
		struct action a;
		if (action_parse_in(h, r->log[i], &a, &err) < 0 || game_apply(h, &a, &err) < 0)
			why = "an action refused";
	}
	if (why == NULL)
		why = differ(g, h);
	CHECK(r, P_REPLAY, why == NULL, "replay differs: %s (%s)", why, err.text);
	game_free(h);
}

/* The same game through the game file: played, saved, loaded. */
static void
check_file(struct run *r, const struct game *g)
{
	static const char *const names[] = {"alice", "bob", "carol", "dave", "eve", "fred"};
	char path[64], h1[GF_STATE_HEX + 1], h2[GF_STATE_HEX + 1];
	struct gf_error ge = {0};
	struct rules_error err = {0};
	struct gamefile *gf = gamefile_new(r->cat, &r->setup, names, &ge), *back = NULL;
	char *d1 = NULL, *d2 = NULL;
	const char *why = NULL;

	if (gf == NULL) {
		CHECK(r, P_FILE, false, "gamefile_new: %s", ge.text);
		return;
	}
	for (int i = 0; i < r->nlog && why == NULL; i++)
		if (gamefile_play(gf, r->log[i], &err) < 0)
			why = "gamefile_play refused an action";
	snprintf(path, sizeof(path), "t-combos-%ld.json", (long)getpid());
	if (why == NULL && (why = differ(g, gf->game)) == NULL) {
		if (gamefile_save(gf, path, true, &ge) < 0)
			why = "gamefile_save failed";
		else if ((back = gamefile_load(path, r->cat, &ge)) == NULL)
			why = "gamefile_load refused the saved game";
		else if (gamefile_state_hash(gf, h1) < 0 || gamefile_state_hash(back, h2) < 0 ||
			 strcmp(h1, h2) != 0)
			why = "state hashes differ";
		else if ((d1 = gamefile_dumps(gf)) == NULL || (d2 = gamefile_dumps(back)) == NULL ||
			 strcmp(d1, d2) != 0)
			why = "documents differ";
		else if (!back->game->over)
			why = "the loaded game is not over";
		unlink(path);
	}
	CHECK(r, P_FILE, why == NULL, "%s (%s%s)", why, err.text, ge.text);
	free(d1);
	free(d2);
	gamefile_free(back);
	gamefile_free(gf);
}

static void
play(struct run *r, uint32_t with, int id, bool file)
{
	struct rules_error err = {0};
	struct game *g;
	int before[MAX_PLAYERS];

	setup_of(r, with, id);
	if ((g = game_new(r->cat, &r->setup, &err)) == NULL) {
		CHECK(r, P_APPLY, false, "game_new: %s (%s)", err.text, err.rule ? err.rule : "");
		return;
	}
	check_figures(r, g);
	while (!g->over && r->nlog < MAX_ACTIONS) {
		struct decision d;
		char text[TEXT_MAX];
		int n, ev0 = g->nevents;

		game_decision(g, &d);
		n = list_actions(r, g);
		if (n == 0)
			break;
		check_listed(r, g, n);
		for (int p = 0; p < g->nplayers; p++)
			before[p] = g->player[p].score;
		const struct action *a = &r->buf[rng_next(r) % (uint32_t)n];
		action_format(g, a, text, sizeof(text));
		log_action(r, text);
		CHECK(r, P_APPLY, game_apply_by(g, d.player, a, &err) == 0,
		      "\"%s\" refused to its owner %d: %s", text, d.player, err.text);
		check_scores(r, g, before, ev0);
		check_figures(r, g);
	}
	struct decision d;
	game_decision(g, &d);
	CHECK(r, P_END, g->over && d.kind == DECISION_GAME_OVER && d.player == -1,
	      "not over after %d actions (decision %s)", r->nlog, d.name ? d.name : "?");
	check_replay(r, g);
	if (file)
		check_file(r, g);
	game_free(g);
}

static int
env_int(const char *name, int def)
{
	const char *v = getenv(name);

	return v && *v ? atoi(v) : def;
}

/* The games a combination plays: each as given, else by its size
 * (nlarger: the sets of four modules or more). */
static int
games_of(uint32_t with, int each, int scale, int nlarger)
{
	int size = __builtin_popcount(with);

	if (each > 0)
		return each;
	if (size <= 2)
		return scale * GAMES_PAIRS;
	if (size == 3)
		return scale * GAMES_MORE;
	return scale * (GAMES_LARGER / nlarger > 0 ? GAMES_LARGER / nlarger : 1);
}

static const char *
combo_name(uint32_t with, char *buf, size_t n)
{
	module_names(with, "+", buf, n);
	if (buf[0] == '\0')
		snprintf(buf, n, "base");
	return buf;
}

int
main(void)
{
	struct rules_error err = {0};
	struct run *r = calloc(1, sizeof(*r));
	uint32_t playable = 0, combos[1 << MODULE_COUNT];
	int ncombo = 0, refused = 0, nplayable = 0, each, scale, files, total = 0, nlarger = 0;

	if (r == NULL)
		bail_out("out of memory");
	r->cat = catalog_load_builtin(&err);
	if (r->cat == NULL)
		bail_out("catalog_load_builtin: %s", err.text);
	for (int i = 0; i < MODULE_COUNT; i++)
		if (module_info(i)->playable) {
			playable |= MODULE_BIT(i);
			nplayable++;
		}
	/* Every subset of the playable modules, the empty one first. */
	for (uint32_t w = 0;; w = (w - playable) & playable) {
		struct rules_error e = {0};
		if (module_combo_check(w, &e) == 0) {
			combos[ncombo++] = w;
			nlarger += __builtin_popcount(w) >= 4;
		} else
			refused++;
		if (w == playable)
			break;
	}
	each = env_int("CARC_COMBO_GAMES", 0);
	scale = env_int("CARC_COMBO_SCALE", 1);
	files = env_int("CARC_COMBO_FILES", 3);
	for (int c = 0; c < ncombo; c++)
		total += games_of(combos[c], each, scale, nlarger);
	diag("%d playable modules, %d combinations played, %d refused by the XEXP table, "
	     "%d games in all (%s), %d of each combination's through the game file",
	     nplayable, ncombo, refused, total,
	     each > 0 ? "CARC_COMBO_GAMES each" : "100 up to two modules, 8 for three, 3072 over the larger sets, times "
						  "CARC_COMBO_SCALE",
	     files);
	ok(ncombo == (1 << nplayable) - refused && ncombo >= 1,
	   "%d combinations + %d refused = 2^%d", ncombo, refused, nplayable);

	struct tally *tallies = calloc((size_t)ncombo * NPROP, sizeof(*tallies));
	if (tallies == NULL)
		bail_out("out of memory");
	for (int c = 0; c < ncombo; c++) {
		char name[128];
		r->t = &tallies[c * NPROP];
		for (int id = 0, n = games_of(combos[c], each, scale, nlarger); id < n; id++)
			play(r, combos[c], id, id < files);
		combo_name(combos[c], name, sizeof(name));
		for (int p = 0; p < NPROP; p++) {
			const struct tally *t = &r->t[p];
			ok(t->fails == 0 && (t->checks > 0 || p == P_FILE), "%s: %s (%ld checks)", name,
			   prop_names[p], t->checks);
			if (t->fails)
				diag("  %ld failures; first: %s", t->fails, t->first);
		}
	}
	free(tallies);
	catalog_free((struct catalog *)r->cat);
	free(r->buf);
	free(r->log);
	free(r);
	return done_testing();
}
