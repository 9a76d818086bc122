/* The engine's data tables (src/rules/seg_kind.c, figure_type.c): names,
 * role words and letters unique; scoring events carry their rule ids; a
 * test module's figure rows (tests only) prove strengths other than 1,
 * dependent figures that leave with the figure they need, and games of
 * more than 64 figures. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "module.h"
#include "engine.h"
#include "tap.h"
#include "mayor-row.h"

/* ---- the tables ---- */

static void
test_names(void)
{
	const char *words[SEG_KIND_COUNT + FIG_TYPE_MAX + 1];
	char letters[SEG_KIND_COUNT + FIG_TYPE_MAX + 1] = "", listed[SEG_KIND_COUNT + FIG_TYPE_MAX + 1];
	int n = rules_role_words(NULL, words, listed), dup = 0, nl = 0;

	ok(n >= 5, "%d role words (thief knight farmer monk abbot)", n);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			dup += strcasecmp(words[i], words[j]) == 0;
	is_int(dup, 0, "every role word is unique");

	for (int k = 0; k < SEG_KIND_COUNT; k++) {
		is_str(seg_kind_name(k), seg_kinds[k].name, "seg_kind_name(%d) is the table's", k);
		is_int(seg_kind_parse(seg_kinds[k].name), k, "%s parses back", seg_kinds[k].name);
		if (seg_kinds[k].role) {
			is_int(seg_kind_of_role(seg_kinds[k].role), k, "role %s names the %s",
			       seg_kinds[k].role, seg_kinds[k].name);
			ok(seg_kinds[k].letter && seg_kinds[k].drawing != DRAW_NONE,
			   "role %s has a letter and a drawing", seg_kinds[k].role);
			letters[nl++] = seg_kinds[k].letter;
		}
	}
	for (int t = 0; t < FIG_BASE_COUNT; t++) {
		const struct figure_type_def *row = figure_type_of(NULL, t);
		is_int(row->id, t, "row %s has id %d", row->name, t);
		if (row->letter)
			letters[nl++] = row->letter;
	}
	/* then the built-in modules' rows with a role word of their own (the
	 * wagon's w, the barn's b) */
	{
		const struct figure_type_def *rows[FIG_TYPE_MAX];
		int nrows = rules_figure_rows(NULL, rows, FIG_TYPE_MAX);
		for (int i = 0; i < nrows && i < FIG_TYPE_MAX; i++)
			if (rows[i]->id >= FIG_BASE_COUNT && rows[i]->role && rows[i]->letter)
				letters[nl++] = rows[i]->letter;
	}
	dup = 0;
	for (int i = 0; i < nl; i++)
		dup += strchr(letters + i + 1, letters[i]) != NULL;
	is_int(dup, 0, "every text-map letter is unique (%s)", letters);
	is_str(listed, letters, "rules_role_words gives the same letters");
	ok(figure_role_letter(NULL, SEG_CITY, FIG_FOLLOWER) == 'k' &&
		   figure_role_letter(NULL, SEG_MONASTERY, FIG_ABBOT) == 'a',
	   "letters come from the rows: a knight k, an abbot a");
	ok(figure_type_centre(&figure_type_abbot) && !figure_type_centre(&figure_type_follower),
	   "the abbot names no place; a follower does");
	ok(seg_kinds[SEG_ROAD].closable && seg_kinds[SEG_CITY].closable &&
		   seg_kinds[SEG_MONASTERY].cloister && seg_kinds[SEG_GARDEN].cloister &&
		   !seg_kinds[SEG_FIELD].scores && seg_kinds[SEG_FIELD].farm_city == 3,
	   "completion and scoring as RULES.md 1.5, 1.6, FARM-8");
}

/* ---- helpers ---- */

static struct catalog *cat;

static struct game *
new_game(int nplayers, const char *const *tiles, int ntiles, bool abbot,
	 const struct figure_type_def *const *extra, int nextra)
{
	struct game_setup s = {.nplayers = nplayers, .start = -1};
	struct rules_error err;
	static int order[64];
	struct game *g;

	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_ABBOT, abbot);
	s.opt.edition = 2;
	for (int i = 0; i < ntiles; i++)
		order[i] = catalog_find(cat, tiles[i]);
	s.order = ntiles ? order : NULL;
	s.norder = ntiles;
	g = game_new(cat, &s, &err);
	if (g == NULL) {
		diag("game_new: %s", err.text);
		return NULL;
	}
	/* the test rows after the modules' (the abbot's), as game_init does */
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int n = 0;
	for (int i = 0; i < g->nmods; i++)
		for (int k = 0; k < g->mods[i]->nfigure_types; k++)
			rows[n++] = g->mods[i]->figure_types[k];
	for (int i = 0; i < nextra; i++)
		rows[n++] = extra[i];
	if (nextra && figure_types_build(g, rows, n, &err) < 0) {
		diag("figure_types_build: %s", err.text);
		game_free(g);
		return NULL;
	}
	return g;
}

