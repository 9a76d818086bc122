/* Abbey & Mayor's wagon (RULES.md WAGON-1..5, UN-31; docs/rules-decisions.md,
 * "Abbey & Mayor"): a figure for roads, cities and monasteries that, once
 * its feature scored in the game, its owner may move on to an adjacent
 * feature that is neither completed nor occupied ("wagon X Y PLACE"), or
 * take home ("pass"). The decision is the wagon's owner's, whoever's turn
 * it is; several wagons of one scoring move in turn order from the player
 * who completed it (WAGON-5). */
#include <stdio.h>
#include <string.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "am.h"

#define KIND(k) (1u << (k))

/* WAGON-1, WAGON-2: one each, strength 1, occupies, home when scored;
 * not a follower (CATHARS-6: it does not escape), but the dragon,
 * princess, tower and portal take it (WAGON-4, MAYOR-4's list). */
const struct figure_type_def figure_type_wagon = {
	.id = FIG_WAGON,
	.name = "wagon",
	.role = "wagon",
	.letter = 'w',
	.drawing = DRAW_WAGON,
	.stand = KIND(SEG_ROAD) | KIND(SEG_CITY) | KIND(SEG_MONASTERY),
	.locs = 1u << LOC_SUPPLY | 1u << LOC_SEGMENT,
	.occupies = true,
	.returns = true,
	.traits = FT_EATEN | FT_CAPTURED | FT_REMOVED | FT_PORTAL,
	.strength = 1,
	.supply = 1,
	.rule = "AM-2",
	.stand_rule = "WAGON-1",
};

/* The wagons a scoring sent home this turn, in scoring order (UN-06),
 * until the step after the score asks their owners. */
struct wagon_state {
	int n;
	struct {
		int16_t seg; /* a segment of the feature it scored on */
		int8_t owner;
	} q[MAX_PLAYERS];
};

static struct wagon_state *
wstate(const struct game *g)
{
	return module_state(g, &abbey_mayor_wagon_module);
}

size_t
am_wagon_state_size(const struct game *g)
{
	(void)g;
	return sizeof(struct wagon_state);
}

/* Seats after the completer, clockwise: the completer is 0 (WAGON-5). */
static int
seat_rank(const struct game *g, int owner)
{
	int first = g->last_placed >= 0 ? g->placed[g->last_placed].player : g->current;

	return (owner - (first < 0 ? 0 : first) + g->nplayers) % g->nplayers;
}

void
am_wagon_scored(struct game *g, int root, const int16_t *figures, int n, bool final)
{
	struct wagon_state *w = wstate(g);

	if (final)
		return; /* WAGON-3 is for scorings in the game */
	for (int i = 0; i < n; i++) {
		int owner = g->figure[figures[i]].owner, k;
		if (g->figure[figures[i]].type != FIG_WAGON || w->n == MAX_PLAYERS)
			continue;
		/* WAGON-5: in turn order from the completer, within this feature */
		for (k = w->n; k > 0 && w->q[k - 1].seg == root &&
			       seat_rank(g, w->q[k - 1].owner) > seat_rank(g, owner);
		     k--)
			w->q[k] = w->q[k - 1];
		w->q[k].seg = (int16_t)root;
		w->q[k].owner = (int8_t)owner;
		w->n++;
	}
}

/* Whether the feature at root may take a wagon now (WAGON-3): a road,
 * city or monastery not completed and with no figure that occupies it
 * (a fairy or dragon does not, XEXP-5). */
static bool
free_target(const struct game *g, int player, int seg)
{
	int16_t idx[FIGURES_MAX];
	int root = feature_find(g, seg), kind = g->feat[root].kind;
	int n = g->feat[root].figures ? figures_on(g, root, idx) : 0;

	if (!(g->allowed[FIG_WAGON] >> kind & 1) || game_feature_complete(g, root))
		return false;
	for (int i = 0; i < n; i++)
		if (g->traits[g->figure[idx[i]].type] & FT_OCCUPIES)
			return false;
	return !figure_vetoed(g, player, FIG_WAGON, LOC_SEGMENT, seg, NULL);
}

struct targets {
	int from; /* the scored feature's root */
	int player;
	struct action *out;
	int n, cap;
	int16_t roots[64]; /* features listed, each once */
	int nroots;
};

