/* tests/rules/run-cases.c: data-driven rules tests, TAP output.
 *
 * Reads every *.case file of the cases directory (sorted by name) and runs
 * the tests in it through the engine API only (game_new, game_apply,
 * game_check, game_legal_actions, action_parse). The directory is the
 * first of: the arguments (files or directories), $CARC_CASES_DIR, the
 * compile-time CASES_DIR.
 *
 * A case file holds tests. Blank lines and '#' comments (at the start of a
 * line or after a blank) are ignored. A test starts with "test" and runs
 * to the next one; its setup lines come before its first action or check:
 *
 *   test ID TEXT          ID is a rule or example id (BASE-TILE-5, EX-BASE-14)
 *   rule RULE...          rule ids shown with ID in every point's name
 *   todo REASON           a known engine bug: every point is "# TODO"
 *                         (a passing one is an XPASS, which fails make check)
 *   rules KEY=VAL...      edition=1|2 farmers= river= abbot= on|off,
 *                         river_uturn=curves|area, dragon_moves=each|current,
 *                         with=NAME,... (rule
 *                         modules by name: with=king-robber), any module
 *                         name on|off (river2=on) (default: edition 1,
 *                         farmers on, the rest off, curves)
 *   players NAME...       the seats in turn order (default: red blue)
 *   first NAME            seat that moves first (default: the first)
 *   start TILE            start tile at 0,0 (default: the rule set's)
 *   tiles TILE...         the bag in draw order; TILE*N repeats; several
 *                         lines append. Without it the bag is shuffled
 *   seed WORD             seed of a shuffled bag (default: all zero)
 *
 * Actions (the game is created before the first of these or of the checks):
 *
 *   play ACTION           the current player's action; must be accepted
 *   turn ACTION ; ACTION  several actions in one line
 *   auto N                N turns of "first legal placement, then pass"
 *   finish                the same until the game is over
 *   dump                  prints the state as TAP comments (for writing cases)
 *
 * Checks, one TAP point each, named "ID (RULES): the line":
 *
 *   refuse ACTION [RULE]  game_apply refuses it (with this err.rule)
 *   expect score NAME N   / supply NAME N (followers) / abbot NAME N
 *   expect legal ACTION   listed by game_legal_actions and accepted by
 *                         game_check; "expect illegal ACTION": neither
 *   expect legal-count N  size of the legal list
 *   expect decision KIND [NAME]   place-tile, place-figure or game-over
 *   expect drawn TILE     the tile of the current decision
 *   expect tiles-left N   / expect over (the game is over)
 *   expect event NAME N KIND [final] [RULE]
 *                         an EV_SCORE in the window (below): NAME gets N
 *                         for a KIND (road city field monastery garden);
 *                         "final" for end-game scoring, otherwise an
 *                         in-game one; with RULE, the event's rule id.
 *                         Each event matches one check only
 *   expect token WORD NAME|nobody
 *                         the module token whose name holds WORD (King,
 *                         Baron) is NAME's, or nobody's
 *   expect state MODULE KEY N   a module's game-file state key
 *   expect events N       EV_SCORE events in the window
 *   expect no-event NAME  no EV_SCORE for NAME in the window
 *   expect discard TILE   an EV_DISCARD of TILE in the window
 *   expect complete X Y SLOT / incomplete X Y SLOT
 *                         the feature at SLOT (or C) of the tile at X,Y
 *   expect feature-tiles X Y SLOT N   its tile count (BASE-MODEL-4)
 *   expect figures-on X Y SLOT N      the figures standing on it
 *   expect home NAME ROW N            NAME's figures of the row ROW at home
 *   expect setup-error RULE   game_new refuses the setup with this rule
 *                         (instead of starting the game; the test ends)
 *
 * The event window is the events logged by the last action line (play,
 * turn, auto, finish); before any, the events of game_new.
 *
 * A refused play, a parse error or an unknown name is a failing point with
 * file:line; the rest of that test is skipped. Failures print what the
 * engine said: the error, the scores, the legal actions, the window.
 * The TAP is written here rather than with tests/tap.h, which has no TODO.
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#ifndef CASES_DIR
#define CASES_DIR "tests/rules/cases"
#endif

#define MAX_ORDER 512
#define MAX_WORDS 128
#define MAX_USED 64
#define LINE_MAX_ 1024

struct test {
	const char *file;
	int line;             /* line being run */
	int head_line;        /* its "test" line */
	char id[64];
	char rules[160];
	char todo[200];       /* non-empty: a known engine bug */
	bool open;            /* a test is being read */
	bool broken;          /* skip its remaining lines */
	int points;           /* points it emitted */
	struct game_setup setup;
	int order[MAX_ORDER];
	int norder;
	bool have_order;
	char names[MAX_PLAYERS][32];
	int nplayers;
	struct game *g;
	int win_lo;           /* first event of the window */
	int used[MAX_USED];   /* window events already matched */
	int nused;
};

static const struct catalog *cat;
static int tap_run, tap_failed;

/* ---- TAP ---- */

