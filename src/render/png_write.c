/* The picture's PNG: the pixels compressed by libdeflate in one call,
 * the chunks (signature, IHDR, IDAT, IEND and their CRCs) written by
 * libpng. Maps are flat colours with antialiased edges; for them rows
 * without a filter compress best, and libdeflate's level 1 gives smaller
 * files than zlib's level 3 in about 60 % of its time (cairo's own writer,
 * zlib's level 6 with adaptive filters, took three quarters of a notice's
 * CPU: docs/PERFORMANCE.md, "Throughput: where a turn's CPU goes"). The
 * same surface gives the same bytes. */
#include <libdeflate.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_write.h"

#define PNG_DEFLATE_LEVEL 1

/* The file as libpng writes it, and what its error path frees: set
 * before setjmp, never changed after (longjmp keeps heap memory, not
 * locals changed since setjmp). */
struct png_out {
	unsigned char *data, *raw, *idat;
	size_t len, cap;
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
		if ((d = realloc(o->data, cap)) == NULL)
			png_error(p, "out of memory");
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

/* The image data PNG compresses: each row a filter byte (0: none) and
 * its pixels as R, G, B bytes; RGB24 is a native-endian 32-bit word per
 * pixel, 0xXXRRGGBB. */
static void
raw_rows(const unsigned char *data, int w, int h, int stride, unsigned char *raw)
{
	for (int y = 0; y < h; y++) {
		const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		unsigned char *dst = raw + (size_t)y * ((size_t)w * 3 + 1);

		*dst++ = 0;
		for (int x = 0; x < w; x++, dst += 3) {
			dst[0] = (unsigned char)(px[x] >> 16);
			dst[1] = (unsigned char)(px[x] >> 8);
			dst[2] = (unsigned char)px[x];
		}
	}
}

/* The rows zlib-compressed (an IDAT's content) into o->idat: its size, or
 * 0 when out of memory. */
static size_t
deflate_rows(struct png_out *o, size_t raw_len)
{
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(PNG_DEFLATE_LEVEL);
	size_t bound, n = 0;

	if (c == NULL)
		return 0;
	bound = libdeflate_zlib_compress_bound(c, raw_len);
	if ((o->idat = malloc(bound)) != NULL)
		n = libdeflate_zlib_compress(c, o->raw, raw_len, o->idat, bound);
	libdeflate_free_compressor(c);
	return n;
}

static int
fail(struct render_error *err, const char *why)
{
	if (err)
		snprintf(err->text, sizeof(err->text), "cannot draw the PNG map: %s", why);
	return -1;
}

static void
out_free(struct png_out *o)
{
	free(o->data), free(o->raw), free(o->idat), free(o);
}

/* The chunks around the compressed rows; 0, or -1 when libpng failed. */
static int
write_chunks(struct png_out *o, int w, int h, size_t idat_len)
{
	png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = p ? png_create_info_struct(p) : NULL;

	if (info == NULL) {
		png_destroy_write_struct(&p, NULL);
		return -1;
	}
	if (setjmp(png_jmpbuf(p))) {
		png_destroy_write_struct(&p, &info);
		return -1;
	}
	png_set_write_fn(p, o, out_write, out_flush);
	png_set_IHDR(p, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(p, info);
	png_write_chunk(p, (png_const_bytep) "IDAT", o->idat, idat_len);
	png_write_chunk(p, (png_const_bytep) "IEND", NULL, 0);
	png_destroy_write_struct(&p, &info);
	return 0;
}

int
png_encode(cairo_surface_t *s, unsigned char **png, size_t *len, struct render_error *err)
{
	struct png_out *o;
	int w, h;
	size_t raw_len, idat_len;

	*png = NULL, *len = 0;
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		return fail(err, cairo_status_to_string(cairo_surface_status(s)));
	if (cairo_image_surface_get_format(s) != CAIRO_FORMAT_RGB24)
		return fail(err, "not an RGB24 surface");
	cairo_surface_flush(s);
	w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	raw_len = ((size_t)w * 3 + 1) * (size_t)h;
	if ((o = calloc(1, sizeof(*o))) == NULL || (o->raw = malloc(raw_len)) == NULL) {
		free(o);
		return fail(err, "out of memory");
	}
	raw_rows(cairo_image_surface_get_data(s), w, h, cairo_image_surface_get_stride(s), o->raw);
	if ((idat_len = deflate_rows(o, raw_len)) == 0) {
		out_free(o);
		return fail(err, "out of memory");
	}
	if (write_chunks(o, w, h, idat_len) < 0) {
		out_free(o);
		return fail(err, "libpng failed (out of memory?)");
	}
	*png = o->data, *len = o->len;
	o->data = NULL;
	out_free(o);
	return 0;
}
