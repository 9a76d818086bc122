/* Creating, copying and freeing games; rules options. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "engine.h"

void
rules_options_default(struct rules_options *opt)
{
	*opt = (struct rules_options){
		.edition = 1,
		.farmers = true,
		.river_uturn = RIVER_UTURN_CURVES,
	};
}

int
rules_options_check_in(const struct rules_options *opt, int nplayers,
		       const struct rules_module *const *mods, int nmods,
		       struct rules_error *err)
{
	struct rules_options o = *opt;

	if (opt->edition != 1 && opt->edition != 2)
		return rerr(err, RERR_OPTION, "", "edition must be 1 or 2, not %d", opt->edition);
	if (module_check(&o, nplayers, err) < 0)
		return -1;
	/* every module of the list checks its own, on or not */
	for (int i = 0; i < nmods; i++)
		if (mods[i]->check_options && mods[i]->check_options(&o, err) < 0)
			return -1;
	return 0;
}

/* The figure types of the base game and of the modules that are on. */
static int
figures_build(struct game *g, struct rules_error *err)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	int n = 0;

	for (int i = 0; i < g->nmods; i++)
		for (int k = 0; k < g->mods[i]->nfigure_types; k++) {
			if (n == FIG_TYPE_MAX)
				return rerr(err, RERR_OPTION, "", "too many figure types");
			rows[n++] = g->mods[i]->figure_types[k];
		}
	return figure_types_build(g, rows, n, err);
}

/* BASE-SETUP-1: the start tile goes to 0,0 unrotated. */
static int
place_start(struct game *g)
{
	int p = board_place(g, g->start_type, 0, 0, 0);

	if (p < 0)
		return -1;
	FOR_HOOK(g, HOOK_START, m)
		(*m)->start(g, p);
	return 0;
}

/* Sets up a game in g, whose allocations (if any) are reused. */
static int
game_init(struct game *g, const struct catalog *cat, const struct game_setup *setup,
	  struct rules_error *err)
{
	if (rules_options_check_in(&setup->opt, setup->nplayers, cat->modules, cat->nmodules,
				   err) < 0)
		return -1;
	if (setup->first_player < 0 || setup->first_player >= setup->nplayers)
		return rerr(err, RERR_OPTION, "BASE-SETUP-4",
			    "first player must be a seat 1..%d", setup->nplayers);
	g->cat = cat;
	g->types = cat->types;
	g->opt = setup->opt;
	g->nplayers = setup->nplayers;
	g->current = setup->first_player;
	memcpy(g->seed, setup->seed, SEED_BYTES);
	if (bag_fill(g, setup, err) < 0)
		return -1;
	if (hidden_init(g, setup) < 0)
		return rerr(err, RERR_NOMEM, "", "out of memory");
	if (modules_build(g, err) < 0)
		return -1;
	FOR_HOOK(g, HOOK_SETUP, m)
		(*m)->setup(g);
	if (figures_build(g, err) < 0)
		return -1;
	if (board_init(g, g->bag_len + 1 + modules_extra_tiles(g)) < 0 || place_start(g) < 0)
		return rerr(err, RERR_NOMEM, "", "out of memory");
	turn_first(g);
	return 0;
}

struct game *
game_new(const struct catalog *cat, const struct game_setup *setup,
	 struct rules_error *err)
{
	struct game *g = calloc(1, sizeof(*g));

	if (g == NULL) {
		rerr(err, RERR_NOMEM, "", "out of memory");
		return NULL;
	}
	if (game_init(g, cat, setup, err) < 0) {
		game_free(g);
		return NULL;
	}
	return g;
}

/* Zeroes a game for game_reset, except the arrays read only below a count
 * that game_init sets (figures, steps, hooks, frames): they keep the last
 * game's entries, and not copying 4 KB of zeros is most of what a new game
 * saves. The asserts keep each count right after its array. */
#define ZERO_SPAN(g, from, to)                                                     \
	memset((char *)(g) + offsetof(struct game, from), 0,                       \
	       offsetof(struct game, to) - offsetof(struct game, from))
