/* The turn as data (BASE-TURN-1): a stack of frames {step, owner,
 * argument}. An empty stack starts a turn: the plan (the base steps and
 * the modules' inserted ones) is pushed for the current player; any step,
 * action or hook may push more frames, owned by anyone, and they run
 * first. Decision steps wait for their owner's action; the rest run by
 * themselves. */
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "engine.h"

static void step_draw(struct game *g, const struct frame *f);
static void step_score(struct game *g, const struct frame *f);
static void step_end_turn(struct game *g, const struct frame *f);
static void step_end_game(struct game *g, const struct frame *f);
static int place_any_legal(const struct game *g, const struct frame *f, struct action *out,
			   int cap);
static int place_any_check(const struct game *g, const struct frame *f, const struct action *a,
			   struct rules_error *err);
static void place_any_apply(struct game *g, const struct frame *f, const struct action *a);

/* Indexed by enum step_id; the base decision steps' rules are called
 * directly by game_legal_actions, game_check and game_apply (the hot
 * path), but STEP_PLACE_ANY's through this table. */
const struct rules_step turn_base_steps[STEP_COUNT] = {
	[STEP_DRAW] = {.name = "draw", .run = step_draw},
	[STEP_PLACE_TILE] = {.name = "place-tile", .decision = "place-tile",
			     .what = "places a tile"},
	[STEP_PLACE_FIGURE] = {.name = "place-figure", .decision = "place-figure",
			       .what = "places a figure or passes"},
	[STEP_SCORE] = {.name = "score", .run = step_score},
	[STEP_END_TURN] = {.name = "end-turn", .run = step_end_turn},
	[STEP_END_GAME] = {.name = "end-game", .run = step_end_game},
	[STEP_PLACE_ANY] = {.name = "place-tile", .decision = "place-tile",
			    .what = "places a tile", .legal = place_any_legal,
			    .check = place_any_check, .apply = place_any_apply},
};

static void
game_end(struct game *g)
{
	score_final(g);
	FOR_HOOK(g, HOOK_FINAL, m)
		(*m)->final_scoring(g);
	g->over = true;
	g->drawn = -1;
	g->nframes = 0;
	event_add(g, &(struct game_event){.kind = EV_GAME_OVER, .player = -1, .tile = -1});
}

void
game_finish(struct game *g)
{
	if (!g->over)
		game_end(g);
}

/* No tile left to draw (BASE-END-1). Modules with an end_game hook may
 * push decisions to take before final scoring (the abbeys' last round,
 * UN-29): the end-game step goes under them and ends the game once they
 * are taken. Without (the base game), the game ends now. A draw in that
 * last round that finds no tile ends the game. */
static HOOKS_COLD void
tiles_out(struct game *g)
{
	if (g->nhook[HOOK_END_GAME] == 0 || g->ending) {
		game_end(g);
		return;
	}
	g->ending = true;
	g->drawn = -1;
	g->nframes = 0;
	turn_push(g, STEP_END_GAME, g->current, 0);
	FOR_HOOK(g, HOOK_END_GAME, m)
		(*m)->end_game(g);
}

static void
step_end_game(struct game *g, const struct frame *f)
{
	(void)f;
	game_end(g);
}

/* BASE-TILE-5: the drawn tile if it fits somewhere; else it is
 * discarded, false. */
static HOT_INLINE bool
take_drawn(struct game *g, int owner, int arg, int type)
{
	/* counted whole, not "any": a random player's choice needs the
	 * count, and nothing moves the frontier before it */
	int places = board_drawn_count(g, type);

	if (places > 0) {
		g->drawn = type;
		g->drawn_places = places;
		g->turn += arg == 0;
		return true;
	}
	event_add(g, &(struct game_event){.kind = EV_DISCARD,
					  .player = (int8_t)owner,
					  .turn = (int16_t)(g->turn + (arg == 0)),
					  .tile = (int16_t)type});
	return false;
}

/* The draw with modules' sources (their draw hooks, in module order: a
 * second pile, a player's supply), the bag when none gives a tile. */
static HOOKS_COLD void
draw_hooked(struct game *g, int owner, int arg)
{
	for (;;) {
		int type = hooks_draw(g, owner, arg);
		g->drawn_outside = type >= 0;
		if (type < 0) {
			if (g->bag_next >= g->bag_len)
				break;
			type = g->bag[g->bag_next++];
		}
		if (take_drawn(g, owner, arg, type))
			return;
	}
	g->drawn_outside = false;
	tiles_out(g);
}