static void
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("#   ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* One test point; a failure in a todo test is an expected one. */
static bool
point(struct test *t, bool pass, const char *what)
{
	tap_run++;
	t->points++;
	if (!pass && !t->todo[0])
		tap_failed++;
	printf("%sok %d - %s%s%s%s: %s", pass ? "" : "not ", tap_run, t->id,
	       t->rules[0] ? " (" : "", t->rules, t->rules[0] ? ")" : "", what);
	if (t->todo[0])
		printf(" # TODO %s", t->todo);
	putchar('\n');
	if (!pass)
		diag("at %s:%d", t->file, t->line);
	fflush(stdout);
	return pass;
}

/* A malformed line: a failure, and the test stops. */
static int
parse_error(struct test *t, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tap_run++;
	tap_failed++;
	t->points++;
	printf("not ok %d - %s:%d: %s%s%s\n", tap_run, t->file, t->line,
	       t->id[0] ? t->id : "", t->id[0] ? ": " : "", msg);
	fflush(stdout);
	t->broken = true;
	return -1;
}

/* ---- names ---- */

static int
seat_of(const struct test *t, const char *name)
{
	for (int i = 0; i < t->nplayers; i++)
		if (strcmp(t->names[i], name) == 0)
			return i;
	return -1;
}

static const char *
seat_name(const struct test *t, int seat)
{
	return seat >= 0 && seat < t->nplayers ? t->names[seat] : "-";
}

static int
kind_of(const char *name)
{
	for (int k = 0; k < SEG_KIND_COUNT; k++)
		if (strcmp(seg_kind_name(k), name) == 0)
			return k;
	return -1;
}

static bool
parse_number(const char *s, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v < -100000 || v > 100000)
		return false;
	*out = (int)v;
	return true;
}

/* The text after the first k words of s. */
static const char *
after_words(const char *s, int k)
{
	while (k-- > 0) {
		s += strspn(s, " \t");
		s += strcspn(s, " \t");
	}
	return s + strspn(s, " \t");
}

/* ---- state dumps for diagnostics ---- */

static void
diag_scores(const struct test *t)
{
	char buf[400];
	size_t n = 0;

	for (int p = 0; p < t->nplayers && n < sizeof(buf); p++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s %d (supply %d, abbot %d)",
				      p ? ", " : "", t->names[p], t->g->player[p].score,
				      t->g->player[p].supply[FIG_FOLLOWER],
				      t->g->player[p].supply[FIG_ABBOT]);
	diag("scores: %s", buf);
}

static void
diag_legal(const struct test *t)
{
	int max = game_legal_max(t->g), n;
	struct action *a = malloc(sizeof(*a) * (size_t)(max > 0 ? max : 1));
	char line[80], one[40];
	size_t len = 0;
	struct decision d;

	if (a == NULL)
		return;
	game_decision(t->g, &d);
	n = game_legal_actions(t->g, a, max);
	diag("decision %s %s, tile %s; %d legal:", d.name,
	     seat_name(t, d.player), d.tile >= 0 ? cat->types[d.tile].id : "-", n);
	line[0] = '\0';
	for (int i = 0; i < n && i < max; i++) {
		action_format(t->g, &a[i], one, sizeof(one));
		if (len + strlen(one) + 3 > 70) {
			diag("  %s", line);
			line[0] = '\0';
			len = 0;
		}
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s", len ? " | " : "", one);
	}
	if (len)
		diag("  %s", line);
	free(a);
}

static void
diag_window(const struct test *t)
{
	const struct game *g = t->g;

	diag("events since the last action line:");
	for (int i = t->win_lo; i < g->nevents; i++) {
		const struct game_event *e = &g->events[i];
		if (e->kind == EV_SCORE)
			diag("  score %s %d %s%s %s (tile at %d,%d)", seat_name(t, e->player),
			     e->points, seg_kind_name(e->seg_kind), e->final ? " final" : "",
			     e->rule ? e->rule : "", e->x, e->y);
		else if (e->kind == EV_DISCARD)
			diag("  discard %s", cat->types[e->tile].id);
		else if (e->kind == EV_GAME_OVER)
			diag("  game over");
	}
}

static void
diag_state(const struct test *t)
{
	diag_scores(t);
	diag_legal(t);
	diag_window(t);
}

/* ---- setup ---- */

static void
test_reset(struct test *t)
{
	game_free(t->g);
	*t = (struct test){.file = t->file, .line = t->line};
	rules_options_default(&t->setup.opt);
	t->setup.start = -1;
	t->nplayers = 2;
	strcpy(t->names[0], "red");
	strcpy(t->names[1], "blue");
}

static bool
on_off(const char *v, bool *out)
{
	if (strcmp(v, "on") == 0 || strcmp(v, "1") == 0)
		*out = true;
	else if (strcmp(v, "off") == 0 || strcmp(v, "0") == 0)
		*out = false;
	else
		return false;
	return true;
}

static int
set_rule(struct test *t, char *kv)
{
	struct rules_options *o = &t->setup.opt;
	char *v = strchr(kv, '=');
	bool on;

	if (v == NULL)
		return parse_error(t, "rules: expected KEY=VALUE, not '%s'", kv);
	*v++ = '\0';
	if (strcmp(kv, "edition") == 0 && (strcmp(v, "1") == 0 || strcmp(v, "2") == 0))
		o->edition = v[0] - '0';
	else if (strcmp(kv, "farmers") == 0 && on_off(v, &o->farmers))
		;
	else if (strcmp(kv, "with") == 0) {
		char why[160];
		if (module_parse_list(v, &o->with, why, sizeof(why)) < 0)
			return parse_error(t, "rules: with=%s: %s", v, why);
	} else if (module_find(kv) >= 0 && on_off(v, &on)) /* river2=on, any module */
		module_set(o, module_find(kv), on);
	else if (strcmp(kv, "river_uturn") == 0 && strcmp(v, "curves") == 0)
		o->river_uturn = RIVER_UTURN_CURVES;
	else if (strcmp(kv, "river_uturn") == 0 && strcmp(v, "area") == 0)
		o->river_uturn = RIVER_UTURN_AREA;
	else if (strcmp(kv, "dragon_moves") == 0 && strcmp(v, "each") == 0)
		o->dragon_moves = DRAGON_MOVES_EACH;
	else if (strcmp(kv, "dragon_moves") == 0 && strcmp(v, "current") == 0)
		o->dragon_moves = DRAGON_MOVES_CURRENT;
	else
		return parse_error(t, "rules: unknown setting %s=%s", kv, v);
	return 0;
}

