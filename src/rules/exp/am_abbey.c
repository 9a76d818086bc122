/* Abbey & Mayor: the abbey (ABBEY-1..7, UN-29; docs/rules-decisions.md,
 * "Abbey & Mayor"). Each player holds one abbey tile (AM/A: walls all
 * round, a monastery) and may put it into a hole, an empty cell with a
 * tile on each side, in place of drawing. The choice comes before the
 * draw (ABBEY-1: the drawn tile would tell him what the rules keep from
 * him), and is asked only when it is one: while he holds the abbey and a
 * hole exists; else the turn is as without the module. When the pile is
 * empty each player who still could gets a last chance, in turn order. */
#include <stdio.h>

#include "../engine.h"
#include "am.h"
#include "exp.h"

enum { STEP_CHOICE, STEP_LAST_ROUND, STEP_LAST_CHOICE };

/* ABBEY-2: an empty cell whose four neighbours hold tiles. */
static bool
is_hole(const struct game *g, int cell)
{
	if (g->cells[cell].frontier < 0)
		return false;
	for (int side = 0; side < 4; side++)
		if (g->cells[cell_neighbour(g, cell, side)].placed < 0)
			return false;
	return true;
}

/* The holes as "abbey X Y" actions, up to cap; returns how many. */
static int
holes(const struct game *g, struct action *out, int cap)
{
	int n = 0;

	for (int pos = 0; pos < g->nfrontier; pos++)
		if (is_hole(g, g->front_cell[pos])) {
			if (n < cap)
				out[n] = (struct action){.kind = ACT_ABBEY,
							 .x = g->front_place[pos].x,
							 .y = g->front_place[pos].y};
			n++;
		}
	return n;
}

/* Whether player may put the abbey down now. */
static bool
may_place(const struct game *g, int player)
{
	const struct am_state *st = am_state(g);

	return st->abbey_type >= 0 && st->abbeys[player] > 0 && g->nplaced < g->capacity &&
	       holes(g, NULL, 0) > 0;
}

void
am_abbey_setup(struct game *g)
{
	struct am_state *st = am_state(g);

	st->abbey_type = -1;
	for (int t = 0; t < g->cat->ntypes && st->abbey_type < 0; t++)
		if (g->types[t].attrs & TA_BIT(TA_ABBEY))
			st->abbey_type = (int16_t)t;
	for (int p = 0; p < g->nplayers; p++)
		st->abbeys[p] = 1; /* AM-2 */
}

int
am_abbey_extra_tiles(const struct game *g)
{
	return g->nplayers;
}

/* ABBEY-1: before the draw, when the choice is one. An empty pile leaves
 * it to the last round (am_abbey_end_game), which asks everyone. */
void
am_abbey_turn_start(struct game *g)
{
	if (g->bag_next < g->bag_len && may_place(g, g->current)) {
		/* the turn starts here, as the draw would start it: its number
		 * (given back to the draw if he draws) and no tile yet */
		g->turn++;
		g->last_placed = -1;
		turn_push(g, module_step(g, &abbey_mayor_module, STEP_CHOICE), g->current, 0);
	}
}

/* UN-29, XEXP-19: the abbey may stand in for a second tile drawn blind
 * (the builder's): the choice before that draw too. The turn has its
 * number already (argument 1: the choice leaves it); the abbey is the
 * round's tile, so it cannot bring a third (game_turn_tiles). */
void
am_abbey_round_draw(struct game *g, int owner)
{
	if (g->bag_next < g->bag_len && may_place(g, owner)) {
		g->last_placed = -1; /* no tile in this round yet, as at the draw */
		turn_push(g, module_step(g, &abbey_mayor_module, STEP_CHOICE), owner, 1);
	}
}

/* UN-29: at the pile's end, each player from the one whose draw found
 * it empty on, in turn order; the holes are looked at when his turn in
 * this round comes (an abbey fills one). */
void
am_abbey_end_game(struct game *g)
{
	turn_push(g, module_step(g, &abbey_mayor_module, STEP_LAST_ROUND), g->current, 0);
}

