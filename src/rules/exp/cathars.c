/* The Cathars / Siege (CATHARS-*, UN-19..21; docs/rules-decisions.md,
 * "Cathars"). A city with a Cathar symbol (tile attribute cathar) is
 * besieged: 1 less per tile and per shield when complete, nothing when
 * not at the end, double for its farmers; and at the end of his turn a
 * player may let one of his knights escape from it through a monastery
 * next to one of its Cathar tiles. */
#include <stdio.h>
#include <stdlib.h>

#include "../module.h"
#include "../engine.h"
#include "exp.h"

/* A piece of city with a Cathar symbol on the board, and whether a
 * monastery (or an abbey, XEXP-13) lies in its tile's 8-neighbourhood. */
struct cathar_piece {
	int16_t seg;  /* segment instance */
	uint8_t near; /* a monastery touches its tile (CATHARS-6) */
};

/* Room for every Cathar piece the game's tiles have (counted at
 * creation, so none is ever dropped). */
struct cathars_state {
	int n, cap;
	struct cathar_piece piece[];
};

/* A player's figures on the board at most (escape options). */
#define ESCAPE_MAX (FIGURES_MAX / MAX_PLAYERS)

static bool
cathars_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_CATHARS);
}

static int
cathar_segs(const struct tile_type *t)
{
	int n = 0;

	if (!(t->seg_attrs & TA_BIT(TA_CATHAR)))
		return 0;
	for (int s = 0; s < t->nsegs; s++)
		n += (t->seg[s].attrs & TA_BIT(TA_CATHAR)) != 0;
	return n;
}

static size_t
cathars_state_size(const struct game *g)
{
	int n = cathar_segs(game_type(g, g->start_type));

	for (int i = 0; i < g->bag_len + g->bag_aside; i++)
		n += cathar_segs(game_type(g, g->bag[i]));
	return sizeof(struct cathars_state) + sizeof(struct cathar_piece) * (size_t)n;
}

static struct cathars_state *
cs_of(const struct game *g)
{
	return module_state(g, &cathars_module);
}

static void
cathars_setup(struct game *g)
{
	cs_of(g)->cap = (int)((cathars_state_size(g) - sizeof(struct cathars_state)) /
			      sizeof(struct cathar_piece));
}

/* CATHARS-6, ABBEY-7: a monastery, or an abbey, on this placed tile. */
static bool
is_monastery(const struct game *g, int placed)
{
	const struct tile_type *t = game_type(g, g->placed[placed].type);

	return (t->attrs & TA_BIT(TA_ABBEY)) ||
	       (t->centre_seg != SEG_NONE && t->seg[t->centre_seg].kind == SEG_MONASTERY);
}

/* UN-21: any monastery in the 8 cells round the tile, occupied or not. */
static bool
monastery_around(const struct game *g, int placed)
{
	const struct placed_tile *pt = &g->placed[placed];

	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int q = (dx || dy) ? game_placed_at(g, pt->x + dx, pt->y + dy) : -1;
			if (q >= 0 && is_monastery(g, q))
				return true;
		}
	return false;
}

static bool
touches(const struct placed_tile *a, const struct placed_tile *b)
{
	return abs(a->x - b->x) <= 1 && abs(a->y - b->y) <= 1;
}

/* Notes the tile's Cathar pieces, and the pieces a new monastery is
 * next to. */
static void
cathars_after_place(struct game *g, int placed)
{
	struct cathars_state *cs = cs_of(g);
	const struct placed_tile *pt = &g->placed[placed];
	const struct tile_type *t = game_type(g, pt->type);

	if (is_monastery(g, placed))
		for (int i = 0; i < cs->n; i++)
			cs->piece[i].near |= touches(pt, &g->placed[cs->piece[i].seg / TILE_SEG_MAX]);
	if (!(t->seg_attrs & TA_BIT(TA_CATHAR)))
		return;
	for (int s = 0; s < t->nsegs; s++)
		if ((t->seg[s].attrs & TA_BIT(TA_CATHAR)) && cs->n < cs->cap)
			cs->piece[cs->n++] = (struct cathar_piece){
				.seg = (int16_t)seg_instance(placed, s),
				.near = monastery_around(g, placed),
			};
}

