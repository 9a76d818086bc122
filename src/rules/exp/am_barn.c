/* Abbey & Mayor's barn (RULES.md BARN-1..6, UN-32; docs/rules-decisions.md,
 * "Abbey & Mayor"): not a follower, put instead of one on a corner where
 * four tiles meet showing only field ("barn NE"), one per field; farmers
 * never join its field; the farmers it meets score at once and go home
 * (3 a city when it is placed on them, 1 when a tile joins their field
 * to it); at the end each barn owner scores 4 a city of its field. The
 * rates go through the game's field_rate hooks (score_hook.h), so a pig
 * or a pigsty adds to them without this file knowing. */
#include <stdio.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "am.h"

/* BARN-1, BARN-2: one each, on corners only; the dragon, a tower and the
 * City leave it be (no trait), and it never goes home. */
const struct figure_type_def figure_type_barn = {
	.id = FIG_BARN,
	.name = "barn",
	.role = "barn",
	.letter = 'b',
	.drawing = DRAW_BARN,
	.locs = 1u << LOC_SUPPLY | 1u << LOC_CORNER,
	.supply = 1,
	.rule = "AM-2",
	.stand_rule = "BARN-1",
};

/* A corner's two half-sides (board slots), corners NE SE SW NW. */
static const uint8_t corner_slot[4][2] = {
	{SLOT_NR, SLOT_EL}, {SLOT_ER, SLOT_SL}, {SLOT_SR, SLOT_WL}, {SLOT_WR, SLOT_NL}};
/* Which way a corner lies from its tile's centre. */
static const int8_t corner_dx[4] = {1, 1, -1, -1}, corner_dy[4] = {-1, 1, 1, -1};

/* Whether the tile at x,y shows only field at corner c. */
static bool
field_corner(const struct game *g, int x, int y, int c)
{
	int p = game_placed_at(g, x, y);

	if (p < 0)
		return false;
	for (int i = 0; i < 2; i++) {
		int s = g->placed[p].slot_seg[corner_slot[c][i]];
		if (s == SEG_NONE || game_type(g, g->placed[p].type)->seg[s].kind != SEG_FIELD)
			return false;
	}
	return true;
}

/* BARN-1: the corner (placed index * 4 + corner) where four tiles meet,
 * each showing only field there. Across a side a corner mirrors: east
 * and west swap (3 - c), north and south swap (c ^ 1). */
static bool
corner_ok(const struct game *g, int at)
{
	const struct placed_tile *pt = &g->placed[at / 4];
	int c = at % 4, dx = corner_dx[c], dy = corner_dy[c];

	return field_corner(g, pt->x, pt->y, c) && field_corner(g, pt->x + dx, pt->y, 3 - c) &&
	       field_corner(g, pt->x, pt->y + dy, c ^ 1) &&
	       field_corner(g, pt->x + dx, pt->y + dy, (c + 2) % 4);
}

/* The field segment at a barn's corner. */
static int
corner_field(const struct game *g, int at)
{
	return seg_instance(at / 4, g->placed[at / 4].slot_seg[corner_slot[at % 4][0]]);
}

/* Whether any barn is on the board: in most of a game none is, and the
 * figure decision's veto asks on every field slot. */
static bool
any_barn_out(const struct game *g)
{
	bool out = false;

	for (int p = 0; p < g->nplayers; p++)
		out |= g->player[p].supply[FIG_BARN] == 0;
	return out;
}

/* The players with a barn on the field at root (a bit per seat). */
static unsigned
barn_owners(const struct game *g, int root)
{
	unsigned owners = 0;

	if (!any_barn_out(g))
		return 0;
	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		if (f->type == FIG_BARN && f->loc == LOC_CORNER &&
		    feature_find(g, corner_field(g, f->at)) == root)
			owners |= 1u << f->owner;
	}
	return owners;
}

/* Figures that stand on the field at root (farmers, pigs). */
static bool
has_figures(const struct game *g, int root)
{
	return g->feat[root].figures != 0;
}

