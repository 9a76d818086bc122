/* The bag as a draw source (engine.h): putting a tile back at a random
 * place among those left, setting tiles aside and taking them back, for
 * the modules that need it (a second tile drawn and one of them put
 * back, tiles set aside until a condition holds). No operation runs in a base game, whose bag stays the shuffle
 * of bag.c. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define OP_DRAWS 8 /* one index and spares for bag_index */

/* Operation op's values, apart from the shuffle's stream. */
static void
op_stream(const struct game *g, uint32_t op, uint32_t *stream, int n)
{
	seed_stream(g, "carcpbem bag operation v1", op, stream, n);
}

/* Room for n entries, keeping those there. */
int
bag_room(struct game *g, int n)
{
	int16_t *b;
	int cap = g->bag_cap;

	if (n <= cap)
		return 0;
	while (cap < n)
		cap = cap ? 2 * cap : 16;
	if ((b = realloc(g->bag, sizeof(*b) * (size_t)cap)) == NULL)
		return -1;
	g->bag = b;
	g->bag_cap = cap;
	return 0;
}

/* Takes out entry i of the used part (drawn, left, aside). */
static int
bag_remove(struct game *g, int i)
{
	int type = g->bag[i], end = g->bag_len + g->bag_aside;

	memmove(&g->bag[i], &g->bag[i + 1], sizeof(*g->bag) * (size_t)(end - i - 1));
	return type;
}

int
bag_put_back(struct game *g, int type)
{
	uint32_t stream[OP_DRAWS];
	int k = 0, pos, end = g->bag_len + g->bag_aside;

	if (type < 0 || type >= g->cat->ntypes || bag_room(g, end + 1) < 0)
		return -1;
	/* the board holds the tiles the game began with: a tile comes back
	 * only after one left (drawn, or set aside and taken) */
	if (g->nplaced + end - g->bag_next + 1 > g->capacity)
		return -1;
	if (g->blind) { /* no seed: the place is unknown, the pile's order is none */
		g->bag_ops++;
		pos = g->bag_len;
	} else {
		op_stream(g, g->bag_ops++, stream, OP_DRAWS);
		/* one of the places before, between or after the tiles left */
		pos = g->bag_next + (int)bag_index((uint32_t)(g->bag_len - g->bag_next + 1),
						   stream, &k, OP_DRAWS);
	}
	memmove(&g->bag[pos + 1], &g->bag[pos], sizeof(*g->bag) * (size_t)(end - pos));
	g->bag[pos] = (int16_t)type;
	g->bag_len++;
	return pos;
}

/* The first copy left to draw goes after the tiles left: copies of a
 * type are alike, so which one says nothing. */
int
bag_set_aside(struct game *g, int type)
{
	for (int i = g->bag_next; i < g->bag_len; i++)
		if (g->bag[i] == type) {
			bag_remove(g, i);
			g->bag_len--;
			g->bag[g->bag_len + g->bag_aside++] = (int16_t)type;
			return 0;
		}
	return -1;
}

int
bag_take_aside(struct game *g, int type)
{
	for (int i = g->bag_len; i < g->bag_len + g->bag_aside; i++)
		if (g->bag[i] == type) {
			bag_remove(g, i);
			g->bag_aside--;
			return 0;
		}
	return -1;
}

/* The drawn tile stays in the drawn part, the public log of the draws:
 * a view replays the draw before the module sets it aside, and its copy
 * aside counts as returned. */
int
bag_set_drawn_aside(struct game *g)
{
	int end = g->bag_len + g->bag_aside;

	if (g->bag_next == 0 || bag_room(g, end + 1) < 0)
		return -1;
	g->bag[end] = g->bag[g->bag_next - 1];
	g->bag_aside++;
	g->bag_returned++;
	return 0;
}

int
bag_to_front(struct game *g, int attr)
{
	for (int i = g->bag_next; i < g->bag_len; i++)
		if (g->cat->types[g->bag[i]].attrs & TA_BIT(attr)) {
			int16_t type = g->bag[i];
			memmove(&g->bag[g->bag_next + 1], &g->bag[g->bag_next],
				sizeof(*g->bag) * (size_t)(i - g->bag_next));
			g->bag[g->bag_next] = type;
			return 0;
		}
	return -1;
}

int
game_random_below(struct game *g, uint32_t n)
{
	uint32_t stream[OP_DRAWS];
	int k = 0;

	if (n == 0)
		return -1;
	if (g->blind) { /* the seed's draw is the host's secret */
		g->bag_ops++;
		return -1;
	}
	op_stream(g, g->bag_ops++, stream, OP_DRAWS);
	return (int)bag_index(n, stream, &k, OP_DRAWS);
}
