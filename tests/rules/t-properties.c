/* Property tests: thousands of seeded random games over every option
 * combination, with the engine's invariants checked after every action.
 *
 * Game number N (0, 1, 2, ...) fixes everything: the option combination
 * (N % 64: bit 0 edition, 1 farmers, 2 river, 3 abbot, 4 king-robber,
 * 5 river2), the players (2 + N / 64 % 4), the first player and the seed
 * (N as 8 little-endian bytes, then "carc-properties"). The players pick
 * uniformly among the listed actions with an ai_rng seeded from the game's
 * seed, exactly as ai_random_playout does, so a failing game replays with
 * the random player alone.
 *
 * Environment:
 *   CARC_PROPERTY_GAMES=N   games to play (default 2000; make check-long: 20000)
 *   CARC_PROPERTY_ONLY=N    play only game N and print its actions
 *   CARC_PROPERTY_WITH=LIST modules (as --with) on in every combination
 *
 * Results are aggregated: one TAP test point per property and option
 * combination; a failure prints the first failing game, turn and action.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "exp/exp.h"
#include "module.h"
#include "rules.h"
#include "tap.h"

#define DEFAULT_GAMES 2000 /* about 3 s at -O2, 12 s with ASan + UBSan */

#define NCOMBO 64 /* bit 4: king-robber, bit 5: River II (alone or with River I) */
#define TEXT_MAX 32
#define GRID 512          /* mark grid for coordinates -256..255 */
#define SWEEP_EVERY 8     /* about one decision in 8 tries every candidate */
#define SAMPLE 4          /* unlisted candidates tried at the other decisions */
#define RECLONE_TURNS 17  /* the mirror is re-cloned this often */

enum prop {
	P_FIGURES,
	P_FEATURES,
	P_SCORES,
	P_LISTED,
	P_UNLISTED,
	P_NOOP,
	P_CLONE,
	P_TEXT,
	P_END,
	P_REPLAY,
	P_TOKENS,
	P_TILES,
	P_NEEDS,
	NPROP
};

static const char *const prop_names[NPROP] = {
	[P_FIGURES] = "figures conserved: supply + board = 7 followers (+1 abbot, +1 big)",
	[P_FEATURES] = "feature figure counts match the figures standing on them",
	[P_SCORES] = "scores never decrease",
	[P_LISTED] = "listed actions are distinct, fit the decision, pass game_check",
	[P_UNLISTED] = "unlisted actions are refused with a rule or a reason",
	[P_NOOP] = "a refused game_apply changes nothing",
	[P_CLONE] = "a clone fed the same actions stays identical",
	[P_TEXT] = "actions survive action_format + action_parse",
	[P_END] = "game over, bag drawn, every tile placed or discarded",
	[P_REPLAY] = "seed + action text replays the same final state",
	[P_TOKENS] = "module tokens: held iff won, records never shrink (KING-3, UN-22)",
	[P_TILES] = "never more than 2 tiles in a turn (BUILDER-5)",
	[P_NEEDS] = "a builder or pig stands only with a figure of its owner's it needs "
		    "(BUILDER-6, PIG-4, UN-39)",
};

struct tally {
	long checks, fails;
	char first[768];
};

struct stats {
	int games;
	long actions, turns, discards, recalls, abbots, farmers, sweeps, aliases, doubles;
};

static struct tally tally[NCOMBO][NPROP];
static uint32_t extra_with; /* CARC_PROPERTY_WITH */
static struct stats stats[NCOMBO];

/* The observable state a refused action must not change. */
struct key {
	int score[MAX_PLAYERS];
	uint8_t supply[MAX_PLAYERS][FIG_TYPE_MAX];
	int16_t figseg[FIGURES_MAX];
	int nplaced, bag_next, nevents, over, turn;
	struct decision d;
};

struct run {
	int id, combo;
	struct game_setup setup;
	const struct catalog *cat;
	struct game *g, *mirror;
	/* game_copy'd from g at each reclone, into memory that held earlier
	 * positions and games (issue 23: computer players copy this way) */
	struct game *copy;
	struct game *replay; /* reused for every replay (game_reset) */
	struct ai_rng player_rng; /* the players' choices, as ai_random_playout */
	struct ai_rng test_rng;   /* which candidates to try */
	struct action *buf, *cand;
	int cap, ncand, capcand;
	char (*log)[TEXT_MAX];
	int nlog, caplog;
	int prev_score[MAX_PLAYERS];
	int prev_record[8];       /* module tokens' records (game_tokens) */
	int *count;               /* figures per feature root */
	int ncount;
	bool verbose;
	bool sweep;               /* try every candidate at this decision */
	uint8_t mark[GRID][GRID]; /* bits 0..3 listed rotation, bit 4 candidate cell */
};

static void
combo_options(int combo, struct rules_options *opt)
{
	rules_options_default(opt);
	opt->edition = 1 + (combo & 1);
	opt->farmers = (combo >> 1) & 1;
	module_set(opt, MOD_RIVER, (combo >> 2) & 1);
	module_set(opt, MOD_ABBOT, (combo >> 3) & 1);
	if ((combo >> 4) & 1)
		opt->with |= MODULE_BIT(MOD_KING_ROBBER);
	if ((combo >> 5) & 1)
		opt->with |= MODULE_BIT(MOD_RIVER2);
	opt->with |= extra_with;
}