static int
tile_of(struct test *t, const char *id)
{
	int type = catalog_find(cat, id);

	if (type < 0)
		parse_error(t, "unknown tile '%s'", id);
	return type;
}

static int
add_tiles(struct test *t, char **w, int n)
{
	for (int i = 1; i < n; i++) {
		char *star = strchr(w[i], '*');
		int times = 1, type;
		if (star) {
			*star = '\0';
			if (!parse_number(star + 1, &times) || times < 1)
				return parse_error(t, "bad repeat count in '%s*%s'", w[i], star + 1);
		}
		if ((type = tile_of(t, w[i])) < 0)
			return -1;
		while (times-- > 0) {
			if (t->norder == MAX_ORDER)
				return parse_error(t, "more than %d tiles", MAX_ORDER);
			t->order[t->norder++] = type;
		}
	}
	t->have_order = true;
	return 0;
}

static int
set_players(struct test *t, char **w, int n)
{
	/* 1 or 6 names parse, so that a case can see game_new refuse them. */
	if (n < 2 || n - 1 > MAX_PLAYERS)
		return parse_error(t, "players: give 1 to %d names", MAX_PLAYERS);
	t->nplayers = n - 1;
	for (int i = 1; i < n; i++)
		snprintf(t->names[i - 1], sizeof(t->names[0]), "%s", w[i]);
	return 0;
}

static int
setup_line(struct test *t, char **w, int n, const char *rest)
{
	if (strcmp(w[0], "rule") == 0)
		snprintf(t->rules, sizeof(t->rules), "%s", rest);
	else if (strcmp(w[0], "todo") == 0)
		snprintf(t->todo, sizeof(t->todo), "%s", n > 1 ? rest : "known engine bug");
	else if (strcmp(w[0], "rules") == 0) {
		for (int i = 1; i < n; i++)
			if (set_rule(t, w[i]) < 0)
				return -1;
	} else if (strcmp(w[0], "players") == 0)
		return set_players(t, w, n);
	else if (strcmp(w[0], "first") == 0) {
		if (n != 2 || (t->setup.first_player = seat_of(t, w[1])) < 0)
			return parse_error(t, "first: give one of the players' names");
	} else if (strcmp(w[0], "start") == 0) {
		if (n != 2)
			return parse_error(t, "start: give one tile id");
		return (t->setup.start = tile_of(t, w[1])) < 0 ? -1 : 0;
	} else if (strcmp(w[0], "tiles") == 0)
		return add_tiles(t, w, n);
	else if (strcmp(w[0], "seed") == 0) {
		if (n != 2)
			return parse_error(t, "seed: give one word");
		memset(t->setup.seed, 0, SEED_BYTES);
		memcpy(t->setup.seed, w[1], strlen(w[1]) < SEED_BYTES ? strlen(w[1]) : SEED_BYTES);
	} else
		return 1; /* not a setup line */
	return 0;
}

static bool
is_setup_word(const char *w)
{
	static const char *const words[] = {"rule", "todo", "rules", "players",
					    "first", "start", "tiles", "seed"};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(w, words[i]) == 0)
			return true;
	return false;
}

/* game_new must refuse the setup, naming this rule. */
static void
check_setup_error(struct test *t, const char *what, char **w, int n)
{
	struct rules_error err = {0};
	struct game *g;

	if (n != 3) {
		parse_error(t, "expect setup-error RULE");
		return;
	}
	t->setup.nplayers = t->nplayers;
	t->setup.order = t->have_order ? t->order : NULL;
	t->setup.norder = t->norder;
	g = game_new(cat, &t->setup, &err);
	if (!point(t, g == NULL && strcmp(err.rule, w[2]) == 0, what)) {
		if (g)
			diag("game_new accepted the setup");
		else
			diag("refused with [%s] %s", err.rule, err.text);
	}
	game_free(g);
	t->broken = true; /* there is no game to go on with */
}

static int
start_game(struct test *t)
{
	struct rules_error err = {0};

	t->setup.nplayers = t->nplayers;
	t->setup.order = t->have_order ? t->order : NULL;
	t->setup.norder = t->norder;
	t->g = game_new(cat, &t->setup, &err);
	if (t->g == NULL)
		return parse_error(t, "game_new refused the setup: [%s] %s", err.rule, err.text);
	t->win_lo = 0;
	t->nused = 0;
	return 0;
}

/* ---- actions ---- */

static void
window_open(struct test *t)
{
	t->win_lo = t->g->nevents;
	t->nused = 0;
}

