/* carcpbem export: one self-contained archive of a finished game. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gamedir.h"
#include "render.h"
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
	"with its signed turn, the final scores, and the final map (text, and a PNG\n"
	"picture in base64 when built with cairo), as JSON. The game is replayed\n"
	"first; carcpbem replay FILE checks the archive without the host.",
	{export_opts, NULL, NULL},
};

/* The PNG picture of the board in base64, with its size. */
static json_t *
png_json(const struct game *g, const struct render_opts *o)
{
	struct render_png_info info;
	unsigned char *png = NULL;
	size_t len = 0, b64len;
	char *b64;
	json_t *j = NULL;

	if (render_png_mem(g, o, &png, &len, &info, NULL) < 0)
		return NULL;
	b64len = sodium_base64_ENCODED_LEN(len, sodium_base64_VARIANT_ORIGINAL);
	if ((b64 = malloc(b64len)) != NULL) {
		sodium_bin2base64(b64, b64len, png, len, sodium_base64_VARIANT_ORIGINAL);
		j = json_pack("{s:s, s:i, s:i, s:s}", "type", "image/png", "width", info.width,
			      "height", info.height, "base64", b64);
	}
	free(b64);
	free(png);
	return j;
}

/* The final board as the players saw it, so the archive shows the game
 * without carcpbem: the whole text map (no crop) and the picture. */
static int
add_maps(json_t *root, const struct gamedir *gd, const struct catalog *cat,
	 struct turn_error *err)
{
	struct replay_report rep;
	const char *names[MAX_PLAYERS] = {0};
	struct render_opts o;
	json_t *maps;
	char *text;

	if (replay_dir(gd, cat, &rep, err) < 0)
		return -1;
	for (int p = 0; p < rep.gf->nplayers; p++)
		names[p] = rep.gf->name[p];
	render_opts_default(&o);
	o.names = names;
	o.width = 0;
	o.fits = false;
	text = render_ascii_string(rep.gf->game, &o);
	maps = json_pack("{s:s?}", "ascii", text);
	if (maps && render_have_png())
		json_object_set_new(maps, "png", png_json(rep.gf->game, &o));
	free(text);
	gamefile_free(rep.gf);
	render_cleanup(); /* cairo's caches: nothing left for leak checkers */
	if (maps == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	json_object_set_new(root, "maps", maps);
	return 0;
}

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
	if ((root = export_archive(&gd, cat, cli_now(), &err)) == NULL ||
	    add_maps(root, &gd, cat, &err) < 0) {
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
	const char *out = NULL;
	const struct cli_store stores[] = {{'o', &out}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 1)
		return usage_error(&usage, npos ? "one game at a time"
						: "which game? give its directory");
	return export(argv[1], out);
}