int
am_barn_veto(const struct game *g, int player, int type, int loc, int where,
	     struct rules_error *err)
{
	(void)player;
	if (type == FIG_BARN && loc == LOC_CORNER) {
		if (!corner_ok(g, where))
			return rerr(err, RERR_ILLEGAL, "BARN-1",
				    "a barn goes only on a corner where four tiles meet, each "
				    "showing only field there");
		if (barn_owners(g, feature_find(g, corner_field(g, where))))
			return rerr(err, RERR_ILLEGAL, "BARN-1",
				    "that field already has a barn");
		return 0;
	}
	/* BARN-3: no farmer (nor any figure) onto a field with a barn */
	if (loc == LOC_SEGMENT && any_barn_out(g) &&
	    g->feat[feature_find(g, where)].kind == SEG_FIELD &&
	    barn_owners(g, feature_find(g, where)))
		return rerr(err, RERR_ILLEGAL, "BARN-3", "that field has a barn: no farmer may go there");
	return 0;
}

/* The corners of the tile just placed where player may put the barn,
 * after n options, as the abbot's recall (module.h: figure_options). */
int
am_barn_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];

	if (g->player[player].supply[FIG_BARN] == 0 || !g->opt.farmers)
		return n;
	for (int c = 0; c < 4; c++) {
		if (figure_spot_check(g, player, FIG_BARN, LOC_CORNER, g->last_placed * 4 + c, NULL))
			continue;
		if (n < cap)
			out[n] = action_at(ACT_BARN, pt->x, pt->y, FIG_BARN, (unsigned)c);
		n++;
	}
	return n;
}

int
am_barn_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	int c = n == 2 ? figure_corner_parse(w[1]) : -1;
	const struct placed_tile *pt =
		g && g->last_placed >= 0 ? &g->placed[g->last_placed] : NULL;

	if (c < 0)
		return rerr(err, RERR_PARSE, "BARN-1",
			    "write a barn as: barn NE (or SE, SW, NW: a corner of the tile just "
			    "placed)");
	*a = action_at(ACT_BARN, pt ? pt->x : 0, pt ? pt->y : 0, FIG_BARN, (unsigned)c);
	return 0;
}

int
am_barn_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	return snprintf(buf, n, "barn %s", figure_corner_name(a->at_slot));
}

int
am_barn_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];

	if (a->x != pt->x || a->y != pt->y || a->at_slot > 3)
		return rerr(err, RERR_ILLEGAL, "BARN-1",
			    "a barn goes on a corner of the tile just placed");
	if (!g->opt.farmers) /* fields score nothing: a barn would do nothing */
		return rerr(err, RERR_ILLEGAL, "BASE-SETUP-5",
			    "this game is played without farmers: no barn on its fields");
	if (g->player[player].supply[FIG_BARN] == 0)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-4", "you have no barn in your supply");
	return figure_spot_check(g, player, FIG_BARN, LOC_CORNER, g->last_placed * 4 + a->at_slot,
				 err);
}

/* BARN-4: the farmers of the field score 3 a city at once and go home. */
void
am_barn_apply(struct game *g, int player, const struct action *a)
{
	int at = g->last_placed * 4 + a->at_slot, field = corner_field(g, at);

	if (figure_put_at(g, player, FIG_BARN, LOC_CORNER, at, NULL) < 0)
		return;
	if (has_figures(g, feature_find(g, field)))
		score_field_now(g, field, 3, "BARN-4");
}


/* BARN-5: a tile that joins a barn's field to farmers: they score 1 a
 * city and go home. */
void
am_barn_after_place(struct game *g, int placed)
{
	const struct tile_type *t = game_type(g, g->placed[placed].type);

	for (int s = 0; s < t->nsegs; s++) {
		int seg = seg_instance(placed, s), root = feature_find(g, seg);
		if (t->seg[s].kind == SEG_FIELD && has_figures(g, root) && barn_owners(g, root))
			score_field_now(g, seg, 1, "BARN-5");
	}
}

/* BARN-6, UN-32: each player with a barn on a field scores 4 a completed
 * city of it, once, whatever the other barns there. */
void
am_barn_final(struct game *g)
{
	int done[MAX_PLAYERS], ndone = 0;

	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		int root, k;
		if (f->type != FIG_BARN || f->loc != LOC_CORNER)
			continue;
		root = feature_find(g, corner_field(g, f->at));
		for (k = 0; k < ndone && done[k] != root; k++)
			;
		if (k < ndone)
			continue;
		done[ndone++] = root;
		score_field_for(g, root, 4, barn_owners(g, root), true, "BARN-6");
	}
}
