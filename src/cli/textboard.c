/* The board as text for show and demo: the text map of the mails
 * (src/render, docs/maps.md), in pages of 78 columns, with the same
 * legend, so every output reads the same way. */
#include "cli.h"
#include "render.h"

char *
textboard(const struct gamefile *gf)
{
	const char *names[MAX_PLAYERS];
	struct render_opts o;

	render_opts_default(&o);
	o.wide = RENDER_PAGE;
	for (int p = 0; p < gf->nplayers; p++)
		names[p] = gf->name[p];
	o.names = names;
	return render_ascii_string(gf->game, &o);
}