static void
last_round_run(struct game *g, const struct frame *f)
{
	for (int k = f->arg; k < g->nplayers; k++) {
		int p = (f->owner + k) % g->nplayers;
		if (may_place(g, p)) {
			g->turn++; /* his turn, if he takes it (choice_apply) */
			turn_push(g, module_step(g, &abbey_mayor_module, STEP_LAST_ROUND), f->owner,
				  k + 1);
			turn_push(g, module_step(g, &abbey_mayor_module, STEP_LAST_CHOICE), p, 0);
			return;
		}
	}
}

/* The abbey into the hole at x,y for owner; its walls fit whatever they
 * face (turn_place_tile). */
static int
place_abbey(struct game *g, int owner, int x, int y)
{
	struct am_state *st = am_state(g);
	struct action a = {.kind = ACT_PLACE_TILE, .x = (int16_t)x, .y = (int16_t)y};

	if (turn_place_tile(g, owner, st->abbey_type, &a) < 0)
		return -1;
	st->abbeys[owner]--;
	return 0;
}

static int
choice_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	int n = holes(g, out, cap);

	if (n < cap)
		out[n] = (struct action){.kind = f->step == module_step(g, &abbey_mayor_module,
									STEP_CHOICE)
							 ? ACT_DRAW
							 : ACT_PASS};
	return n + 1;
}

/* Whether the decision due is one of the abbey's (its check is also
 * asked at other decisions, to say why an abbey cannot go down there). */
static bool
at_choice(const struct game *g)
{
	int step = g->nframes ? g->frames[g->nframes - 1].step : -1;

	return step == module_step(g, &abbey_mayor_module, STEP_CHOICE) ||
	       step == module_step(g, &abbey_mayor_module, STEP_LAST_CHOICE);
}

static int
abbey_check(const struct game *g, int player, const struct action *a,
	    struct rules_error *err)
{
	int cell = board_cell(g, a->x, a->y);

	if (am_state(g)->abbeys[player] == 0)
		return rerr(err, RERR_ILLEGAL, "ABBEY-1",
			    "you have placed your abbey already: each player has one for the "
			    "whole game");
	if (cell < 0 || g->cells[cell].placed >= 0)
		return rerr(err, RERR_ILLEGAL, "ABBEY-2",
			    "%d,%d is not empty: the abbey goes into a hole, an empty cell with "
			    "a tile on each of its four sides",
			    a->x, a->y);
	if (!is_hole(g, cell))
		return rerr(err, RERR_ILLEGAL, "ABBEY-2",
			    "%d,%d is not a hole: the abbey goes only into an empty cell with a "
			    "tile on each of its four sides",
			    a->x, a->y);
	if (!at_choice(g))
		return rerr(err, RERR_NOT_NOW, "ABBEY-1",
			    "not now: the abbey goes down in place of a draw, chosen at the "
			    "start of a turn, before the draw (see carcpbem legal)");
	return 0;
}

static int
choice_check(const struct game *g, const struct frame *f, const struct action *a,
	     struct rules_error *err)
{
	bool before_draw = f->step == module_step(g, &abbey_mayor_module, STEP_CHOICE);
	int other = before_draw ? ACT_DRAW : ACT_PASS;

	if (a->kind == other)
		return 0;
	if (a->kind != ACT_ABBEY)
		return rerr(err, RERR_NOT_NOW, "ABBEY-1",
			    before_draw ? "before you draw: place your abbey (abbey X Y) or draw"
					: "the tiles are out: place your abbey (abbey X Y) or pass");
	return abbey_check(g, f->owner, a, err);
}

/* The abbey takes the round's draw and tile placement; its figure
 * decision and scoring follow as a drawn tile's would. In the last
 * round there are none: they are pushed. */
