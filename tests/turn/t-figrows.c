/* Issue 25.1: a module figure with a name of its own (a mayor, from a
 * module outside the tree) goes through everything that names figures:
 * its actions as text, the game file saved and loaded back, show's JSON,
 * the views, the text map and its legend, the AI's evaluation, and a
 * whole game by signed turns replayed from its history and its archive.
 * No code names the mayor: its words come from its row. */
#include <math.h>
#include <sodium.h>

#include "render.h"
#include "replay.h"
#include "signed-game.h"
#include "tap.h"
#include "ai_impl.h"
#include "module.h"
#include "exp/exp.h"
#include "mayor-row.h"
#include "reload.h"

enum { MAYOR = FIG_BASE_COUNT };

static const struct figure_type_def *const mayor_rows[] = {&t_mayor};

static bool
second_edition(const struct rules_options *opt)
{
	return opt->edition == 2; /* the test's switch */
}

static const struct rules_module mayor_module = {
	.name = "t-mayor",
	.enabled = second_edition,
	.figure_types = mayor_rows,
	.nfigure_types = 1,
};

static const char *const names[] = {"alice", "bob"};

static bool
is_mayor(const struct action *a)
{
	return a->kind == ACT_FIGURE && a->figure == MAYOR;
}

/* Every listed action: formatted, parsed back in the game to the same. */
static void
text_round_trip(const struct gamefile *gf)
{
	int cap = game_legal_cap(gf->game), n, bad = 0, mayors = 0;
	struct action *acts = malloc(sizeof(*acts) * (size_t)cap);
	char text[48], first[sizeof(text) + sizeof(((struct rules_error *)0)->text) + 8] = "";

	n = game_legal_actions(gf->game, acts, cap);
	for (int i = 0; i < n; i++) {
		struct rules_error err = {0};
		struct action back;
		action_format(gf->game, &acts[i], text, sizeof(text));
		mayors += strncmp(text, "mayor ", 6) == 0;
		if (action_parse_in(gf->game, text, &back, &err) < 0 || back.kind != acts[i].kind ||
		    back.figure != acts[i].figure || back.slot != acts[i].slot) {
			if (bad++ == 0)
				snprintf(first, sizeof(first), "'%s': %s", text, err.text);
		}
	}
	ok(bad == 0 && mayors > 0, "issue 25.1: %d actions (%d mayor ...) read back as listed %s",
	   n, mayors, first);
	free(acts);
}

/* Plays gf until a mayor stands on the board: a mayor whenever one may
 * go (its decision's actions read back first), else a random action. Whether one was placed. */
static bool
play_to_mayor(struct gamefile *gf, struct ai_rng *rng)
{
	int cap = game_legal_cap(gf->game);
	struct action *acts = malloc(sizeof(*acts) * (size_t)cap), a;
	struct rules_error err = {0};
	bool placed = false;

	while (!placed && !gf->game->over) {
		int n = game_legal_actions(gf->game, acts, cap), i = 0;
		while (i < n && !is_mayor(&acts[i]))
			i++;
		placed = i < n;
		if (placed) {
			text_round_trip(gf); /* at the decision that lists mayors */
			a = acts[i];
		}
		else if (ai_random_action(gf->game, rng, acts, cap, &a) < 0)
			break;
		if (gamefile_play_action(gf, &a, &err) < 0)
			bail_out("play: %s", err.text);
	}
	free(acts);
	return placed;
}

static bool
has_text(json_t *j, const char *what)
{
	char *s = json_dumps(j, JSON_COMPACT);
	bool r = s && strstr(s, what) != NULL;

	free(s);
	json_decref(j);
	return r;
}

/* The game file saved, loaded back; show's figures, the views. */
static void
file_round_trip(const struct gamefile *gf, const struct catalog *cat)
{
	struct gf_error err = {0};

	if (!ok(reloads_same(gf, cat, "t-figrows", &err),
		"issue 25.1: a game file with a mayor on the board loads back, same state hash"))
		diag("%s: %s", err.path, err.text);
	ok(has_text(gamefile_figures_json(gf), "\"figure\": \"mayor\"") ||
		   has_text(gamefile_figures_json(gf), "\"figure\":\"mayor\""),
	   "issue 25.1: show --json's figures name the mayor");
	ok(has_text(gamefile_supply_json(gf->game, 0), "mayor"),
	   "issue 25.1: show --json's supply names the mayor");
	ok(has_text(gamefile_view_json(gf, GF_VIEW_PUBLIC, -1), "mayor"),
	   "issue 25.1: the public view names the mayor");
}

