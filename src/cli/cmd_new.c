/* carcpbem new: creates a game: a game file, or a game directory for
 * signed turns (cmd_new_archive.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "host.h" /* host_become_user */
#include "newgame.h"
#include "writers.h"

enum { OPT_SEED = 512, OPT_FIRST, OPT_TILES, OPT_START, OPT_FORCE };

static const struct cli_opt new_opts[] = {
	{'o', "output", 'o', "FILE", "write the game to the game file FILE"},
	{OPT_SEED, "seed", 0, "SEED",
	 "shuffle the bag from SEED: 64 hexadecimal digits as\n"
	 "they are, or any other text (hashed); default: random"},
	{OPT_FIRST, "first", 0, "N", "the N-th player named moves first (default 1)"},
	{OPT_TILES, "tiles", 0, "ID,ID,...",
	 "the bag is exactly these tiles, drawn in this order\n"
	 "(for tests and set positions)"},
	{OPT_START, "start", 0, "ID", "put tile ID at 0,0 instead of the rules' own"},
	{OPT_FORCE, "force", 'f', NULL, "replace FILE if it exists"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"new",
	"[options] -o FILE|--spool DIR|--dir DIR NAME [NAME...]",
	"Creates a game for 1 to 5 players (6 with inns-cathedrals), named in their\nseat order: a game file\n"
	"FILE (mode 0600: it holds the secret seed) that the host plays with\n"
	"carcpbem play, or, with every player's public key, a game directory for\n"
	"signed turns (state.json and history.jsonl; carcpbem apply).",
	{new_opts, new_archive_opts, new_deadline_opts, rules_opts, NULL},
};

struct new_args {
	const char *out, *seed, *tiles, *start;
	long first;
	bool force;
	struct rules_options opt;
	struct new_archive arch;
	struct new_deadline dl;
};

static int
parse_args(int argc, char **argv, struct new_args *a, int *nnames)
{
	struct opt_iter it;
	const char *arg = NULL;
	int id, r;

	*a = (struct new_args){.first = 1};
	rules_options_default(&a->opt);
	new_deadline_init(&a->dl);
	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (id == OPT_ERROR || id == OPT_HELP)
			return id;
		if ((r = rules_opt(&usage, id, arg, &a->opt)) != 0) {
			if (r < 0)
				return OPT_ERROR;
			continue;
		}
		switch (id) {
		case 'o':
			a->out = arg;
			break;
		case OPT_SEED:
			a->seed = arg;
			break;
		case OPT_FIRST:
			if (parse_long(arg, 1, MAX_PLAYERS, &a->first) < 0)
				a->first = -1; /* check_args says what is wrong */
			break;
		case OPT_TILES:
			a->tiles = arg;
			break;
		case OPT_START:
			a->start = arg;
			break;
		case OPT_FORCE:
			a->force = true;
			break;
		default:
			if ((r = new_deadline_opt(id, arg, &a->dl)) != 0) {
				if (r < 0)
					return OPT_ERROR;
				break;
			}
			if (new_archive_opt(id, arg, &a->arch) < 0)
				return usage_error(&usage, "too many --key or --address"),
				       OPT_ERROR;
		}
	}
	*nnames = it.npos;
	return 0;
}

static int
check_args(const struct new_args *a, char **names, int n)
{
	char why[160];
	int r;

	if (!a->out + !a->arch.spool + !a->arch.dir == 3)
		return usage_error(&usage, "say where to write the game: -o FILE, --spool "
					   "DIR or --dir DIR");
	if (!a->out + !a->arch.spool + !a->arch.dir < 2)
		return usage_error(&usage, "give one of -o, --spool and --dir");
	if (n < 1)
		return usage_error(&usage, "name the players, in their seat order");
	if (a->out && a->dl.set)
		return usage_error(&usage, "--deadline and its kin are for games by mail: "
					   "use --spool or --dir, not -o");
	if ((r = rules_opt_check(&usage, &a->opt, n, "")) != 0)
		return r;
	if (newgame_check_names(names, n, why, sizeof(why)) < 0)
		return usage_error(&usage, "%s", why);
	if (a->first < 1 || a->first > n)
		return usage_error(&usage, "--first: give a seat number from 1 to %d", n);
	return 0;
}