static void
choice_apply(struct game *g, const struct frame *f, const struct action *a)
{
	bool before_draw = f->step == module_step(g, &abbey_mayor_module, STEP_CHOICE);

	if (a->kind != ACT_ABBEY) {
		/* the draw counts the turn it starts; a pass plays none; a
		 * round's draw starts none (argument 1) */
		g->turn -= f->arg == 0;
		return;
	}
	if (place_abbey(g, f->owner, a->x, a->y) < 0)
		return;
	if (before_draw) {
		turn_skip(g, STEP_DRAW);
		/* place-tile, whichever step runs it (not plan[1]: a module's
		 * step may follow the draw, Princess & Dragon's dragon tiles) */
		if (turn_skip(g, STEP_PLACE_ANY) < 0)
			turn_skip(g, STEP_PLACE_TILE);
		return;
	}
	turn_push(g, STEP_SCORE, f->owner, 0);
	turn_push(g, STEP_PLACE_FIGURE, f->owner, 0);
}

static int
abbey_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	(void)g;
	if (action_parse_xy(w, n, ACT_ABBEY, a) < 0)
		return rerr(err, RERR_PARSE, "ABBEY-1",
			    "write the abbey as: abbey X Y (the hole it goes into)");
	return 0;
}

static int
abbey_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	return snprintf(buf, n, "abbey %d %d", a->x, a->y);
}

static int
draw_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	(void)g;
	(void)w;
	if (n != 1)
		return rerr(err, RERR_PARSE, "ABBEY-1", "write just: draw");
	*a = (struct action){.kind = ACT_DRAW};
	return 0;
}

static int
draw_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	(void)a;
	return snprintf(buf, n, "draw");
}

/* Holes are at most one per tile on the board (each has four around it
 * and a tile borders four cells), and the choice adds one answer. */
static int
choice_most(const struct game *g)
{
	return g->bag_len + 1 + g->nplayers + 1;
}

const struct rules_step am_abbey_steps[AM_ABBEY_NSTEPS] = {
	[STEP_CHOICE] = {
		.name = "abbey", .decision = "abbey",
		.what = "places the abbey or draws a tile",
		.most_actions = choice_most,
		.explain = "Abbey (Abbey & Mayor): you still hold your abbey tile and the board "
			   "has a hole (an empty cell with a tile on each side). Before you draw "
			   "you may put the abbey into a hole instead: \"abbey X Y\"; its walls "
			   "close every road and city they meet, and you may put a monk on it. "
			   "\"draw\" keeps the abbey and draws a tile as usual.",
		.legal = choice_legal, .check = choice_check, .apply = choice_apply,
	},
	[STEP_LAST_ROUND] = {.name = "last-abbeys", .run = last_round_run},
	[STEP_LAST_CHOICE] = {
		.name = "last-abbey", .decision = "last-abbey",
		.what = "may place the abbey, or passes",
		.most_actions = choice_most,
		.explain = "Abbey (Abbey & Mayor): the tiles are out, and you still hold your "
			   "abbey with a hole on the board: a last chance (UN-29) to put it "
			   "there: \"abbey X Y\", then a monk if you like; \"pass\" keeps it.",
		.legal = choice_legal, .check = choice_check, .apply = choice_apply,
	},
};

const struct rules_action am_abbey_actions[AM_ABBEY_NACTIONS] = {
	{.kind = ACT_ABBEY, .word = "abbey", .step = "abbey", .parse = abbey_parse,
	 .format = abbey_format, .check = abbey_check},
	{.kind = ACT_DRAW, .word = "draw", .step = "abbey", .parse = draw_parse,
	 .format = draw_format},
};

/* AM-2: each seat's abbey, held until placed (shown with the player in
 * show, the mails and the maps' table). */
int
am_abbey_tokens(const struct game *g, struct rules_token *out, int cap)
{
	const struct am_state *st = am_state(g);

	for (int p = 0; p < g->nplayers && p < cap; p++)
		out[p] = (struct rules_token){
			.name = "abbey",
			.what = "an abbey tile to put into a hole in place of a draw",
			.holder = st->abbeys[p] > 0 ? p : -1,
			.from_supply = true,
		};
	return g->nplayers;
}

int
am_abbey_state_fields(const struct game *g, struct rules_field *out, int cap)
{
	const struct am_state *st = am_state(g);

	if (cap < 1)
		return 1;
	out[0] = (struct rules_field){.key = "abbeys", .values = st->abbeys,
				      .nvalues = g->nplayers};
	return 1;
}