static int
play_one(struct test *t, const char *text)
{
	struct rules_error err = {0};
	struct action a;
	char what[160];

	/* with the game: a place word names a feature as listed ("farmer N"
	 * on a field-only tile) */
	if (action_parse_in(t->g, text, &a, &err) < 0)
		return parse_error(t, "bad action '%s': %s", text, err.text);
	if (game_apply(t->g, &a, &err) == 0)
		return 0;
	snprintf(what, sizeof(what), "play %s", text);
	point(t, false, what);
	diag("refused: [%s] %s", err.rule, err.text);
	diag_state(t);
	t->broken = true;
	return -1;
}

static int
play_line(struct test *t, char *rest)
{
	char *save = NULL;

	window_open(t);
	for (char *a = strtok_r(rest, ";", &save); a; a = strtok_r(NULL, ";", &save)) {
		while (*a == ' ' || *a == '\t')
			a++;
		if (*a && play_one(t, a) < 0)
			return -1;
	}
	return 0;
}

/* One turn (or what is left of it) by the simplest legal choices: the
 * first placement, then pass at every other decision of the turn (a
 * module's too), up to the next turn's tile (a second tile of the same
 * turn, River II's lake after the volcano, is placed too). */
static int
auto_turn(struct test *t)
{
	struct action a[1];
	struct decision d;
	struct rules_error err = {0};
	int turn = t->g->turn;

	for (bool placed = false;;) {
		game_decision(t->g, &d);
		if (d.kind == DECISION_GAME_OVER)
			return 1;
		if (d.kind == DECISION_PLACE_TILE && placed && t->g->turn != turn)
			return 0;
		if (d.kind != DECISION_PLACE_TILE)
			a[0] = (struct action){.kind = ACT_PASS};
		else if (game_legal_actions(t->g, a, 1) < 1)
			return parse_error(t, "no legal placement for the drawn tile");
		placed |= d.kind == DECISION_PLACE_TILE;
		if (game_apply(t->g, a, &err) < 0)
			return parse_error(t, "auto: [%s] %s", err.rule, err.text);
	}
}

static int
auto_line(struct test *t, char **w, int n)
{
	int turns = 100000, r = 0;

	if (strcmp(w[0], "auto") == 0 && (n != 2 || !parse_number(w[1], &turns) || turns < 0))
		return parse_error(t, "auto: give a number of turns");
	window_open(t);
	for (int i = 0; i < turns && r == 0; i++)
		r = auto_turn(t);
	return r < 0 ? -1 : 0;
}

static void
dump(struct test *t)
{
	const struct game *g = t->g;

	diag("dump at %s:%d:", t->file, t->line);
	for (int p = 0; p < g->nplaced; p++)
		diag("  tile %s at %d,%d rot %d", cat->types[g->placed[p].type].id, g->placed[p].x,
		     g->placed[p].y, g->placed[p].rot * 90);
	diag("  tiles left %d", game_tiles_left(g));
	diag_state(t);
}

/* ---- checks ---- */

/* Segment of the tile just placed that a figure action names, or -1. */
static int
action_target(const struct game *g, const struct action *a)
{
	const struct placed_tile *pt;
	const struct tile_type *tt;
	int s;

	if (g->last_placed < 0)
		return -1;
	pt = &g->placed[g->last_placed];
	tt = &cat->types[pt->type];
	if (a->slot == SLOT_CENTRE)
		s = tt->centre_seg;
	else if (a->slot < SLOT_COUNT)
		s = tile_seg_at(tt, a->slot, pt->rot);
	else
		return -1;
	return s == SEG_NONE ? -1 : s;
}

static bool
same_action(const struct game *g, const struct action *a, const struct action *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == ACT_PLACE_TILE)
		return a->x == b->x && a->y == b->y && a->rot == b->rot;
	if (a->kind == ACT_FIGURE)
		return a->figure == b->figure && a->role == b->role &&
		       action_target(g, a) == action_target(g, b);
	/* a module's action on a tile: the same tile and place (a wagon's
	 * move, a barn's corner) */
	return a->x == b->x && a->y == b->y && a->at_figure == b->at_figure &&
	       a->at_slot == b->at_slot;
}

static int
legal_list(const struct test *t, struct action **out)
{
	int max = game_legal_max(t->g), n;

	*out = malloc(sizeof(**out) * (size_t)(max > 0 ? max : 1));
	if (*out == NULL)
		return 0;
	n = game_legal_actions(t->g, *out, max);
	return n < max ? n : max;
}

static bool
in_legal(const struct test *t, const struct action *a)
{
	struct action *list;
	int n = legal_list(t, &list);
	bool found = false;

	for (int i = 0; i < n && !found; i++)
		found = same_action(t->g, a, &list[i]);
	free(list);
	return found;
}

static int
check_legal(struct test *t, const char *what, const char *text, bool want)
{
	struct rules_error err = {0};
	struct action a;
	bool listed, accepted;

	if (action_parse_in(t->g, text, &a, &err) < 0 && (want || err.code != RERR_ILLEGAL))
		return parse_error(t, "bad action '%s': %s", text, err.text);
	if (err.code == RERR_ILLEGAL) { /* names nothing on the tile */
		point(t, true, what);
		return 0;
	}
	listed = in_legal(t, &a);
	accepted = game_check(t->g, &a, &err) == 0;
	if (!point(t, listed == want && accepted == want, what)) {
		diag("listed: %s, game_check: %s%s%s%s", listed ? "yes" : "no",
		     accepted ? "accepts" : "refuses", accepted ? "" : " [", accepted ? "" : err.rule,
		     accepted ? "" : "]");
		if (!accepted)
			diag("  %s", err.text);
		diag_legal(t);
	}
	return 0;
}

