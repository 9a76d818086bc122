/* Issue 25.1: figures off the segments. A module outside the tree has a
 * barn (a row that stands on corners only) and, after each turn's
 * scoring, lets the player put it on a corner of the tile just placed:
 * "corner X Y NE" (figure_put_at, LOC_CORNER). The game file writes it
 * ({"figure": "barn", "place": "corner", "x", "y", "corner": "NE"}),
 * loads back to the same state hash and refuses a corner that is not
 * one; show, the update, the text map and the picture show it; the AI
 * evaluates the game.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai.h"
#include "ai_impl.h"
#include "engine.h"
#include "gamefile.h"
#include "render.h"
#include "report.h"
#include "tap.h"
#include "extra-module.h"
#include "reload.h"

enum { ACT_CORNER = ACT_KIND_COUNT, BARN = FIG_BASE_COUNT };
extern const struct rules_module barn_module;

static const struct figure_type_def t_barn = {
	.id = BARN,
	.name = "barn",
	.role = "barn",
	.letter = 'b',
	.drawing = DRAW_MEEPLE,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_CORNER,
	.supply = 1,
	.rule = "TEST-BARN",
	.stand_rule = "TEST-BARN",
};
static const struct figure_type_def *const barn_rows[] = {&t_barn};

static int
barn_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	int n = 0;

	for (int c = 0; c < 4 && g->player[f->owner].supply[BARN]; c++, n++)
		if (n < cap)
			out[n] = action_at(ACT_CORNER, pt->x, pt->y, BARN, (unsigned)c);
	if (n < cap)
		out[n] = (struct action){.kind = ACT_PASS};
	return n + 1;
}

static int
barn_check(const struct game *g, const struct frame *f, const struct action *a,
	   struct rules_error *err)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];

	if (a->kind == ACT_PASS)
		return 0;
	if (a->kind != ACT_CORNER || a->x != pt->x || a->y != pt->y || a->at_slot > 3)
		return rerr(err, RERR_ILLEGAL, "TEST-BARN", "a corner of the tile just placed");
	if (g->player[f->owner].supply[BARN] == 0)
		return rerr(err, RERR_ILLEGAL, "TEST-BARN", "no barn left");
	return figure_spot_check(g, f->owner, BARN, LOC_CORNER,
				 g->last_placed * 4 + a->at_slot, err);
}

static void
barn_apply(struct game *g, const struct frame *f, const struct action *a)
{
	if (a->kind == ACT_CORNER)
		figure_put_at(g, f->owner, BARN, LOC_CORNER, g->last_placed * 4 + a->at_slot, NULL);
}

static int
corner_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	int c = n == 4 ? figure_corner_parse(w[3]) : -1;

	(void)g;
	if (c < 0)
		return rerr(err, RERR_PARSE, "TEST-BARN", "write: corner X Y NE|SE|SW|NW");
	*a = action_at(ACT_CORNER, atoi(w[1]), atoi(w[2]), BARN, (unsigned)c);
	return 0;
}

static int
corner_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	return snprintf(buf, n, "corner %d %d %s", a->x, a->y, figure_corner_name(a->at_slot));
}

static const struct rules_step barn_steps[] = {{
	.name = "t-barn", .decision = "t-barn", .what = "may put the barn on a corner",
	.after = "score", .max_actions = 5,
	.legal = barn_legal, .check = barn_check, .apply = barn_apply,
}};

static const struct rules_action barn_actions[] = {
	{.kind = ACT_CORNER, .word = "corner", .step = "t-barn", .parse = corner_parse,
	 .format = corner_format},
};

const struct rules_module barn_module = {
	.name = "t-barn",
	.enabled = always_on,
	.figure_types = barn_rows,
	.nfigure_types = 1,
	.steps = barn_steps,
	.nsteps = 1,
	.actions = barn_actions,
	.nactions = 1,
};

static const char *const names[] = {"alice", "bob"};

/* A random game until both barns stand, by its actions' texts. */
static struct gamefile *
play(const struct catalog *cat)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct gf_error ge = {0};
	struct rules_error err = {0};
	struct ai_rng rng;
	struct gamefile *gf;
	struct action buf[512], a;

	rules_options_default(&s.opt);
	s.seed[0] = 25;
	if ((gf = gamefile_new(cat, &s, names, &ge)) == NULL)
		bail_out("game: %s", ge.text);
	ai_rng_seed(&rng, s.seed);
	while (!gf->game->over && (gf->game->player[0].supply[BARN] || gf->game->player[1].supply[BARN])) {
		char text[48];
		int n = game_legal_actions(gf->game, buf, 512);
		a = buf[ai_rng_below(&rng, (uint32_t)(n < 512 ? n : 512))];
		action_format(gf->game, &a, text, sizeof(text));
		if (gamefile_play(gf, text, &err) < 0)
			bail_out("'%s': %s", text, err.text);
	}
	return gf;
}

