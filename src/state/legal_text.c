/* The legal actions as one line of text, for refusals that must say what
 * would have been accepted. Sorted as carcpbem legal lists them:
 * placements by y, x and rotation, then figures by slot, recall, pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile.h"

/* Placements, figures, the rule modules' actions by kind (the abbot's
 * recall), pass last. */
static int
kind_rank(const struct action *a)
{
	if (a->kind == ACT_PLACE_TILE || a->kind == ACT_FIGURE)
		return a->kind == ACT_FIGURE;
	return a->kind == ACT_PASS ? ACT_KIND_MAX + 2 : 2 + a->kind;
}

static int
cmp_int(int a, int b)
{
	return (a > b) - (a < b);
}

static int
cmp_actions(const void *pa, const void *pb)
{
	const struct action *a = pa, *b = pb;
	int c = cmp_int(kind_rank(a), kind_rank(b));

	if (c == 0 && a->kind == ACT_PLACE_TILE)
		c = cmp_int(a->y, b->y)   ? cmp_int(a->y, b->y)
		    : cmp_int(a->x, b->x) ? cmp_int(a->x, b->x)
					  : cmp_int(a->rot, b->rot);
	else if (c == 0 && a->kind == ACT_FIGURE)
		c = cmp_int(a->slot, b->slot) ? cmp_int(a->slot, b->slot)
					      : cmp_int(a->figure, b->figure);
	else if (c == 0) /* a module's: any fixed order */
		c = memcmp(a, b, sizeof(*a));
	return c;
}

int
gamefile_legal_sorted(const struct game *g, struct action **out)
{
	int n = game_legal_actions(g, NULL, 0);

	if ((*out = malloc(sizeof(**out) * (n ? n : 1))) == NULL)
		return -1;
	n = game_legal_actions(g, *out, n);
	qsort(*out, n, sizeof(**out), cmp_actions);
	return n;
}

void
gamefile_legal_text(const struct gamefile *gf, const char *sep, char *buf, size_t n)
{
	struct action *a;
	int count = gamefile_legal_sorted(gf->game, &a);
	char one[64];
	size_t len = 0;

	buf[0] = '\0';
	if (count < 0)
		return;
	for (int i = 0; i < count; i++) {
		action_format(gf->game, &a[i], one, sizeof(one));
		if (len + strlen(sep) + strlen(one) + 4 >= n) {
			snprintf(buf + len, n - len, "%s...", i ? sep : "");
			break;
		}
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? sep : "", one);
	}
	free(a);
}