#define FOLLOWS(a, b)                                                              \
	_Static_assert(offsetof(struct game, b) ==                                 \
			       offsetof(struct game, a) + sizeof(((struct game *)0)->a), \
		       #b " must follow " #a)
FOLLOWS(figure, nfigures);
FOLLOWS(plan_frames, nplan);
FOLLOWS(frames, nframes);
_Static_assert(offsetof(struct game, nsteps) - offsetof(struct game, steps) <
		       sizeof(((struct game *)0)->steps) + 8,
	       "nsteps must follow steps");
_Static_assert(offsetof(struct game, nhook) - offsetof(struct game, hook) <
		       sizeof(((struct game *)0)->hook) + 8,
	       "nhook must follow hook");

static void
game_zero(struct game *g)
{
	memset(g, 0, offsetof(struct game, figure));
	ZERO_SPAN(g, nfigures, steps);
	ZERO_SPAN(g, nsteps, hook);
	ZERO_SPAN(g, nhook, plan_frames);
	ZERO_SPAN(g, nplan, frames);
	memset((char *)g + offsetof(struct game, nframes), 0,
	       sizeof(*g) - offsetof(struct game, nframes));
}

void
game_allocs_keep(const struct game *g, struct game_allocs *a)
{
	*a = (struct game_allocs){
		.bag = g->bag,
		.cells = g->cells,
		.placed = g->placed,
		.front_place = g->front_place,
		.front_need = g->front_need,
		.front_cell = g->front_cell,
		.front_before = g->front_before,
		.feat = g->feat,
		.tile_stamp = g->tile_stamp,
		.events = g->events,
		.ext = g->ext,
		.ext_cap = g->ext_cap,
		.hid = g->hid,
		.hid_cap = g->hid_cap,
		.bag_cap = g->bag_cap,
		.cells_cap = g->cells_cap,
		.alloc_capacity = g->alloc_capacity,
		.cap_events = g->cap_events,
	};
}

void
game_allocs_restore(struct game *g, const struct game_allocs *a)
{
	g->bag = a->bag;
	g->cells = a->cells;
	g->placed = a->placed;
	g->front_place = a->front_place;
	g->front_need = a->front_need;
	g->front_cell = a->front_cell;
	g->front_before = a->front_before;
	g->feat = a->feat;
	g->tile_stamp = a->tile_stamp;
	g->events = a->events;
	g->ext = a->ext;
	g->ext_cap = a->ext_cap;
	g->hid = a->hid;
	g->hid_cap = a->hid_cap;
	g->bag_cap = a->bag_cap;
	g->cells_cap = a->cells_cap;
	g->alloc_capacity = a->alloc_capacity;
	g->cap_events = a->cap_events;
}

int
game_reset(struct game *g, const struct game_setup *setup, struct rules_error *err)
{
	/* the allocations a new game reuses, and the catalogue */
	const struct catalog *cat = g->cat;
	uint32_t stamp_gen = g->stamp_gen;
	struct game_allocs a;

	game_allocs_keep(g, &a);
	game_zero(g);
	game_allocs_restore(g, &a);
	g->stamp_gen = stamp_gen; /* old stamps stay below it */
	return game_init(g, cat, setup, err);
}

void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	free(g->bag);
	free(g->cells);
	free(g->placed);
	free(g->front_place);
	free(g->front_need);
	free(g->front_cell);
	free(g->front_before);
	free(g->feat);
	free(g->tile_stamp);
	free(g->events);
	free(g->ext);
	free(g->hid);
	free(g);
}

static void *
dup_array(const void *src, size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p && size)
		memcpy(p, src, size);
	return p;
}

struct game *
game_clone(const struct game *g)
{
	struct game *c = malloc(sizeof(*c));
	size_t cap = (size_t)g->alloc_capacity;

	if (c == NULL)
		return NULL;
	*c = *g;
	c->bag = dup_array(g->bag, sizeof(*g->bag) * g->bag_cap);
	c->cells = dup_array(g->cells, sizeof(*g->cells) * g->cells_cap);
	c->placed = dup_array(g->placed, sizeof(*g->placed) * (cap + 1));
	c->front_place = dup_array(g->front_place, sizeof(*g->front_place) * frontier_size(cap));
	c->front_need = dup_array(g->front_need, sizeof(*g->front_need) * frontier_size(cap));
	c->front_cell = dup_array(g->front_cell, sizeof(*g->front_cell) * frontier_size(cap));
	c->front_before =
	    dup_array(g->front_before, sizeof(*g->front_before) * frontier_groups(cap));
	c->feat = dup_array(g->feat, sizeof(*g->feat) * cap * TILE_SEG_MAX);
	c->tile_stamp = dup_array(g->tile_stamp, sizeof(*g->tile_stamp) * cap);
	c->events = dup_array(g->events, sizeof(*g->events) * g->cap_events);
	c->ext = dup_array(g->ext, g->ext_size);
	c->ext_cap = g->ext_size;
	c->hid = g->hid_size ? dup_array(g->hid, g->hid_size) : NULL;
	c->hid_cap = c->hid ? g->hid_size : 0;
	if (g->hid_size && c->hid == NULL) {
		game_free(c);
		return NULL;
	}
	if (!c->ext || !c->bag || !c->cells || !c->placed || !c->front_place ||
	    !c->front_need || !c->front_cell ||
	    !c->front_before || !c->feat || !c->tile_stamp || !c->events) {
		game_free(c);
		return NULL;
	}
	return c;
}