static void
consider(const struct game *g, struct targets *t, int seg)
{
	int root = feature_find(g, seg), p = seg / TILE_SEG_MAX;

	if (root == t->from || !free_target(g, t->player, seg))
		return;
	for (int i = 0; i < t->nroots; i++)
		if (t->roots[i] == root)
			return;
	if (t->nroots < 64)
		t->roots[t->nroots++] = (int16_t)root;
	if (t->n < t->cap)
		t->out[t->n] = action_at(ACT_WAGON, g->placed[p].x, g->placed[p].y, FIG_WAGON,
					 (unsigned)game_segment_slot(g, seg));
	t->n++;
}

/* UN-31: what touches segment s of placed tile p, on its tile (the
 * tile's touch{} links) and across its edges (the piece that meets it
 * on the neighbour). */
static void
touching(const struct game *g, struct targets *t, int p, int s)
{
	const struct placed_tile *pt = &g->placed[p];
	const struct tile_type *type = game_type(g, pt->type);

	for (unsigned links = type->touching[s]; links; links &= links - 1)
		consider(g, t, seg_instance(p, __builtin_ctz(links)));
	for (int slot = 0; slot < SLOT_COUNT; slot++) {
		int cell = cell_neighbour(g, pt->cell, slot_side(slot)), q, other;
		if (pt->slot_seg[slot] != s || (q = g->cells[cell].placed) < 0)
			continue;
		other = g->placed[q].slot_seg[slot_opposite(slot)];
		if (other != SEG_NONE)
			consider(g, t, seg_instance(q, other));
	}
}

/* The places the wagon of player that scored on the feature of seg may
 * go now (WAGON-3, UN-31), written up to cap; how many. */
static int
wagon_targets(const struct game *g, int player, int seg, struct action *out, int cap)
{
	struct targets t = {.from = feature_find(g, seg), .player = player, .out = out,
			    .cap = cap};
	int s = t.from;

	do {
		touching(g, &t, s / TILE_SEG_MAX, s % TILE_SEG_MAX);
		s = g->feat[s].next;
	} while (s != t.from);
	return t.n;
}

/* The game's number of the module's step of that name: by name, so that
 * the other pieces' steps may sit beside these in the module's table. */
static int
step_named(const struct game *g, const char *name)
{
	for (int i = 0; i < abbey_mayor_wagon_module.nsteps; i++)
		if (strcmp(abbey_mayor_wagon_module.steps[i].name, name) == 0)
			return module_step(g, &abbey_mayor_wagon_module, i);
	return -1;
}

/* The step after the score: each wagon sent home, in order, gets its
 * owner's decision if it has somewhere to go (pushed last first). */
static void
wagons_run(struct game *g, const struct frame *f)
{
	struct wagon_state *w = wstate(g);

	(void)f;
	for (int i = w->n - 1; i >= 0; i--)
		turn_push(g, step_named(g, "wagon-next"), w->q[i].owner, w->q[i].seg);
	w->n = 0;
}

/* A wagon's turn to move: its decision, or home at once when no feature
 * is free for it (WAGON-3: the moves before may have taken its places). */
static void
wagon_next(struct game *g, const struct frame *f)
{
	if (wagon_targets(g, f->owner, f->arg, NULL, 0) > 0)
		turn_push(g, step_named(g, "move-wagon"), f->owner, f->arg);
}

static int
move_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	int n = wagon_targets(g, f->owner, f->arg, out, cap);

	if (n < cap)
		out[n] = (struct action){.kind = ACT_PASS};
	return n + 1;
}

/* The segment a wagon move names, or -1 with why. */
static int
named_seg(const struct game *g, const struct action *a, struct rules_error *err)
{
	int p = game_placed_at(g, a->x, a->y), s;

	if (p < 0)
		return rerr(err, RERR_ILLEGAL, "WAGON-3", "there is no tile at %d,%d", a->x, a->y);
	s = tile_seg_at_slot(game_type(g, g->placed[p].type), a->at_slot, g->placed[p].rot);
	if (s == SEG_NONE)
		return rerr(err, RERR_ILLEGAL, "WAGON-3", "the tile at %d,%d has nothing at %s",
			    a->x, a->y, slot_name(a->at_slot));
	return seg_instance(p, s);
}