static const char *
combo_name(int combo)
{
	static char names[NCOMBO][160];
	struct rules_options o;

	if (names[combo][0] == '\0') {
		combo_options(combo, &o);
		char with[80];
		module_names(extra_with, " +", with, sizeof(with));
		snprintf(names[combo], sizeof(names[combo]), "ed%d%s%s%s%s%s%s%s", o.edition,
			 o.farmers ? " +farmers" : "", module_on(&o, MOD_RIVER) ? " +river" : "",
			 module_on(&o, MOD_RIVER2) ? " +river2" : "", module_on(&o, MOD_ABBOT) ? " +abbot" : "",
			 module_on(&o, MOD_KING_ROBBER) ? " +king-robber" : "", *with ? " +" : "",
			 with);
	}
	return names[combo];
}

static void
seed_of(int id, uint8_t seed[SEED_BYTES])
{
	static const char tag[] = "carc-properties";
	uint64_t v = (uint64_t)id;

	memset(seed, 0, SEED_BYTES);
	for (int i = 0; i < 8; i++)
		seed[i] = (uint8_t)(v >> (8 * i));
	memcpy(seed + 8, tag, sizeof(tag) - 1);
}

static void
setup_of(int id, struct game_setup *s)
{
	memset(s, 0, sizeof(*s));
	combo_options(id % NCOMBO, &s->opt);
	s->nplayers = 2 + id / NCOMBO % 4;
	s->first_player = id / (4 * NCOMBO) % s->nplayers;
	s->start = -1;
	seed_of(id, s->seed);
}

/* ---- failures ---- */

static __attribute__((format(printf, 3, 4))) void
fail(struct run *r, int prop, const char *fmt, ...)
{
	struct tally *t = &tally[r->combo][prop];
	va_list ap;
	int n;

	if (t->fails++ > 0)
		return;
	n = snprintf(t->first, sizeof(t->first),
		     "game %d (%d players, first %d), turn %d, after %d actions%s%s: ", r->id,
		     r->setup.nplayers, r->setup.first_player, r->g ? r->g->turn : -1, r->nlog,
		     r->nlog ? ", last " : "", r->nlog ? r->log[r->nlog - 1] : "");
	if (n < 0 || (size_t)n >= sizeof(t->first))
		return;
	va_start(ap, fmt);
	vsnprintf(t->first + n, sizeof(t->first) - n, fmt, ap);
	va_end(ap);
}

#define CHECK(r, prop, cond, ...)                         \
	do {                                              \
		tally[(r)->combo][(prop)].checks++;       \
		if (!(cond))                              \
			fail((r), (prop), __VA_ARGS__);   \
	} while (0)

/* ---- small helpers ---- */

static bool
action_eq(const struct action *a, const struct action *b)
{
	return a->kind == b->kind && a->rot == b->rot && a->figure == b->figure &&
	       a->slot == b->slot && a->role == b->role && a->x == b->x && a->y == b->y &&
	       a->at_figure == b->at_figure && a->at_slot == b->at_slot;
}

static const char *
text_of(const struct game *g, const struct action *a)
{
	static char buf[4][TEXT_MAX];
	static int i;

	i = (i + 1) % 4;
	action_format(g, a, buf[i], sizeof(buf[i]));
	return buf[i];
}

static const struct tile_type *
placed_type(const struct game *g, int p)
{
	return &g->cat->types[g->placed[p].type];
}

/* Segment of the tile just placed that a figure action's slot names. */
static int
slot_segment(const struct game *g, int slot)
{
	const struct placed_tile *pt = &g->placed[g->nplaced - 1];
	const struct tile_type *t = &g->cat->types[pt->type];

	return tile_seg_at_slot(t, slot, pt->rot); /* border, centre, inner fields */
}

static bool
in_grid(int x, int y)
{
	return x >= -GRID / 2 && x < GRID / 2 && y >= -GRID / 2 && y < GRID / 2;
}

static uint8_t *
mark_at(struct run *r, int x, int y)
{
	return &r->mark[y + GRID / 2][x + GRID / 2];
}

static void
key_of(const struct game *g, struct key *k)
{
	memset(k, 0, sizeof(*k));
	for (int p = 0; p < g->nplayers; p++) {
		k->score[p] = g->player[p].score;
		memcpy(k->supply[p], g->player[p].supply, sizeof(k->supply[p]));
	}
	for (int i = 0; i < g->nfigures; i++)
		k->figseg[i] = g->figure[i].seg;
	k->nplaced = g->nplaced;
	k->bag_next = g->bag_next;
	k->nevents = g->nevents;
	k->over = g->over;
	k->turn = g->turn;
	game_decision(g, &k->d);
}

static bool
key_eq(const struct key *a, const struct key *b)
{
	return memcmp(a->score, b->score, sizeof(a->score)) == 0 &&
	       memcmp(a->supply, b->supply, sizeof(a->supply)) == 0 &&
	       memcmp(a->figseg, b->figseg, sizeof(a->figseg)) == 0 &&
	       a->nplaced == b->nplaced && a->bag_next == b->bag_next &&
	       a->nevents == b->nevents && a->over == b->over && a->turn == b->turn &&
	       a->d.kind == b->d.kind && a->d.player == b->d.player && a->d.tile == b->d.tile;
}

static bool
event_eq(const struct game_event *a, const struct game_event *b)
{
	return a->kind == b->kind && a->player == b->player && a->seg_kind == b->seg_kind &&
	       a->final == b->final && a->points == b->points && a->x == b->x &&
	       a->y == b->y && a->turn == b->turn && a->tile == b->tile &&
	       a->figure == b->figure && a->slot == b->slot && a->rot == b->rot;
}

