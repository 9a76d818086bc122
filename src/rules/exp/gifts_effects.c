/* The Gifts: what each card does (GIFTS-SYNOD-1, GIFTS-SWEEP-1,
 * GIFTS-MOVE-1, GIFTS-CASH-1; UN-15..17, XEXP-17): the check, the
 * effect and the legal "open" actions of a kind, one row each. Take 2
 * is gifts_take2.c's. A gift's meeple is a normal follower (XEXP-17):
 * never the abbot (UN-16), the big follower, a mayor, wagon, builder or
 * pig; a feature's meeples for Cash Out are its followers of any kind. */
#include <stdio.h>

#include "../engine.h"
#include "exp.h"
#include "gifts.h"

bool
gift_meeple(const struct game *g, int i)
{
	return g->figure[i].type == FIG_FOLLOWER && g->figure[i].loc == LOC_SEGMENT;
}

/* The segment instance the action's place names on the tile at its x,y
 * (slot: at_slot, or at_figure for Change Position's from), or -1. */
static int
seg_at(const struct game *g, const struct action *a, int slot)
{
	int p = game_placed_at(g, a->x, a->y), s;

	if (p < 0)
		return -1;
	s = tile_seg_at_slot(game_type(g, g->placed[p].type), slot, g->placed[p].rot);
	return s == SEG_NONE ? -1 : seg_instance(p, s);
}

static int
kind_of(const struct game *g, int seg)
{
	return g->feat[seg].kind;
}

static int
no_tile(const struct action *a, const char *rule, struct rules_error *err)
{
	return rerr(err, RERR_ILLEGAL, rule, "there is no tile at %d,%d, or nothing at that place",
		    a->x, a->y);
}

/* The action for segment instance seg as "open CARD X Y PLACE". */
static struct action
open_at(const struct game *g, int card, int seg)
{
	const struct placed_tile *pt = &g->placed[seg / TILE_SEG_MAX];
	char name[PLACE_NAME_MAX];
	int slot = place_name(game_type(g, pt->type), pt->rot, seg % TILE_SEG_MAX, name);
	struct action a = action_at(ACT_OPEN, pt->x, pt->y, 0, (unsigned)slot);

	a.rot = (uint8_t)card;
	return a;
}

/* ---- Synod: a follower from the supply onto any unfinished monastery ---- */

static int
synod_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	int seg = seg_at(g, a, SLOT_CENTRE);

	if (seg < 0 || kind_of(g, seg) != SEG_MONASTERY)
		return rerr(err, RERR_ILLEGAL, "GIFTS-SYNOD-1",
			    "Synod needs a monastery: there is none at %d,%d", a->x, a->y);
	if (game_feature_complete(g, feature_find(g, seg)))
		return rerr(err, RERR_ILLEGAL, "GIFTS-SYNOD-1",
			    "the monastery at %d,%d is finished: Synod sends a follower to an "
			    "unfinished one",
			    a->x, a->y);
	if (g->player[player].supply[FIG_FOLLOWER] == 0)
		return rerr(err, RERR_ILLEGAL, "GIFTS-SYNOD-1",
			    "you have no follower in your supply for Synod to place");
	return figure_spot_check(g, player, FIG_FOLLOWER, LOC_SEGMENT, seg, err);
}

static void
synod_apply(struct game *g, int player, const struct action *a)
{
	figure_put(g, player, FIG_FOLLOWER, seg_at(g, a, SLOT_CENTRE), NULL);
}

static int
synod_legal(const struct game *g, int player, struct action *out, int cap)
{
	int n = 0;

	if (g->player[player].supply[FIG_FOLLOWER] == 0)
		return 0;
	for (int p = 0; p < g->nplaced; p++) {
		int s = game_type(g, g->placed[p].type)->centre_seg, seg = seg_instance(p, s);
		if (s == SEG_NONE || kind_of(g, seg) != SEG_MONASTERY ||
		    game_feature_complete(g, feature_find(g, seg)) ||
		    figure_spot_check(g, player, FIG_FOLLOWER, LOC_SEGMENT, seg, NULL) < 0)
			continue;
		if (n < cap) {
			out[n] = open_at(g, GIFT_SYNOD, seg);
			out[n].at_slot = SLOT_CENTRE; /* as "open synod X Y" parses */
		}
		n++;
	}
	return n;
}

