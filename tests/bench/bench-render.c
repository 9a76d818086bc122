/* Benchmark: drawing maps (docs/PERFORMANCE.md, docs/maps.md).
 *
 *	bench-render [-k TIMES]
 *
 * For a board of 72 tiles (a base game's worth) and one of 200 (random
 * games of base tiles, tests/render/boards.h, 4 players, figures and the
 * fits of the next tile included): the time to draw the text map (ASCII,
 * into memory) and the PNG map (at the defaults: 64 pixels a tile, at
 * most 2048 pixels across and down, into memory), each the fastest of
 * TIMES runs, and the PNG's size. Prints "key: value" lines. Other
 * options of "make bench BENCH_ARGS=..." (meant for bench-playout) are
 * accepted and ignored.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "render.h"
#include "render/boards.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double
time_ascii(const struct game *g, const struct render_opts *o, int times)
{
	double best = 1e9;

	for (int k = 0; k < times; k++) {
		double t = now();
		free(render_ascii_string(g, o));
		t = now() - t;
		best = t < best ? t : best;
	}
	return best;
}

static double
time_png(const struct game *g, const struct render_opts *o, int times,
	 struct render_png_info *info, size_t *bytes)
{
	double best = 1e9;

	for (int k = 0; k < times; k++) {
		unsigned char *png = NULL;
		double t = now();
		if (render_png_mem(g, o, &png, bytes, info, NULL) < 0)
			*bytes = 0;
		t = now() - t;
		free(png);
		best = t < best ? t : best;
	}
	return best;
}

static void
bench(const struct catalog *cat, int tiles, int times)
{
	struct game *g =
	    boards_random(cat, tiles, 4, tiles == 72 ? "bench 72" : "bench 200");
	struct render_opts o;
	struct render_png_info info = {0};
	size_t bytes = 0;
	double ascii, cached, png = 0, png_cached = 0;
	struct render_cache *cache = render_cache_new(cat);

	if (g == NULL) {
		fprintf(stderr, "bench-render: out of memory\n");
		exit(1);
	}
	render_opts_default(&o);
	ascii = time_ascii(g, &o, times);
	if (render_have_png())
		png = time_png(g, &o, times, &info, &bytes);
	/* a host's maps: the tile drawings kept between maps (made once) */
	o.cache = cache;
	free(render_ascii_string(g, &o));
	cached = time_ascii(g, &o, times);
	if (render_have_png())
		png_cached = time_png(g, &o, times, &info, &bytes);
	render_cache_free(cache);
	printf("tiles%d.placed: %d\n", tiles, g->nplaced);
	printf("tiles%d.ascii_ms: %.3f\n", tiles, ascii * 1e3);
	printf("tiles%d.ascii_cached_ms: %.3f\n", tiles, cached * 1e3);
	if (render_have_png()) {
		printf("tiles%d.png_ms: %.2f\n", tiles, png * 1e3);
		printf("tiles%d.png_cached_ms: %.2f\n", tiles, png_cached * 1e3);
		printf("tiles%d.png_bytes: %zu\n", tiles, bytes);
		printf("tiles%d.png_pixels: %dx%d\n", tiles, info.width, info.height);
		printf("tiles%d.png_tile_px: %d\n", tiles, info.tile_px);
	}
	printf("# %d tiles: text map %.2f ms (%.2f ms with the drawings kept); PNG %.1f ms "
	       "(%.1f ms), %zu bytes, %dx%d pixels\n",
	       g->nplaced, ascii * 1e3, cached * 1e3, png * 1e3, png_cached * 1e3, bytes,
	       info.width, info.height);
	game_free(g);
}

int
main(int argc, char **argv)
{
	struct rules_error err = {0};
	struct catalog *cat;
	int times = 5, c;

	while ((c = getopt(argc, argv, "k:n:b:r:c:")) != -1)
		if (c == 'k')
			times = atoi(optarg) > 0 ? atoi(optarg) : 1;
		else if (c == '?')
			return 2;
	if ((cat = catalog_load_builtin(&err)) == NULL) {
		fprintf(stderr, "bench-render: %s\n", err.text);
		return 1;
	}
	bench(cat, 72, times);
	bench(cat, 200, times);
	catalog_free(cat);
	render_cleanup();
	return 0;
}