/* Compares two games' whole visible outcome; says where they first differ. */
static bool
same_game(const struct game *a, const struct game *b, char *why, size_t n)
{
	if (a->nplayers != b->nplayers || a->nplaced != b->nplaced ||
	    a->nfigures != b->nfigures || a->nevents != b->nevents || a->over != b->over ||
	    a->bag_next != b->bag_next || a->turn != b->turn) {
		snprintf(why, n, "counts differ: placed %d/%d events %d/%d bag %d/%d turn %d/%d",
			 a->nplaced, b->nplaced, a->nevents, b->nevents, a->bag_next,
			 b->bag_next, a->turn, b->turn);
		return false;
	}
	for (int p = 0; p < a->nplayers; p++)
		if (a->player[p].score != b->player[p].score ||
		    memcmp(a->player[p].supply, b->player[p].supply, FIG_TYPE_MAX)) {
			snprintf(why, n, "player %d: score %d/%d", p, a->player[p].score,
				 b->player[p].score);
			return false;
		}
	for (int i = 0; i < a->nplaced; i++) {
		const struct placed_tile *s = &a->placed[i], *t = &b->placed[i];
		if (s->type != t->type || s->rot != t->rot || s->x != t->x || s->y != t->y ||
		    s->turn != t->turn || s->player != t->player) {
			snprintf(why, n, "placed tile %d differs", i);
			return false;
		}
	}
	for (int i = 0; i < a->nfigures; i++) {
		const struct figure *s = &a->figure[i], *t = &b->figure[i];
		if (s->seg != t->seg || s->owner != t->owner || s->type != t->type) {
			snprintf(why, n, "figure %d differs", i);
			return false;
		}
	}
	for (int i = 0; i < a->nevents; i++)
		if (!event_eq(&a->events[i], &b->events[i])) {
			snprintf(why, n, "event %d differs", i);
			return false;
		}
	if (a->ext_size != b->ext_size || (a->ext_size && memcmp(a->ext, b->ext, a->ext_size))) {
		snprintf(why, n, "the rule modules' state differs");
		return false;
	}
	return true;
}

/* ---- invariants after every action ---- */

static bool
figure_fits_kind(const struct game *g, int type, int kind)
{
	if (type == FIG_ABBOT)
		return kind == SEG_MONASTERY || kind == SEG_GARDEN;
	return kind == SEG_ROAD || kind == SEG_CITY || kind == SEG_MONASTERY ||
	       (kind == SEG_FIELD && g->opt.farmers);
}

static void
check_figures(struct run *r)
{
	const struct game *g = r->g;
	int board[MAX_PLAYERS][FIG_TYPE_MAX] = {{0}}, all[MAX_PLAYERS][FIG_TYPE_MAX] = {{0}};
	int want[FIG_TYPE_MAX] = {FOLLOWERS_PER_PLAYER, module_on(&g->opt, MOD_ABBOT) ? 1 : 0};

	for (int t = FIG_BASE_COUNT; t < FIG_TYPE_MAX; t++) /* a module's (IC-4: one big) */
		want[t] = figure_type_of(g, t) ? figure_type_of(g, t)->supply : 0;

	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		int p = f->seg / TILE_SEG_MAX, s = f->seg % TILE_SEG_MAX;
		CHECK(r, P_FIGURES, (f->loc == LOC_SEGMENT) == (f->seg >= 0),
		      "figure %d: location %d but segment %d", i, f->loc, f->seg);
		if (f->owner >= g->nplayers || f->type >= FIG_TYPE_MAX) {
			CHECK(r, P_FIGURES, false, "figure %d: owner %d type %d", i, f->owner,
			      f->type);
			continue;
		}
		all[f->owner][f->type]++;
		board[f->owner][f->type] += f->loc != LOC_SUPPLY; /* on a corner too (a barn) */
		if (f->seg < 0)
			continue;
		CHECK(r, P_FIGURES, p < g->nplaced && s < placed_type(g, p)->nsegs,
		      "figure %d on segment %d, not on a placed tile", i, f->seg);
		if (p < g->nplaced && s < placed_type(g, p)->nsegs)
			CHECK(r, P_FIGURES,
			      figure_fits_kind(g, f->type, placed_type(g, p)->seg[s].kind),
			      "figure %d (type %d) stands on a %s", i, f->type,
			      seg_kind_name(placed_type(g, p)->seg[s].kind));
	}
	for (int p = 0; p < g->nplayers; p++)
		for (int t = 0; t < FIG_TYPE_MAX; t++)
			CHECK(r, P_FIGURES,
			      all[p][t] == want[t] && g->player[p].supply[t] + board[p][t] == want[t],
			      "player %d type %d: %d figures, supply %d + board %d, want %d", p, t,
			      all[p][t], g->player[p].supply[t], board[p][t], want[t]);
}

/* Every feature's root count equals the figures found on it, figures or not. */
static void
check_features(struct run *r)
{
	const struct game *g = r->g;
	int need = g->nplaced * TILE_SEG_MAX;

	if (need > r->ncount) {
		free(r->count);
		r->ncount = need + 64 * TILE_SEG_MAX;
		r->count = calloc(r->ncount, sizeof(*r->count));
		if (r->count == NULL)
			bail_out("out of memory");
	}
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].seg >= 0 && g->figure[i].seg < need)
			r->count[game_feature_root(g, g->figure[i].seg)]++;
	for (int p = 0; p < g->nplaced; p++)
		for (int s = 0; s < placed_type(g, p)->nsegs; s++) {
			int root = game_feature_root(g, p * TILE_SEG_MAX + s);
			CHECK(r, P_FEATURES, g->feat[root].figures == r->count[root],
			      "segment %d (tile %d,%d): root %d counts %d figures, %d found",
			      s, g->placed[p].x, g->placed[p].y, root, g->feat[root].figures,
			      r->count[root]);
		}
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].seg >= 0 && g->figure[i].seg < need)
			r->count[game_feature_root(g, g->figure[i].seg)] = 0;
}

