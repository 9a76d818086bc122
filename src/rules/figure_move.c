/* Putting and moving figures anywhere (engine.h: figure_put_at,
 * figure_move, figure_spot_check): the primitives a module's rule uses
 * (a wagon's move, a portal, a barn on a corner). Each keeps the feature
 * counts, the figure sets and the supply right, honours the modules'
 * vetoes and logs what it did; the module checks its own rule first. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "module.h"
#include "engine.h"

/* Each place kind: its word in files and texts (none for the supply and
 * a segment, which files write their own way) and in refusals. */
static const struct {
	const char *word, *phrase;
} locs[LOC_KIND_COUNT] = {
	[LOC_SUPPLY] = {NULL, "the supply"},    [LOC_SEGMENT] = {NULL, "a feature"},
	[LOC_CORNER] = {"corner", "a corner"},  [LOC_QUARTER] = {"quarter", "a quarter"},
	[LOC_TOWER] = {"tower", "a tower"},     [LOC_PRISON] = {"prison", "a prison"},
	[LOC_OTHER] = {"other", "that place"},
};
static const char *const corner_names[4] = {"NE", "SE", "SW", "NW"};


const char *
figure_loc_word(int loc)
{
	return loc >= 0 && loc < LOC_KIND_COUNT ? locs[loc].word : NULL;
}

int
figure_loc_parse(const char *word)
{
	for (int k = 0; k < LOC_KIND_COUNT; k++)
		if (locs[k].word && strcmp(locs[k].word, word) == 0)
			return k;
	return -1;
}

const char *
figure_corner_name(int corner)
{
	return corner_names[corner & 3];
}

int
figure_corner_parse(const char *word)
{
	for (int c = 0; c < 4; c++)
		if (strcasecmp(corner_names[c], word) == 0)
			return c;
	return -1;
}

int
figure_loc_placed(int loc, int at)
{
	if (at < 0)
		return -1;
	return loc == LOC_CORNER ? at / 4 : loc == LOC_TOWER ? at : -1;
}

/* Where a segment instance is a segment of a placed tile, its kind. */
static int
segment_kind(const struct game *g, int seg)
{
	int p = seg / TILE_SEG_MAX, s = seg % TILE_SEG_MAX;

	if (seg < 0 || p >= g->nplaced || s >= game_type(g, g->placed[p].type)->nsegs)
		return -1;
	return game_type(g, g->placed[p].type)->seg[s].kind;
}

int
figure_spot_check(const struct game *g, int player, int type, int loc, int where,
		  struct rules_error *err)
{
	const struct figure_type_def *t = figure_type_of(g, type);
	int kind, p;

	if (t == NULL)
		return rerr(err, RERR_ILLEGAL, "", "this game has no figure of type %d", type);
	if (loc <= LOC_SUPPLY || loc >= LOC_KIND_COUNT || !(t->locs >> loc & 1))
		return rerr(err, RERR_ILLEGAL, t->stand_rule, "a %s never goes to %s", t->name,
			    loc > LOC_SUPPLY && loc < LOC_KIND_COUNT ? locs[loc].phrase : "there");
	if (loc == LOC_SEGMENT) {
		if ((kind = segment_kind(g, where)) < 0)
			return rerr(err, RERR_ILLEGAL, "", "no segment %d on the board", where);
		if (!(g->allowed[type] >> kind & 1))
			return rerr(err, RERR_ILLEGAL, t->stand_rule,
				    "a %s may not stand on a %s", t->name,
				    seg_kinds[kind].name);
	} else if ((p = figure_loc_placed(loc, where)) >= g->nplaced ||
		   (p < 0 && (loc == LOC_CORNER || loc == LOC_TOWER)))
		return rerr(err, RERR_ILLEGAL, "", "no tile on the board for %s %d",
			    locs[loc].phrase, where);
	return figure_vetoed(g, player, type, loc, where, err) ? -1 : 0;
}

/* The event of a figure arriving somewhere off its feature's placement:
 * EV_MOVE with the place it went to (x, y, slot of its tile when it has
 * one; rot its location kind, points the index off the segments). */
static void
log_move(struct game *g, int i)
{
	const struct figure *f = &g->figure[i];
	struct game_event ev = {
		.kind = EV_MOVE,
		.player = (int8_t)f->owner,
		.tile = -1,
		.figure = f->type,
		.rot = f->loc,
		.points = (int16_t)f->at,
	};
	int p = f->loc == LOC_SEGMENT ? f->seg / TILE_SEG_MAX : figure_loc_placed(f->loc, f->at);

	if (p >= 0) {
		ev.x = g->placed[p].x;
		ev.y = g->placed[p].y;
	}
	if (f->loc == LOC_SEGMENT) {
		ev.seg_kind = g->feat[feature_find(g, f->seg)].kind;
		ev.slot = (uint8_t)game_segment_slot(g, f->seg);
	}
	event_add(g, &ev);
}

/* Figure i leaves where it is (the supply or the board); the feature it
 * stood on, or -1. */
static int
leave(struct game *g, int i)
{
	struct figure *f = &g->figure[i];
	int root = -1;

	if (f->loc == LOC_SUPPLY) {
		figset_del(&g->home, i);
		g->player[f->owner].supply[f->type]--;
	} else if (f->loc == LOC_SEGMENT) {
		root = feature_find(g, f->seg);
		g->feat[root].figures--;
		figset_del(&g->on_seg, i);
	}
	f->seg = -1;
	f->at = -1;
	return root;
}

/* Figure i arrives at loc, where (checked). */
static void
arrive(struct game *g, int i, int loc, int where)
{
	struct figure *f = &g->figure[i];

	f->loc = (uint8_t)loc;
	if (loc == LOC_SEGMENT) {
		f->seg = (int16_t)where;
		figset_add(&g->on_seg, i);
		g->feat[feature_find(g, where)].figures++;
	} else
		f->at = where;
}

int
figure_move(struct game *g, int i, int loc, int where, struct rules_error *err)
{
	int from, owner;

	if (i < 0 || i >= g->nfigures)
		return rerr(err, RERR_ILLEGAL, "", "no figure %d in this game", i);
	owner = g->figure[i].owner;
	if (figure_spot_check(g, owner, g->figure[i].type, loc, where, err) < 0)
		return -1;
	from = leave(g, i);
	arrive(g, i, loc, where);
	log_move(g, i);
	if (from >= 0 && !g->fig_plain)
		figure_orphans(g, from, owner, true);
	return 0;
}

int
figure_put_at(struct game *g, int player, int type, int loc, int at, struct rules_error *err)
{
	int i;

	if (player < 0 || player >= g->nplayers)
		return rerr(err, RERR_ILLEGAL, "", "no player %d in this game", player + 1);
	if (figure_spot_check(g, player, type, loc, at, err) < 0)
		return -1;
	if (loc == LOC_SEGMENT)
		return figure_put(g, player, type, at, err);
	i = figset_first_in(&g->home, g->fig_first[player][type], g->ftype[type]->supply);
	if (i < 0 || g->player[player].supply[type] == 0)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-4", "no %s in the supply",
			    g->ftype[type]->name);
	leave(g, i);
	arrive(g, i, loc, at);
	log_move(g, i);
	return i;
}
