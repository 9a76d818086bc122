/* Built without cairo: the picture functions say why they draw nothing,
 * so callers need no #ifdef. */
#include <stdio.h>

#include "render.h"

static int
no_cairo(struct render_error *err)
{
	if (err)
		snprintf(err->text, sizeof(err->text),
			 "built without cairo: no PNG maps (install libcairo2-dev, "
			 "then run configure and make again)");
	return -1;
}

bool
render_have_png(void)
{
	return false;
}

void
render_cleanup(void)
{
}

int
render_png_file(const struct game *g, const struct render_opts *o, const char *path,
		struct render_png_info *info, struct render_error *err)
{
	(void)g, (void)o, (void)path, (void)info;
	return no_cairo(err);
}

int
render_png_mem(const struct game *g, const struct render_opts *o, unsigned char **png,
	       size_t *len, struct render_png_info *info, struct render_error *err)
{
	(void)g, (void)o, (void)info;
	*png = NULL;
	*len = 0;
	return no_cairo(err);
}

int
render_png_tiles(const struct catalog *cat, const struct render_opts *o, const char *path,
		 struct render_error *err)
{
	(void)cat, (void)o, (void)path;
	return no_cairo(err);
}