static int
play(struct game *g, const char *text)
{
	struct rules_error err;
	struct action a;

	if (action_parse_in(g, text, &a, &err) < 0 || game_apply(g, &a, &err) < 0) {
		diag("%s: %s (%s)", text, err.text, err.rule);
		return -1;
	}
	return 0;
}

static bool
is_legal(const struct game *g, const char *text)
{
	struct action buf[256];
	char s[64];
	int n = game_legal_actions(g, buf, 256);

	for (int i = 0; i < n && i < 256; i++) {
		action_format(g, &buf[i], s, sizeof(s));
		if (strcmp(s, text) == 0)
			return true;
	}
	return false;
}

/* ---- point 6: an unknown action kind in a figure decision ---- */

static void
test_unknown_kind(void)
{
	static const char *const tiles[] = {"BA/RFr", "BA/L"};
	struct game *g = new_game(2, tiles, 2, false, NULL, 0);
	struct rules_error err;
	struct action bad = {.kind = ACT_KIND_COUNT + 3};
	int events, step;

	if (!ok(g && play(g, "place 1 0 0") == 0, "a tile placed: a figure is due"))
		return;
	events = g->nevents, step = g->nframes;
	is_int(game_check(g, &bad, &err), -1, "an unknown action kind is refused, not a pass");
	is_int(err.code, RERR_PARSE, "as a malformed action");
	is_int(game_apply(g, &bad, &err), -1, "game_apply refuses it too");
	ok(g->nevents == events && g->nframes == step && !g->over,
	   "and nothing changed (the figure decision is still due)");
	game_free(g);

	/* where a figure may stand, said from its row */
	g = new_game(2, tiles, 2, true, NULL, 0);
	if (g && play(g, "place 1 0 0") == 0) {
		struct action abbot = {.kind = ACT_FIGURE, .figure = FIG_ABBOT, .slot = SLOT_E,
				       .role = SEG_KIND_COUNT};
		ok(game_check(g, &abbot, &err) < 0 && strcmp(err.rule, "ABBOT-3") == 0 &&
			   strstr(err.text, "only on a monastery or a garden, not on the road"),
		   "ABBOT-3: %s", err.text);
	}
	game_free(g);
}

/* ---- point 5: rule ids on scoring events ---- */

static bool
rule_fits(const struct game_event *ev)
{
	static const char *const want[SEG_KIND_COUNT][2] = {
		[SEG_ROAD] = {"BASE-FINAL-1", "BASE-SCORE-ROAD-2"},
		[SEG_CITY] = {"BASE-FINAL-2", "BASE-SCORE-CITY-2"},
		[SEG_FIELD] = {"FARM-8", NULL},
		[SEG_MONASTERY] = {"BASE-FINAL-3", "BASE-SCORE-MON-3"},
		[SEG_GARDEN] = {"ABBOT-7", "ABBOT-5"},
	};

	if (ev->rule == NULL)
		return false;
	if (strcmp(ev->rule, "ABBOT-6") == 0) /* a recall, during the game */
		return !ev->final && (ev->seg_kind == SEG_MONASTERY || ev->seg_kind == SEG_GARDEN);
	return want[ev->seg_kind][!ev->final] && strcmp(ev->rule, want[ev->seg_kind][!ev->final]) == 0;
}

static void
random_game(struct game *g, uint32_t seed)
{
	int cap = game_legal_cap(g);
	struct action *buf = malloc(sizeof(*buf) * cap);
	struct rules_error err;

	while (!g->over) {
		int n = game_legal_actions(g, buf, cap);
		seed = seed * 1103515245u + 12345u;
		if (game_apply(g, &buf[(seed >> 8) % n], &err) < 0) {
			diag("refused: %s", err.text);
			break;
		}
	}
	free(buf);
}