/* The text map shows the mayor's letter and its legend says what it is. */
static void
text_map(const struct gamefile *gf)
{
	struct render_opts o;
	char *map;

	render_opts_default(&o);
	o.legend = true;
	o.names = names;
	map = render_ascii_string(gf->game, &o);
	ok(map && (strstr(map, "Ay") || strstr(map, "By")), "issue 25.1: the map shows the mayor (Ay or By)");
	if (!ok(map && (strstr(map, "y mayor") || strstr(map, "y\u00a0mayor")),
		"issue 25.1: the map's legend names the mayor's letter") &&
	    map && strstr(map, "Figures:"))
		diag("%.*s", (int)strcspn(strstr(map, "Figures:"), "."), strstr(map, "Figures:"));
	free(map);
}

/* The picture draws the mayor by its row's drawing. */
static void
picture(const struct gamefile *gf)
{
	struct render_opts o;
	unsigned char *png = NULL;
	size_t len = 0;

	if (!render_have_png()) {
		diag("built without cairo: no picture to check");
		return;
	}
	render_opts_default(&o);
	ok(render_png_mem(gf->game, &o, &png, &len, NULL, NULL) == 0 && len > 0,
	   "issue 25.1: the picture of a board with a mayor is drawn");
	free(png);
	render_cleanup();
}

/* The evaluation counts the mayor like any figure: in the supply it is
 * worth something, so placing it for nothing costs its owner. */
static void
ai_knows(const struct gamefile *gf)
{
	struct game *g = game_clone(gf->game);

	ok(g != NULL && isfinite(ai_eval(g, 0)), "issue 25.1: the AI evaluates a game with a mayor");
	game_free(g);
}

/* A file of that game whose supply has a mayor: refused, saying so. */
static void
supply_without(const struct gamefile *gf, const struct catalog *cat)
{
	json_t *doc = gamefile_to_json(gf), *pl = json_array_get(json_object_get(doc, "players"), 0);
	struct gf_error err = {0};
	char path[64], said[sizeof(err.path) + sizeof(err.text) + 4];
	struct gamefile *back;

	json_object_set_new(json_object_get(pl, "supply"), "mayor", json_integer(1));
	snprintf(path, sizeof(path), "/tmp/t-figrows-s%ld.json", (long)getpid());
	json_dump_file(doc, path, JSON_PRESERVE_ORDER | JSON_INDENT(2));
	json_decref(doc);
	back = gamefile_load(path, cat, &err);
	snprintf(said, sizeof(said), "%s: %s", err.path, err.text);
	is_str(back ? "loaded" : said, "players[0].supply: has \"mayor\", but the rules have none",
	       "issue 25.1: a mayor in the supply of a game without mayors is refused");
	gamefile_free(back);
	unlink(path);
}

/* In a game of the same catalogue without the module, "mayor" is still
 * a word: it reads, and the rules refuse it, saying why. Tried where a
 * knight may go. */
static void
no_mayor_here(const struct catalog *cat)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error re = {0};
	struct gf_error err = {0};
	struct gamefile *gf;
	struct ai_rng rng;
	struct action a, acts[64];
	char text[48] = "", legal[512] = "";

	rules_options_default(&s.opt);
	s.seed[0] = 25;
	ai_rng_seed(&rng, s.seed);
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	while (strncmp(text, "knight ", 7) != 0 && !gf->game->over) {
		int n = game_legal_actions(gf->game, acts, 64);
		for (int i = 0; i < n && i < 64 && strncmp(text, "knight ", 7) != 0; i++)
			action_format(gf->game, &acts[i], text, sizeof(text));
		if (strncmp(text, "knight ", 7) != 0 &&
		    (ai_random_action(gf->game, &rng, acts, 64, &a) < 0 ||
		     gamefile_play_action(gf, &a, &re) < 0))
			bail_out("play: %s", re.text);
	}
	memmove(text + 6, text + 7, strlen(text + 7) + 1);
	memcpy(text, "mayor ", 6);
	gamefile_legal_text(gf, "; ", legal, sizeof(legal));
	/* the word is this test's row's and Abbey & Mayor's (FIG_MAYOR) */
	ok(action_parse_in(gf->game, text, &a, &re) == 0 &&
		   (a.figure == MAYOR || a.figure == FIG_MAYOR),
	   "issue 25.1: without the module, '%s' still reads as a mayor", text);
	ok(gamefile_play(gf, text, &re) < 0 && strstr(re.text, "without mayors"),
	   "issue 25.1: ... and is refused where a knight may go: %s", re.text);
	ok(strstr(legal, "mayor") == NULL, "issue 25.1: ... and never listed: %s", legal);
	supply_without(gf, cat);
	gamefile_free(gf);
}

