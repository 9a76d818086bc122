/* carcpbem demo: one game between computer players, by mail through the
 * host's mail loop (cmd_demo_mail.c), or with --direct told turn by turn
 * straight from the engine; then the final board and scores. */
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "cli.h"
#include "demo.h"
#include "report.h"

enum { OPT_SEED = 512, OPT_PLAYERS, OPT_DIRECT, OPT_DEMO_SPOOL, OPT_VERBOSE, OPT_DEMO_PNG };

static const struct cli_opt demo_opts[] = {
	{OPT_SEED, "seed", 0, "SEED",
	 "play the game of this seed (default: random, printed)"},
	{OPT_PLAYERS, "players", 0, "N", "number of players, 1 to 5, 6 with inns-cathedrals\n(default 2)"},
	{OPT_DEMO_SPOOL, "spool", 0, "DIR",
	 "the host's spool for the game by mail (default: a\n"
	 "new temporary directory, printed)"},
	{OPT_VERBOSE, "verbose", 'v', NULL, "by mail: print each turn as it is mailed"},
	{OPT_DEMO_PNG, "png", 0, NULL,
	 "by mail: the mails show the map as a picture too\n"
	 "(as a host's do by default)"},
	{OPT_DIRECT, "direct", 0, NULL,
	 "no mail: play in memory and print each turn"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"demo",
	"[--seed SEED] [--players N] [--spool DIR] [-v] [--png] [--direct] [rules options]",
	"Plays one game between computer players by mail, through the host's mail\n"
	"loop on the default settings: the host mails each notice to the outbox,\n"
	"the players read it there, sign their turns with their own keys and\n"
	"deliver them into the inbox Maildir, until the game is over. Then prints\n"
	"the final board and scores, and where the archive is. With --direct the\n"
	"game is played in memory and told turn by turn. The same seed plays the\n"
	"same game. The players are greedy (--player random or mcts for others).",
	{demo_opts, rules_opts, ai_opts},
};

const char *const demo_player_names[MAX_PLAYERS] = {
	"Ada", "Blaise", "Carl", "Dora", "Emmy", "Fermat",
};

struct demo {
	struct gamefile *gf;
	struct ai_rng rng;
	struct action *buf;
	int cap;
	struct ai_params ai;
	struct action turn[AI_TURN_MAX]; /* the turn chosen for seat, its next */
	int seat, nturn, next;
};

struct demo_args {
	const char *spool;
	bool direct, verbose, png;
	struct ai_params ai;
};

static int
parse_args(int argc, char **argv, struct game_setup *s, struct demo_args *a)
{
	struct opt_iter it;
	const char *arg = NULL, *seed = NULL;
	char what[48];
	long players = 2;
	int id;

	*s = (struct game_setup){.start = -1};
	rules_options_default(&s->opt);
	ai_params_default(&a->ai);
	a->ai.kind = AI_GREEDY; /* a demo of play, not of chance */
	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (id == OPT_ERROR || id == OPT_HELP)
			return id;
		if (rules_opt(&usage, id, arg, &s->opt) < 0 || ai_opt(&usage, id, arg, &a->ai) < 0)
			return OPT_ERROR;
		if (id == OPT_PLAYERS && parse_long(arg, 0, 99, &players) < 0)
			return usage_error(&usage, "--players %s: give a number of players", arg),
			       OPT_ERROR;
		if (id == OPT_SEED)
			seed = arg;
		if (id == OPT_DEMO_SPOOL)
			a->spool = arg;
		a->direct |= id == OPT_DIRECT;
		a->verbose |= id == OPT_VERBOSE;
		a->png |= id == OPT_DEMO_PNG;
	}
	if (it.npos)
		return usage_error(&usage, "unexpected argument '%s'", argv[1]),
		       OPT_ERROR;
	s->nplayers = (int)players;
	snprintf(what, sizeof(what), "--players %ld: ", players);
	if (rules_opt_check(&usage, &s->opt, s->nplayers, what) != 0)
		return OPT_ERROR;
	if (seed == NULL)
		seed_random(s->seed);
	else if (seed_from_text(&usage, seed, s->seed) < 0)
		return OPT_ERROR;
	return 0;
}

/* The points of events from..to: "Ada +4 city, Blaise +2 road". */
static void
print_scores(const struct demo *d, int from, int to)
{
	const struct game *g = d->gf->game;
	int k = 0;

	for (int i = from; i < to; i++) {
		const struct game_event *ev = &g->events[i];
		if (ev->kind == EV_SCORE && !ev->final)
			printf("%s%s +%d %s", k++ ? ", " : "", d->gf->name[ev->player],
			       ev->points, score_category(g, ev));
	}
}

static bool
scored(const struct game *g, int from, int to)
{
	for (int i = from; i < to; i++)
		if (g->events[i].kind == EV_SCORE && !g->events[i].final)
			return true;
	return false;
}

static void
print_discards(const struct demo *d, int from, int to)
{
	const struct game *g = d->gf->game;

	for (int i = from; i < to; i++)
		if (g->events[i].kind == EV_DISCARD)
			printf("      %s fits nowhere: discarded\n",
			       d->gf->cat->types[g->events[i].tile].id);
}

/* The next action of seat's turn as the player chose it (a whole turn
 * at once), chosen again when the decision is another seat's. */
static int
chosen(struct demo *d, struct action *a)
{
	struct decision dec;

	game_decision(d->gf->game, &dec);
	if (d->next >= d->nturn || d->seat != dec.player) {
		for (int i = 0; i < SEED_BYTES; i += 8) {
			uint64_t x = ai_rng_next(&d->rng);
			memcpy(d->ai.seed + i, &x, 8);
		}
		d->seat = dec.player;
		d->next = 0;
		if (ai_choose(d->gf->game, d->seat, &d->ai, d->turn, &d->nturn, NULL) < 0 ||
		    d->nturn == 0)
			return -1;
	}
	*a = d->turn[d->next++];
	return 0;
}