static int
check_refuse(struct test *t, const char *what, char **w, int n)
{
	struct rules_error err = {0};
	struct action a;
	char text[128] = "";
	const char *rule = NULL;
	int last = n;

	/* A last word with an inner '-' is a rule id (BASE-TILE-3; not -1). */
	if (n > 2 && strchr(w[n - 1], '-') && strchr(w[n - 1], '-') != w[n - 1]) {
		rule = w[n - 1];
		last = n - 1;
	}
	for (int i = 1; i < last; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s%s", i > 1 ? " " : "",
			 w[i]);
	/* read with the game, as play does (a barn's corner is the tile's
	 * just placed); a place the tile lacks, without it, for the engine
	 * to refuse */
	if (action_parse_in(t->g, text, &a, &err) < 0 && action_parse(text, &a, &err) < 0)
		return parse_error(t, "bad action '%s': %s", text, err.text);
	if (game_apply(t->g, &a, &err) == 0) {
		point(t, false, what);
		diag("the engine accepted '%s'", text);
		diag_state(t);
		t->broken = true; /* the game went on: later lines are meaningless */
		return -1;
	}
	if (!point(t, rule == NULL || strcmp(err.rule, rule) == 0, what))
		diag("refused with [%s] %s; expected rule %s", err.rule, err.text, rule);
	return 0;
}

static bool
used(const struct test *t, int ev)
{
	for (int i = 0; i < t->nused; i++)
		if (t->used[i] == ev)
			return true;
	return false;
}

static int
check_event(struct test *t, const char *what, char **w, int n)
{
	int seat, pts, kind, final = 0;
	const char *rule = NULL;

	if (n > 5 && strchr(w[n - 1], '-')) /* a rule id */
		rule = w[--n];
	if (n > 4 && strcmp(w[4], "none") == 0) /* points for no feature (trade goods) */
		kind = -1;
	else if (n > 4 && (kind = kind_of(w[4])) < 0)
		kind = -2;
	if (n < 5 || n > 6 || (seat = seat_of(t, w[2])) < 0 || !parse_number(w[3], &pts) ||
	    kind == -2 || (n == 6 && strcmp(w[5], "final") != 0))
		return parse_error(t, "expect event NAME POINTS KIND [final] [RULE]");
	final = n == 6;
	for (int i = t->win_lo; i < t->g->nevents; i++) {
		const struct game_event *e = &t->g->events[i];
		if (e->kind == EV_SCORE && e->player == seat && e->points == pts &&
		    (kind < 0 ? e->tile < 0 : e->tile >= 0 && e->seg_kind == kind) &&
		    (e->final != 0) == final && !used(t, i) &&
		    (rule == NULL || (e->rule && strcmp(e->rule, rule) == 0))) {
			if (t->nused < MAX_USED)
				t->used[t->nused++] = i;
			point(t, true, what);
			return 0;
		}
	}
	point(t, false, what);
	diag_scores(t);
	diag_window(t);
	return 0;
}

static int
count_events(const struct test *t, int kind, int seat)
{
	int n = 0;

	for (int i = t->win_lo; i < t->g->nevents; i++)
		if (t->g->events[i].kind == kind && (seat < 0 || t->g->events[i].player == seat))
			n++;
	return n;
}

static int
check_discard(struct test *t, const char *what, const char *id)
{
	int type = tile_of(t, id);
	bool found = false;

	if (type < 0)
		return -1;
	for (int i = t->win_lo; i < t->g->nevents; i++)
		if (t->g->events[i].kind == EV_DISCARD && t->g->events[i].tile == type)
			found = true;
	if (!point(t, found, what))
		diag_window(t);
	return 0;
}

/* Feature root at a slot of the tile at x,y, or -1 after a parse error. */
static int
feature_at(struct test *t, char **w)
{
	int x, y, slot, p, s;
	const struct placed_tile *pt;
	const struct tile_type *tt;

	if (!parse_number(w[2], &x) || !parse_number(w[3], &y) || (slot = slot_parse(w[4])) < 0)
		return parse_error(t, "expected X Y SLOT");
	if ((p = game_placed_at(t->g, x, y)) < 0)
		return parse_error(t, "no tile at %d,%d", x, y);
	pt = &t->g->placed[p];
	tt = &cat->types[pt->type];
	s = slot == SLOT_CENTRE ? tt->centre_seg : tile_seg_at(tt, slot, pt->rot);
	if (s == SEG_NONE)
		return parse_error(t, "%s at %d,%d has nothing at %s", tt->id, x, y, w[4]);
	return game_feature_root(t->g, p * TILE_SEG_MAX + s);
}

static int
check_number(struct test *t, const char *what, int got, const char *want_text)
{
	int want;

	if (!parse_number(want_text, &want))
		return parse_error(t, "expected a number, not '%s'", want_text);
	if (!point(t, got == want, what)) {
		diag("got %d, expected %d", got, want);
		diag_state(t);
	}
	return 0;
}

