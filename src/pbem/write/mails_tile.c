/* The tile of a notice as the player will turn it (issue 21.3): a place
 * name ("knight N") goes by the tile as turned, so each rotation says
 * which sides its features reach and which places a figure may take. */
#include <stdlib.h>

#include "mails_impl.h"
#include "report.h"
#include "seg_kind.h"

/* "knight N, thief W, farmer NL": the figure places of t turned rot. */
static void
places_text(const struct gamefile *gf, const struct tile_type *t, int rot, FILE *fp)
{
	struct place p[TILE_SEG_MAX];
	int np = tile_places(t, rot, p), k = 0;

	for (int i = 0; i < np; i++) {
		const char *role = seg_kind_def(p[i].kind)->role;
		if (role == NULL || (p[i].kind == SEG_FIELD && !gf->setup.opt.farmers))
			continue;
		fprintf(fp, "%s%s %s", k++ ? ", " : "", role, p[i].name);
	}
	if (k == 0)
		fputs("no place for a figure", fp);
}

static void
one_rotation(const struct gamefile *gf, const struct tile_type *t, int rot,
	     const char *label, FILE *fp)
{
	char sides[200];

	tile_describe(t, rot, sides, sizeof(sides));
	fprintf(fp, "  %s %3d: %s; ", label, rot * 90, sides);
	places_text(gf, t, rot, fp);
	fputc('\n', fp);
}

char *
tile_rotations_text(const struct gamefile *gf, int type, int rot)
{
	const struct tile_type *t = &gf->cat->types[type];
	struct memtext m;
	FILE *fp = memtext_open(&m);

	if (fp == NULL)
		return NULL;
	if (rot >= 0)
		one_rotation(gf, t, rot, "as placed, rotation", fp);
	else
		for (int r = 0; r < 4; r++)
			one_rotation(gf, t, r, "rotation", fp);
	return memtext_close(&m);
}
