/* carcpbem view: the public view of a game, or one player's. */
#include <stdlib.h>

#include "cli.h"

enum { OPT_PLAYER = 512 };

static const struct cli_opt view_opts[] = {
	{OPT_PLAYER, "player", 0, "NAME",
	 "the view of player NAME: the public view and what\n"
	 "only NAME may see"},
	{'o', "output", 'o', "FILE", "write it to FILE (default: standard output)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"view",
	"[--player NAME] [-o FILE] GAME",
	"Writes the public view of GAME: the game state every player may see, without\n"
	"the seed or the order of the bag (docs/state-format.md). Players read it\n"
	"with carcpbem show and legal, and make their turns from it with carcpbem\n"
	"move. GAME is a game directory, a game file or a game id in the spool.",
	{view_opts, NULL, NULL},
};

static int
write_view(const struct gamefile *gf, int player, const char *out)
{
	int view = player >= 0 ? GF_VIEW_PLAYER : GF_VIEW_PUBLIC;
	char *text = gamefile_view_dumps(gf, view, player);
	int r;

	if (text == NULL) {
		cli_error("out of memory");
		return EXIT_FAIL;
	}
	r = cli_write_out(out, text, player >= 0 ? 0600 : 0644, true);
	free(text);
	return r;
}

static int
view(const char *game, const char *name, const char *out)
{
	struct catalog *cat = cli_catalog();
	struct gamefile *gf = cat ? cli_load(game, cat) : NULL;
	int player = -1, r = EXIT_FAIL;

	if (gf == NULL)
		goto done;
	if (name && (player = gamefile_player(gf, name)) < 0)
		cli_error("%s is not a player of game %s", name, gf->id);
	else if (name && gf->view != GF_VIEW_HOST && player != gf->me)
		cli_error("%s is a %s view: only the host's game has %s's view", game,
			  gamefile_view_name(gf->view), gf->name[player]);
	else
		r = write_view(gf, player, out);
done:
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}

int
cmd_view(int argc, char **argv)
{
	const char *out = NULL, *player = NULL;
	const struct cli_store stores[] = {{'o', &out}, {OPT_PLAYER, &player}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 1)
		return usage_error(&usage, npos ? "one game at a time"
						: "which game? give its directory or file");
	return view(argv[1], player, out);
}
