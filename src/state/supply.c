/* Each player's figures in supply, from the game's figure-type table:
 * the game file's `supply` object and the one-line text of `show` and
 * the mails. A module's figures show up here by their rows alone. */
#include <stdio.h>
#include <string.h>

#include "gamefile.h"

const char *
gamefile_supply_key(const struct figure_type_def *t, char *buf, size_t n)
{
	/* several to a player are counted ("followers"); one is named */
	snprintf(buf, n, "%s%s", t->name, t->supply > 1 ? "s" : "");
	return buf;
}

json_t *
gamefile_supply_json(const struct game *g, int p)
{
	json_t *o = json_object();

	for (int i = 0; o && i < g->nftypes; i++) {
		const struct figure_type_def *t = figure_type_of(g, g->ftypes[i]);
		char key[48];
		if (json_object_set_new(o, gamefile_supply_key(t, key, sizeof(key)),
					json_integer(g->player[p].supply[t->id])) < 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

void
gamefile_supply_text(const struct game *g, int p, char *buf, size_t n)
{
	size_t len = 0;

	if (n)
		buf[0] = '\0';
	for (int i = 0; i < g->nftypes && len < n; i++) {
		const struct figure_type_def *t = figure_type_of(g, g->ftypes[i]);
		int have = g->player[p].supply[t->id], w;
		char key[48];
		if (t->supply > 1)
			w = snprintf(buf + len, n - len, "%s%d of %d %s in supply", i ? ", " : "",
				     have, t->supply, gamefile_supply_key(t, key, sizeof(key)));
		else
			w = snprintf(buf + len, n - len, "%s%s %s", i ? ", " : "", t->name,
				     have ? "in supply" : "on the board");
		len += w > 0 ? (size_t)w : 0;
	}
}