/* --tiles ID,ID,...: catalogue indices in *order (free() it). */
static int
parse_tiles(const struct catalog *cat, const struct new_args *a, int **order, int *n)
{
	char *list = strdup(a->tiles), *save = NULL, why[320];
	int cap = 1;

	for (const char *p = a->tiles; *p; p++)
		cap += *p == ',';
	*order = malloc(sizeof(int) * cap);
	*n = 0;
	if (list == NULL || *order == NULL) {
		free(list);
		cli_error("out of memory");
		return EXIT_FAIL;
	}
	for (char *id = strtok_r(list, ", ", &save); id;
	     id = strtok_r(NULL, ", ", &save)) {
		if (((*order)[(*n)++] =
			 gamefile_find_tile(cat, &a->opt, id, why, sizeof(why))) < 0) {
			free(list);
			return usage_error(&usage, "--tiles: %s", why);
		}
	}
	free(list);
	return *n ? 0 : usage_error(&usage, "--tiles: no tile ids in \"%s\"", a->tiles);
}

/* --tiles names each tile at most as often as the tile sets of the rules
 * put it in the bag (the start tile placed, RIVER-1's box aside): the
 * copies a shuffled bag of the same setup holds. */
static int
check_copies(const struct catalog *cat, const struct game_setup *s)
{
	struct game_setup probe = *s;
	struct rules_error re = {0};
	struct game *g;
	int *have, r = 0;

	probe.order = NULL;
	probe.norder = 0;
	if ((g = game_new(cat, &probe, &re)) == NULL)
		return 0; /* the rules refuse the setup itself, with their reason */
	if ((have = calloc((size_t)cat->ntypes, sizeof(int))) == NULL) {
		game_free(g);
		cli_error("out of memory");
		return EXIT_FAIL;
	}
	for (int i = 0; i < g->bag_len; i++)
		have[g->bag[i]]++;
	for (int i = 0; i < s->norder && r == 0; i++) {
		int t = s->order[i], given = 0;
		for (int j = 0; j < s->norder; j++)
			given += s->order[j] == t;
		if (given > have[t])
			r = usage_error(&usage,
					"--tiles: %s is named %d time%s, but the tile sets of "
					"these rules have %d cop%s of it to draw",
					cat->types[t].id, given, given == 1 ? "" : "s", have[t],
					have[t] == 1 ? "y" : "ies");
	}
	free(have);
	game_free(g);
	return r;
}

static int
fill_setup(const struct catalog *cat, const struct new_args *a, int n,
	   struct game_setup *s, int **order)
{
	char why[320];
	int r;

	*s = (struct game_setup){
	    .opt = a->opt, .nplayers = n, .first_player = (int)a->first - 1, .start = -1};
	if (a->start &&
	    (s->start = gamefile_find_tile(cat, &a->opt, a->start, why, sizeof(why))) < 0)
		return usage_error(&usage, "--start: %s", why);
	if (a->tiles) {
		if ((r = parse_tiles(cat, a, order, &s->norder)) != 0)
			return r;
		s->order = *order;
	}
	if (a->seed == NULL)
		seed_random(s->seed);
	else if (seed_from_text(&usage, a->seed, s->seed) < 0)
		return EXIT_USAGE;
	return s->order ? check_copies(cat, s) : 0;
}

/* What is next, as true for the mode: a game file is played here, a
 * mailed game by the mail loop, another game directory by hand. */