static void
test_rule_ids(void)
{
	int scores = 0, bad = 0, recalls = 0;

	for (int i = 0; i < 40; i++) {
		struct game *g = new_game(2 + i % 4, NULL, 0, i % 2, NULL, 0);
		if (g == NULL)
			continue;
		random_game(g, (uint32_t)i);
		for (int e = 0; e < g->nevents; e++) {
			const struct game_event *ev = &g->events[e];
			if (ev->kind != EV_SCORE)
				continue;
			scores++;
			recalls += ev->rule && strcmp(ev->rule, "ABBOT-6") == 0;
			if (!rule_fits(ev) && bad++ < 3)
				diag("%s score for a %s (final %d): rule %s", ev->final ? "end" : "game",
				     seg_kind_name(ev->seg_kind), ev->final, ev->rule ? ev->rule : "none");
		}
		game_free(g);
	}
	ok(scores > 100, "%d scoring events in 40 random games", scores);
	is_int(bad, 0, "every one names its rule (BASE-SCORE-*, BASE-FINAL-*, FARM-8, ABBOT-*)");
	ok(recalls > 0, "%d abbot recalls say ABBOT-6", recalls);
}

/* ---- a test module's figures (tests only) ---- */

enum { FIG_T_BIG = FIG_BASE_COUNT, FIG_T_HELPER };

/* Strength 2, like a big follower. */
static const struct figure_type_def t_big = {
	.id = FIG_T_BIG,
	.name = "big",
	.role = "big",
	.letter = 'g',
	.drawing = DRAW_MEEPLE,
	.stand = 1u << SEG_ROAD | 1u << SEG_CITY,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.strength = 2,
	.supply = 5,
	.rule = "TEST-1",
	.stand_rule = "TEST-2",
};

/* Needs its owner's follower or big one on the feature, occupies
 * nothing, scores nothing: like a builder. */
static const struct figure_type_def t_helper = {
	.id = FIG_T_HELPER,
	.name = "helper",
	.role = "helper",
	.letter = 'h',
	.drawing = DRAW_MEEPLE,
	.stand = 1u << SEG_ROAD | 1u << SEG_CITY,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = false,
	.returns = true,
	.strength = 0,
	.supply = 5,
	.needs = 1u << FIG_FOLLOWER | 1u << FIG_T_BIG,
	.rule = "TEST-1",
	.stand_rule = "TEST-3",
};

static const struct figure_type_def *const t_rows[] = {&t_big, &t_helper};

static int
figure_of(const struct game *g, int player, int type)
{
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && g->figure[i].type == type &&
		    g->figure[i].loc == LOC_SEGMENT)
			return i;
	return -1;
}

/* The start road W-E; red's big one east of it; blue's thief on a road
 * north-east; red's helper joins red's road; blue's tile joins both
 * roads: 5 tiles, red strength 2 (+0), blue 1. */
static void
test_module_rows(void)
{
	static const char *const tiles[] = {"BA/RFr", "BA/Rr", "BA/Rr", "BA/Rr"};
	struct game *g = new_game(2, tiles, 4, false, t_rows, 2), *c;
	struct rules_error err;
	struct action a;
	int big, helper, root;

	if (!ok(g != NULL, "a game with the test module's rows"))
		return;
	is_int(g->player[0].supply[FIG_T_BIG], 5, "supply per player from the row");
	ok(play(g, "place 1 0 0") == 0, "red places a road");
	ok(action_parse_in(g, "abbot", &a, &err) == 0 && game_check(g, &a, &err) < 0 &&
		   strcmp(err.rule, "ABBOT-1") == 0,
	   "a type this game lacks is refused by its row's rule (%s)", err.rule);
	ok(is_legal(g, "big E"), "the big figure is offered by its role word");
	ok(!is_legal(g, "helper E"), "the helper is not: red has nobody on that road");
	ok(action_parse_in(g, "helper E", &a, &err) == 0 && game_check(g, &a, &err) < 0 &&
		   strcmp(err.rule, "TEST-3") == 0,
	   "and is refused by its row's rule (%s)", err.rule);
	ok(play(g, "big E") == 0, "red's big figure on the road");
	ok(play(g, "place 1 -1 180") == 0 && play(g, "thief N") == 0,
	   "blue's thief on another road");
	ok(play(g, "place 2 0 90") == 0, "red extends the big figure's road");
	ok(!is_legal(g, "thief N") && is_legal(g, "helper N"),
	   "the road is occupied for a thief, open to red's helper");
	ok(play(g, "helper N") == 0, "red's helper joins the big figure");
	big = figure_of(g, 0, FIG_T_BIG);
	helper = figure_of(g, 0, FIG_T_HELPER);
	root = feature_find(g, g->figure[big].seg);
	is_int(g->feat[root].figures, 2, "the road holds both figures");

	/* removal follows: without the big figure the helper leaves */
	c = game_clone(g);
	if (c) {
		int events = c->nevents;
		figure_remove(c, big, true);
		ok(c->figure[big].loc == LOC_SUPPLY && c->figure[helper].loc == LOC_SUPPLY,
		   "removing the big figure removes the helper that needed it");
		is_int(c->feat[root].figures, 0, "the road is empty");
		ok(c->player[0].supply[FIG_T_BIG] == 5 && c->player[0].supply[FIG_T_HELPER] == 5,
		   "both are back in red's supply");
		is_int(c->nevents - events, 2, "two returns logged");
		game_free(c);
	}

	ok(play(g, "place 2 -1 0") == 0 && play(g, "pass") == 0,
	   "blue joins the two roads; the bag is empty");
	ok(g->over, "the game is over");
	is_int(g->player[0].score, 5, "red (strength 2) scores the 5-tile road (BASE-FINAL-4)");
	is_int(g->player[1].score, 0, "blue (strength 1) scores nothing");
	ok(g->figure[helper].loc == LOC_SUPPLY, "the helper went home with the road");
	game_free(g);
}