static int
check_feature(struct test *t, const char *what, char **w, int n)
{
	int root, want = 0;
	bool complete;

	bool counts = strcmp(w[1], "feature-tiles") == 0 || strcmp(w[1], "figures-on") == 0;

	if (counts != (n == 6) || n < 5 ||
	    (n == 6 && !parse_number(w[5], &want)))
		return parse_error(t, "expect %s X Y SLOT%s", w[1],
				   counts ? " N" : "");
	if ((root = feature_at(t, w)) < 0)
		return -1;
	if (n == 6 && strcmp(w[1], "figures-on") == 0)
		return check_number(t, what, t->g->feat[root].figures, w[5]);
	if (n == 6) {
		int got = game_feature_tiles(t->g, root);
		if (!point(t, got == want, what))
			diag("got %d tiles", got);
		return 0;
	}
	complete = game_feature_complete(t->g, root);
	if (!point(t, complete == (strcmp(w[1], "complete") == 0), what))
		diag("the feature is %s", complete ? "complete" : "incomplete");
	return 0;
}


/* expect home NAME ROW N: NAME's figures of the row named ROW ("wagon",
 * "barn") in the supply. */
static int
check_row_home(struct test *t, const char *what, const struct player_state *ps, char **w,
	       int n)
{
	(void)n;
	for (int i = 0; i < t->g->nftypes; i++)
		if (strcmp(figure_type_of(t->g, t->g->ftypes[i])->name, w[3]) == 0)
			return check_number(t, what, ps->supply[t->g->ftypes[i]], w[4]);
	return parse_error(t, "this game has no figure named %s", w[3]);
}

static int
check_player_number(struct test *t, const char *what, char **w, int n)
{
	int seat;
	const struct player_state *ps;

	if (n != 4 + (strcmp(w[1], "home") == 0) || (seat = seat_of(t, w[2])) < 0)
		return parse_error(t, "expect %s NAME %sN (NAME one of the players)", w[1],
				   strcmp(w[1], "home") == 0 ? "ROW " : "");
	ps = &t->g->player[seat];
	if (strcmp(w[1], "score") == 0)
		return check_number(t, what, ps->score, w[3]);
	if (strcmp(w[1], "supply") == 0)
		return check_number(t, what, ps->supply[FIG_FOLLOWER], w[3]);
	if (strcmp(w[1], "home") == 0) /* home NAME ROW N: a module row's, by name */
		return check_row_home(t, what, ps, w, n);
	if (strcmp(w[1], "big") == 0) /* the row named "big ..." (IC-4) */
		for (int i = 0; i < t->g->nftypes; i++)
			if (strncmp(figure_type_of(t->g, t->g->ftypes[i])->name, "big ", 4) == 0)
				return check_number(t, what, ps->supply[t->g->ftypes[i]], w[3]);
	for (int i = 0; i < t->g->nftypes; i++) /* a module's row by its name (TB-1) */
		if (strcmp(figure_type_of(t->g, t->g->ftypes[i])->name, w[1]) == 0)
			return check_number(t, what, ps->supply[t->g->ftypes[i]], w[3]);
	if (strcmp(w[1], "abbey") == 0) { /* the abbey tokens the seat holds (AM-2) */
		struct rules_token tok[MAX_PLAYERS + 8];
		int nt = game_tokens(t->g, tok, MAX_PLAYERS + 8), held = 0;
		for (int i = 0; i < nt && i < MAX_PLAYERS + 8; i++)
			held += strcmp(tok[i].name, "abbey") == 0 && tok[i].holder == seat;
		return check_number(t, what, held, w[3]);
	}
	return check_number(t, what, ps->supply[FIG_ABBOT], w[3]);
}

static int
check_decision(struct test *t, const char *what, char **w, int n)
{
	struct decision d;
	int seat = -1;

	if (n < 3 || n > 4 || (n == 4 && (seat = seat_of(t, w[3])) < 0))
		return parse_error(t, "expect decision KIND [NAME]");
	game_decision(t->g, &d);
	if (!point(t, strcmp(d.name, w[2]) == 0 && (n == 3 || d.player == seat),
		   what))
		diag_state(t);
	return 0;
}

static int
check_drawn(struct test *t, const char *what, char **w, int n)
{
	struct decision d;
	int type;

	if (n != 3)
		return parse_error(t, "expect drawn TILE");
	if ((type = tile_of(t, w[2])) < 0)
		return -1;
	game_decision(t->g, &d);
	if (!point(t, d.kind != DECISION_GAME_OVER && d.tile == type, what))
		diag_state(t);
	return 0;
}

/* expect token WORD NAME|nobody (game_tokens). */
static int
check_token(struct test *t, const char *what, char **w, int n)
{
	struct rules_token tok[8];
	int nt = game_tokens(t->g, tok, 8), want = -1;

	if (n != 4 || (strcmp(w[3], "nobody") != 0 && (want = seat_of(t, w[3])) < 0))
		return parse_error(t, "expect token WORD NAME|nobody");
	for (int i = 0; i < nt && i < 8; i++)
		if (strstr(tok[i].name, w[2])) {
			if (!point(t, tok[i].holder == want, what))
				diag("the %s is held by seat %d", tok[i].name, tok[i].holder);
			return 0;
		}
	return parse_error(t, "no token named like '%s' in this game", w[2]);
}

/* expect state MODULE KEY [NAME] N (game_module_state): a number, or
 * NAME's entry of a list kept per seat. */
static int
check_state(struct test *t, const char *what, char **w, int n)
{
	struct rules_field f[16];
	int seat = n == 6 ? seat_of(t, w[4]) : -1;

	if ((n != 5 && n != 6) || (n == 6 && seat < 0))
		return parse_error(t, "expect state MODULE KEY [NAME] N");
	for (int i = 0; i < game_modules(t->g); i++) {
		int nf = game_module_state(t->g, i, f, 16);
		if (strcmp(game_module_name(t->g, i), w[2]) != 0)
			continue;
		for (int k = 0; k < nf && k < 16; k++) {
			if (strcmp(f[k].key, w[3]) != 0)
				continue;
			if (seat < 0)
				return check_number(t, what, f[k].value, w[4]);
			if (f[k].values && seat < f[k].nvalues)
				return check_number(t, what, f[k].values[seat], w[5]);
		}
	}
	return parse_error(t, "no state %s.%s in this game", w[2], w[3]);
}

