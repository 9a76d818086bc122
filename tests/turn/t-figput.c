/* Issue 25.1: actions on another tile than the one placed, and figures
 * put and moved anywhere. A module outside the tree adds, after each
 * turn's scoring, a decision of the player's own:
 *   open drop X Y ROLE PLACE   a follower from the supply onto a free
 *                              feature of any tile (figure_put; six words)
 *   hop X Y PLACE              his first follower on the board onto a free
 *                              feature of any tile (figure_move)
 *   pass
 * and a pig (a row that needs its owner's follower on its field). Both
 * actions use the second layout of struct action {x, y, at_figure,
 * at_slot} and action_text's X Y [ROLE] PLACE; the decision lists more
 * actions the bigger the board (most_actions, worked out by the game).
 * Checked after every action of random games: each feature counts the
 * figures on it, the figure sets and supplies agree with where the
 * figures are, no pig stays without its farmer; every listed action
 * reads back from its text; the game file saves, loads and replays to
 * the same state hash; the update names the moves.
 *
 *   CARC_FIGPUT_GAMES=N   games to play (default 40)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "engine.h"
#include "gamefile.h"
#include "report.h"
#include "tap.h"
#include "extra-module.h"
#include "reload.h"

enum { ACT_DROP = ACT_KIND_COUNT, ACT_HOP, PIG = FIG_BASE_COUNT };
extern const struct rules_module drop_module;

static const struct figure_type_def t_pig = {
	.id = PIG,
	.name = "pig",
	.role = "pig",
	.letter = 'g',
	.drawing = DRAW_MEEPLE,
	.stand = 1u << SEG_FIELD,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.returns = true,
	.needs = 1u << FIG_FOLLOWER,
	.supply = 1,
	.rule = "TEST-PIG",
	.stand_rule = "TEST-PIG",
};
static const struct figure_type_def *const pig_rows[] = {&t_pig};

/* The player's first follower on the board, or -1. */
static int
first_on_board(const struct game *g, int player)
{
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && g->figure[i].type == FIG_FOLLOWER &&
		    g->figure[i].loc == LOC_SEGMENT)
			return i;
	return -1;
}

/* Every free feature piece of the board a follower may take, as kind. */
static int
spots(const struct game *g, int player, int kind, struct action *out, int n, int cap)
{
	int from = kind == ACT_HOP ? first_on_board(g, player) : -1;

	if (kind == ACT_HOP ? from < 0 : g->player[player].supply[FIG_FOLLOWER] == 0)
		return n;
	for (int p = 0; p < g->nplaced; p++) {
		const struct tile_type *t = game_type(g, g->placed[p].type);
		for (int s = 0; s < t->nsegs; s++) {
			int seg = seg_instance(p, s), slot = game_segment_slot(g, seg);
			if (!(g->allowed[FIG_FOLLOWER] >> t->seg[s].kind & 1) ||
			    g->feat[feature_find(g, seg)].figures)
				continue;
			if (n < cap)
				out[n] = action_at((unsigned)kind, g->placed[p].x, g->placed[p].y,
						   FIG_FOLLOWER, (unsigned)slot);
			n++;
		}
	}
	return n;
}

static int
drop_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	int n = spots(g, f->owner, ACT_DROP, out, 0, cap);

	n = spots(g, f->owner, ACT_HOP, out, n, cap);
	if (n < cap)
		out[n] = (struct action){.kind = ACT_PASS};
	return n + 1;
}

/* The segment an action names, if a free one a follower may take. */
static int
named_spot(const struct game *g, const struct action *a)
{
	int p = game_placed_at(g, a->x, a->y), s;

	if (p < 0)
		return -1;
	s = tile_seg_at_slot(game_type(g, g->placed[p].type), a->at_slot, g->placed[p].rot);
	if (s == SEG_NONE || g->feat[feature_find(g, seg_instance(p, s))].figures)
		return -1;
	return seg_instance(p, s);
}

static int
drop_check(const struct game *g, const struct frame *f, const struct action *a,
	   struct rules_error *err)
{
	int seg;

	if (a->kind == ACT_PASS)
		return 0;
	if (a->kind != ACT_DROP && a->kind != ACT_HOP)
		return rerr(err, RERR_NOT_NOW, "TEST-DROP", "drop, hop or pass");
	if ((seg = named_spot(g, a)) < 0)
		return rerr(err, RERR_ILLEGAL, "TEST-DROP", "no free feature there");
	if (a->kind == ACT_HOP && first_on_board(g, f->owner) < 0)
		return rerr(err, RERR_ILLEGAL, "TEST-DROP", "no follower to move");
	return figure_spot_check(g, f->owner, a->at_figure, LOC_SEGMENT, seg, err);
}