static void
check_scores(struct run *r)
{
	for (int p = 0; p < r->g->nplayers; p++) {
		CHECK(r, P_SCORES, r->g->player[p].score >= r->prev_score[p],
		      "player %d score went from %d to %d", p, r->prev_score[p],
		      r->g->player[p].score);
		r->prev_score[p] = r->g->player[p].score;
	}
}

static void
check_tokens(struct run *r)
{
	struct rules_token t[8];
	int n = game_tokens(r->g, t, 8);

	for (int i = 0; i < n && i < 8; i++) {
		CHECK(r, P_TOKENS, (t[i].holder >= 0) == (t[i].record > 0) || t[i].from_supply,
		      "the %s: holder %d, record %d", t[i].name, t[i].holder, t[i].record);
		CHECK(r, P_TOKENS, t[i].record >= r->prev_record[i],
		      "the %s's record went from %d to %d", t[i].name, r->prev_record[i],
		      t[i].record);
		r->prev_record[i] = t[i].record;
	}
}

/* issue 25.4: a second round in a turn (the builder's, River II's
 * lake), never a third (BUILDER-5). */
static void
check_tiles(struct run *r)
{
	int tiles = game_turn_tiles(r->g);

	CHECK(r, P_TILES, tiles <= 2, "turn %d has had %d tiles", r->g->turn, tiles);
}

/* Whether figure i's owner has a figure of a type it needs on its
 * feature (figure_type_def.needs). */
static bool
has_needed(const struct game *g, int i)
{
	const struct figure *f = &g->figure[i];
	int root = game_feature_root(g, f->seg);

	for (int k = 0; k < g->nfigures; k++) {
		const struct figure *o = &g->figure[k];
		if (o->owner == f->owner && o->seg >= 0 && (g->ftype[f->type]->needs >> o->type & 1) &&
		    game_feature_root(g, o->seg) == root)
			return true;
	}
	return false;
}

static void
check_needs(struct run *r)
{
	const struct game *g = r->g;

	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].seg >= 0 && g->ftype[g->figure[i].type]->needs)
			CHECK(r, P_NEEDS, has_needed(g, i), "figure %d (type %d) of player %d "
			      "stands alone at segment %d", i, g->figure[i].type, g->figure[i].owner,
			      g->figure[i].seg);
}

static void
check_state(struct run *r)
{
	check_figures(r);
	check_features(r);
	check_scores(r);
	check_tokens(r);
	check_tiles(r);
	check_needs(r);
}

/* ---- the listed actions ---- */

static void
check_text(struct run *r, const struct action *a)
{
	struct rules_error err = {0};
	struct action back;
	char text[TEXT_MAX];

	action_format(r->g, a, text, sizeof(text));
	CHECK(r, P_TEXT, action_parse_in(r->g, text, &back, &err) == 0 && action_eq(a, &back),
	      "\"%s\" parses back as \"%s\" (%s)", text, err.text[0] ? err.text : "",
	      err.text[0] ? "" : text_of(r->g, &back));
}

static int
list_actions(struct run *r, const struct decision *d)
{
	int max = game_legal_max(r->g), n;

	if (max > r->cap) {
		free(r->buf);
		r->cap = 2 * max;
		r->buf = malloc(sizeof(*r->buf) * r->cap);
		if (r->buf == NULL)
			bail_out("out of memory");
	}
	n = game_legal_actions(r->g, r->buf, r->cap);
	CHECK(r, P_LISTED, n >= 1 && n <= max,
	      "%d legal actions listed (bound %d) at a %s decision", n, max,
	      decision_kind_name(d->kind));
	/* Counting with no room (how callers size their buffer) agrees. */
	CHECK(r, P_LISTED, game_legal_actions(r->g, NULL, 0) == n,
	      "%d legal actions counted without a buffer, %d listed",
	      game_legal_actions(r->g, NULL, 0), n);
	CHECK(r, P_LISTED, n < 2 || game_legal_actions(r->g, r->buf, 1) == n,
	      "%d legal actions counted with room for 1, %d listed",
	      game_legal_actions(r->g, r->buf, 1), n);
	return n < 0 ? 0 : n > r->cap ? r->cap : n;
}

/* Whether a is a module's action answering the base decision named step
 * (the abbot's recall, a barn: place-figure; a gift opened: place-tile). */
static bool
answers(const struct game *g, const struct action *a, const char *step)
{
	const struct rules_action *ma = module_action(g, a->kind);

	return ma != NULL && strcmp(ma->step, step) == 0;
}

/* Marks listed placements on the grid; a second mark is a duplicate. */
static void
check_listed_places(struct run *r, int n)
{
	for (int i = 0; i < n; i++) {
		const struct action *a = &r->buf[i];
		uint8_t *m;
		if (answers(r->g, a, "place-tile")) /* a card opened before the tile */
			continue;
		if (a->kind != ACT_PLACE_TILE || a->rot > 3 || !in_grid(a->x, a->y)) {
			CHECK(r, P_LISTED, false, "listed action %d \"%s\" at a place-tile decision",
			      i, text_of(r->g, a));
			continue;
		}
		m = mark_at(r, a->x, a->y);
		CHECK(r, P_LISTED, !(*m & 1 << a->rot), "\"%s\" listed twice", text_of(r->g, a));
		*m |= (uint8_t)(1 << a->rot);
	}
}

