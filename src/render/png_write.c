/* The picture's PNG, written with libpng rather than cairo's own writer:
 * cairo's has zlib at its default level and libpng's adaptive filters,
 * which cost three quarters of a notice's CPU for a mid-game map. Maps
 * are flat colours with antialiased edges; for them no row filter and
 * zlib level 3 give files of about the same size (-6 % to +2 %) in a
 * quarter of the time (docs/PERFORMANCE.md, "Throughput: where a turn's CPU goes"). The
 * same surface gives the same bytes. */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_write.h"

#define PNG_ZLIB_LEVEL 3

/* What the error path frees: set before setjmp, never changed after
 * (longjmp keeps heap memory, not locals changed since setjmp). */
struct png_out {
	unsigned char *data, *row;
	size_t len, cap;
	int failed;
};

static void
out_write(png_structp p, png_bytep data, png_size_t n)
{
	struct png_out *o = png_get_io_ptr(p);

	if (o->len + n > o->cap) {
		size_t cap = o->cap ? o->cap : 64 * 1024;
		unsigned char *d;
		while (cap < o->len + n)
			cap *= 2;
		if ((d = realloc(o->data, cap)) == NULL) {
			o->failed = 1;
			png_error(p, "out of memory");
		}
		o->data = d, o->cap = cap;
	}
	memcpy(o->data + o->len, data, n);
	o->len += n;
}

static void
out_flush(png_structp p)
{
	(void)p;
}

/* RGB24: a native-endian 32-bit word per pixel, 0xXXRRGGBB. */
static void
row_rgb(const unsigned char *src, int width, unsigned char *dst)
{
	const uint32_t *px = (const uint32_t *)(const void *)src;

	for (int x = 0; x < width; x++) {
		dst[3 * x] = (unsigned char)(px[x] >> 16);
		dst[3 * x + 1] = (unsigned char)(px[x] >> 8);
		dst[3 * x + 2] = (unsigned char)px[x];
	}
}

static int
fail(struct render_error *err, const char *why)
{
	if (err)
		snprintf(err->text, sizeof(err->text), "cannot draw the PNG map: %s", why);
	return -1;
}

int
png_encode(cairo_surface_t *s, unsigned char **png, size_t *len, struct render_error *err)
{
	struct png_out *o;
	png_structp p = NULL;
	png_infop info = NULL;
	int w, h, stride;
	const unsigned char *data;

	*png = NULL, *len = 0;
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		return fail(err, cairo_status_to_string(cairo_surface_status(s)));
	if (cairo_image_surface_get_format(s) != CAIRO_FORMAT_RGB24)
		return fail(err, "not an RGB24 surface");
	cairo_surface_flush(s);
	w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	data = cairo_image_surface_get_data(s);
	if ((o = calloc(1, sizeof(*o))) == NULL ||
	    (o->row = malloc((size_t)w * 3 + 1)) == NULL ||
	    (p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL)) == NULL ||
	    (info = png_create_info_struct(p)) == NULL) {
		png_destroy_write_struct(&p, NULL);
		if (o)
			free(o->row);
		free(o);
		return fail(err, "out of memory");
	}
	if (setjmp(png_jmpbuf(p))) {
		png_destroy_write_struct(&p, &info);
		free(o->row), free(o->data), free(o);
		return fail(err, "libpng failed (out of memory?)");
	}
	png_set_write_fn(p, o, out_write, out_flush);
	png_set_IHDR(p, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_filter(p, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_compression_level(p, PNG_ZLIB_LEVEL);
	png_write_info(p, info);
	for (int y = 0; y < h; y++) {
		row_rgb(data + (size_t)y * (size_t)stride, w, o->row);
		png_write_row(p, o->row);
	}
	png_write_end(p, info);
	png_destroy_write_struct(&p, &info);
	*png = o->data, *len = o->len;
	free(o->row), free(o);
	return 0;
}