static void
drop_apply(struct game *g, const struct frame *f, const struct action *a)
{
	int seg = a->kind == ACT_PASS ? -1 : named_spot(g, a);

	if (seg >= 0 && a->kind == ACT_DROP)
		figure_put(g, f->owner, a->at_figure, seg, NULL);
	else if (seg >= 0)
		figure_move(g, first_on_board(g, f->owner), LOC_SEGMENT, seg, NULL);
}

/* Every piece of every tile, a drop and a hop each, and pass. */
static int
drop_most(const struct game *g)
{
	return 2 * (g->bag_len + g->bag_aside + 1) * TILE_SEG_MAX + 1;
}

static int
drop_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	if (n < 2 || strcmp(w[1], "drop") != 0)
		return rerr(err, RERR_PARSE, "TEST-DROP", "write: open drop X Y ROLE PLACE");
	return action_parse_at(g, w + 1, n - 1, ACT_DROP, -1, a, err);
}

static int
drop_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	return action_format_at(g, a, "open drop", true, buf, n);
}

static int
hop_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	return action_parse_at(g, w, n, ACT_HOP, FIG_FOLLOWER, a, err);
}

static int
hop_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	return action_format_at(g, a, "hop", false, buf, n);
}

static const struct rules_step drop_steps[] = {{
	.name = "t-drop", .decision = "t-drop", .what = "drops, hops or passes",
	.after = "score", .most_actions = drop_most,
	.legal = drop_legal, .check = drop_check, .apply = drop_apply,
}};

static const struct rules_action drop_actions[] = {
	{.kind = ACT_DROP, .word = "open", .step = "t-drop", .parse = drop_parse,
	 .format = drop_format},
	{.kind = ACT_HOP, .word = "hop", .step = "t-drop", .parse = hop_parse,
	 .format = hop_format},
};

const struct rules_module drop_module = {
	.name = "t-drop",
	.enabled = always_on,
	.figure_types = pig_rows,
	.nfigure_types = 1,
	.steps = drop_steps,
	.nsteps = 1,
	.actions = drop_actions,
	.nactions = 2,
};

struct tally {
	int games, bound_ok, decisions, listed, text_ok, most, counts_ok, sets_ok, orphans_ok, drops, hops,
	    moves_logged, pigs;
};

/* Where each figure is, against the feature counts, sets and supplies. */
static void
consistent(struct tally *t, const struct game *g)
{
	bool counts = true, sets = true, orphans = true;
	int supply[MAX_PLAYERS][FIG_TYPE_MAX] = {{0}};

	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		bool on = f->loc == LOC_SEGMENT, home = f->loc == LOC_SUPPLY;
		sets &= figset_has(&g->on_seg, i) == on && figset_has(&g->home, i) == home;
		supply[f->owner][f->type] += home;
		if (on && f->type == PIG) {
			int root = feature_find(g, f->seg), k = 0;
			for (int j = 0; j < g->nfigures; j++)
				k += g->figure[j].owner == f->owner && g->figure[j].type == FIG_FOLLOWER &&
				     g->figure[j].loc == LOC_SEGMENT &&
				     feature_find(g, g->figure[j].seg) == root;
			orphans &= k > 0;
			t->pigs++;
		}
	}
	for (int p = 0; p < g->nplayers; p++)
		for (int ty = 0; ty < g->fig_hi; ty++)
			sets &= supply[p][ty] == g->player[p].supply[ty];
	for (int seg = 0; seg < g->nplaced * TILE_SEG_MAX; seg++) {
		int n = 0;
		if (g->feat[seg].parent != seg || seg % TILE_SEG_MAX >=
						   game_type(g, g->placed[seg / TILE_SEG_MAX].type)->nsegs)
			continue;
		for (int i = 0; i < g->nfigures; i++)
			n += g->figure[i].loc == LOC_SEGMENT && feature_find(g, g->figure[i].seg) == seg;
		counts &= g->feat[seg].figures == n;
	}
	t->counts_ok += counts;
	t->sets_ok += sets;
	t->orphans_ok += orphans;
}