static void
check_listed_figures(struct run *r, int n)
{
	int passes = 0;

	for (int i = 0; i < n; i++) {
		const struct action *a = &r->buf[i];
		passes += a->kind == ACT_PASS;
		CHECK(r, P_LISTED, a->kind == ACT_PASS || answers(r->g, a, "place-figure") ||
				   (a->kind == ACT_FIGURE && slot_segment(r->g, a->slot) != SEG_NONE),
		      "listed action %d \"%s\" at a place-figure decision", i, text_of(r->g, a));
		for (int j = 0; j < i; j++)
			CHECK(r, P_LISTED, !action_eq(a, &r->buf[j]), "\"%s\" listed twice",
			      text_of(r->g, a));
	}
	CHECK(r, P_LISTED, passes == 1, "pass listed %d times", passes);
}

/* A module's decision (the Cathars' escape): its own actions, each once,
 * and pass at most once; game_check decides the rest (check_listed). */
static void
check_listed_module(struct run *r, const struct decision *d, int n)
{
	int passes = 0;

	for (int i = 0; i < n; i++) {
		const struct action *a = &r->buf[i];
		passes += a->kind == ACT_PASS;
		CHECK(r, P_LISTED, a->kind != ACT_PLACE_TILE && a->kind != ACT_FIGURE,
		      "listed action %d \"%s\" at a %s decision", i, text_of(r->g, a), d->name);
		for (int j = 0; j < i; j++)
			CHECK(r, P_LISTED, !action_eq(a, &r->buf[j]), "\"%s\" listed twice",
			      text_of(r->g, a));
	}
	CHECK(r, P_LISTED, passes <= 1, "pass listed %d times", passes);
}

/* Issue 23: the random player counts and picks by index without listing
 * placements; it must see the list's count and order exactly. */
static void
check_nth(struct run *r, int n)
{
	CHECK(r, P_LISTED, game_legal_count(r->g, r->buf, r->cap) == n,
	      "game_legal_count says %d, %d listed", game_legal_count(r->g, r->buf, r->cap), n);
	for (int i = 0; i < n; i++) {
		struct action a = game_legal_nth(r->g, i, r->buf);
		CHECK(r, P_LISTED, action_eq(&a, &r->buf[i]), "game_legal_nth(%d) is \"%s\", listed \"%s\"",
		      i, text_of(r->g, &a), text_of(r->g, &r->buf[i]));
	}
}

static void
check_listed(struct run *r, const struct decision *d, int n)
{
	struct rules_error err;

	if (d->kind == DECISION_PLACE_TILE)
		check_listed_places(r, n);
	else if (d->kind == DECISION_PLACE_FIGURE)
		check_listed_figures(r, n);
	else
		check_listed_module(r, d, n);
	check_nth(r, n);
	for (int i = 0; i < n; i++) {
		memset(&err, 0, sizeof(err));
		CHECK(r, P_LISTED, game_check(r->g, &r->buf[i], &err) == 0,
		      "listed \"%s\" refused: [%s] %s", text_of(r->g, &r->buf[i]), err.rule,
		      err.text);
		if (r->sweep)
			check_text(r, &r->buf[i]);
	}
}

static void
unmark_listed(struct run *r, const struct decision *d, int n)
{
	if (d->kind != DECISION_PLACE_TILE)
		return;
	for (int i = 0; i < n; i++)
		if (in_grid(r->buf[i].x, r->buf[i].y))
			*mark_at(r, r->buf[i].x, r->buf[i].y) = 0;
}

/* ---- candidates the engine did not list ---- */

static void
cand_add(struct run *r, const struct action *a)
{
	if (r->ncand == r->capcand) {
		r->capcand = r->capcand ? 2 * r->capcand : 1024;
		r->cand = realloc(r->cand, sizeof(*r->cand) * r->capcand);
		if (r->cand == NULL)
			bail_out("out of memory");
	}
	r->cand[r->ncand++] = *a;
}

static void
cand_text(struct run *r, const char *text)
{
	struct rules_error err = {0};
	struct action a;

	CHECK(r, P_TEXT, action_parse(text, &a, &err) == 0, "\"%s\" does not parse: %s",
	      text, err.text);
	if (err.code == RERR_NONE)
		cand_add(r, &a);
}

/* Every empty cell next to a tile (listed or not, the engine must decide)
 * in every rotation not listed; cells farther out and tiles already down
 * come from random_candidate; and some oddities. */
static void
place_candidates(struct run *r)
{
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
	const struct game *g = r->g;

	for (int p = 0; p < g->nplaced; p++)
		for (int side = 0; side < 4; side++) {
			int x = g->placed[p].x + dx[side], y = g->placed[p].y + dy[side];
			uint8_t *m;
			if (!in_grid(x, y) || game_placed_at(g, x, y) >= 0)
				continue;
			m = mark_at(r, x, y);
			if (*m & 0x10)
				continue;
			*m |= 0x10;
			for (int rot = 0; rot < 4; rot++)
				if (!(*m & 1 << rot))
					cand_add(r, &(struct action){.kind = ACT_PLACE_TILE,
								     .rot = (uint8_t)rot,
								     .x = (int16_t)x,
								     .y = (int16_t)y});
		}
	for (int p = 0; p < g->nplaced; p++) /* forget the cells seen */
		for (int side = 0; side < 4; side++)
			if (in_grid(g->placed[p].x + dx[side], g->placed[p].y + dy[side]))
				*mark_at(r, g->placed[p].x + dx[side],
					 g->placed[p].y + dy[side]) &= 0x0f;
	cand_add(r, &(struct action){.kind = ACT_PLACE_TILE, .rot = 4, .x = r->buf[0].x,
				     .y = r->buf[0].y});
	cand_text(r, "place 0 0 0");
	cand_text(r, "place 30000 -30000 90");
	cand_text(r, "place -30000 30000 0");
	cand_text(r, "pass");
	cand_text(r, "recall");
	cand_text(r, "knight N");
	cand_text(r, "monk");
	cand_text(r, "abbot");
}

