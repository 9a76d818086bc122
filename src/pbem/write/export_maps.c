/* The archive of a finished game with its final maps: what carcpbem
 * export writes and the game-over mail attaches. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "replay.h"
#include "report.h"

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
 * without carcpbem: the whole text map (no crop) and, with png, the
 * picture (some 100 kB of base64 for 72 tiles: not by default, since the
 * turn mails show it and the history rebuilds it). */
int
export_add_maps(json_t *root, const struct gamedir *gd, const struct catalog *cat,
		bool png, struct turn_error *err)
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
	if (maps && png && render_have_png())
		json_object_set_new(maps, "png", png_json(rep.gf->game, &o));
	free(text);
	gamefile_free(rep.gf);
	render_cleanup(); /* cairo's caches: nothing left for leak checkers */
	if (maps == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	json_object_set_new(root, "maps", maps);
	return 0;
}

char *
export_with_maps(const struct gamedir *gd, const struct catalog *cat, time_t now,
		 size_t *len, struct turn_error *err)
{
	return export_with_picture(gd, cat, now, false, len, err);
}

char *
export_with_picture(const struct gamedir *gd, const struct catalog *cat, time_t now,
		    bool png, size_t *len, struct turn_error *err)
{
	json_t *root = export_archive(gd, cat, now, err);
	char *text = NULL, *nl;
	size_t n;

	if (root == NULL || export_add_maps(root, gd, cat, png, err) < 0)
		goto done;
	if ((text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER)) == NULL)
		goto oom;
	n = strlen(text);
	if ((nl = realloc(text, n + 2)) == NULL)
		goto oom;
	text = nl;
	memcpy(text + n, "\n", 2);
	if (len)
		*len = n + 1;
	goto done;
oom:
	free(text);
	text = NULL;
	terr(err, TURN_FAIL, "out of memory");
done:
	json_decref(root);
	return text;
}