/* One action of the player due; -1 if the engine refused it (a bug). */
static int
step(struct demo *d, struct action *a)
{
	struct rules_error err = {0};
	int r = d->ai.kind == AI_RANDOM
			? ai_random_action(d->gf->game, &d->rng, d->buf, d->cap, a)
			: chosen(d, a);

	if (r < 0 || gamefile_play_action(d->gf, a, &err) < 0) {
		cli_error("the engine refused an action it had listed: %s", err.text);
		return -1;
	}
	return 0;
}

/* The turn's decisions after the figure (a module's: the Cathars'
 * escape), up to the next tile: appended to text when not a pass. */
static int
more_decisions(struct demo *d, char *text, size_t n)
{
	struct decision dec;
	struct action a;

	for (game_decision(d->gf->game, &dec);
	     dec.kind != DECISION_PLACE_TILE && dec.kind != DECISION_GAME_OVER;
	     game_decision(d->gf->game, &dec)) {
		size_t len = strcmp(text, "-") == 0 ? 0 : strlen(text);
		if (step(d, &a) < 0)
			return -1;
		if (a.kind != ACT_PASS && len + 2 < n) {
			snprintf(text + len, n - len, "%s", len ? ", " : "");
			len += strlen(text + len);
			action_format(d->gf->game, &a, text + len, n - len);
		}
	}
	return 0;
}

/* "   7 Blaise BA/CRr     at  -1,2   r90   knight N   Ada +4 city" */
static int
turn(struct demo *d)
{
	const struct game *g = d->gf->game;
	int mark = g->nevents, who, n = g->turn, tile = g->drawn;
	struct action place, fig;
	struct decision dec;
	char text[48] = "-";

	game_decision(g, &dec);
	who = dec.player;
	if (step(d, &place) < 0 || step(d, &fig) < 0)
		return -1;
	if (fig.kind != ACT_PASS)
		action_format(g, &fig, text, sizeof(text));
	if (more_decisions(d, text, sizeof(text)) < 0)
		return -1;
	printf("%4d %-6s %-10s at %3d,%-3d r%-4d", n, d->gf->name[who],
	       d->gf->cat->types[tile].id, place.x, place.y, place.rot * 90);
	if (scored(g, mark, g->nevents)) {
		printf(" %-10s ", text);
		print_scores(d, mark, g->nevents);
	} else
		printf(" %s", text);
	putchar('\n');
	print_discards(d, mark, g->nevents);
	return 0;
}

/* From the first event of the final scoring on. */
static void
print_end(const struct demo *d)
{
	const struct game *g = d->gf->game;
	char *board = textboard(d->gf);
	int i = g->nevents;

	while (i > 0 && (g->events[i - 1].kind == EV_GAME_OVER ||
			 (g->events[i - 1].kind == EV_SCORE && g->events[i - 1].final)))
		i--;
	printf("\nFinal scoring:\n");
	report_events(stdout, d->gf, i, "  ", NULL);
	if (board)
		printf("\nFinal board:\n%s\n", board);
	free(board);
	report_final(stdout, d->gf);
}

static void
print_start(const struct demo *d)
{
	const struct gamefile *gf = d->gf;
	char hex[2 * SEED_BYTES + 1], rules[128];

	gamefile_seed_hex(gf->setup.seed, hex);
	rules_describe(&gf->setup.opt, rules, sizeof(rules));
	printf("Demo game between %s players:", ai_kind_name(d->ai.kind));
	for (int p = 0; p < gf->nplayers; p++)
		printf("%s %s (%c)", p ? "," : "", gf->name[p], seat_letter(p));
	printf("; %s.\nSeed %s\n(carcpbem demo --seed SEED plays this game again)\n\n",
	       rules, hex);
	printf("%4s %-6s %-10s %-10s %-5s %-10s %s\n", "turn", "player", "tile", "place",
	       "rot", "figure", "points");
}

int
demo_direct(const struct catalog *cat, const struct game_setup *setup,
	    const struct ai_params *ai)
{
	struct gf_error err = {0};
	uint8_t ai_seed[SEED_BYTES];
	struct demo d = {.ai = *ai};
	int r = EXIT_FAIL;

	if ((d.gf = gamefile_new(cat, setup, demo_player_names, &err)) == NULL) {
		cli_gf_error("demo", &err);
		return EXIT_FAIL;
	}
	seed_derive(setup->seed, "carcpbem demo players", 0, ai_seed);
	ai_rng_seed(&d.rng, ai_seed);
	d.cap = legal_cap(d.gf->game);
	if ((d.buf = malloc(sizeof(*d.buf) * d.cap)) == NULL)
		cli_error("out of memory");
	else {
		print_start(&d);
		while (!d.gf->game->over && turn(&d) == 0)
			;
		if (d.gf->game->over) {
			print_end(&d);
			r = EXIT_OK;
		}
	}
	free(d.buf);
	gamefile_free(d.gf);
	return r;
}

int
cmd_demo(int argc, char **argv)
{
	struct game_setup setup;
	struct catalog *cat;
	struct demo_args a = {0};
	int r = parse_args(argc, argv, &setup, &a);

	if (r == OPT_HELP)
		return usage_help(&usage);
	if (r == OPT_ERROR)
		return EXIT_USAGE;
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	r = a.direct ? demo_direct(cat, &setup, &a.ai)
		     : demo_by_mail(cat, &setup, a.spool, a.verbose, a.png, &a.ai);
	catalog_free(cat);
	return r;
}
