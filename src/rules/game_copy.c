/* Copying a game into another game's memory. Computer players try many
 * moves, each on a copy: a malloc per array and a copy of each array's
 * whole capacity (game_clone) cost more than the moves themselves. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* dst's arrays made at least as big as src's. */
static int
reserve_like(struct game *dst, const struct game *src)
{
	if (dst->alloc_capacity < src->capacity && board_alloc(dst, src->alloc_capacity) < 0)
		return -1;
	if (dst->bag_cap < src->bag_cap) {
		free(dst->bag);
		dst->bag = malloc(sizeof(*dst->bag) * (size_t)src->bag_cap);
		dst->bag_cap = dst->bag ? src->bag_cap : 0;
	}
	if (dst->cells_cap < src->width * src->width) {
		free(dst->cells);
		dst->cells = malloc(sizeof(*dst->cells) * (size_t)src->cells_cap);
		dst->cells_cap = dst->cells ? src->cells_cap : 0;
	}
	if (dst->ext_cap < src->ext_size) {
		free(dst->ext);
		dst->ext = malloc(src->ext_size);
		dst->ext_cap = dst->ext ? src->ext_size : 0;
	}
	if (dst->hid_cap < src->hid_size) {
		free(dst->hid);
		dst->hid = malloc(src->hid_size);
		dst->hid_cap = dst->hid ? src->hid_size : 0;
	}
	return (dst->hid || src->hid_size == 0) && dst->bag && dst->cells && (dst->ext || src->ext_size == 0) ? 0 : -1;
}

/* Only what is in use: the grid's cells, the tiles placed and their
 * segments, the frontier with its padding. The tile stamps go whole:
 * dst's own could be newer than src's stamp count. */
static void
copy_arrays(struct game *dst, const struct game *src)
{
	size_t front = (size_t)src->nfrontier + FRONTIER_PAD;

	memcpy(dst->bag, src->bag, sizeof(*src->bag) * (size_t)src->bag_cap);
	memcpy(dst->cells, src->cells, sizeof(*src->cells) * (size_t)(src->width * src->width));
	memcpy(dst->placed, src->placed, sizeof(*src->placed) * (size_t)src->nplaced);
	dst->placed[src->capacity] = src->placed[src->capacity]; /* the spare */
	memcpy(dst->front_place, src->front_place, sizeof(*src->front_place) * front);
	memcpy(dst->front_need, src->front_need, sizeof(*src->front_need) * front);
	memcpy(dst->front_cell, src->front_cell, sizeof(*src->front_cell) * front);
	memcpy(dst->front_before, src->front_before,
	       sizeof(*src->front_before) * (front / 4 + 1 + FRONTIER_GROUP_PAD));
	memcpy(dst->feat, src->feat,
	       sizeof(*src->feat) * (size_t)src->nplaced * TILE_SEG_MAX);
	memcpy(dst->tile_stamp, src->tile_stamp, sizeof(*src->tile_stamp) * (size_t)src->capacity);
	if (src->ext_size)
		memcpy(dst->ext, src->ext, src->ext_size);
	if (src->hid_size)
		memcpy(dst->hid, src->hid, src->hid_size);
}

int
game_copy(struct game *dst, const struct game *src)
{
	struct game_allocs a;

	if (dst->cat != src->cat || reserve_like(dst, src) < 0)
		return -1;
	game_allocs_keep(dst, &a);
	*dst = *src;
	game_allocs_restore(dst, &a);
	dst->nevents = 0;
	copy_arrays(dst, src);
	return 0;
}
