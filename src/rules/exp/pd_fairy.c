/* Princess & Dragon's fairy (RULES.md FAIRY-1..4, UN-33, XEXP-6, XEXP-8;
 * docs/rules-decisions.md): instead of a figure, its player puts the
 * neutral fairy beside one of his own followers ("fairy X Y PLACE"); it
 * keeps the dragon off its tile (pd_dragon.c), gives that follower's
 * owner 1 point at the start of his turn, and 3 when the follower's
 * feature scores, on top of the feature's points, majority or not, in
 * the game or at its end (UN-33). The fairy stays on its tile when the
 * follower leaves. */
#include <stdio.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

int
pd_fairy_follower(const struct game *g)
{
	const struct pd_state *s = pd_state(g);
	const struct figure *f = s->fairy_fig >= 0 ? &g->figure[s->fairy_fig] : NULL;

	return f && f->loc == LOC_SEGMENT && f->seg == s->fairy_seg ? s->fairy_fig : -1;
}

/* A follower to the fairy: any figure that occupies its feature (a
 * thief, knight, monk, farmer, big follower, abbot, mayor or wagon; not
 * a builder, pig or barn). */
static bool
fairy_follower(const struct game *g, int i)
{
	return g->figure[i].loc == LOC_SEGMENT && figure_is(g, i, FT_OCCUPIES);
}

/* Player's follower at segment instance seg, or -1. */
static int
follower_at(const struct game *g, int player, int seg)
{
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && g->figure[i].seg == seg &&
		    fairy_follower(g, i))
			return i;
	return -1;
}

/* Whether the fairy stands beside one of player's followers at seg: two
 * may stand on one monastery (Synod, GIFTS-SYNOD-1), and a place names
 * the segment, not the follower. */
static bool
fairy_beside(const struct game *g, int player, int seg)
{
	int by = pd_fairy_follower(g);

	return by >= 0 && g->figure[by].owner == player && g->figure[by].seg == seg;
}

/* FAIRY-1: beside each of player's followers on the board but where it
 * stands already, once a place. */
int
pd_fairy_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		int p = f->seg / TILE_SEG_MAX;
		if (f->owner != player || !fairy_follower(g, i) ||
		    follower_at(g, player, f->seg) != i || fairy_beside(g, player, f->seg))
			continue;
		if (n < cap)
			out[n] = action_at(ACT_FAIRY, g->placed[p].x, g->placed[p].y,
					   FIG_FOLLOWER, /* as parsed: the place says who */
					   (unsigned)game_segment_slot(g, f->seg));
		n++;
	}
	return n;
}

int
pd_fairy_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	if (n != 4)
		return rerr(err, RERR_PARSE, "FAIRY-1",
			    "write the fairy as: fairy X Y PLACE, beside your follower at that "
			    "place of the tile at X,Y (e.g. fairy 1 -2 N)");
	return action_parse_at(g, w, n, ACT_FAIRY, FIG_FOLLOWER, a, err);
}

int
pd_fairy_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	return action_format_at(g, a, "fairy", false, buf, n);
}

int
pd_fairy_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	int seg = pd_action_seg(g, a), i = seg < 0 ? -1 : follower_at(g, player, seg);

	if (i < 0)
		return rerr(err, RERR_ILLEGAL, "FAIRY-1",
			    "the fairy goes beside one of your own followers, and you have none "
			    "at %s of the tile at %d,%d",
			    slot_name(a->at_slot), a->x, a->y);
	if (fairy_beside(g, player, seg))
		return rerr(err, RERR_ILLEGAL, "FAIRY-1",
			    "the fairy already stands beside that follower: place a figure or "
			    "pass instead");
	return 0;
}

void
pd_fairy_apply(struct game *g, int player, const struct action *a)
{
	struct pd_state *s = pd_state(g);
	int seg = pd_action_seg(g, a);

	if (seg < 0)
		return;
	s->fairy = (int16_t)(seg / TILE_SEG_MAX);
	s->fairy_seg = (int16_t)seg;
	s->fairy_fig = (int16_t)follower_at(g, player, seg);
	event_add(g, &(struct game_event){.kind = EV_NOTE, .player = (int8_t)player, .tile = -1,
					  .x = a->x, .y = a->y, .what = 1,
					  .rule = "puts the fairy (FAIRY-1) beside their follower"});
}

/* FAIRY-3, XEXP-6, XEXP-18: once a turn (a builder's second round is no
 * new turn: turn_start runs once). */
void
pd_fairy_turn_start(struct game *g)
{
	int i = pd_fairy_follower(g);

	if (i >= 0 && g->figure[i].owner == g->current)
		score_points(g, g->current, 1, "FAIRY-3", false);
}

/* FAIRY-4, UN-33: 3 points to the owner of the follower beside the fairy
 * when its feature scores, whatever it won there. */
void
pd_fairy_scored(struct game *g, int root, const int16_t *figures, int n, bool final)
{
	const struct pd_state *s = pd_state(g);

	if (s->fairy_fig < 0 || feature_find(g, s->fairy_seg) != root)
		return;
	for (int i = 0; i < n; i++)
		if (figures[i] == s->fairy_fig) {
			score_points(g, g->figure[s->fairy_fig].owner, 3, "FAIRY-4", final);
			return;
		}
}
