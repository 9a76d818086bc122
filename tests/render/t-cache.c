/* render_cache: maps drawn with the tile drawings kept between them are
 * the very maps drawn without (text and PNG, byte for byte), for several
 * boards in a row; the PNG's tiles drawn once (png_sprite.c) at several
 * sizes in turn, more than the cache keeps at once; a cache of another
 * catalogue is not used. */
#include <stdlib.h>
#include <string.h>

#include "boards.h"
#include "render.h"
#include "tap.h"

static void
same_text(const struct game *g, struct render_cache *cache, const char *what)
{
	struct render_opts o;
	char *plain, *kept;

	render_opts_default(&o);
	plain = render_ascii_string(g, &o);
	o.cache = cache;
	kept = render_ascii_string(g, &o);
	ok(plain && kept && strcmp(plain, kept) == 0, "%s: the same text map", what);
	free(plain);
	free(kept);
}

static void
same_png(const struct game *g, struct render_cache *cache, int px, const char *what)
{
	struct render_opts o;
	unsigned char *plain = NULL, *kept = NULL;
	size_t nplain = 0, nkept = 0;

	render_opts_default(&o);
	o.tile_px = px;
	render_png_mem(g, &o, &plain, &nplain, NULL, NULL);
	o.cache = cache;
	render_png_mem(g, &o, &kept, &nkept, NULL, NULL);
	ok(plain && kept && nplain == nkept && memcmp(plain, kept, nplain) == 0,
	   "%s: the same PNG bytes (%d pixels a tile)", what, px);
	free(plain);
	free(kept);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err), *other;
	struct render_cache *cache;
	static const char *const tags[] = {"cache a", "cache b", "cache c"};
	static const int sizes[] = {5, 40, 90};

	if (cat == NULL || (other = catalog_load_builtin(&err)) == NULL)
		bail_out("cannot load the tile sets: %s", err.text);
	cache = render_cache_new(cat);
	ok(cache != NULL, "a cache");
	for (int i = 0; i < 3; i++) {
		struct game *g = boards_random(cat, sizes[i], 3, tags[i]);

		same_text(g, cache, tags[i]);
		for (int k = 0; render_have_png() && k < 7; k++)
			same_png(g, cache, (const int[]){24, 48, 40, 32, 24, 16, 48}[k], tags[i]);
		game_free(g);
	}
	/* a game of another catalogue (another tile numbering, possibly)
	 * draws with its own drawings */
	struct game *g = boards_random(other, 30, 2, "cache other");

	same_text(g, cache, "another catalogue");
	game_free(g);
	render_cache_free(cache);
	render_cache_free(NULL);
	catalog_free(cat);
	catalog_free(other);
	return done_testing();
}