/* A whole game of random signed turns with the mayor in it: applied,
 * replayed from the history, exported, the archive replayed. */
static void
whole_game(const struct catalog *cat)
{
	char dir[] = "/tmp/carc-figrows-XXXXXX", game[64], arch[80];
	struct rules_options opt;
	struct signed_game sg;
	struct turn_error err = {0};
	struct gf_error ge = {0};
	struct replay_report rep = {0};
	struct apply_result res;
	struct gamefile *gf;
	int turns = 0, applied = 0, mayors = 0;
	json_t *root;
	char *text;

	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	snprintf(game, sizeof(game), "%s/game", dir);
	snprintf(arch, sizeof(arch), "%s/archive.json", dir);
	rules_options_default(&opt);
	opt.edition = 2;
	if (sg_create(&sg, cat, game, 2, &opt, 25) < 0)
		bail_out("cannot create %s", game);
	gf = gamefile_load(sg.gd.state, cat, &ge);
	while (gf && (text = sg_turn(&sg, gf)) != NULL) {
		mayors += strstr(text, "mayor ") != NULL;
		gamefile_free(gf);
		gf = NULL;
		turns++;
		if (archive_apply(&sg.gd, cat, text, strlen(text), 1700000000 + turns, &gf,
				  &res, &err) == 0)
			applied++;
		else if (turns - applied == 1)
			diag("turn %d refused: %s", turns, err.text);
		free(text);
	}
	ok(gf && gf->game->over && applied == turns && mayors > 0,
	   "issue 25.1: a whole game of signed turns, %d with a mayor, applied (%d of %d)", mayors,
	   applied, turns);
	if (!ok(replay_dir(&sg.gd, cat, &rep, &err) == 0, "issue 25.1: its history replays"))
		diag("%s", err.text);
	gamefile_free(rep.gf);
	rep.gf = NULL;
	root = gf ? export_archive(&sg.gd, cat, 1700000002, &err) : NULL;
	ok(root && json_dump_file(root, arch, JSON_INDENT(2)) == 0, "issue 25.1: exported%s%s",
	   root ? "" : ": ", root ? "" : err.text);
	if (!ok(root && replay_archive(arch, cat, &rep, &err) == 0,
		"issue 25.1: the archive replays"))
		diag("%s", err.text);
	gamefile_free(rep.gf);
	json_decref(root);
	gamefile_free(gf);
	unlink(arch);
	sg_remove(&sg);
	sg_free(&sg);
	rmdir(dir);
}

int
main(void)
{
	struct rules_error re = {0};
	struct catalog *cat = catalog_load_builtin(&re);
	const struct rules_module *mods[MODULES_MAX];
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct gf_error err = {0};
	struct gamefile *gf;
	struct ai_rng rng;

	if (cat == NULL || sodium_init() < 0)
		bail_out("setup: %s", re.text);
	for (int i = 0; i < cat->nmodules; i++)
		mods[i] = cat->modules[i];
	mods[cat->nmodules] = &mayor_module;
	cat->modules = mods;
	cat->nmodules++;

	rules_options_default(&s.opt);
	s.opt.edition = 2;
	s.seed[0] = 25;
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	ai_rng_seed(&rng, s.seed);
	if (!ok(play_to_mayor(gf, &rng), "issue 25.1: a mayor is placed in a city"))
		bail_out("no mayor placed");
	file_round_trip(gf, cat);
	text_map(gf);
	picture(gf);
	ai_knows(gf);
	gamefile_free(gf);
	no_mayor_here(cat);
	whole_game(cat);

	cat->modules = rules_builtin_modules;
	cat->nmodules = rules_builtin_nmodules;
	catalog_free(cat);
	return done_testing();
}