static void
report_new(const struct new_args *a, const char *where, const struct gamefile *gf,
	   bool mailed)
{
	char rules[256];

	rules_describe(&gf->setup.opt, rules, sizeof(rules));
	cli_say(stdout, "Created %s%s: a game for", a->out ? "" : "game directory ", where);
	for (int p = 0; p < gf->nplayers; p++)
		cli_say(stdout, "%s %s (%c)", p ? "," : "", gf->name[p], seat_letter(p));
	cli_say(stdout, "; %s.\n", rules);
	if (a->start || a->tiles)
		cli_say(stdout, "Start tile %s%s.\n", gf->cat->types[gf->game->start_type].id,
		       a->tiles ? "; the bag holds the tiles given, in their order" : "");
	report_decision(stdout, gf);
	if (a->out)
		cli_say(stdout, "Next: carcpbem legal %s\n", where);
	else if (mailed) {
		cli_say(stdout, "Game %s. Next: the mail loop (carcpbem run --once from cron, or "
		       "carcpbem daemon) applies the turns the players mail back\n",
		       gf->id);
		for (int p = 0; p < gf->nplayers; p++)
			if (gf->address[p] == NULL)
				cli_say(stdout, "%s has no address: send %s carcpbem view %s --player "
				       "%s -o %s-%s.json\n",
				       gf->name[p], gf->name[p], where, gf->name[p], gf->id,
				       gf->name[p]);
	}
	else
		cli_say(stdout, "Game %s. Next: carcpbem view %s -o %s.json, and send it to the "
		       "players\n",
		       gf->id, where, gf->id);
}

static int
create(const struct catalog *cat, const struct new_args *a, char **names, int n)
{
	struct game_setup setup;
	struct gamefile *gf = NULL;
	struct gf_error err = {0};
	char where[1024];
	int *order = NULL, r, mailed = 0;

	if ((r = fill_setup(cat, a, n, &setup, &order)) != 0)
		goto out;
	r = EXIT_FAIL;
	if (a->out && !a->force && access(a->out, F_OK) == 0) {
		cli_error("%s already exists: choose another file, or add --force to "
			  "replace it",
			  a->out);
		goto out;
	}
	if ((gf = gamefile_new(cat, &setup, (const char *const *)names, &err)) == NULL) {
		cli_gf_error(a->out ? a->out : "new", &err);
		goto out;
	}
	if (new_archive_setup(gf, &a->arch) < 0)
		goto out;
	if (a->out == NULL) {
		struct writer w = WRITER_NONE; /* the spool's indexes (writers.h) */

		if (a->arch.dir) /* a spool's games folder or not */
			writers_enter_game(a->arch.dir, &w);
		else if (a->arch.spool)
			writers_enter(a->arch.spool, &w);
		int bad = new_archive_create(gf, &a->arch, where, sizeof(where)) < 0 ||
			  new_deadline_save(&a->dl, gf, where) < 0 ||
			  (mailed = new_archive_announce(gf, &a->arch, where)) < 0;
		writers_leave(&w);
		if (bad)
			goto out;
	} else if (gamefile_save(gf, a->out, a->force, &err) < 0) {
		cli_gf_error(a->out, &err);
		goto out;
	} else
		snprintf(where, sizeof(where), "%s", a->out);
	report_new(a, where, gf, mailed > 0);
	r = EXIT_OK;
out:
	gamefile_free(gf);
	free(order);
	return r;
}

int
cmd_new(int argc, char **argv)
{
	struct new_args a;
	struct catalog *cat;
	struct config conf;
	int n, r = parse_args(argc, argv, &a, &n);

	if (r == OPT_HELP)
		return usage_help(&usage);
	if (r == OPT_ERROR)
		return EXIT_USAGE;
	if (a.arch.config && !a.out) {
		/* Root writes the host's spool as the host's user: the game
		 * directory is then the daemon's to write. */
		if (cli_config(a.arch.config, a.arch.spool, &conf) < 0 ||
		    host_become_user(&conf) < 0)
			return EXIT_FAIL;
		if (!a.arch.spool && !a.arch.dir)
			a.arch.spool = conf.spool; /* the host's own spool */
	}
	if ((r = check_args(&a, argv + 1, n)) != 0)
		return r;
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	r = create(cat, &a, argv + 1, n);
	catalog_free(cat);
	return r;
}