/* CATHARS-6, UN-21: player's knights that may escape now (figure
 * indices, each once): his followers (no mayor, no wagon: their rows say
 * they are none) in an unfinished city with a monastery next to one of
 * its Cathar tiles. */
static int
escapers(const struct game *g, int player, int16_t *out)
{
	const struct cathars_state *cs = cs_of(g);
	int n = 0;

	for (int i = 0; i < cs->n; i++) {
		int16_t idx[FIGURES_MAX];
		int root = feature_find(g, cs->piece[i].seg), k;
		if (!cs->piece[i].near || g->feat[root].open == 0 || g->feat[root].figures == 0)
			continue;
		k = figures_on(g, root, idx);
		for (int j = 0; j < k; j++) {
			const struct figure *f = &g->figure[idx[j]];
			int m = 0;
			if (f->owner != player || !figure_is(g, idx[j], FT_FOLLOWER))
				continue;
			while (m < n && out[m] != idx[j])
				m++;
			if (m == n && n < ESCAPE_MAX)
				out[n++] = idx[j];
		}
	}
	return n;
}

static struct action
escape_action(const struct game *g, int fig)
{
	const struct placed_tile *pt = &g->placed[g->figure[fig].seg / TILE_SEG_MAX];

	return (struct action){.kind = ACT_ESCAPE, .x = pt->x, .y = pt->y};
}

/* The knight that an "escape X Y" names, or -1. */
static int
escaper_at(const struct game *g, int player, int x, int y)
{
	int16_t fig[ESCAPE_MAX];
	int n = escapers(g, player, fig);

	for (int i = 0; i < n; i++) {
		struct action a = escape_action(g, fig[i]);
		if (a.x == x && a.y == y)
			return fig[i];
	}
	return -1;
}

/* The end of the turn (after scoring): the escape, if the player has a
 * knight that may take it. */
static void
siege_run(struct game *g, const struct frame *f)
{
	int16_t fig[ESCAPE_MAX];

	if (escapers(g, f->owner, fig) > 0)
		turn_push(g, module_step(g, &cathars_module, 1), f->owner, 0);
}

static int
escape_legal(const struct game *g, const struct frame *f, struct action *out, int cap)
{
	int16_t fig[ESCAPE_MAX];
	struct action a[ESCAPE_MAX + 1];
	int n = escapers(g, f->owner, fig), k = 0;

	for (int i = 0; i < n; i++) {
		int j = 0;
		a[k] = escape_action(g, fig[i]);
		while (j < k && (a[j].x != a[k].x || a[j].y != a[k].y))
			j++;
		k += j == k; /* two knights on one tile: one escape names both */
	}
	a[k++] = (struct action){.kind = ACT_PASS};
	for (int i = 0; i < k && i < cap; i++)
		out[i] = a[i];
	return k;
}

static int
escape_check(const struct game *g, const struct frame *f, const struct action *a,
	     struct rules_error *err)
{
	if (a->kind == ACT_PASS)
		return 0;
	if (a->kind != ACT_ESCAPE)
		return rerr(err, RERR_NOT_NOW, "CATHARS-6",
			    "your turn ends: let a knight escape (escape X Y) or pass");
	if (escaper_at(g, f->owner, a->x, a->y) < 0)
		return rerr(err, RERR_ILLEGAL, "CATHARS-6",
			    "no knight of yours at %d,%d can escape: it must stand in an "
			    "unfinished besieged city with a monastery next to one of the "
			    "city's Cathar tiles",
			    a->x, a->y);
	return 0;
}

static void
escape_apply(struct game *g, const struct frame *f, const struct action *a)
{
	int fig = a->kind == ACT_ESCAPE ? escaper_at(g, f->owner, a->x, a->y) : -1;

	if (fig >= 0) /* CATHARS-6: back to the supply, no points */
		figure_remove(g, fig, true);
}

static int
escape_parse(const struct game *g, char **w, int n, struct action *a,
	     struct rules_error *err)
{
	(void)g;
	if (action_parse_xy(w, n, ACT_ESCAPE, a) < 0)
		return rerr(err, RERR_PARSE, "CATHARS-6",
			    "write an escape as: escape X Y (the tile of your knight)");
	return 0;
}