/* Every role word on every slot, and the rest; parsed once (main). */
static struct action figure_cands[128];
static int nfigure_cands;

static int
figure_candidates_init(void)
{
	static const char *const words[] = {"thief", "knight", "farmer", "monk", "abbot"};
	static const char *const more[] = {"monk", "abbot", "pass", "recall", "place 0 0 0",
					   "place 0 1 90", "PASS", "Knight n"};
	struct rules_error err;
	char text[TEXT_MAX];
	int bad = 0;

	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
		for (int s = 0; s <= SLOT_CENTRE; s++) {
			snprintf(text, sizeof(text), "%s %s", words[w], slot_name(s));
			bad += action_parse(text, &figure_cands[nfigure_cands++], &err) < 0;
		}
	for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++)
		bad += action_parse(more[i], &figure_cands[nfigure_cands++], &err) < 0;
	figure_cands[nfigure_cands++] = (struct action){
		.kind = ACT_FIGURE, .figure = FIG_TYPE_MAX, .slot = SLOT_N, .role = SEG_ROAD};
	figure_cands[nfigure_cands++] = (struct action){
		.kind = ACT_FIGURE, .figure = FIG_FOLLOWER, .slot = SLOT_CENTRE + 1,
		.role = SEG_ROAD};
	return bad;
}

static void
figure_candidates(struct run *r)
{
	for (int i = 0; i < nfigure_cands; i++)
		cand_add(r, &figure_cands[i]);
}

/* The feature a slot of the tile just placed belongs to, or -1 (also
 * when no tile is placed yet: a decision before the draw, the abbey's). */
static int
slot_feature(const struct game *g, int slot)
{
	int seg = g->last_placed >= 0 ? slot_segment(g, slot) : SEG_NONE;

	if (seg == SEG_NONE)
		return -1;
	return game_feature_root(g, g->last_placed * TILE_SEG_MAX + seg);
}

/* Listed, or another name for a listed figure action (another slot of the
 * same feature: the engine lists a feature once but accepts any of its
 * slots), so those are not tried. Placements listed are marked on the grid. */
static bool
listed_or_alias(struct run *r, const struct decision *d, const struct action *c, int n)
{
	int feature;

	if (d->kind == DECISION_PLACE_TILE)
		return c->kind == ACT_PLACE_TILE && c->rot < 4 && in_grid(c->x, c->y) &&
		       (*mark_at(r, c->x, c->y) & 1 << c->rot);
	feature = c->kind == ACT_FIGURE ? slot_feature(r->g, c->slot) : -1;
	for (int i = 0; i < n; i++) {
		const struct action *a = &r->buf[i];
		if (action_eq(a, c))
			return true;
		if (a->kind == ACT_FIGURE && c->kind == ACT_FIGURE && a->figure == c->figure &&
		    a->role == c->role && feature >= 0 && slot_feature(r->g, a->slot) == feature) {
			stats[r->combo].aliases++;
			return true;
		}
	}
	return false;
}

static void reclone(struct run *r);

/* A refused action must leave the game as it was: tried on the mirror. */
static void
check_noop(struct run *r, const struct action *a)
{
	struct rules_error err = {0};
	struct key before, after;
	int rc;

	key_of(r->mirror, &before);
	rc = game_apply(r->mirror, a, &err);
	CHECK(r, P_NOOP, rc < 0, "game_apply accepted \"%s\"", text_of(r->g, a));
	key_of(r->mirror, &after);
	CHECK(r, P_NOOP, key_eq(&before, &after), "refused \"%s\" changed the game",
	      text_of(r->g, a));
	if (rc == 0 || !key_eq(&before, &after))
		reclone(r); /* one failure, not a cascade of clone failures */
}

static void
try_unlisted(struct run *r, const struct action *a, bool apply)
{
	struct rules_error err;
	int rc;

	memset(&err, 0, sizeof(err));
	rc = game_check(r->g, a, &err);
	CHECK(r, P_UNLISTED, rc < 0, "unlisted \"%s\" accepted", text_of(r->g, a));
	CHECK(r, P_UNLISTED, rc == 0 || err.rule[0] || err.text[0],
	      "unlisted \"%s\" refused without a reason", text_of(r->g, a));
	if (apply)
		check_noop(r, a);
}

/* One candidate without building them all: a placement near a random
 * tile, or one of the figure candidates. */
static const struct action *
random_candidate(struct run *r, const struct decision *d)
{
	static struct action a;
	const struct placed_tile *pt;

	if (d->kind != DECISION_PLACE_TILE)
		return &figure_cands[ai_rng_below(&r->test_rng, nfigure_cands)];
	pt = &r->g->placed[ai_rng_below(&r->test_rng, r->g->nplaced)];
	a = (struct action){.kind = ACT_PLACE_TILE,
			    .rot = (uint8_t)ai_rng_below(&r->test_rng, 4),
			    .x = (int16_t)(pt->x + (int)ai_rng_below(&r->test_rng, 5) - 2),
			    .y = (int16_t)(pt->y + (int)ai_rng_below(&r->test_rng, 5) - 2)};
	return &a;
}