/* ---- Road Sweeper: an unfinished road scores now (UN-15) ---- */

static int
sweep_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	int seg = seg_at(g, a, a->at_slot);

	(void)player;
	if (seg < 0)
		return no_tile(a, "GIFTS-SWEEP-1", err);
	if (kind_of(g, seg) != SEG_ROAD)
		return rerr(err, RERR_ILLEGAL, "GIFTS-SWEEP-1",
			    "the Road Sweeper scores a road: that is a %s",
			    seg_kind_name(kind_of(g, seg)));
	if (game_feature_complete(g, feature_find(g, seg)))
		return rerr(err, RERR_ILLEGAL, "GIFTS-SWEEP-1",
			    "that road is finished and scored: the Road Sweeper scores an "
			    "unfinished one");
	return 0;
}

/* UN-15: as an unfinished road at the end, for its majority; all its
 * figures go home (an empty road scores nothing). */
static void
sweep_apply(struct game *g, int player, const struct action *a)
{
	(void)player;
	score_feature_now(g, seg_at(g, a, a->at_slot), "GIFTS-SWEEP-1");
}

/* Each unfinished road once, named at its root segment. */
static int
sweep_legal(const struct game *g, int player, struct action *out, int cap)
{
	int n = 0;

	(void)player;
	for (int seg = 0; seg < g->nplaced * TILE_SEG_MAX; seg++) {
		const struct feature *f = &g->feat[seg];
		if (seg % TILE_SEG_MAX >= game_type(g, g->placed[seg / TILE_SEG_MAX].type)->nsegs ||
		    f->parent != seg || f->kind != SEG_ROAD || f->open == 0)
			continue;
		if (n < cap)
			out[n] = open_at(g, GIFT_SWEEP, seg);
		n++;
	}
	return n;
}

/* ---- Cash Out: a follower of yours home, 2 a follower there (UN-16) ---- */

/* The player's gift meeple on segment instance seg, or -1. */
static int
meeple_on(const struct game *g, int player, int seg)
{
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && g->figure[i].seg == seg && gift_meeple(g, i))
			return i;
	return -1;
}

static int
cash_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	int seg = seg_at(g, a, a->at_slot);

	if (seg < 0)
		return no_tile(a, "GIFTS-CASH-1", err);
	if (meeple_on(g, player, seg) < 0)
		return rerr(err, RERR_ILLEGAL, "GIFTS-CASH-1",
			    "you have no follower there: Cash Out takes back one of your own "
			    "followers (not an abbot, UN-16), named where it stands");
	return 0;
}

static void
cash_apply(struct game *g, int player, const struct action *a)
{
	int16_t idx[FIGURES_MAX];
	int seg = seg_at(g, a, a->at_slot), i = meeple_on(g, player, seg);
	int n = figures_on(g, feature_find(g, seg), idx), meeples = 0;

	for (int k = 0; k < n; k++)
		meeples += figure_is(g, idx[k], FT_FOLLOWER);
	figure_remove(g, i, true);
	score_points(g, player, 2 * meeples, "GIFTS-CASH-1", false);
}

/* Each of the player's gift meeples on the board. */
static int
cash_legal(const struct game *g, int player, struct action *out, int cap)
{
	int n = 0;

	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && gift_meeple(g, i)) {
			if (n < cap)
				out[n] = open_at(g, GIFT_CASH, g->figure[i].seg);
			n++;
		}
	return n;
}

/* ---- Change Position: standing <-> lying on the same tile (UN-17) ---- */

static bool
lying(int kind)
{
	return kind == SEG_FIELD;
}

