/* The map as a picture for the mails of a turn: drawn once, shown in the
 * HTML version and listed as a file by clients without HTML. The board
 * and the tile of the decision are two pictures (issue 21.6): the HTML
 * lays the tile beside the board, or below it on a phone, each at a size
 * whose labels stay readable; the scores are the mail's own table, not
 * the picture's. A mail stays
 * small (docs/mail.md: a notice under 200 kB): the picture is drawn at
 * 48 pixels a tile, and smaller while its PNG is over MAIL_PNG_BUDGET;
 * when even the smallest is, the mail goes without it (the text map is
 * in every mail). */
#include <stdlib.h>

#include "mails_impl.h"
#include "render.h"

/* Bytes of PNG at most, the board's and the tile's together: base64
 * makes it 4/3 larger in the mail, which leaves some 80 kB for the text,
 * the HTML and the player's view. */
#define MAIL_PNG_BUDGET (88 * 1024)
#define MAIL_PNG_MAX_PX 1024 /* a phone scales it down: no use drawing more */

static const int tile_px[] = {48, 40, 32, 24, 16};
#define MAIL_LABEL_PX 12 /* coordinates, at least */
#define PHONE_PX 376     /* a 400-pixel phone's width less the mail's margins */

/* The tile to place in its rotations, or the tile placed, with the names
 * of its places: small, drawn once at its own size. */
static void
panel_picture(const struct gamefile *gf, struct render_opts o, struct picture *pic)
{
	struct render_png_info info;
	struct decision d;

	game_decision(gf->game, &d);
	if (d.kind != DECISION_PLACE_TILE && d.kind != DECISION_PLACE_FIGURE)
		return;
	o.panel = RENDER_PANEL_ONLY;
	if (render_png_mem(gf->game, &o, &pic->png, &pic->len, &info, NULL) < 0) {
		pic->png = NULL;
		return;
	}
	pic->width = info.width, pic->height = info.height;
	snprintf(pic->file, sizeof(pic->file), "%s-turn%d-tile.png", gf->id, gf->game->turn);
}

void
facts_picture(const struct mail_ctx *c, const struct gamefile *gf, struct facts *f)
{
	const char *names[MAX_PLAYERS] = {0};
	struct render_png_info info;
	struct render_opts o;
	struct picture *pic = &f->pic;

	if (!c->cfg->png)
		return;
	for (int p = 0; p < gf->nplayers; p++)
		names[p] = gf->name[p];
	render_opts_default(&o);
	o.names = names;
	o.max_px = MAIL_PNG_MAX_PX;
	o.cache = c->maps;
	o.no_table = true;
	o.label_px = MAIL_LABEL_PX;
	o.readable_at = PHONE_PX;
	panel_picture(gf, o, &f->panel);
	o.panel = RENDER_PANEL_NONE;
	for (size_t i = 0; i < sizeof(tile_px) / sizeof(tile_px[0]); i++) {
		o.tile_px = tile_px[i];
		free(pic->png);
		pic->png = NULL;
		if (render_png_mem(gf->game, &o, &pic->png, &pic->len, &info, NULL) < 0) {
			pic->png = NULL; /* no cairo: the text map is there */
			return;
		}
		if (pic->len + f->panel.len <= MAIL_PNG_BUDGET) { /* both pictures */
			pic->width = info.width, pic->height = info.height;
			snprintf(pic->file, sizeof(pic->file), "%s-turn%d.png", gf->id,
				 gf->game->turn);
			return;
		}
	}
	free(pic->png);
	pic->png = NULL, pic->len = 0;
	free(f->panel.png); /* shown beside the board only */
	f->panel.png = NULL, f->panel.len = 0;
}