static void
check_unlisted(struct run *r, const struct decision *d, int n)
{
	bool applied = false;

	if (r->sweep) {
		r->ncand = 0;
		if (d->kind == DECISION_PLACE_TILE)
			place_candidates(r);
		else
			figure_candidates(r);
		for (int i = 0; i < r->ncand; i++)
			if (!listed_or_alias(r, d, &r->cand[i], n)) {
				try_unlisted(r, &r->cand[i], !applied);
				applied = true;
			}
		return;
	}
	for (int k = 0; k < SAMPLE; k++) {
		const struct action *c = random_candidate(r, d);
		if (!listed_or_alias(r, d, c, n)) {
			try_unlisted(r, c, !applied);
			applied = true;
		}
	}
}

/* ---- one game ---- */

static void
log_action(struct run *r, const struct action *a)
{
	if (r->nlog == r->caplog) {
		r->caplog = r->caplog ? 2 * r->caplog : 256;
		r->log = realloc(r->log, sizeof(*r->log) * r->caplog);
		if (r->log == NULL)
			bail_out("out of memory");
	}
	action_format(r->g, a, r->log[r->nlog], TEXT_MAX);
	r->nlog++;
}

static void
count_action(struct run *r, const struct action *a)
{
	struct stats *s = &stats[r->combo];

	s->actions++;
	s->turns += a->kind == ACT_PLACE_TILE;
	/* a tile placed in a turn that had one already */
	s->doubles += a->kind == ACT_PLACE_TILE && game_turn_tiles(r->g) > 1;
	s->recalls += a->kind == ACT_RECALL;
	s->abbots += a->kind == ACT_FIGURE && a->figure == FIG_ABBOT;
	s->farmers += a->kind == ACT_FIGURE && a->role == SEG_FIELD;
}

static void
reclone(struct run *r)
{
	game_free(r->mirror);
	r->mirror = game_clone(r->g);
	if (r->mirror == NULL)
		bail_out("game_clone failed");
	if (r->copy == NULL || game_copy(r->copy, r->g) < 0) {
		game_free(r->copy);
		if ((r->copy = game_clone(r->g)) == NULL)
			bail_out("game_clone failed");
	}
}

/* The copy plays as the game does (it has no event log of its own past). */
static void
check_copy(struct run *r, const struct action *a, const struct key *kg)
{
	struct rules_error err = {0};
	struct key kc;

	CHECK(r, P_CLONE, game_apply(r->copy, a, &err) == 0, "the copy refused it: %s", err.text);
	key_of(r->copy, &kc);
	kc.nevents = kg->nevents;
	CHECK(r, P_CLONE, key_eq(kg, &kc), "the copy's state differs (game_copy)");
}

/* One decision: check the listing and the refusals, then play. Returns
 * false when the game cannot go on. */
static bool
step(struct run *r)
{
	struct decision d;
	struct rules_error err = {0};
	struct key kg, km;
	struct action a;
	int n;

	game_decision(r->g, &d);
	if (d.kind == DECISION_PLACE_TILE && r->g->turn % RECLONE_TURNS == 0)
		reclone(r);
	r->sweep = ai_rng_below(&r->test_rng, SWEEP_EVERY) == 0;
	stats[r->combo].sweeps += r->sweep;
	n = list_actions(r, &d);
	if (n == 0)
		return false;
	check_listed(r, &d, n);
	check_unlisted(r, &d, n);
	unmark_listed(r, &d, n);

	a = r->buf[ai_rng_below(&r->player_rng, (uint32_t)n)];
	check_text(r, &a);
	log_action(r, &a);
	count_action(r, &a);
	if (r->verbose)
		diag("turn %d player %d: %s", r->g->turn, d.player, r->log[r->nlog - 1]);
	if (game_apply(r->g, &a, &err) < 0) {
		CHECK(r, P_LISTED, false, "game_apply refused the listed action: [%s] %s",
		      err.rule, err.text);
		return false;
	}
	CHECK(r, P_CLONE, game_apply(r->mirror, &a, &err) == 0, "the clone refused it");
	key_of(r->g, &kg);
	key_of(r->mirror, &km);
	CHECK(r, P_CLONE, key_eq(&kg, &km), "the clone's state differs");
	check_copy(r, &a, &kg);
	check_state(r);
	return true;
}

static int
count_discards(const struct game *g)
{
	int n = 0;

	for (int i = 0; i < g->nevents; i++)
		n += g->events[i].kind == EV_DISCARD;
	return n;
}

/* Tiles on the board the pile never deals (no copies: the abbeys, put
 * down from the players' supplies), the start tile aside. */
static int
count_outside(const struct game *g)
{
	int n = 0;

	for (int i = 1; i < g->nplaced; i++)
		n += module_tile_copies(g->cat, &g->opt, g->placed[i].type) == 0;
	return n;
}

