/* The turn as data: a plan of steps, some of them decisions a player owns,
 * the rest run by the engine (BASE-TURN-1). Expansions add steps to the
 * plan; nothing here knows which ones. */
#include <stdlib.h>

#include "engine.h"

static void step_draw(struct game *g);
static void step_score(struct game *g);
static void step_end_turn(struct game *g);

struct step_def {
	const char *name;
	int decision; /* enum decision_kind, or -1 for an automatic step */
	void (*run)(struct game *g);
};

static const struct step_def step_table[STEP_COUNT] = {
	[STEP_DRAW] = {"draw", -1, step_draw},
	[STEP_PLACE_TILE] = {"place-tile", DECISION_PLACE_TILE, NULL},
	[STEP_PLACE_FIGURE] = {"place-figure", DECISION_PLACE_FIGURE, NULL},
	[STEP_SCORE] = {"score", -1, step_score},
	[STEP_END_TURN] = {"end-turn", -1, step_end_turn},
};

void
turn_setup_plan(struct game *g)
{
	static const uint8_t base_plan[] = {STEP_DRAW, STEP_PLACE_TILE, STEP_PLACE_FIGURE,
					    STEP_SCORE, STEP_END_TURN};

	g->nplan = 0;
	for (size_t i = 0; i < sizeof(base_plan); i++)
		g->plan[g->nplan++] = base_plan[i];
	g->step = 0;
}

static void
game_end(struct game *g)
{
	score_final(g);
	g->over = true;
	g->drawn = -1;
	event_add(g, &(struct game_event){.kind = EV_GAME_OVER, .player = -1, .tile = -1});
}

/* BASE-TILE-1, BASE-TILE-5: draw; a tile that fits nowhere is discarded and
 * another drawn. An empty pile ends the game (BASE-END-1, UN-04). */
static void
step_draw(struct game *g)
{
	g->turn++;
	g->last_placed = -1;
	while (g->bag_next < g->bag_len) {
		int type = g->bag[g->bag_next++];
		if (board_has_place(g, type)) {
			g->drawn = type;
			return;
		}
		event_add(g, &(struct game_event){.kind = EV_DISCARD,
						  .player = (int8_t)g->current,
						  .turn = (int16_t)g->turn,
						  .tile = (int16_t)type});
	}
	game_end(g);
}

static void
step_score(struct game *g)
{
	score_completed(g, g->last_placed);
}

static void
step_end_turn(struct game *g)
{
	if (++g->current == g->nplayers) /* no division: this runs every turn */
		g->current = 0;
}

static void
step_next(struct game *g)
{
	if (++g->step == g->nplan) /* no division: this runs every step */
		g->step = 0;
}

/* Runs automatic steps until a decision is due or the game is over. */
void
turn_advance(struct game *g)
{
	while (!g->over) {
		const struct step_def *s = &step_table[g->plan[g->step]];
		if (s->decision >= 0)
			return;
		s->run(g);
		if (!g->over)
			step_next(g);
	}
}

void
game_decision(const struct game *g, struct decision *out)
{
	if (g->over) {
		*out = (struct decision){.kind = DECISION_GAME_OVER, .player = -1, .tile = -1};
		return;
	}
	out->kind = step_table[g->plan[g->step]].decision;
	out->player = g->current;
	out->tile = out->kind == DECISION_PLACE_TILE ? g->drawn
						      : g->placed[g->last_placed].type;
}

const char *
decision_kind_name(int kind)
{
	static const char *const names[] = {"place-tile", "place-figure", "game-over"};

	return kind >= 0 && kind <= DECISION_GAME_OVER ? names[kind] : "?";
}

int
game_legal_max(const struct game *g)
{
	return 4 * g->nfrontier + g->nftypes * TILE_SEG_MAX + 2;
}

int
game_legal_cap(const struct game *g)
{
	return 4 * (2 * g->capacity + 4) + g->nftypes * TILE_SEG_MAX + 2;
}

int
game_legal_actions(const struct game *g, struct action *out, int cap)
{
	struct decision d;

	game_decision(g, &d);
	if (d.kind == DECISION_PLACE_TILE)
		return board_place_options(g, g->drawn, out, cap);
	if (d.kind == DECISION_PLACE_FIGURE)
		return figure_options(g, out, cap);
	return 0;
}

static int
place_check(const struct game *g, const struct action *a, struct rules_error *err)
{
	int cell;

	if (a->rot > 3)
		return rerr(err, RERR_PARSE, "BASE-MODEL-5", "rotation must be 0, 90, 180 or 270");
	cell = board_cell(g, a->x, a->y);
	if (cell >= 0 && g->cells[cell].frontier >= 0 && board_fits(g, g->drawn, cell, a->rot))
		return 0;
	return board_explain_misfit(g, g->drawn, a->x, a->y, a->rot, err);
}

int
game_check(const struct game *g, const struct action *a, struct rules_error *err)
{
	struct decision d;

	game_decision(g, &d);
	if (d.kind == DECISION_GAME_OVER)
		return rerr(err, RERR_GAME_OVER, "BASE-END-1", "the game is over");
	if (d.kind == DECISION_PLACE_TILE) {
		if (a->kind != ACT_PLACE_TILE)
			return rerr(err, RERR_NOT_NOW, "BASE-TURN-1",
				    "first place the drawn tile (place X Y ROTATION)");
		return place_check(g, a, err);
	}
	if (a->kind == ACT_PLACE_TILE)
		return rerr(err, RERR_NOT_NOW, "BASE-FOLLOW-1",
			    "the tile is placed; now a figure, recall or pass");
	return figure_check(g, a, err);
}

static int
apply_place(struct game *g, const struct action *a)
{
	int p = board_place(g, g->drawn, a->x, a->y, a->rot);

	if (p < 0)
		return -1;
	if (g->nriver)
		river_after_place(g, p);
	g->last_placed = p;
	g->drawn = -1;
	event_add(g, &(struct game_event){.kind = EV_PLACE_TILE,
					  .player = (int8_t)g->current,
					  .x = a->x,
					  .y = a->y,
					  .turn = (int16_t)g->turn,
					  .tile = g->placed[p].type,
					  .rot = a->rot});
	return 0;
}

int
game_apply(struct game *g, const struct action *a, struct rules_error *err)
{
	if (game_check(g, a, err) < 0)
		return -1;
	if (a->kind == ACT_PLACE_TILE) {
		if (apply_place(g, a) < 0)
			return rerr(err, RERR_NOMEM, "", "out of memory");
	} else if (a->kind == ACT_FIGURE)
		figure_place(g, a);
	else if (a->kind == ACT_RECALL)
		score_recall_abbot(g, g->current);
	step_next(g);
	turn_advance(g);
	return 0;
}