/* The game's index of module name, or -1. */
static int
module_index(const struct test *t, const char *name)
{
	for (int i = 0; i < game_modules(t->g); i++)
		if (strcmp(game_module_name(t->g, i), name) == 0)
			return i;
	return -1;
}

/* expect secret MODULE KEY NAME N (game_module_secret): NAME's secret
 * field, e.g. a card count of his hand. */
static int
check_secret(struct test *t, const char *what, char **w, int n)
{
	struct rules_field f[16];
	int seat = n == 6 ? seat_of(t, w[4]) : -1, i = n == 6 ? module_index(t, w[2]) : -1;
	int nf = i >= 0 && seat >= 0 ? game_module_secret(t->g, i, seat, f, 16) : 0;

	if (n != 6 || seat < 0 || i < 0)
		return parse_error(t, "expect secret MODULE KEY NAME N");
	for (int k = 0; k < nf && k < 16; k++)
		if (strcmp(f[k].key, w[3]) == 0)
			return check_number(t, what, f[k].value, w[5]);
	return parse_error(t, "no secret %s.%s in this game", w[2], w[3]);
}

/* secret NAME MODULE KEY=N ...: NAME's secret fields handed to the
 * module (game_module_secret_load), as a view's loader does: a hand of
 * cards to start from. */
static void
secret_line(struct test *t, char **w, int n)
{
	struct rules_field f[16];
	struct rules_error err;
	char keys[16][32];
	int seat = n >= 3 ? seat_of(t, w[1]) : -1, i = n >= 3 ? module_index(t, w[2]) : -1;
	int nf = 0;

	if (seat < 0 || i < 0 || n - 3 > 16) {
		parse_error(t, "secret NAME MODULE KEY=N ...");
		return;
	}
	for (int k = 3; k < n; k++) {
		char *eq = strchr(w[k], '=');
		if (eq == NULL || !parse_number(eq + 1, &f[nf].value)) {
			parse_error(t, "secret: '%s' is not KEY=N", w[k]);
			return;
		}
		snprintf(keys[nf], sizeof(keys[nf]), "%.*s", (int)(eq - w[k]), w[k]);
		f[nf].key = keys[nf];
		f[nf].values = NULL;
		f[nf].nvalues = 0;
		nf++;
	}
	if (game_module_secret_load(t->g, i, seat, f, nf, &err) < 0)
		parse_error(t, "secret: %s", err.text);
}

static int
expect_line(struct test *t, const char *what, char **w, int n, const char *rest)
{
	const char *arg = n > 2 ? after_words(rest, 2) : NULL;
	const char *k = n > 1 ? w[1] : "";

	if (strcmp(k, "score") == 0 || strcmp(k, "supply") == 0 || strcmp(k, "abbot") == 0 ||
	    strcmp(k, "big") == 0 || strcmp(k, "home") == 0 || strcmp(k, "mayor") == 0 ||
	    strcmp(k, "abbey") == 0 || strcmp(k, "builder") == 0 || strcmp(k, "pig") == 0)
		return check_player_number(t, what, w, n);
	if ((strcmp(k, "legal") == 0 || strcmp(k, "illegal") == 0) && arg)
		return check_legal(t, what, arg, k[0] == 'l');
	if (strcmp(k, "legal-count") == 0 && n == 3) {
		struct action *list;
		int got = legal_list(t, &list);
		free(list);
		return check_number(t, what, got, w[2]);
	}
	if (strcmp(k, "decision") == 0)
		return check_decision(t, what, w, n);
	if (strcmp(k, "drawn") == 0)
		return check_drawn(t, what, w, n);
	if (strcmp(k, "tiles-left") == 0 && n == 3)
		return check_number(t, what, game_tiles_left(t->g), w[2]);
	if (strcmp(k, "over") == 0 && n == 2) {
		if (!point(t, t->g->over, what))
			diag_state(t);
		return 0;
	}
	if (strcmp(k, "event") == 0)
		return check_event(t, what, w, n);
	if (strcmp(k, "token") == 0)
		return check_token(t, what, w, n);
	if (strcmp(k, "state") == 0)
		return check_state(t, what, w, n);
	if (strcmp(k, "secret") == 0)
		return check_secret(t, what, w, n);
	if (strcmp(k, "events") == 0 && n == 3)
		return check_number(t, what, count_events(t, EV_SCORE, -1), w[2]);
	if (strcmp(k, "no-event") == 0 && n == 3) {
		int seat = seat_of(t, w[2]);
		if (seat < 0)
			return parse_error(t, "unknown player '%s'", w[2]);
		return check_number(t, what, count_events(t, EV_SCORE, seat), "0");
	}
	if (strcmp(k, "discard") == 0 && n == 3)
		return check_discard(t, what, w[2]);
	if (strcmp(k, "complete") == 0 || strcmp(k, "incomplete") == 0 ||
	    strcmp(k, "figures-on") == 0 ||
	    strcmp(k, "feature-tiles") == 0)
		return check_feature(t, what, w, n);
	return parse_error(t, "unknown or malformed check: %s", rest);
}

