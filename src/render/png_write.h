/* The surface as PNG bytes (png_write.c): apart from picture.h, whose
 * png_* names would clash with libpng's. */
#ifndef CARC_RENDER_PNG_WRITE_H
#define CARC_RENDER_PNG_WRITE_H

#include <cairo.h>
#include <stddef.h>

#include "render.h"

/* An RGB24 image surface as PNG bytes in memory (free() them). 0 or -1. */
int png_encode(cairo_surface_t *s, unsigned char **png, size_t *len,
	       struct render_error *err);

#endif
