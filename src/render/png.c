/* The picture: a cairo image surface the size png_layout gives, the board
 * and the score table drawn on it, written as PNG into memory
 * (png_write.c), then to a file if asked. Same game, same bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "picture.h"

bool
render_have_png(void)
{
	return true;
}

void
render_cleanup(void)
{
	cairo_debug_reset_static_data();
}

static int
fail(struct render_error *err, const char *what, const char *why)
{
	if (err)
		snprintf(err->text, sizeof(err->text), "%s: %s", what, why);
	return -1;
}

int
png_save(const unsigned char *png, size_t len, const char *path, struct render_error *err)
{
	bool out = strcmp(path, "-") == 0;
	FILE *fp = out ? stdout : fopen(path, "wb");
	int r = 0;

	if (fp == NULL)
		return fail(err, path, strerror(errno));
	if (fwrite(png, 1, len, fp) != len || fflush(fp) != 0)
		r = fail(err, out ? "standard output" : path, strerror(errno));
	if (!out && fclose(fp) != 0 && r == 0)
		r = fail(err, path, strerror(errno));
	return r;
}

static void
fill_info(const struct board_view *v, const struct png_layout *l,
	  struct render_png_info *info)
{
	if (info)
		*info = (struct render_png_info){
		    l->width, l->height, l->px, l->board_x, l->board_y, v->minx, v->miny};
}

int
render_png_mem(const struct game *g, const struct render_opts *o, unsigned char **png,
	       size_t *len, struct render_png_info *info, struct render_error *err)
{
	struct board_view v;
	struct png_layout l;
	cairo_surface_t *s;
	cairo_t *cr;
	int r;

	*png = NULL, *len = 0;
	if (view_init(&v, g, o->fits, o->cache) < 0)
		return fail(err, "cannot draw the PNG map", "out of memory");
	png_layout(&v, o, &l);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, l.width, l.height);
	cr = cairo_create(s);
	if (v.cache)
		png_stamps_keep(cr, v.cache);
	png_board(cr, &v, &l);
	if (o->panel != RENDER_PANEL_NONE)
		png_drawn(cr, &v, &l);
	if (l.table)
		png_table(cr, &v, o, &l);
	cairo_destroy(cr);
	r = png_encode(s, png, len, err);
	cairo_surface_destroy(s);
	fill_info(&v, &l, info);
	view_free(&v);
	return r;
}

int
render_png_file(const struct game *g, const struct render_opts *o, const char *path,
		struct render_png_info *info, struct render_error *err)
{
	unsigned char *png;
	size_t len;
	int r = render_png_mem(g, o, &png, &len, info, err);

	if (r == 0)
		r = png_save(png, len, path, err);
	free(png);
	return r;
}