/* ---- the file reader ---- */

/* Strips a '#' comment (at the start or after a blank) and the newline. */
static void
strip(char *s)
{
	for (char *p = s; *p; p++)
		if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			break;
		}
	for (size_t n = strlen(s); n && (s[n - 1] == '\n' || s[n - 1] == '\r' ||
					  s[n - 1] == ' ' || s[n - 1] == '\t');)
		s[--n] = '\0';
}

static int
split(char *s, char **w)
{
	int n = 0;
	char *save = NULL;

	for (char *tok = strtok_r(s, " \t", &save); tok && n < MAX_WORDS;
	     tok = strtok_r(NULL, " \t", &save))
		w[n++] = tok;
	return n;
}

static void
test_end(struct test *t)
{
	int line = t->line;

	if (t->open && !t->broken && t->points == 0) {
		t->line = t->head_line;
		parse_error(t, "the test has no checks");
	}
	test_reset(t);
	t->line = line;
}

static void
test_begin(struct test *t, char **w, int n)
{
	test_end(t);
	t->open = true;
	t->head_line = t->line;
	if (n < 2) {
		parse_error(t, "test: give an id and a description");
		return;
	}
	snprintf(t->id, sizeof(t->id), "%s", w[1]);
}

static void
run_line(struct test *t, char *raw)
{
	char line[LINE_MAX_], rest[LINE_MAX_], *w[MAX_WORDS];
	int n;

	strip(raw);
	snprintf(line, sizeof(line), "%s", raw);
	snprintf(rest, sizeof(rest), "%s", raw + strspn(raw, " \t"));
	if ((n = split(line, w)) == 0)
		return;
	if (strcmp(w[0], "test") == 0) {
		test_begin(t, w, n);
		return;
	}
	if (!t->open) {
		parse_error(t, "'%s' outside a test (start one with: test ID TEXT)", w[0]);
		t->broken = false;
		return;
	}
	if (t->broken)
		return;
	if (is_setup_word(w[0])) {
		if (t->g)
			parse_error(t, "'%s' after the game started: setup lines come first", w[0]);
		else
			setup_line(t, w, n, after_words(rest, 1));
		return;
	}
	if (t->g == NULL && strcmp(w[0], "expect") == 0 && n > 1 &&
	    strcmp(w[1], "setup-error") == 0) {
		check_setup_error(t, after_words(rest, 1), w, n);
		return;
	}
	if (t->g == NULL && start_game(t) < 0)
		return;
	if (strcmp(w[0], "play") == 0 || strcmp(w[0], "turn") == 0)
		play_line(t, rest + strlen(w[0]));
	else if (strcmp(w[0], "auto") == 0 || strcmp(w[0], "finish") == 0)
		auto_line(t, w, n);
	else if (strcmp(w[0], "dump") == 0)
		dump(t);
	else if (strcmp(w[0], "secret") == 0)
		secret_line(t, w, n);
	else if (strcmp(w[0], "expect") == 0)
		expect_line(t, after_words(rest, 1), w, n, rest);
	else if (strcmp(w[0], "refuse") == 0 && n >= 2)
		check_refuse(t, rest, w, n);
	else
		parse_error(t, "unknown directive '%s'", w[0]);
}

static void
run_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[LINE_MAX_];
	struct test t = {.file = path};

	test_reset(&t);
	if (f == NULL) {
		parse_error(&t, "cannot open %s", path);
		return;
	}
	printf("# %s\n", path);
	while (fgets(buf, sizeof(buf), f)) {
		t.line++;
		run_line(&t, buf);
	}
	t.line++;
	test_end(&t);
	fclose(f);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool
is_case(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && strcmp(name + n - 5, ".case") == 0 && name[0] != '.';
}

/* Runs the *.case files of a directory in name order; a file runs as is. */
static int
run_path(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (d == NULL) {
		FILE *f = fopen(path, "r");
		if (f == NULL)
			return -1;
		fclose(f);
		run_file(path);
		return 1;
	}
	while ((e = readdir(d)) != NULL) {
		if (!is_case(e->d_name))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			char **nn = realloc(names, sizeof(*names) * cap);
			if (nn == NULL)
				break;
			names = nn;
		}
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		if ((names[n] = malloc(len)) == NULL)
			break;
		snprintf(names[n++], len, "%s/%s", path, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		run_file(names[i]);
		free(names[i]);
	}
	free(names);
	return (int)n;
}

int
main(int argc, char **argv)
{
	struct rules_error err = {0};
	struct catalog *c = catalog_load_builtin(&err);
	const char *dir = getenv("CARC_CASES_DIR");
	int found = 0;

	if (c == NULL) {
		printf("Bail out! cannot load the tile sets: %s\n", err.text);
		return 255;
	}
	cat = c;
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			if (run_path(argv[i]) < 0)
				printf("Bail out! cannot read %s\n", argv[i]);
			else
				found++;
	} else {
		if (dir == NULL || dir[0] == '\0')
			dir = CASES_DIR;
		found = run_path(dir);
		if (found <= 0) {
			printf("Bail out! no *.case files in %s\n", dir);
			catalog_free(c);
			return 255;
		}
	}
	printf("1..%d\n", tap_run);
	if (tap_failed)
		printf("# %d of %d failed\n", tap_failed, tap_run);
	catalog_free(c);
	return tap_failed || tap_run == 0 ? 1 : 0;
}
