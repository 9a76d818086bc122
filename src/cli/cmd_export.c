/* carcpbem export: one self-contained archive of a finished game. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gamedir.h"
#include "replay.h"

static const struct cli_opt export_opts[] = {
	{'o', "output", 'o', "FILE",
	 "write the archive to FILE (default: standard output)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"export",
	"[-o FILE] GAME",
	"Writes one archive of the finished game GAME (a game directory or its id):\n"
	"its final public state, the seed and the bag revealed, every history record\n"
	"with its signed turn, and the final scores, as JSON. The game is replayed\n"
	"first; carcpbem replay FILE checks the archive without the host.",
	{export_opts, NULL, NULL},
};

static int
export(const char *game, const char *out)
{
	struct catalog *cat = cli_catalog();
	struct turn_error err = {0};
	struct gamedir gd;
	json_t *root = NULL;
	char *text = NULL;
	int r = EXIT_FAIL;

	if (cat == NULL || cli_gamedir(game, &gd) < 0)
		goto done;
	if ((root = export_archive(&gd, cat, cli_now(), &err)) == NULL) {
		r = cli_turn_error(game, &err);
		goto done;
	}
	if ((text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER)) == NULL)
		cli_error("out of memory");
	else {
		char *nl = realloc(text, strlen(text) + 2);
		if (nl) {
			text = nl;
			strcat(text, "\n");
			r = cli_write_out(out, text, 0644, true);
		}
	}
done:
	free(text);
	json_decref(root);
	catalog_free(cat);
	return r;
}

int
cmd_export(int argc, char **argv)
{
	const char *arg = NULL, *out = NULL;
	struct opt_iter it;
	int id;

	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (id == OPT_ERROR)
			return EXIT_USAGE;
		if (id == OPT_HELP)
			return usage_help(&usage);
		if (id == 'o')
			out = arg;
	}
	if (it.npos != 1)
		return usage_error(&usage, it.npos ? "one game at a time"
						   : "which game? give its directory");
	return export(argv[1], out);
}
