/* The Gifts: Take 2 (GIFTS-TAKE2-1, UN-18). Opened at the place-tile
 * decision, it draws a second tile that only its owner sees and asks him
 * which to keep ("keep 1 TILE", "keep 2 TILE": the legal list names both
 * tiles, his alone); the other goes back into the pile at a place drawn
 * from the committed randomness and is never named. The kept tile is
 * placed by the normal rules; one that fits nowhere is discarded and
 * another drawn (UN-18, BASE-TILE-5). */
#include <stdio.h>
#include <string.h>

#include "../engine.h"
#include "exp.h"
#include "gifts.h"

enum { STEP_KEEP };

int
gifts_take2_check(const struct game *g, int player, const struct action *a,
		  struct rules_error *err)
{
	(void)player;
	(void)a;
	if (game_tiles_left(g) == 0)
		return rerr(err, RERR_NOT_NOW, "GIFTS-TAKE2-1",
			    "the pile is empty: Take 2 has no second tile to draw");
	if (g->drawn_outside)
		return rerr(err, RERR_NOT_NOW, "GIFTS-TAKE2-1",
			    "your tile is not from the pile: Take 2 draws a second one to choose "
			    "between tiles of the pile");
	return 0;
}

void
gifts_take2_apply(struct game *g, int player, const struct action *a)
{
	struct gifts_state *st = gifts_state(g);

	(void)a;
	st->take2_tile = (int16_t)game_draw_secret(g, player);
	if (st->take2_tile != -1)
		turn_push(g, module_step(g, gifts_table(g), STEP_KEEP), player, 0);
}

static int
keep_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	const struct gifts_state *st = gifts_state(g);

	(void)f;
	if (cap >= 2) {
		out[0] = (struct action){.kind = ACT_KEEP, .rot = 1, .x = (int16_t)g->drawn};
		out[1] = (struct action){.kind = ACT_KEEP, .rot = 2, .x = st->take2_tile};
	}
	return 2;
}

static int
keep_check(const struct game *g, const struct frame *f, const struct action *a,
	   struct rules_error *err)
{
	const struct gifts_state *st = gifts_state(g);
	int tile = a->rot == 1 ? g->drawn : st->take2_tile;

	(void)f;
	if (a->kind != ACT_KEEP || (a->rot != 1 && a->rot != 2))
		return rerr(err, RERR_NOT_NOW, "GIFTS-TAKE2-1",
			    "Take 2: keep one of your two tiles first: keep 1 or keep 2");
	if (a->x != tile && a->x >= 0 && tile >= 0)
		return rerr(err, RERR_ILLEGAL, "GIFTS-TAKE2-1",
			    "your tile %d is %s, not %s: keep 1 or keep 2 names it",
			    a->rot, game_type(g, tile)->id, game_type(g, a->x)->id);
	return 0;
}

/* The kept tile becomes the drawn one (the second made public: it is
 * placed now); the other goes back unnamed. One that fits nowhere is
 * discarded and the round draws again (UN-18). */
static void
keep_apply(struct game *g, const struct frame *f, const struct action *a)
{
	struct gifts_state *st = gifts_state(g);
	int kept = g->drawn;

	if (a->rot == 2) {
		kept = game_reveal(g, f->owner, st->take2_tile);
		if (kept < 0) /* a view that could not know it: the action names it */
			kept = a->x;
		game_put_back(g, g->drawn);
	} else
		game_put_back(g, st->take2_tile);
	st->take2_tile = -1;
	g->drawn = kept;
	g->drawn_places = kept >= 0 ? board_drawn_count(g, kept) : 0;
	if (g->drawn_places > 0)
		return;
	event_add(g, &(struct game_event){.kind = EV_DISCARD,
					  .player = f->owner,
					  .turn = (int16_t)g->turn,
					  .tile = (int16_t)kept});
	g->drawn = -1;
	turn_push(g, STEP_DRAW, f->owner, 1); /* above the place-tile decision */
}

int
gifts_keep_parse(const struct game *g, char **w, int n, struct action *a,
		 struct rules_error *err)
{
	long k;
	int tile = -1;

	if ((n != 2 && n != 3) || action_parse_long(w[1], 1, 2, &k) < 0)
		return rerr(err, RERR_PARSE, "GIFTS-TAKE2-1",
			    "write: keep 1 (the tile you drew) or keep 2 (the second tile)");
	if (n == 3 && (g == NULL || (tile = catalog_find(g->cat, w[2])) < 0))
		return rerr(err, RERR_PARSE, "GIFTS-TAKE2-1", "no tile '%s': write keep %ld TILE",
			    w[2], k);
	if (n == 2 && g != NULL && g->nframes > 0)
		tile = k == 1 ? g->drawn : gifts_state(g)->take2_tile;
	*a = (struct action){.kind = ACT_KEEP, .rot = (uint8_t)k, .x = (int16_t)tile};
	return 0;
}

int
gifts_keep_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	if (a->x < 0 || g == NULL || a->x >= g->cat->ntypes)
		return snprintf(buf, n, "keep %d", a->rot);
	return snprintf(buf, n, "keep %d %s", a->rot, game_type(g, a->x)->id);
}

const struct rules_step gifts_steps[GIFTS_NSTEPS] = {
	[STEP_KEEP] = {
		.name = "keep", .decision = "keep",
		.what = "keeps one of two tiles (Take 2)",
		.news = "Take 2: GIFTS-TAKE2-1",
		.max_actions = 2,
		.explain = "Take 2 (The Gifts): you drew a second tile, which only you see. Keep "
			   "one: \"keep 1 TILE\" (the tile you drew first) or \"keep 2 TILE\" (the "
			   "second); you then place it as usual, and the other goes back into the "
			   "pile at a random place, unnamed.",
		.legal = keep_legal, .check = keep_check, .apply = keep_apply,
	},
};