/* 5 players x 17 figures: more than 64, in two set words. */
static void
test_many_figures(void)
{
	struct game *g = new_game(5, NULL, 0, true, t_rows, 2);
	int last, over64 = 0;

	if (!ok(g != NULL, "5 players with the test module's rows and the abbot"))
		return;
	is_int(g->nfigures, 5 * (7 + 1 + 5 + 5), "90 figures");
	is_int(g->figwords, 2, "in two words");
	last = g->fig_first[4][FIG_T_HELPER];
	ok(last >= 64 && figset_has(&g->home, last) && figset_has(&g->home, g->nfigures - 1),
	   "the last player's figures are in supply past bit 64");
	is_int(figset_first_in(&g->home, 60, 10), 60, "a range across the words");
	for (int i = 60; i < 64; i++)
		figset_del(&g->home, i);
	is_int(figset_first_in(&g->home, 60, 4), -1, "bits 60..63 taken: none in [60, 64)");
	is_int(figset_first_in(&g->home, 60, 10), 64, "the next from 60 is 64");
	for (int i = 60; i < 64; i++)
		figset_add(&g->home, i);
	random_game(g, 7);
	ok(g->over, "a random game with them plays to its end");
	for (int e = 0; e < g->nevents; e++)
		over64 += g->events[e].kind == EV_PLACE_FIGURE && g->events[e].player == 4;
	ok(over64 > 0, "the fifth player (figures 72..89) placed %d figures", over64);
	for (int p = 0; p < 5; p++)
		for (int t = 0; t < FIG_T_HELPER + 1; t++) {
			int home = 0;
			for (int i = 0; i < g->nfigures; i++)
				home += g->figure[i].owner == p && g->figure[i].type == t &&
					figset_has(&g->home, i);
			if (home != g->player[p].supply[t])
				diag("player %d type %d: %d home, supply %d", p, t, home,
				     g->player[p].supply[t]);
			over64 += (home != g->player[p].supply[t]) * 1000;
		}
	ok(over64 < 1000, "every supply count matches the figures at home");
	game_free(g);
}

/* ---- a strength that is a function of the feature (a mayor's: tests/mayor-row.h) ---- */

/* EX-BASE-14's city with a mayor: its strength is the city's shields. */
static int
mayor_score(const char *first, int *returned)
{
	const char *tiles[] = {first, "BA/C", "BA/L"};
	const struct figure_type_def *rows[] = {&t_mayor};
	struct game *g = new_game(2, tiles, 3, false, rows, 1);
	int score = -1;

	if (g && play(g, "place 0 -1 90") == 0 && play(g, "mayor N") == 0 &&
	    play(g, "place 0 -2 180") == 0 && play(g, "pass") == 0) {
		score = g->player[0].score;
		*returned = g->player[0].supply[FIG_BASE_COUNT];
	}
	game_free(g);
	return score;
}

static void
test_strength_fn(void)
{
	int back = -1;

	is_int(mayor_score("BA/CFc+", &back), 8, "one shield: strength 1, the city's 8 points");
	is_int(back, 1, "and the mayor returns");
	back = -1;
	is_int(mayor_score("BA/CFc.1", &back), 0, "no shield: strength 0 scores nothing (UN-05)");
	is_int(back, 1, "but the mayor returns all the same (BASE-SCORE-3)");
}