static bool
standing(int kind)
{
	return kind == SEG_ROAD || kind == SEG_CITY || kind == SEG_MONASTERY;
}

/* Whether the meeple on segment instance from may go to segment instance
 * to of the same tile: lying down or standing up, onto an unfinished
 * feature it may stand on; 0, or -1 with why. */
static int
move_ok(const struct game *g, int player, int from, int to, struct rules_error *err)
{
	int fk = kind_of(g, from), tk = kind_of(g, to);

	if (!(standing(fk) && lying(tk)) && !(lying(fk) && standing(tk)))
		return rerr(err, RERR_ILLEGAL, "GIFTS-MOVE-1",
			    "Change Position lays a standing follower down on a field of its tile, "
			    "or stands a farmer up on a road, city or monastery of it: not %s to %s",
			    seg_kind_name(fk), seg_kind_name(tk));
	if (game_feature_complete(g, feature_find(g, to)))
		return rerr(err, RERR_ILLEGAL, "GIFTS-MOVE-1",
			    "that %s is finished: a follower goes to an unfinished one",
			    seg_kind_name(tk));
	return figure_spot_check(g, player, FIG_FOLLOWER, LOC_SEGMENT, to, err);
}

static int
move_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	int from = seg_at(g, a, a->at_figure), to = seg_at(g, a, a->at_slot);

	if (from < 0 || to < 0)
		return no_tile(a, "GIFTS-MOVE-1", err);
	if (meeple_on(g, player, from) < 0)
		return rerr(err, RERR_ILLEGAL, "GIFTS-MOVE-1",
			    "you have no follower at the first place: Change Position moves one "
			    "of your own followers on its tile");
	return move_ok(g, player, from, to, err);
}

static void
move_apply(struct game *g, int player, const struct action *a)
{
	int from = seg_at(g, a, a->at_figure), to = seg_at(g, a, a->at_slot);

	figure_move(g, meeple_on(g, player, from), LOC_SEGMENT, to, NULL);
}

/* Each of the player's gift meeples, to each place of the other stance
 * on its tile (UN-17: any segment of the kind; no garden). */
static int
move_legal(const struct game *g, int player, struct action *out, int cap)
{
	int n = 0;

	for (int i = 0; i < g->nfigures; i++) {
		int from = g->figure[i].seg, p = from / TILE_SEG_MAX;
		const struct placed_tile *pt = &g->placed[p];
		struct place pl[TILE_SEG_MAX];
		int np, from_slot = -1;

		if (g->figure[i].owner != player || !gift_meeple(g, i))
			continue;
		np = tile_places(game_type(g, pt->type), pt->rot, pl);
		for (int k = 0; k < np; k++)
			if (seg_instance(p, pl[k].seg) == from)
				from_slot = pl[k].slot;
		for (int k = 0; k < np && from_slot >= 0; k++) {
			int to = seg_instance(p, pl[k].seg);
			if (to == from || move_ok(g, player, from, to, NULL) < 0)
				continue;
			if (n < cap) {
				out[n] = action_at(ACT_OPEN, pt->x, pt->y, (unsigned)from_slot,
						   pl[k].slot);
				out[n].rot = GIFT_MOVE;
			}
			n++;
		}
	}
	return n;
}

const struct gift_effect gift_effects[GIFT_KINDS] = {
	[GIFT_SYNOD] = {"GIFTS-SYNOD-1", synod_check, synod_apply, synod_legal},
	[GIFT_SWEEP] = {"GIFTS-SWEEP-1", sweep_check, sweep_apply, sweep_legal},
	[GIFT_MOVE] = {"GIFTS-MOVE-1", move_check, move_apply, move_legal},
	[GIFT_CASH] = {"GIFTS-CASH-1", cash_check, cash_apply, cash_legal},
	[GIFT_TAKE2] = {"GIFTS-TAKE2-1", gifts_take2_check, gifts_take2_apply, NULL},
};