/* BASE-TILE-1, BASE-TILE-5: draw; a tile that fits nowhere is discarded and
 * another drawn. An empty pile ends the game (BASE-END-1, UN-04); turn
 * then counts the turns played. A draw frame with argument DRAW_SECOND is
 * a second tile of the same turn (pushed by a module): the turn number
 * stays. */
static HOT_INLINE void
draw(struct game *g, int owner, int arg)
{
	g->last_placed = -1;
	if (g->nhook[HOOK_DRAW]) {
		draw_hooked(g, owner, arg);
		return;
	}
	while (g->bag_next < g->bag_len)
		if (take_drawn(g, owner, arg, g->bag[g->bag_next++]))
			return;
	tiles_out(g);
}

int
game_set_drawn_aside(struct game *g, int owner)
{
	if (g->drawn < 0 || g->drawn_outside || bag_set_drawn_aside(g) < 0)
		return -1;
	g->drawn = -1;
	draw(g, owner, DRAW_SECOND);
	return 0;
}

/* A blind round's draw (turn_add_round_why): the round_draw hooks may
 * push decisions before it, so it goes back under them. */
static HOOKS_COLD void
round_draw_ask(struct game *g, int owner)
{
	turn_push(g, STEP_DRAW, owner, DRAW_SECOND);
	FOR_HOOK(g, HOOK_ROUND_DRAW, m)
		(*m)->round_draw(g, owner);
}

static void
step_draw(struct game *g, const struct frame *f)
{
	if (f->arg == DRAW_ROUND_ASK && g->nhook[HOOK_ROUND_DRAW]) {
		round_draw_ask(g, f->owner);
		return;
	}
	draw(g, f->owner, f->arg);
}

static void
step_score(struct game *g, const struct frame *f)
{
	(void)f;
	score_completed(g, g->last_placed);
}

static void
step_end_turn(struct game *g, const struct frame *f)
{
	(void)f;
	if (++g->current == g->nplayers) /* no division: this runs every turn */
		g->current = 0;
}

int
turn_push(struct game *g, int step, int owner, int arg)
{
	if (g->nframes == FRAME_MAX || step < 0 || step >= g->nsteps || owner < 0 ||
	    owner >= g->nplayers)
		return -1;
	g->plain_turn = false; /* a push without modules: the general path from now on */
	g->frames[g->nframes++] =
		(struct frame){.step = (uint8_t)step, .owner = (int8_t)owner, .arg = (int16_t)arg};
	return 0;
}

/* The frame on top. */
static inline struct frame
top_frame(const struct game *g)
{
	return g->frames[g->nframes - 1];
}

/* An empty stack starts a turn: the plan for the current player, pushed
 * last step first (made once at creation, in g->plan_frames). */
static HOT_INLINE void
turn_begin(struct game *g)
{
	/* all of it, a fixed size: a few moves, no call */
	memcpy(g->frames, g->plan_frames[g->current], sizeof(g->plan_frames[0]));
	g->nframes = g->nplan;
	if (g->nhook[HOOK_TURN_START])
		hooks_turn_start(g);
}

/* Runs automatic steps until a decision is due or the game is over. The
 * frame is popped before its step runs, so that what the step pushes runs
 * next. */
static HOT_INLINE void
advance(struct game *g)
{
	while (!g->over) {
		struct frame f;
		const struct rules_step *s;
		if (g->nframes == 0)
			turn_begin(g);
		f = g->frames[g->nframes - 1];
		s = g->steps[f.step];
		if (s->decision)
			return;
		g->nframes--;
		s->run(g, &f);
	}
}

void
turn_advance(struct game *g)
{
	advance(g);
}

void
turn_first(struct game *g)
{
	for (int p = 0; p < g->nplayers; p++)
		for (int i = 0; i < g->nplan; i++)
			g->plan_frames[p][i] = (struct frame){
				.step = g->plan[g->nplan - 1 - i], .owner = (int8_t)p};
	g->nframes = 0;
	advance(g);
}

