/* Whether the engine lists an action among the legal ones of the
 * decision due (tests only). */
#ifndef TESTS_LEGAL_LISTED_H
#define TESTS_LEGAL_LISTED_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static bool
listed(const struct game *g, const struct action *a)
{
	int cap = game_legal_cap(g), n;
	struct action *buf = malloc(sizeof(*buf) * (size_t)cap);
	bool found = false;

	n = buf ? game_legal_actions(g, buf, cap) : 0;
	for (int i = 0; i < n && i < cap && !found; i++)
		found = buf[i].kind == a->kind && buf[i].rot == a->rot &&
			memcmp(&buf[i], a, sizeof(*a)) == 0;
	free(buf);
	return found;
}

#endif