static int
escape_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	return snprintf(buf, n, "escape %d %d", a->x, a->y);
}

/* Whether the feature at root is a besieged city (UN-19: one Cathar
 * symbol or more, the same), from the attributes its walk summed. */
static bool
besieged(const struct game *g, int root)
{
	return g->attr_sum[TA_CATHAR] > 0 && seg_kinds[g->feat[root].kind].edge == EDGE_CITY;
}

/* Whether the city at root is besieged (UN-19: one Cathar piece or
 * more, the same), by the pieces the module noted. */
static bool
besieged_city(const struct game *g, int root)
{
	const struct cathars_state *cs = cs_of(g);

	for (int i = 0; i < cs->n; i++)
		if (feature_find(g, cs->piece[i].seg) == root)
			return true;
	return false;
}

/* CATHARS-5, UN-20: a completed besieged city counts twice for the
 * fields around it, at each owner's own rate (score_hook.h). */
static int
cathars_city_weight(struct game *g, int field, int city, int weight)
{
	(void)field;
	if (!besieged_city(g, city))
		return weight;
	g->score_rule = "CATHARS-5";
	return 2 * weight;
}

static int
cathars_value(struct game *g, int root, bool complete, int v)
{
	if (!besieged(g, root))
		return v;
	if (!complete) { /* CATHARS-4 */
		g->score_rule = "CATHARS-4";
		return 0;
	}
	/* CATHARS-3: 1 instead of 2 per tile and per shield (2 instead of 3
	 * with a cathedral): one less each */
	g->score_rule = "CATHARS-3";
	v -= game_feature_tiles(g, root) + g->feat[root].shields;
	return v > 0 ? v : 0;
}

static const struct score_hook cathars_score[] = {{
	.value = cathars_value,
	.city_weight = cathars_city_weight,
	.attrs = TA_BIT(TA_CATHAR),
}};

static const struct rules_step cathars_steps[] = {
	{.name = "siege", .after = "score", .run = siege_run},
	{.name = "escape", .decision = "escape",
	 .what = "may let a knight escape a besieged city, or pass",
	 .max_actions = ESCAPE_MAX + 1,
	 .explain = "Escape (Cathars): your knight is in a besieged city (a Cathar "
		    "symbol) and a monastery stands on one of the 8 tiles around one of its "
		    "Cathar tiles, so the knight may flee through it: \"escape X Y\" (X Y the "
		    "knight's tile) takes it back to your supply, scoring nothing for that "
		    "city; \"pass\" keeps it there.",
	 .ahead = "Cathars: if at the end of this turn a knight of yours is in a besieged "
		  "city with a monastery around one of its Cathar tiles, you may let it "
		  "escape: add a third line \"Action: escape X Y\" (or \"Action: pass\") "
		  "to your turn, else the host asks in one more mail.",
	 .legal = escape_legal, .check = escape_check,
	 .apply = escape_apply},
};

static const struct rules_action cathars_actions[] = {
	{.kind = ACT_ESCAPE, .word = "escape", .step = "escape", .parse = escape_parse,
	 .format = escape_format},
};

static const char *const cathars_sets[] = {"cathars", NULL};

const struct rules_module cathars_module = {
	.name = "cathars",
	.summary = "Cathars: a city with a Cathar symbol is besieged: 1 point per tile and "
		   "pennant when completed, nothing at the end if not, double for the "
		   "fields around it; a knight inside may escape through a monastery next to "
		   "a Cathar tile.",
	.symbol = "Cathar symbol (a red disc with a yellow cross; ! on the text map): its "
		  "city is besieged (Cathars): 1 point per tile and pennant when completed, "
		  "0 at the end if not; a knight may escape through a monastery next to it.",
	.symbol_attrs = TA_BIT(TA_CATHAR),
	.enabled = cathars_enabled,
	.tilesets = cathars_sets,
	.steps = cathars_steps,
	.nsteps = 2,
	.actions = cathars_actions,
	.nactions = 1,
	.state_size = cathars_state_size,
	.setup = cathars_setup,
	.start = cathars_after_place,
	.after_place = cathars_after_place,
	.score_hooks = cathars_score,
	.nscore_hooks = 1,
};
