/* Princess & Dragon's volcano and dragon (RULES.md VOLCANO-1/2, DRAGON-2..6,
 * CF-07, UN-34, UN-36; docs/rules-decisions.md, "Princess & Dragon"). A
 * placed volcano takes the dragon at once; no figure that occupies a
 * feature may stand on the dragon's tile, by any path (every path asks
 * figure_veto). After the figure decision of a dragon tile, before its
 * scoring, the dragon makes up to 6 moves of one tile, each its own
 * decision ("dragon X Y" or "dragon N"), owned by the players in turn
 * from the placer (or by the placer alone: the dragon-moves house rule),
 * never onto a tile it visited in this movement, the fairy's, or off the
 * board; a dead end stops it. Each tile it enters sends home the figures
 * there that the dragon eats (FT_EATEN), with what depended on them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

void
pd_dragon_setup(struct game *g)
{
	struct pd_state *s = pd_state(g);

	s->dragon = s->fairy = s->fairy_seg = s->fairy_fig = -1;
}

/* VOLCANO-1: the dragon comes to a volcano at once (no movement phase);
 * DRAGON-1: once in play, the dragon tiles set aside come back. */
void
pd_dragon_after_place(struct game *g, int placed)
{
	struct pd_state *s = pd_state(g);

	if (!pd_tile_has(g, placed, TA_VOLCANO))
		return;
	s->dragon = (int16_t)placed;
	pd_aside_back(g);
}

/* VOLCANO-2, UN-34: nothing that occupies a feature (a follower, a
 * mayor, a wagon) on the dragon's tile, however it would come there;
 * a builder, a pig or a barn may. */
int
pd_dragon_veto(const struct game *g, int player, int type, int loc, int where,
	       struct rules_error *err)
{
	const struct pd_state *s = pd_state(g);
	int p = loc == LOC_SEGMENT ? where / TILE_SEG_MAX : figure_loc_placed(loc, where);

	(void)player;
	if (s->dragon < 0 || p != s->dragon || !(g->traits[type] & FT_OCCUPIES))
		return 0;
	return rerr(err, RERR_ILLEGAL, "VOLCANO-2",
		    "the dragon is on the tile at %d,%d: no follower may stand on its tile",
		    g->placed[p].x, g->placed[p].y);
}

static bool
visited(const struct pd_state *s, int placed)
{
	for (int i = 0; i <= s->moves; i++)
		if (s->visited[i] == placed)
			return true;
	return false;
}

/* The side's neighbour of the dragon's tile (N E S W), or -1. */
static int
neighbour(const struct game *g, int placed, int side)
{
	return g->cells[cell_neighbour(g, g->placed[placed].cell, side)].placed;
}

int
pd_dragon_steps(const struct game *g, struct action *out, int cap)
{
	const struct pd_state *s = pd_state(g);
	int n = 0;

	if (s->dragon < 0)
		return 0;
	for (int side = 0; side < 4; side++) {
		int q = neighbour(g, s->dragon, side);
		if (q < 0 || q == s->fairy || visited(s, q))
			continue;
		if (n < cap)
			out[n] = (struct action){.kind = ACT_DRAGON, .x = g->placed[q].x,
						 .y = g->placed[q].y};
		n++;
	}
	return n;
}

/* DRAGON-5, UN-36: the figures on the tile it enters that it eats go
 * home, and those that needed them (a builder, a pig: figure_remove).
 * Only figures on the tile's features: a tower's are out of reach. */
static void
eat(struct game *g, int placed)
{
	for (int i = 0; i < g->nfigures; i++) {
		const struct figure *f = &g->figure[i];
		if (f->loc == LOC_SEGMENT && f->seg / TILE_SEG_MAX == placed &&
		    figure_is(g, i, FT_EATEN))
			figure_remove(g, i, true);
	}
}

static int
step_of(const struct game *g, const char *name)
{
	for (int i = 0; i < PD_NSTEPS; i++)
		if (strcmp(pd_steps[i].name, name) == 0)
			return module_step(g, pd_module(g), i);
	return -1;
}

/* The seat that makes move k (from 0): each player in turn from the
 * placer (DRAGON-3), or the placer alone (dragon-moves current). */
static int
mover(const struct game *g, int k)
{
	int placer = pd_state(g)->placer;

	return g->opt.dragon_moves == DRAGON_MOVES_CURRENT ? placer
							 : (placer + k) % g->nplayers;
}

/* The next move's decision, if the dragon has moves left and a tile to
 * go to (DRAGON-3, DRAGON-4: a dead end ends the movement). */
static void
next_move(struct game *g)
{
	struct pd_state *s = pd_state(g);

	if (s->moves < PD_DRAGON_MOVES && pd_dragon_steps(g, NULL, 0) > 0)
		turn_push(g, step_of(g, "move-dragon"), mover(g, s->moves), s->moves);
}

/* After the figure decision of a dragon tile (DRAGON-2): the movement,
 * from the dragon's tile, if the dragon is in play. */
static void
dragon_run(struct game *g, const struct frame *f)
{
	struct pd_state *s = pd_state(g);

	(void)f;
	if (s->dragon < 0 || !pd_tile_has(g, g->last_placed, TA_DRAGON))
		return;
	s->placer = (int8_t)g->placed[g->last_placed].player;
	s->moves = 0;
	s->visited[0] = s->dragon;
	next_move(g);
}

static int
move_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	(void)f;
	return pd_dragon_steps(g, out, cap);
}

static int
move_check(const struct game *g, const struct frame *f, const struct action *a,
	   struct rules_error *err)
{
	const struct pd_state *s = pd_state(g);
	const struct placed_tile *d = &g->placed[s->dragon];
	int q;