static void
check_end(struct run *r)
{
	const struct game *g = r->g;
	struct rules_error err = {0};
	struct decision d;
	int discards = count_discards(g), outside = count_outside(g);

	game_decision(g, &d);
	stats[r->combo].discards += discards;
	CHECK(r, P_END, g->over && d.kind == DECISION_GAME_OVER, "the game is not over");
	CHECK(r, P_END, game_legal_actions(g, r->buf, r->cap) == 0,
	      "actions listed after the end");
	CHECK(r, P_END, game_check(g, &(struct action){.kind = ACT_PASS}, &err) < 0 &&
			       err.code == RERR_GAME_OVER,
	      "pass after the end not refused as game over");
	CHECK(r, P_END, g->bag_next == g->bag_len, "bag drawn to %d of %d", g->bag_next,
	      g->bag_len);
	/* a tile drawn and put back (a dragon tile set aside, DRAGON-1) is
	 * in the bag twice: drawn, and again where it went back */
	CHECK(r, P_END, g->nplaced - 1 - outside + discards + game_returned(g) == g->bag_len,
	      "%d placed (and %d from outside the pile) + %d discarded + %d returned, bag "
	      "of %d",
	      g->nplaced - 1 - outside, outside, discards, game_returned(g), g->bag_len);
	CHECK(r, P_END, game_tiles_left(g) == 0, "%d tiles left", game_tiles_left(g));
	CHECK(r, P_CLONE, same_game(g, r->mirror, err.text, sizeof(err.text)),
	      "the clone ends differently: %s", err.text);
}

/* The replay reuses one game object for every game (game_reset), so it
 * also checks that a reset game, whatever it held before, plays exactly
 * like a new one. */
static struct game *
replay_game(struct run *r, struct rules_error *err)
{
	if (r->replay == NULL)
		r->replay = game_new(r->cat, &r->setup, err);
	else if (game_reset(r->replay, &r->setup, err) < 0) {
		game_free(r->replay);
		r->replay = NULL;
	}
	return r->replay;
}

static void
check_replay(struct run *r)
{
	struct rules_error err = {0};
	struct game *g = replay_game(r, &err);
	struct action a;
	char why[sizeof(err.text) + 64] = "";
	bool good = g != NULL;

	for (int i = 0; good && i < r->nlog; i++) {
		memset(&err, 0, sizeof(err));
		good = action_parse_in(g, r->log[i], &a, &err) == 0 && game_apply(g, &a, &err) == 0;
		if (!good)
			snprintf(why, sizeof(why), "action %d \"%s\": [%s] %s", i, r->log[i],
				 err.rule, err.text);
	}
	if (good && !same_game(r->g, g, why, sizeof(why)))
		good = false;
	CHECK(r, P_REPLAY, good, "replay: %s", why);
}

static void
play(struct run *r, int id)
{
	struct rules_error err = {0};
	uint8_t tseed[SEED_BYTES];

	r->id = id;
	r->combo = id % NCOMBO;
	r->nlog = 0;
	r->g = NULL;
	setup_of(id, &r->setup);
	memset(r->prev_score, 0, sizeof(r->prev_score));
	memset(r->prev_record, 0, sizeof(r->prev_record));
	ai_rng_seed(&r->player_rng, r->setup.seed);
	memcpy(tseed, r->setup.seed, SEED_BYTES);
	tseed[SEED_BYTES - 1] ^= 0x5a;
	ai_rng_seed(&r->test_rng, tseed);
	r->g = game_new(r->cat, &r->setup, &err);
	if (r->g == NULL) {
		CHECK(r, P_END, false, "game_new: %s", err.text);
		return;
	}
	r->mirror = NULL;
	reclone(r);
	check_state(r);
	while (!r->g->over && step(r))
		;
	check_end(r);
	check_replay(r);
	stats[r->combo].games++;
	game_free(r->mirror);
	game_free(r->g);
	r->g = r->mirror = NULL;
}

/* ---- report ---- */

static void
report(void)
{
	for (int c = 0; c < NCOMBO; c++) {
		const struct stats *s = &stats[c];
		if (s->games == 0)
			continue;
		diag("%s: %d games, %ld turns, %ld actions, %ld discards, %ld recalls, "
		     "%ld abbots, %ld farmers, %ld sweeps, %ld aliases skipped, %ld second tiles",
		     combo_name(c), s->games, s->turns, s->actions, s->discards, s->recalls,
		     s->abbots, s->farmers, s->sweeps, s->aliases, s->doubles);
		for (int p = 0; p < NPROP; p++) {
			const struct tally *t = &tally[c][p];
			ok(t->fails == 0, "%s: %s (%ld checks)", combo_name(c), prop_names[p],
			   t->checks);
			if (t->fails)
				diag("  %ld failures; first: %s", t->fails, t->first);
		}
	}
}

static int
env_int(const char *name, int def)
{
	const char *v = getenv(name);

	return v && *v ? atoi(v) : def;
}

int
main(void)
{
	struct rules_error err = {0};
	struct run *r = calloc(1, sizeof(*r));
	int games = env_int("CARC_PROPERTY_GAMES", DEFAULT_GAMES);
	int only = env_int("CARC_PROPERTY_ONLY", -1), bad;
	const char *with = getenv("CARC_PROPERTY_WITH");
	char why[200];

	if (r == NULL)
		bail_out("out of memory");
	if (with && *with && module_parse_list(with, &extra_with, why, sizeof(why)) < 0)
		bail_out("CARC_PROPERTY_WITH: %s", why);
	r->cat = catalog_load_builtin(&err);
	if (r->cat == NULL)
		bail_out("catalog_load_builtin: %s", err.text);
	bad = figure_candidates_init();
	is_int(bad, 0, "%d figure candidates parse", nfigure_cands);
	if (only >= 0) {
		r->verbose = true;
		play(r, only);
	} else {
		for (int id = 0; id < games; id++)
			play(r, id);
	}
	report();
	game_free(r->replay);
	game_free(r->copy);
	catalog_free((struct catalog *)r->cat);
	free(r->buf);
	free(r->cand);
	free(r->log);
	free(r->count);
	free(r);
	return done_testing();
}