/* Base decisions keep their numbers; a module's are numbered by step. */
static int
decision_kind(int step)
{
	if (step < STEP_COUNT)
		return step == STEP_PLACE_TILE || step == STEP_PLACE_ANY ? DECISION_PLACE_TILE
									 : DECISION_PLACE_FIGURE;
	return DECISION_BASE_COUNT + step - STEP_COUNT;
}

void
game_decision(const struct game *g, struct decision *out)
{
	struct frame f;
	const struct rules_step *s;

	if (g->over) {
		*out = (struct decision){.kind = DECISION_GAME_OVER, .player = -1, .tile = -1,
					 .name = "game-over", .what = "the game is over"};
		return;
	}
	f = top_frame(g);
	s = g->steps[f.step];
	out->kind = decision_kind(f.step);
	out->player = f.owner;
	out->arg = f.arg;
	out->name = s->decision;
	out->what = s->what;
	out->tile = out->kind == DECISION_PLACE_TILE ? g->drawn
		    : g->last_placed >= 0 ? g->placed[g->last_placed].type
					  : -1;
}

const char *
decision_kind_name(int kind)
{
	static const char *const names[] = {"place-tile", "place-figure", "game-over"};

	return kind >= 0 && kind <= DECISION_GAME_OVER ? names[kind] : "?";
}

/* A tile_options hook may list a tile of its own in every place (4 per
 * empty cell), as the drawn tile's. */
int
game_legal_max(const struct game *g)
{
	return 4 * g->nfrontier * (1 + g->nhook[HOOK_TILE_OPTIONS]) + g->nftypes * TILE_SEG_MAX +
	       2 + g->legal_extra;
}

int
game_legal_cap(const struct game *g)
{
	return 4 * (2 * g->capacity + 4) * (1 + g->nhook[HOOK_TILE_OPTIONS]) +
	       g->nftypes * TILE_SEG_MAX + 2 + g->legal_extra;
}

int
game_legal_actions(const struct game *g, struct action *out, int cap)
{
	const struct frame *f;

	if (g->over)
		return 0;
	f = &g->frames[g->nframes - 1];
	if (f->step == STEP_PLACE_TILE)
		return board_place_options(g, g->drawn, out, cap);
	if (f->step == STEP_PLACE_FIGURE)
		return figure_options(g, f->owner, out, cap);
	return g->steps[f->step]->legal(g, f, out, cap);
}

int
game_legal_count(const struct game *g, struct action *buf, int cap)
{
	if (!g->over && g->frames[g->nframes - 1].step == STEP_PLACE_TILE)
		return g->drawn_places;
	return game_legal_actions(g, buf, cap);
}

struct action
game_legal_nth(const struct game *g, int k, const struct action *buf)
{
	if (g->frames[g->nframes - 1].step == STEP_PLACE_TILE)
		return board_drawn_nth(g, k);
	return buf[k];
}

/* A module action answering the base decision named step: its check;
 * an action of a module not in this game: refused as such; 1 for any
 * other action (the caller refuses it in its own words). */
static HOOKS_COLD int
module_answer_check(const struct game *g, int player, const struct action *a, const char *step,
		    struct rules_error *err)
{
	const struct rules_action *ma = module_action(g, a->kind);

	if (ma != NULL)
		return strcmp(ma->step, step) == 0 ? ma->check(g, player, a, err) : 1;
	ma = module_action_among(g->cat->modules, g->cat->nmodules, a->kind, NULL);
	if (ma != NULL)
		return rerr(err, RERR_ILLEGAL, "", "%s: this game is played without the %s rules",
			    ma->word, module_of_action(g, ma));
	return 1;
}

/* An action of a module's other decision, sent at a base decision: its
 * check says why it cannot be taken now (an abbey already placed, or
 * chosen only before the draw) and -1; 1 when it has nothing to say. */
static HOOKS_COLD int
module_action_refusal(const struct game *g, const struct action *a, struct rules_error *err)
{
	const struct rules_action *ma = module_action(g, a->kind);

	if (ma != NULL && ma->check != NULL &&
	    ma->check(g, g->frames[g->nframes - 1].owner, a, err) < 0)
		return -1;
	return 1;
}

/* Not a placement where the drawn tile is to be placed. */
static HOOKS_COLD int
not_a_placement(const struct game *g, const struct action *a, struct rules_error *err)
{
	if (module_action_refusal(g, a, err) < 0)
		return -1;
	return rerr(err, RERR_NOT_NOW, "BASE-TURN-1",
		    "first place the drawn tile (place X Y ROTATION)");
}

