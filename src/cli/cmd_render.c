/* carcpbem render: the maps of a game, as text (ASCII or UTF-8 box
 * drawing) and as a PNG picture; with --tiles, every tile type in its
 * four rotations instead of a game. The drawing is src/render's. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render.h"

enum {
	OPT_ASCII = 512,
	OPT_UTF8,
	OPT_PNG,
	OPT_WIDTH,
	OPT_PAGE,
	OPT_NO_FITS,
	OPT_NO_LEGEND,
	OPT_TILE_PX,
	OPT_MAX_PX,
	OPT_TILES
};

static const struct cli_opt render_table[] = {
	{OPT_ASCII, "ascii", 0, NULL, "print the text map in pure ASCII (the default)"},
	{OPT_UTF8, "utf8", 0, NULL, "print the text map with UTF-8 box drawing"},
	{OPT_PNG, "png", 0, "FILE",
	 "draw the map as a PNG picture into FILE (-: standard\n"
	 "output); then no text map unless --ascii or --utf8"},
	{OPT_WIDTH, "width", 'w', "N",
	 "longest line of the text map (default 78; 0: no\n"
	 "limit); a wider board is cropped around the last move"},
	{OPT_PAGE, "page", 0, NULL, "print a wider board in parts, one after the other"},
	{OPT_NO_FITS, "no-fits", 0, NULL, "do not mark where the tile to place fits"},
	{OPT_NO_LEGEND, "no-legend", 0, NULL, "print the text map without the legend"},
	{OPT_TILE_PX, "tile-size", 0, "PX",
	 "pixels per tile in the picture (default 64)"},
	{OPT_MAX_PX, "max-size", 0, "PX",
	 "widest and tallest picture (default 2048); a larger\n"
	 "board is drawn with smaller tiles"},
	{OPT_TILES, "tiles", 0, NULL,
	 "draw every tile type in its four rotations (a\n"
	 "contact sheet) instead of a game"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"render",
	"GAME [--ascii | --utf8] [--png FILE] [options]\n"
	"       carcpbem render --tiles [--ascii | --utf8 | --png FILE]",
	"Draws the board of GAME: a text map with coordinates, figures, the tile\n"
	"placed last and where the tile to place fits, and a legend; or a PNG\n"
	"picture of it with the scores (see MAPS in carcpbem(1)).",
	{render_table, NULL, NULL},
};

struct render_args {
	struct render_opts o;
	const char *png; /* file for the picture, or NULL */
	bool text;       /* print the text map */
	bool tiles;
};

static int
parse_px(const char *opt, const char *arg, long lo, int *out)
{
	long v;

	if (parse_long(arg, lo, 16384, &v) < 0)
		return usage_error(&usage,
				   "--%s %s: give a number of pixels from %ld to 16384",
				   opt, arg, lo);
	*out = (int)v;
	return 0;
}

static int
apply_opt(struct render_args *a, int id, const char *arg)
{
	long v;

	switch (id) {
	case OPT_ASCII:
	case OPT_UTF8:
		a->text = true;
		a->o.charset = id == OPT_UTF8 ? RENDER_UTF8 : RENDER_ASCII;
		return 0;
	case OPT_PNG:
		a->png = arg;
		return 0;
	case OPT_WIDTH:
		if (parse_long(arg, 0, 100000, &v) < 0 || (v > 0 && v < 20))
			return usage_error(&usage,
					   "--width %s: give 0 or a number of "
					   "columns from 20 on",
					   arg);
		a->o.width = (int)v;
		return 0;
	case OPT_PAGE:
		a->o.wide = RENDER_PAGE;
		return 0;
	case OPT_NO_FITS:
	case OPT_NO_LEGEND:
		*(id == OPT_NO_FITS ? &a->o.fits : &a->o.legend) = false;
		return 0;
	case OPT_TILE_PX:
		return parse_px("tile-size", arg, 8, &a->o.tile_px);
	case OPT_MAX_PX:
		return parse_px("max-size", arg, 256, &a->o.max_px);
	default:
		a->tiles = true;
		return 0;
	}
}

static int
write_png(const struct game *g, const struct catalog *cat, const struct render_args *a)
{
	struct render_error err;
	int r = g ? render_png_file(g, &a->o, a->png, NULL, &err)
		  : render_png_tiles(cat, &a->o, a->png, &err);

	if (r < 0)
		cli_error("%s", err.text);
	return r;
}

static int
draw_tiles(const struct render_args *a)
{
	struct catalog *cat = cli_catalog();
	int r = cat ? 0 : -1;

	if (r == 0 && a->png)
		r = write_png(NULL, cat, a);
	if (r == 0 && a->text)
		r = render_ascii_tiles(cat, &a->o, stdout);
	catalog_free(cat);
	return r < 0 ? EXIT_FAIL : EXIT_OK;
}

static int
draw_game(const char *path, struct render_args *a)
{
	struct catalog *cat = cli_catalog();
	struct gamefile *gf = cat ? cli_load(path, cat) : NULL;
	const char *names[MAX_PLAYERS] = {NULL};
	int r = gf ? 0 : -1;

	for (int p = 0; gf && p < gf->nplayers; p++)
		names[p] = gf->name[p];
	a->o.names = names;
	if (r == 0 && a->png)
		r = write_png(gf->game, cat, a);
	if (r == 0 && a->text && (r = render_ascii(gf->game, &a->o, stdout)) < 0)
		cli_error("cannot print the map");
	gamefile_free(gf);
	catalog_free(cat);
	return r < 0 ? EXIT_FAIL : EXIT_OK;
}

int
cmd_render(int argc, char **argv)
{
	struct render_args a = {.png = NULL};
	struct opt_iter it;
	const char *arg;
	int id, r;

	render_opts_default(&a.o);
	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (id == OPT_ERROR)
			return EXIT_USAGE;
		if (id == OPT_HELP)
			return usage_help(&usage);
		if (apply_opt(&a, id, arg) != 0)
			return EXIT_USAGE;
	}
	a.text |= a.png == NULL;
	if (a.png && !render_have_png()) {
		cli_error(
		    "this carcpbem was built without cairo, so it draws no "
		    "pictures (install libcairo2-dev, then configure and build again)");
		return EXIT_FAIL;
	}
	if (a.tiles && it.npos)
		return usage_error(&usage, "--tiles takes no game file");
	if (!a.tiles && it.npos != 1)
		return usage_error(&usage, it.npos ? "one game file at a time"
						   : "which game? give its file");
	r = a.tiles ? draw_tiles(&a) : draw_game(argv[1], &a);
	render_cleanup();
	return r;
}