static int
move_check(const struct game *g, const struct frame *f, const struct action *a,
	   struct rules_error *err)
{
	struct action list[256];
	int seg, n;

	if (a->kind == ACT_PASS)
		return 0;
	if (a->kind != ACT_WAGON)
		return rerr(err, RERR_NOT_NOW, "WAGON-3",
			    "your wagon's feature was scored: move it on (wagon X Y PLACE) or "
			    "take it home (pass)");
	if ((seg = named_seg(g, a, err)) < 0)
		return -1;
	n = wagon_targets(g, f->owner, f->arg, list, 256);
	for (int i = 0; i < n && i < 256; i++) {
		int s = named_seg(g, &list[i], NULL);
		if (s >= 0 && feature_find(g, s) == feature_find(g, seg))
			return 0;
	}
	if (!(g->allowed[FIG_WAGON] >> g->feat[feature_find(g, seg)].kind & 1))
		return rerr(err, RERR_ILLEGAL, "WAGON-1",
			    "a wagon goes only onto a road, a city or a monastery, never a %s",
			    seg_kind_name(g->feat[feature_find(g, seg)].kind));
	if (game_feature_complete(g, feature_find(g, seg)))
		return rerr(err, RERR_ILLEGAL, "WAGON-3", "that %s is completed",
			    seg_kind_name(g->feat[feature_find(g, seg)].kind));
	return rerr(err, RERR_ILLEGAL, "WAGON-3",
		    "that %s is occupied or does not touch the feature your wagon scored on "
		    "(see carcpbem legal for where it may go)",
		    seg_kind_name(g->feat[feature_find(g, seg)].kind));
}

/* The owner's wagon, in the supply since its feature scored. */
static int
wagon_of(const struct game *g, int player)
{
	for (int i = 0; i < g->nfigures; i++)
		if (g->figure[i].owner == player && g->figure[i].type == FIG_WAGON)
			return i;
	return -1;
}

static void
move_apply(struct game *g, const struct frame *f, const struct action *a)
{
	int seg = a->kind == ACT_WAGON ? named_seg(g, a, NULL) : -1, i = wagon_of(g, f->owner);

	if (seg >= 0 && i >= 0 && g->figure[i].loc == LOC_SUPPLY)
		figure_move(g, i, LOC_SEGMENT, seg, NULL);
}

/* The notice of an owner whose turn it is not: whose feature was
 * completed, so that the wagon's move is theirs now. */
static int
move_why(const struct game *g, const struct frame *f, const char *const *names, char *buf,
	 size_t n)
{
	int by = g->last_placed >= 0 ? g->placed[g->last_placed].player : -1;
	const char *kind = seg_kind_name(g->feat[feature_find(g, f->arg)].kind);

	if (by < 0 || by == f->owner)
		return snprintf(buf, n, "your %s was completed: your wagon may move", kind);
	return snprintf(buf, n, "%s completed the %s your wagon stood on: your wagon may move",
			names[by], kind);
}

/* As many features as segments on the board, at most. */
static int
move_most(const struct game *g)
{
	return (g->capacity + 1) * TILE_SEG_MAX + 1;
}

const struct rules_step am_wagon_steps[AM_WAGON_NSTEPS] = {
	{.name = "wagons", .after = "score", .run = wagons_run},
	{.name = "wagon-next", .run = wagon_next},
	{.name = "move-wagon", .decision = "move-wagon",
	 .what = "may move the wagon on or take it home",
	 .most_actions = move_most,
	 .explain = "The feature your wagon stood on was completed and scored, and the wagon "
		    "came home. You may move it at once onto a road, city or monastery that "
		    "touches that feature, is not completed and has no figure on it (write "
		    "wagon X Y PLACE), or leave it home (pass).",
	 .ahead = "Abbey & Mayor: if your tile completes a feature with your wagon on it, "
		  "you may move the wagon on at once: add a line \"Action: wagon X Y PLACE\" "
		  "(or \"Action: pass\" to take it home) after the figure, else the host "
		  "asks in one more mail.",
	 .why = move_why, .legal = move_legal, .check = move_check, .apply = move_apply},
};

int
am_wagon_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	return action_parse_at(g, w, n, ACT_WAGON, FIG_WAGON, a, err);
}

int
am_wagon_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	return action_format_at(g, a, "wagon", false, buf, n);
}
