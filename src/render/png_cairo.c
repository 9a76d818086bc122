/* The two cairo helpers every drawing of the picture uses (picture.h):
 * below png.c, which draws by the other files, so that they call no file
 * that calls them. */
#include "picture.h"

void
png_rgb(cairo_t *cr, uint32_t rgb)
{
	cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0,
			     ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

cairo_surface_t *
png_drawn_surface(cairo_surface_t *s, cairo_t *cr)
{
	cairo_destroy(cr);
	cairo_surface_flush(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return NULL;
	}
	return s;
}