static bool
has(const char *hay, const char *needle)
{
	return hay && strstr(hay, needle) != NULL;
}

/* The file with the first barn's corner edited to word: why it loads or not. */
static void
edited_corner(const struct gamefile *gf, const struct catalog *cat, const char *word,
	      char *said, size_t n)
{
	json_t *doc = gamefile_to_json(gf), *figs = json_object_get(doc, "figures"), *f;
	struct gf_error err = {0};
	struct gamefile *back;
	char path[64];
	size_t i;

	json_array_foreach(figs, i, f)
		if (json_object_get(f, "corner")) {
			json_object_set_new(f, "corner", json_string(word));
			break;
		}
	snprintf(path, sizeof(path), "/tmp/t-figcorner-%ld.json", (long)getpid());
	json_dump_file(doc, path, JSON_PRESERVE_ORDER | JSON_INDENT(2));
	json_decref(doc);
	back = gamefile_load(path, cat, &err);
	snprintf(said, n, "%s: %s", err.path, back ? "loaded" : err.text);
	gamefile_free(back);
	unlink(path);
}

static void
file(const struct gamefile *gf, const struct catalog *cat)
{
	struct gf_error err = {0};
	json_t *j = gamefile_figures_json(gf);
	char *figs = json_dumps(j, JSON_COMPACT), said[sizeof(err.path) + sizeof(err.text) + 8];
	const struct figure *barn = &gf->game->figure[gf->game->fig_first[0][BARN]];
	const char *other = barn->at % 4 == 0 ? "SE" : "NE";

	ok(has(figs, "\"figure\":\"barn\",\"place\":\"corner\""),
	   "issue 25.1: the game file writes a barn on a corner: %s", figs ? figs : "");
	if (!ok(reloads_same(gf, cat, "t-figcorner", &err),
		"issue 25.1: a game with barns on corners loads back: same state hash"))
		diag("%s: %s", err.path, err.text);
	edited_corner(gf, cat, "XX", said, sizeof(said));
	ok(has(said, "corner: not a corner: NE, SE, SW or NW"),
	   "issue 25.1: a corner that is none is refused: %s", said);
	edited_corner(gf, cat, other, said, sizeof(said));
	ok(!has(said, "loaded"), "issue 25.1: a barn moved to another corner is refused: %s",
	   said);
	free(figs);
	json_decref(j);
}

static void
shown(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	int i = g->fig_first[0][BARN];
	char buf[160], *map, *events = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&events, &len);
	struct render_opts o;
	unsigned char *png = NULL;
	size_t plen = 0;
	struct game *c = game_clone(g);

	figure_describe(g, i, buf, sizeof(buf));
	ok(has(buf, "barn on the ") && has(buf, " corner of "),
	   "issue 25.1: show describes the barn: %s", buf);
	report_events(fp, gf, 0, "", NULL);
	fclose(fp);
	ok(has(events, "'s barn goes to the ") && has(events, " corner of "),
	   "issue 25.1: the update names the barn's corner");
	render_opts_default(&o);
	o.names = names;
	map = render_ascii_string(g, &o);
	ok(has(map, "Ab") && has(map, "Bb"), "issue 25.1: the text map shows both barns (Ab, Bb)");
	if (render_have_png())
		ok(render_png_mem(g, &o, &png, &plen, NULL, NULL) == 0 && plen > 0,
		   "issue 25.1: the picture of a board with barns is drawn");
	else
		ok(1, "built without cairo: no picture");
	ok(c && isfinite(ai_eval(c, 0)), "issue 25.1: the AI evaluates a game with barns");
	game_free(c);
	free(png);
	free(map);
	free(events);
	render_cleanup();
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);
	const struct rules_module *mods[MODULES_MAX];
	struct gamefile *gf;

	if (cat == NULL)
		bail_out("catalog: %s", err.text);
	catalog_add_module(cat, mods, &barn_module);
	gf = play(cat);
	if (!ok(gf->game->player[0].supply[BARN] == 0 && gf->game->player[1].supply[BARN] == 0 &&
		    gf->game->figure[gf->game->fig_first[0][BARN]].loc == LOC_CORNER,
		"issue 25.1: both barns stand on corners"))
		bail_out("no barns");
	file(gf, cat);
	shown(gf);
	gamefile_free(gf);
	catalog_builtin(cat);
	catalog_free(cat);
	return done_testing();
}