static HOT_INLINE int
place_check(const struct game *g, const struct action *a, struct rules_error *err)
{
	int cell;

	if (a->kind != ACT_PLACE_TILE)
		return not_a_placement(g, a, err);
	if (a->rot > 3)
		return rerr(err, RERR_PARSE, "BASE-MODEL-5", "rotation must be 0, 90, 180 or 270");
	cell = board_cell(g, a->x, a->y);
	if (cell >= 0 && g->cells[cell].frontier >= 0 && board_fits(g, g->drawn, cell, a->rot))
		return 0;
	return board_explain_misfit(g, g->drawn, a->x, a->y, a->rot, err);
}

/* A figure decision: the base figure actions, or a module's that answers
 * place-figure (the abbot's recall). */
static HOT_INLINE int
figure_step_check(const struct game *g, int player, const struct action *a,
		  struct rules_error *err)
{
	int r;

	if (a->kind == ACT_PASS) /* the usual answer: always allowed, no call */
		return 0;
	if (a->kind == ACT_PLACE_TILE)
		return rerr(err, RERR_NOT_NOW, "BASE-FOLLOW-1",
			    "the tile is placed; now a figure or pass");
	if (a->kind == ACT_FIGURE || a->kind == ACT_PASS)
		return figure_check(g, player, a, err);
	if ((r = module_answer_check(g, player, a, "place-figure", err)) != 1 ||
	    (r = module_action_refusal(g, a, err)) != 1)
		return r;
	return figure_check(g, player, a, err); /* refuses what it does not know */
}

static HOT_INLINE int
check_top(const struct game *g, const struct frame *f, const struct action *a,
	  struct rules_error *err)
{
	if (f->step == STEP_PLACE_TILE)
		return place_check(g, a, err);
	if (f->step == STEP_PLACE_FIGURE)
		return figure_step_check(g, f->owner, a, err);
	return g->steps[f->step]->check(g, f, a, err);
}

int
game_check(const struct game *g, const struct action *a, struct rules_error *err)
{
	if (g->over)
		return rerr(err, RERR_GAME_OVER, "BASE-END-1", "the game is over");
	return check_top(g, &g->frames[g->nframes - 1], a, err);
}

int
game_check_by(const struct game *g, int player, const struct action *a,
	      struct rules_error *err)
{
	struct frame f;

	if (g->over)
		return rerr(err, RERR_GAME_OVER, "BASE-END-1", "the game is over");
	f = top_frame(g);
	if (player != f.owner)
		return rerr(err, RERR_NOT_YOURS, "BASE-TURN-1",
			    "it is not your decision: player %d %s", f.owner + 1,
			    g->steps[f.step]->what);
	return check_top(g, &f, a, err);
}

static HOT_INLINE int
put_tile(struct game *g, int owner, int type, const struct action *a)
{
	int p = board_place(g, type, a->x, a->y, a->rot);

	if (p < 0)
		return -1;
	g->last_placed = p;
	g->placed[p].player = (int8_t)owner; /* board_place names the current player */
	g->drawn = -1;
	event_add(g, &(struct game_event){.kind = EV_PLACE_TILE,
					  .player = (int8_t)owner,
					  .x = a->x,
					  .y = a->y,
					  .turn = (int16_t)g->turn,
					  .tile = g->placed[p].type,
					  .rot = a->rot});
	if (g->nhook[HOOK_AFTER_PLACE])
		hooks_after_place(g, p);
	return 0;
}

static HOT_INLINE int
apply_place(struct game *g, const struct frame *f, const struct action *a)
{
	return put_tile(g, f->owner, g->drawn, a);
}

int
turn_place_tile(struct game *g, int owner, int type, const struct action *a)
{
	int cell = board_cell(g, a->x, a->y);

	if (type < 0 || type >= g->cat->ntypes || a->rot > 3 || cell < 0 ||
	    g->cells[cell].frontier < 0 || g->nplaced >= g->capacity)
		return -1;
	if (!(game_type(g, type)->flags & TILE_WALLS ? board_fits_walls(g, type, cell, a->rot)
						      : board_fits(g, type, cell, a->rot)))
		return -1;
	return put_tile(g, owner, type, a);
}