	(void)f;
	if (a->kind != ACT_DRAGON)
		return rerr(err, RERR_NOT_NOW, "DRAGON-3",
			    "the dragon moves: move it one tile (dragon N, E, S or W, or "
			    "dragon X Y)");
	if (abs(a->x - d->x) + abs(a->y - d->y) != 1)
		return rerr(err, RERR_ILLEGAL, "DRAGON-3",
			    "the dragon moves one tile up, down, left or right from %d,%d, "
			    "not to %d,%d",
			    d->x, d->y, a->x, a->y);
	if ((q = game_placed_at(g, a->x, a->y)) < 0)
		return rerr(err, RERR_ILLEGAL, "DRAGON-3",
			    "there is no tile at %d,%d: the dragon moves only onto tiles", a->x,
			    a->y);
	if (q == s->fairy)
		return rerr(err, RERR_ILLEGAL, "FAIRY-2",
			    "the fairy is on the tile at %d,%d: the dragon may not enter it",
			    a->x, a->y);
	if (visited(s, q))
		return rerr(err, RERR_ILLEGAL, "DRAGON-3",
			    "the dragon has already been on the tile at %d,%d in this "
			    "movement: it may not go back there",
			    a->x, a->y);
	return 0;
}

static void
move_apply(struct game *g, const struct frame *f, const struct action *a)
{
	struct pd_state *s = pd_state(g);
	int q = game_placed_at(g, a->x, a->y);

	(void)f;
	s->dragon = (int16_t)q;
	s->visited[++s->moves] = (int16_t)q;
	eat(g, q);
	next_move(g);
}

/* The notice's reason: whose move of how many, the tiles the dragon has
 * been on in this movement (it may not go back) and those it may enter:
 * what a map would mark. */
static int
move_why(const struct game *g, const struct frame *f, const char *const *names, char *buf,
	 size_t n)
{
	const struct pd_state *s = pd_state(g);
	struct action step[4];
	int k = pd_dragon_steps(g, step, 4);
	size_t len = (size_t)snprintf(buf, n,
				      "the dragon moves: step %d of %d, yours (%s placed the "
				      "dragon tile); it has been on",
				      f->arg + 1, PD_DRAGON_MOVES, names[s->placer]);

	for (int i = 0; i <= s->moves && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s %d,%d",
					i == 0 ? "" : i == s->moves ? " and" : ",",
					g->placed[s->visited[i]].x, g->placed[s->visited[i]].y);
	for (int i = 0; i < k && i < 4 && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s %d,%d",
					i == 0 ? " and may go to" : i == k - 1 ? " or" : ",",
					step[i].x, step[i].y);
	return (int)len;
}

/* What the notice's reason names, for the maps: the tiles the dragon
 * has been on in this movement and those it may enter. */
static int
move_marks(const struct game *g, const struct frame *f, struct rules_mark *out, int cap)
{
	const struct pd_state *s = pd_state(g);
	struct action step[4];
	int k = pd_dragon_steps(g, step, 4), n = 0;

	(void)f;
	for (int i = 0; i <= s->moves; i++, n++)
		if (n < cap)
			out[n] = (struct rules_mark){g->placed[s->visited[i]].x,
						     g->placed[s->visited[i]].y, MARK_VISITED};
	for (int i = 0; i < k && i < 4; i++, n++)
		if (n < cap)
			out[n] = (struct rules_mark){step[i].x, step[i].y, MARK_MAY_GO};
	return n;
}

/* DRAGON-3: the four sides at most. */
const struct rules_step pd_steps[PD_NSTEPS] = {
	{.name = "dragon-aside", .after = "draw", .run = pd_aside_run},
	{.name = "dragon", .after = "place-figure", .run = dragon_run},
	{.name = "move-dragon", .decision = "move-dragon", .what = "moves the dragon",
	 .max_actions = 4,
	 .explain = "A dragon tile was placed: the dragon moves 6 tiles, one by one, each "
		    "player in turn moving it one tile up, down, left or right (write dragon "
		    "N, E, S or W, or dragon X Y). It never goes back to a tile it has been on "
		    "in this movement, nor onto the fairy's tile, and stops at a dead end. It "
		    "sends home the followers, builders and pigs on each tile it enters.",
	 .why = move_why, .marks = move_marks, .legal = move_legal, .check = move_check,
	 .apply = move_apply},
};

/* Sides as the dragon's moves name them: north is y - 1 (board.c's). */
static const struct {
	const char *word;
	int dx, dy;
} dirs[] = {{"N", 0, -1}, {"E", 1, 0}, {"S", 0, 1}, {"W", -1, 0}};

int
pd_dragon_parse(const struct game *g, char **w, int n, struct action *a,
		struct rules_error *err)
{
	const struct pd_state *s = g ? pd_state(g) : NULL;

	if (action_parse_xy(w, n, ACT_DRAGON, a) == 0)
		return 0;
	for (size_t i = 0; n == 2 && i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (strcasecmp(w[1], dirs[i].word) == 0) {
			if (s == NULL || s->dragon < 0)
				return rerr(err, RERR_ILLEGAL, "DRAGON-1",
					    "the dragon is not on the board yet");
			*a = (struct action){.kind = ACT_DRAGON,
					     .x = (int16_t)(g->placed[s->dragon].x + dirs[i].dx),
					     .y = (int16_t)(g->placed[s->dragon].y + dirs[i].dy)};
			return 0;
		}
	return rerr(err, RERR_PARSE, "DRAGON-3",
		    "write a dragon move as: dragon N (or E, S, W), or dragon X Y");
}

int
pd_dragon_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	return snprintf(buf, n, "dragon %d %d", a->x, a->y);
}
