/* carcpbem export: one self-contained archive of a finished game. */
#include <stdlib.h>

#include "cli.h"
#include "gamedir.h"

static const struct cli_opt export_opts[] = {
	{'o', "output", 'o', "FILE",
	 "write the archive to FILE (default: standard output)"},
	{'p', "png", 0, NULL,
	 "put the final map's PNG picture in the archive too (some 100 kB)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"export",
	"[-o FILE] [--png] GAME",
	"Writes one archive of the finished game GAME (a game directory or its id):\n"
	"its final public state, the seed and the bag revealed, every history record\n"
	"with its signed turn, the final scores, and the final map (text; with --png\n"
	"a PNG picture in base64 too, when built with cairo), as JSON. The game is replayed\n"
	"first; carcpbem replay FILE checks the archive without the host.",
	{export_opts, NULL, NULL},
};

static int
export(const char *game, const char *out, bool png)
{
	struct catalog *cat = cli_catalog();
	struct turn_error err = {0};
	struct gamedir gd;
	char *text = NULL;
	int r = EXIT_FAIL;

	if (cat == NULL || cli_gamedir(game, &gd) < 0)
		goto done;
	if ((text = export_with_picture(&gd, cat, cli_now(), png, NULL, &err)) == NULL)
		r = cli_turn_error(game, &err);
	else
		r = cli_write_out(out, text, 0644, true);
done:
	free(text);
	catalog_free(cat);
	return r;
}

int
cmd_export(int argc, char **argv)
{
	const char *out = NULL, *png = NULL;
	const struct cli_store stores[] = {{'o', &out}, {'p', &png}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 1)
		return usage_error(&usage, npos ? "one game at a time"
						: "which game? give its directory");
	return export(argv[1], out, png != NULL);
}
