/* Tile ids as people type them: finding one usable with the rules, and
 * suggesting the closest known ids for a mistyped one. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gamefile.h"
#include "module.h"

static int
lower(int c)
{
	return tolower((unsigned char)c);
}

/* Case-insensitive edit distance, to suggest ids close to a mistyped one. */
static int
edit_distance(const char *a, const char *b)
{
	int row[TILE_ID_MAX + 1], la = (int)strlen(a), lb = (int)strlen(b);

	if (lb > TILE_ID_MAX)
		lb = TILE_ID_MAX;
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = i;
		for (int j = 1; j <= lb; j++) {
			int up = row[j],
			    best = diag + (lower(a[i - 1]) != lower(b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

#define SUGGEST 5

static bool
tile_usable(const struct catalog *cat, const struct rules_options *opt, int i)
{
	return module_tile_copies(cat, opt, i) > 0 &&
	       (!(cat->types[i].flags & TILE_WITH_RIVER) || catalog_river_on(cat, opt));
}

/* The usable ids closest to a mistyped one, closest first. */
static void
suggest_ids(const struct catalog *cat, const struct rules_options *opt, const char *id,
	    char *out, size_t n)
{
	int best[SUGGEST], dist[SUGGEST], k = 0;
	size_t len;

	for (int i = 0; i < cat->ntypes; i++) {
		int d, j;
		if (!tile_usable(cat, opt, i))
			continue;
		d = edit_distance(id, cat->types[i].id);
		for (j = k; j > 0 && dist[j - 1] > d; j--)
			if (j < SUGGEST)
				best[j] = best[j - 1], dist[j] = dist[j - 1];
		if (j < SUGGEST) {
			best[j] = i, dist[j] = d;
			if (k < SUGGEST)
				k++;
		}
	}
	snprintf(out, n, "closest known ids:");
	for (int j = 0; j < k; j++) {
		len = strlen(out);
		snprintf(out + len, n - len, "%s %s", j ? "," : "",
			 cat->types[best[j]].id);
	}
}

/* What the module that brings set says of its tiles (tiles_need), or NULL. */
static const char *
set_tiles_need(const struct catalog *cat, const char *set)
{
	for (int i = 0; i < cat->nmodules; i++)
		for (const char *const *s = cat->modules[i]->tilesets; s && *s; s++)
			if (strcmp(*s, set) == 0 && cat->modules[i]->tiles_need)
				return cat->modules[i]->tiles_need;
	return NULL;
}

int
gamefile_find_tile(const struct catalog *cat, const struct rules_options *opt,
		   const char *id, char *why, size_t n)
{
	int i = catalog_find(cat, id);
	char near[160];

	if (i < 0) {
		suggest_ids(cat, opt, id, near, sizeof(near));
		snprintf(why, n, "unknown tile id '%s' (%s)", id, near);
		return -1;
	}
	if (tile_usable(cat, opt, i))
		return i;
	if (!module_set_enabled(opt, cat->types[i].set)) {
		const char *need = set_tiles_need(cat, cat->types[i].set);
		if (need)
			snprintf(why, n, "tile %s is %s", id, need);
		else
			snprintf(why, n, "tile %s is in the tile set %s: it needs --with %s",
				 id, cat->types[i].set, cat->types[i].set);
		return -1;
	}
	if ((cat->types[i].flags & TILE_WITH_RIVER) && !catalog_river_on(cat, opt))
		/* GQ-1: Games Quarterly's spring and river tile */
		snprintf(why, n, "tile %s is played only with a river: add --with river", id);
	else if (cat->types[i].count[opt->edition - 1] == 0)
		snprintf(why, n, "tile %s is not in the %s edition's tile set", id,
			 opt->edition == 1 ? "1st" : "2nd");
	else /* River II removes River I's lake (RIVER-7) */
		snprintf(why, n, "tile %s leaves the game when these tile sets are played together",
			 id);
	return -1;
}


int
gamefile_find_board_tile(const struct catalog *cat, const struct rules_options *opt,
			 const char *id, char *why, size_t n)
{
	int i = gamefile_find_tile(cat, opt, id, why, n);
	int j = i < 0 ? catalog_find(cat, id) : -1;

	if (j >= 0 && module_set_enabled(opt, cat->types[j].set) &&
	    cat->types[j].count[0] == 0 && cat->types[j].count[1] == 0)
		return j;
	return i;
}