/* ---- attributes summed while scoring walks a feature ---- */

enum { T_ATTR = 3 }; /* a tile attribute bit of the test module */

/* +10 per city segment showing the attribute (as Cathars or goods
 * would read theirs). */
static int
t_city_bonus(struct game *g, int root, bool complete, int value)
{
	(void)complete;
	return g->feat[root].kind == SEG_CITY ? value + 10 * g->attr_sum[T_ATTR] : value;
}

static const struct score_hook t_hook = {.value = t_city_bonus, .attrs = 1u << T_ATTR};

static bool
t_always(const struct rules_options *opt)
{
	(void)opt;
	return true;
}

/* A module with nothing but the score hook (module.h's score_hook). */
static const struct rules_module t_attr_module = {
	.name = "t-attr", .enabled = t_always, .score_hooks = &t_hook, .nscore_hooks = 1};

static int
city_score(bool hooked)
{
	static const char *const tiles[] = {"BA/CFc+", "BA/C", "BA/L"};
	const struct rules_module *mods[MODULES_MAX];
	const struct rules_module *const *builtin = cat->modules;
	int nbuiltin = cat->nmodules, score;
	struct game *g;

	for (int i = 0; i < nbuiltin; i++)
		mods[i] = builtin[i];
	mods[nbuiltin] = &t_attr_module;
	if (hooked) /* the game's modules come from its catalogue */
		cat->modules = mods, cat->nmodules = nbuiltin + 1;
	g = new_game(2, tiles, 3, false, NULL, 0);
	cat->modules = builtin;
	cat->nmodules = nbuiltin;
	if (g == NULL)
		return -1;
	if (play(g, "place 0 -1 90") < 0 || play(g, "knight N") < 0 ||
	    play(g, "place 0 -2 180") < 0 || play(g, "pass") < 0)
		score = -1;
	else
		score = g->player[0].score;
	game_free(g);
	return score;
}

static void
test_attr_sums(void)
{
	int c = catalog_find(cat, "BA/C");
	struct tile_segment *city = &cat->types[c].seg[0];

	if (!ok(city->kind == SEG_CITY, "BA/C's segment 0 is its city"))
		return;
	city->attrs = 1u << T_ATTR; /* the test's copy of the catalogue */
	is_int(city_score(false), 8, "EX-BASE-14 without hooks: 8, the attribute unread");
	is_int(city_score(true), 18, "a hook asking for the attribute: 8 + 10 for one segment");
	city->attrs = 0;
	is_int(city_score(true), 8, "the same hook without the attribute on the tile: 8");
}

/* A type fits a cell's demand in a rotation exactly when each side asks
 * nothing or that side's edge (tile_fits.c sets the codes that do rather
 * than testing all): every code of every built-in type, and the count. */
static void
test_fits_table(void)
{
	int bad = 0, checked = 0;

	for (int i = 0; i < cat->ntypes; i++) {
		const struct tile_type *t = &cat->types[i];
		for (int code = 0; code < NEED_CODES; code++, checked++) {
			unsigned m = 0, n = 0;
			for (int rot = 0; rot < 4; rot++) {
				int fit = 1, rest = code;
				for (int side = 0; side < 4; side++, rest /= EDGE_BASE) {
					int want = rest % EDGE_BASE;
					fit &= !want || want == edge_of_sig(t->sig[rot], side);
				}
				m |= (unsigned)fit << rot;
				n += (unsigned)fit;
			}
			bad += t->fits[code] != (m | n << FITS_COUNT_SHIFT);
			bad += t->nfits[code] != n;
		}
		bad += t->fits[NEED_NOTHING] != 0 || t->nfits[NEED_NOTHING] != 0;
	}
	ok(bad == 0 && checked > 0, "fits: each of %d demands of every type as its sides say (%d wrong)",
	   checked, bad);
}

int
main(void)
{
	struct rules_error err;

	cat = catalog_load_builtin(&err);
	if (cat == NULL)
		bail_out("catalog: %s", err.text);
	test_names();
	test_unknown_kind();
	test_rule_ids();
	test_module_rows();
	test_many_figures();
	test_strength_fn();
	test_attr_sums();
	test_fits_table();
	catalog_free(cat);
	return done_testing();
}
