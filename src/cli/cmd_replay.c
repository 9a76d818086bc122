/* carcpbem replay: checks a game's whole archive. */
#include <stdlib.h>
#include <sys/stat.h>

#include "cli.h"
#include "gamedir.h"
#include "replay.h"

static const struct cli_usage usage = {
	"replay",
	"GAME",
	"Rebuilds GAME from its initial setup and its history, checking every\n"
	"signature, every hash and the fair-draw commitment; exits with status 1\n"
	"naming the first bad record. GAME is a game directory (or its id in the\n"
	"spool), or an archive written by carcpbem export.",
	{NULL, NULL, NULL},
};

static void
report(const char *game, const struct replay_report *rep)
{
	const struct gamefile *gf = rep->gf;

	cli_say(stdout, "%s: game %s, %d record%s: every signature and hash checks.\n", game,
	       gf->id, rep->records, rep->records == 1 ? "" : "s");
	if (gf->bag_mode == GF_BAG_GIVEN)
		cli_say(stdout, "Fair draw: the bag was given, in order; it matches the "
		       "commitment.\n");
	else if (rep->shuffle_checked)
		cli_say(stdout,
		    "Fair draw: the bag matches the commitment and is the shuffle of the "
		    "seed (%s).\n",
		    rep->shuffle);
	else
		cli_say(stdout,
		    "Fair draw: the bag matches the commitment; its shuffle (%s) is not "
		    "this carcpbem's, so the seed was not shuffled again.\n",
		    rep->shuffle);
	cli_say(stdout, "State %s: ", rep->state);
	if (gf->game->over)
		report_final(stdout, gf);
	else
		report_decision(stdout, gf);
}

static bool
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* An archive is a file whose name is not state.json of a game directory. */
static int
replay(const char *game)
{
	struct catalog *cat = cli_catalog();
	struct turn_error err = {0};
	struct replay_report rep = {0};
	struct gamedir gd;
	int r = EXIT_FAIL;

	if (cat == NULL || cli_gamedir(game, &gd) < 0)
		goto done;
	if (!gd.is_dir && is_file(game))
		r = replay_archive(game, cat, &rep, &err);
	else
		r = replay_dir(&gd, cat, &rep, &err);
	if (r < 0)
		r = cli_turn_error(game, &err);
	else {
		report(game, &rep);
		r = EXIT_OK;
	}
done:
	gamefile_free(rep.gf);
	catalog_free(cat);
	return r;
}

int
cmd_replay(int argc, char **argv)
{
	const struct cli_store stores[] = {{0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 1)
		return usage_error(&usage, npos ? "one game at a time"
						: "which game? give its directory or archive");
	return replay(argv[1]);
}
