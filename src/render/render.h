/* Maps of a game: a text map for the body of a mail (pure ASCII, or UTF-8
 * with box drawing) and a PNG picture drawn with cairo, for an attachment
 * and an HTML part. Both read the engine's state and nothing else; see
 * docs/maps.md for what they show and how.
 *
 *	struct render_opts o;
 *	render_opts_default(&o);
 *	o.names = names;                      player names by seat
 *	render_ascii(g, &o, stdout);          the text map with its legend
 *	render_png_mem(g, &o, &png, &len, &info, &err);   PNG bytes, free(png)
 */
#ifndef CARC_RENDER_H
#define CARC_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules.h"

enum render_charset { RENDER_ASCII, RENDER_UTF8 };
/* Where a picture shows the tile to place (or just placed) with its
 * place names: beside the board, not at all, or alone (a picture of its
 * own, which an HTML mail lays below the board on a narrow screen). */
enum render_panel { RENDER_PANEL_BESIDE, RENDER_PANEL_NONE, RENDER_PANEL_ONLY };

/* What the text map does with a board wider than opts.width. */
enum render_wide { RENDER_CROP, RENDER_PAGE };

#define RENDER_MAIL_WIDTH 78 /* RFC 5322's advice for a line of mail */

struct render_opts {
	int charset;              /* text: enum render_charset */
	int width;                /* text: longest line; 0 for no limit */
	int wide;                 /* text: enum render_wide */
	bool legend;              /* text: the legend and, with fits, the list
				     of fits and the tile's four rotations */
	bool fits;                /* both: mark where the tile to place fits */
	const char *const *names; /* player names by seat, or NULL */
	int tile_px;              /* picture: pixels per tile at most */
	int max_px;               /* picture: most pixels across and down */
	int panel;                /* picture: enum render_panel */
	bool no_table;            /* picture: no score table below the board */
	int label_px;             /* picture: cap height of the coordinates;
				     0 for the table's (9) */
	int readable_at;          /* picture: the width a phone shows it at
				     (376 pixels), the coordinates drawn so
				     large that they are 8 pixels high there,
				     their margin widened for them; 0: not */
	struct render_cache *cache; /* both: tile drawings kept between maps,
				       or NULL (made for each map) */
};

/* The drawings of a catalogue's tile types in their rotations, made when
 * first needed and kept for every map drawn with opts.cache pointing to
 * it: a host draws thousands of maps of the same tiles. Owned by the
 * caller; a map of a game of another catalogue makes its own. */
struct render_cache;
struct render_cache *render_cache_new(const struct catalog *cat);
void render_cache_free(struct render_cache *c);

struct render_error {
	char text[200];
};

/* Where things are in a picture, for an HTML part's <img width height>
 * and for tests. */
struct render_png_info {
	int width, height;    /* pixels */
	int tile_px;          /* pixels per tile, after scaling down */
	int board_x, board_y; /* pixel of the north-west corner of cell minx, miny */
	int minx, miny;       /* board coordinates of the first cell drawn */
};

/* ASCII, 78 columns cropped, legend, fits; pictures at 64 pixels a tile,
 * at most 2048 pixels across and down. */
void render_opts_default(struct render_opts *o);

/* The text map. 0, or -1 if out of memory or fp failed. */
int render_ascii(const struct game *g, const struct render_opts *o, FILE *fp);
/* The same in a string (free() it), or NULL. */
char *render_ascii_string(const struct game *g, const struct render_opts *o);
/* The legend of the text map: the one every output prints. */
void render_legend(FILE *fp, const struct render_opts *o);
/* Every tile type of cat in its four rotations, as text. */
int render_ascii_tiles(const struct catalog *cat, const struct render_opts *o, FILE *fp);

/* Whether this build draws pictures (cairo was found by configure); if
 * not, the render_png functions fail with a message saying so. */
bool render_have_png(void);
/* The picture, written to path ("-": standard output) or into memory
 * (*png: malloc'd bytes, free() them). info may be NULL. 0, or -1 with
 * err filled (err may be NULL). */
int render_png_file(const struct game *g, const struct render_opts *o, const char *path,
		    struct render_png_info *info, struct render_error *err);
int render_png_mem(const struct game *g, const struct render_opts *o, unsigned char **png,
		   size_t *len, struct render_png_info *info, struct render_error *err);
/* A contact sheet: every tile type of cat in its four rotations,
 * labelled with its id, to check the drawings by eye. */
int render_png_tiles(const struct catalog *cat, const struct render_opts *o,
		     const char *path, struct render_error *err);

/* Frees what the drawing library keeps from one picture to the next
 * (cairo's caches). Call it only while no render function runs, e.g.
 * before exit, so that leak checkers find nothing left. */
void render_cleanup(void);

/* A seat's colour in pictures, 0xRRGGBB. */
uint32_t render_player_rgb(int seat);

#endif