/* A module's action answering a base decision (frame f, popped): its
 * apply; an action that keeps its decision (a card played before the
 * tile) puts the frame back under what the action pushed, unless the
 * game ended or ran out of tiles meanwhile. */
static HOOKS_COLD void
apply_module_action(struct game *g, const struct frame *f, const struct action *a)
{
	const struct rules_action *ma = module_action(g, a->kind);
	int at = g->nframes;
	bool ending = g->ending;

	if (ma == NULL)
		return;
	ma->apply(g, f->owner, a);
	if (ma->keeps_decision && !g->over && g->ending == ending && g->nframes >= at &&
	    g->nframes < FRAME_MAX) {
		memmove(&g->frames[at + 1], &g->frames[at],
			sizeof(g->frames[0]) * (size_t)(g->nframes - at));
		g->frames[at] = *f;
		g->nframes++;
	}
}

static HOT_INLINE void
apply_figure_step(struct game *g, const struct frame *f, const struct action *a)
{
	if (a->kind == ACT_FIGURE)
		figure_place(g, f->owner, a);
	else if (a->kind != ACT_PASS)
		apply_module_action(g, f, a);
}

/* The place-tile decision in a game whose modules answer it too
 * (STEP_PLACE_ANY, so that the hot path's tests of STEP_PLACE_TILE cost
 * the base game nothing): the drawn tile's places and the modules'
 * answers (an abbey in place of the tile). */
static int
place_any_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	int n = board_place_options(g, g->drawn, out, cap);

	return hooks_tile_options(g, f->owner, out, n, cap);
}

static int
place_any_check(const struct game *g, const struct frame *f, const struct action *a,
		struct rules_error *err)
{
	int r;

	if (a->kind == ACT_PLACE_TILE)
		return place_check(g, a, err);
	r = module_answer_check(g, f->owner, a, "place-tile", err);
	return r != 1 ? r : place_check(g, a, err);
}

static void
place_any_apply(struct game *g, const struct frame *f, const struct action *a)
{
	if (a->kind != ACT_PLACE_TILE)
		apply_module_action(g, f, a);
	else if (apply_place(g, f, a) < 0)
		g->frames[g->nframes++] = *f; /* out of memory: the decision stays */
}

/* The rest of a turn in a game without modules (g->plain_turn), after the
 * figure decision: nothing can have pushed frames, so the stack holds the
 * plan's score and end-turn; they run directly, then the next player's
 * plan is pushed and its draw runs, as advance() would do step by step. */
static HOT_INLINE void
plain_turn_end(struct game *g)
{
	score_completed(g, g->last_placed);
	if (++g->current == g->nplayers)
		g->current = 0;
	memcpy(g->frames, g->plan_frames[g->current], sizeof(g->plan_frames[0]));
	g->nframes = g->nplan - 1; /* the draw, popped */
	draw(g, g->current, 0);
}

/* The top frame is popped before its action applies, so that frames the
 * action pushes run next (a refused placement puts it back). In a game
 * without modules the next frame is known (plain_turn_end). */
static HOT_INLINE int
apply_checked(struct game *g, const struct action *a, struct rules_error *err)
{
	struct frame f = g->frames[--g->nframes];

	if (f.step == STEP_PLACE_TILE) {
		if (apply_place(g, &f, a) < 0) {
			g->frames[g->nframes++] = f;
			return rerr(err, RERR_NOMEM, "", "out of memory");
		}
		if (g->plain_turn) /* the figure decision is on top */
			return 0;
	} else if (f.step == STEP_PLACE_FIGURE) {
		apply_figure_step(g, &f, a);
		if (g->plain_turn) {
			plain_turn_end(g);
			return 0;
		}
	} else
		g->steps[f.step]->apply(g, &f, a);
	advance(g);
	return 0;
}

int
game_apply_legal(struct game *g, const struct action *a)
{
	return apply_checked(g, a, NULL);
}

int
game_apply(struct game *g, const struct action *a, struct rules_error *err)
{
	if (game_check(g, a, err) < 0)
		return -1;
	return apply_checked(g, a, err);
}

int
game_apply_by(struct game *g, int player, const struct action *a, struct rules_error *err)
{
	if (game_check_by(g, player, a, err) < 0)
		return -1;
	return apply_checked(g, a, err);
}