static void
read_back(struct tally *t, const struct game *g, const struct action *a, int n)
{
	for (int i = 0; i < n; i++) {
		char text[64];
		struct action back;
		struct rules_error err = {0};
		action_format(g, &a[i], text, sizeof(text));
		if (action_parse_in(g, text, &back, &err) == 0 && memcmp(&back, &a[i], sizeof(back)) == 0)
			t->text_ok++;
		else if (t->listed - t->text_ok < 3)
			diag("'%s' does not read back: %s", text, err.text);
		t->listed++;
	}
}

static struct gamefile *
play(struct tally *t, const struct catalog *cat, int id)
{
	static const char *const names[] = {"alice", "bob", "carol"};
	struct game_setup s = {.nplayers = 2 + id % 2, .start = -1};
	struct gf_error ge = {0};
	struct rules_error err = {0};
	struct ai_rng rng;
	struct gamefile *gf;
	struct action *buf, a;
	int cap;

	rules_options_default(&s.opt);
	memcpy(s.seed, &id, sizeof(id));
	memcpy(s.seed + 8, "figput", 6);
	if ((gf = gamefile_new(cat, &s, names, &ge)) == NULL)
		bail_out("game %d: %s", id, ge.text);
	ai_rng_seed(&rng, s.seed);
	cap = game_legal_cap(gf->game);
	t->bound_ok += gf->game->legal_extra >= drop_most(gf->game);
	buf = malloc(sizeof(*buf) * (size_t)cap);
	while (buf && !gf->game->over) {
		int n = game_legal_actions(gf->game, buf, cap);
		t->decisions++;
		t->most = n > t->most ? n : t->most;
		if (n > cap)
			bail_out("game %d: %d actions listed, room for %d", id, n, cap);
		if (id < 4)
			read_back(t, gf->game, buf, n);
		a = buf[ai_rng_below(&rng, (uint32_t)n)];
		t->drops += a.kind == ACT_DROP;
		t->hops += a.kind == ACT_HOP;
		if (gamefile_play_action(gf, &a, &err) < 0)
			bail_out("game %d: %s", id, err.text);
		consistent(t, gf->game);
	}
	for (int i = 0; i < gf->game->nevents; i++)
		t->moves_logged += gf->game->events[i].kind == EV_MOVE;
	free(buf);
	return gf;
}

/* Saved, loaded back (a replay of its actions): the same state hash; the
 * update's lines name the moves. */
static void
file_and_update(const struct gamefile *gf, const struct catalog *cat)
{
	char *text = NULL;
	struct gf_error err = {0};
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);

	if (!ok(reloads_same(gf, cat, "t-figput", &err),
		"issue 25.1: a game with drops and hops saves, loads and replays: same state hash"))
		diag("%s: %s", err.path, err.text);
	report_events(fp, gf, 0, "", NULL);
	fclose(fp);
	ok(text && strstr(text, "'s thief goes to the road at") != NULL,
	   "issue 25.1: the update names a figure moved onto a road (EV_MOVE)");
	free(text);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);
	const struct rules_module *mods[MODULES_MAX];
	const char *env = getenv("CARC_FIGPUT_GAMES");
	int games = env ? atoi(env) : 40;
	struct tally t = {0};
	struct gamefile *gf = NULL;

	if (cat == NULL)
		bail_out("catalog: %s", err.text);
	catalog_add_module(cat, mods, &drop_module);
	for (int id = 0; id < games; id++) {
		gamefile_free(gf);
		gf = play(&t, cat, id);
		t.games++;
	}
	ok(t.drops > 0 && t.hops > 0 && t.moves_logged >= t.hops,
	   "issue 25.1: %d drops and %d hops played, %d moves logged", t.drops, t.hops,
	   t.moves_logged);
	is_int(t.bound_ok, t.games, "issue 25.1: the game takes the decision's most actions "
				    "from the step's function (most_actions)");
	ok(t.most > 64, "issue 25.1: up to %d actions in a decision, within game_legal_cap",
	   t.most);
	ok(t.listed > 0 && t.text_ok == t.listed,
	   "issue 25.1: every listed action reads back from its text (%d of %d; 'open drop X Y "
	   "ROLE PLACE' is six words)",
	   t.text_ok, t.listed);
	is_int(t.counts_ok, t.decisions, "issue 25.1: every feature counts the figures on it");
	is_int(t.sets_ok, t.decisions, "issue 25.1: the figure sets and supplies agree");
	ok(t.pigs > 0 && t.orphans_ok == t.decisions,
	   "issue 25.1: no pig stays on a field its farmer left (%d pig checks)", t.pigs);
	file_and_update(gf, cat);
	gamefile_free(gf);
	catalog_builtin(cat);
	catalog_free(cat);
	return done_testing();
}
