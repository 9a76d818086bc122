/* carcpbem hint: the computer player's choice for the decision due in a
 * player's view, and with --explain the moves it weighed. */
#include <stdlib.h>

#include "ai.h"
#include "cli.h"

enum { OPT_EXPLAIN = 890, OPT_SEED };

static const struct cli_opt hint_opts[] = {
	{OPT_EXPLAIN, "explain", 0, NULL,
	 "also print the top three moves, each with its\n"
	 "estimated chance to win (lines starting with #)"},
	{OPT_SEED, "seed", 0, "SEED",
	 "draw the player's chances from SEED (64 hexadecimal\n"
	 "digits or any other text); default: random"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"hint",
	"VIEW [--player KIND] [--think DURATION | --playouts N] [--seed SEED] [--explain]",
	"Asks the computer player what to play in the decision due in VIEW (your\n"
	"view, carcpbem view GAME --player NAME, or any game file) and prints its\n"
	"choice for the whole turn, one action a line as carcpbem legal writes\n"
	"them: ready for carcpbem move or play. It plays on what the view shows:\n"
	"the tiles to come in an order it samples, never the real one.",
	{hint_opts, ai_opts, NULL},
};

struct hint_args {
	const char *path, *seed;
	bool explain;
	struct ai_params p;
};

static void
print_explain(const struct ai_params *p, const struct ai_explain *ex)
{
	printf("# %s: %d whole turn%s weighed", ai_kind_name(p->kind), ex->candidates,
	       ex->candidates == 1 ? "" : "s");
	if (ex->playouts)
		printf(", %ld playouts in %.2f s (%.0f a second)", ex->playouts, ex->seconds,
		       ex->seconds > 0 ? ex->playouts / ex->seconds : 0);
	printf("\n");
	for (int i = 0; i < ex->n; i++) {
		cli_say(stdout, "# %d. %s: ", i + 1, ex->top[i].text);
		if (ex->top[i].win >= 0)
			printf("wins %.0f%% of %ld playouts, ", 100 * ex->top[i].win,
			       ex->top[i].visits);
		printf("evaluation %+.1f points\n", ex->top[i].value);
	}
}

/* Prints the actions, formatted on a copy as they are played. */
static int
print_turn(const struct game *g, const struct action *a, int n)
{
	struct game *c = game_clone(g);
	char buf[64];

	for (int i = 0; c && i < n; i++) {
		action_format(c, &a[i], buf, sizeof(buf));
		puts(buf);
		game_apply(c, &a[i], NULL);
	}
	game_free(c);
	return c ? EXIT_OK : EXIT_FAIL;
}

static int
hint(const struct gamefile *gf, const struct hint_args *h)
{
	struct action a[AI_TURN_MAX];
	struct ai_explain ex;
	struct decision d;
	int n;

	game_decision(gf->game, &d);
	if (d.player < 0) {
		cli_error("%s: the game is over: no decision to take", h->path);
		return EXIT_FAIL;
	}
	if (gf->me >= 0 && d.player != gf->me) {
		cli_error("%s: the decision due is %s's, not %s's: wait for your turn",
			  h->path, gf->name[d.player], gf->name[gf->me]);
		return EXIT_FAIL;
	}
	if (ai_choose(gf->game, d.player, &h->p, a, &n, &ex) < 0) {
		cli_error("%s: the computer player found no move (out of memory?)", h->path);
		return EXIT_FAIL;
	}
	if (print_turn(gf->game, a, n) != EXIT_OK)
		return EXIT_FAIL;
	if (h->explain)
		print_explain(&h->p, &ex);
	return EXIT_OK;
}

static int
parse(int argc, char **argv, struct hint_args *h)
{
	struct opt_iter it;
	const char *arg;
	int id, r;

	ai_params_default(&h->p);
	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (id == OPT_HELP)
			return usage_help(&usage);
		if (id == OPT_ERROR || (r = ai_opt(&usage, id, arg, &h->p)) < 0)
			return EXIT_USAGE;
		if (id == OPT_EXPLAIN)
			h->explain = true;
		else if (id == OPT_SEED)
			h->seed = arg;
	}
	if (it.npos != 1)
		return usage_error(&usage, it.npos ? "one view at a time"
						   : "which view? give your view of the game");
	h->path = argv[1];
	if (h->seed == NULL)
		seed_random(h->p.seed);
	else if (seed_from_text(&usage, h->seed, h->p.seed) < 0)
		return EXIT_USAGE;
	return CLI_PROCEED;
}

int
cmd_hint(int argc, char **argv)
{
	struct hint_args h = {0};
	struct catalog *cat;
	struct gamefile *gf;
	int r = parse(argc, argv, &h);

	if (r != CLI_PROCEED)
		return r;
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	r = (gf = cli_load(h.path, cat)) ? hint(gf, &h) : EXIT_FAIL;
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}
