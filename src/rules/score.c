/* Scoring: completed features during the game (BASE-SCORE-*), the abbot's
 * recall (ABBOT-6) and the final scoring (BASE-FINAL-*, FARM-7..9). What a
 * feature is worth comes from the segment-kind table (seg_kind.c), then
 * the game's score hooks (score_hook.h); strengths from the figure-type
 * table (figure_type.h). */
#include <string.h>

#include "engine.h"

/* A figure's strength on the feature at root (BASE-SCORE-2). */
static int
strength_of(const struct game *g, int root, int i)
{
	const struct figure_type_def *t = g->ftype[g->figure[i].type];

	return t->strength_fn ? t->strength_fn(g, root, i) : t->strength;
}

/* BASE-SCORE-2: each player's strength on the feature (the figures idx,
 * n); returns the most. */
static HOT_INLINE int
majority(const struct game *g, int root, const int16_t *idx, int n, int *strength)
{
	int best = 0;

	if (g->fig_plain)
		for (int i = 0; i < n; i++) {
			if (++strength[g->figure[idx[i]].owner] > best)
				best = strength[g->figure[idx[i]].owner];
		}
	else
		for (int i = 0; i < n; i++) {
			int p = g->figure[idx[i]].owner;
			strength[p] += strength_of(g, root, idx[i]);
			best = strength[p] > best ? strength[p] : best;
		}
	return best;
}

/* The player gets points for the feature at root. */
static HOT_INLINE void
pay(struct game *g, int root, int p, int points, bool final, const char *rule)
{
	const struct placed_tile *pt = &g->placed[root / TILE_SEG_MAX];

	g->player[p].score += points;
	if (g->nhook[HOOK_SCORE])
		hooks_score(g, root, p, points);
	event_add(g, &(struct game_event){
			     .kind = EV_SCORE,
			     .player = (int8_t)p,
			     .seg_kind = g->feat[root].kind,
			     .final = final,
			     .points = (int16_t)points,
			     .x = pt->x,
			     .y = pt->y,
			     .tile = (int16_t)pt->type,
			     .seg = (uint8_t)(root % TILE_SEG_MAX),
			     .rule = rule,
		     });
}

/* BASE-SCORE-2: the strongest player(s) on the feature get its value. */
static void
award(struct game *g, int root, int points, bool final, const char *rule,
      const int16_t *idx, int n)
{
	int strength[MAX_PLAYERS] = {0}, best = majority(g, root, idx, n, strength);

	if (best == 0 || points == 0) /* UN-05: strength 1 or more scores */
		return;
	for (int p = 0; p < g->nplayers; p++)
		if (strength[p] == best)
			pay(g, root, p, points, final, rule);
}

void
score_hooks_set(struct game *g, const struct score_hook *hooks, int n)
{
	g->nscore_hooks = g->nfield_hooks = 0;
	g->attr_want = 0;
	for (int i = 0; i < n; i++)
		score_hook_add(g, &hooks[i]);
}

/* Each hook once: two modules may bring one rule (the pigsty of River II
 * and of Games Quarterly, CF-08). */
int
score_hook_add(struct game *g, const struct score_hook *hook)
{
	for (int i = 0; i < g->nscore_hooks; i++) {
		const struct score_hook *h = g->score_hooks[i];
		if (h->value == hook->value && h->city_weight == hook->city_weight &&
		    h->field_rate == hook->field_rate)
			return 0;
	}
	if (g->nscore_hooks == SCORE_HOOKS_MAX)
		return -1;
	g->score_hooks[g->nscore_hooks++] = hook;
	g->nfield_hooks += hook->city_weight || hook->field_rate;
	g->attr_want |= hook->attrs;
	return 0;
}

/* award, after the modules' score hooks (module.h) in module order; one
 * may name the rule of the value it gave (g->score_rule). Cold: the base
 * game has none. */
static HOOKS_COLD void
award_hooked(struct game *g, int root, int v, bool complete, bool final, const char *rule,
	     const int16_t *idx, int n)
{
	g->score_rule = NULL;
	for (int i = 0; i < g->nscore_hooks; i++)
		if (g->score_hooks[i]->value)
			v = g->score_hooks[i]->value(g, root, complete, v);
	award(g, root, v, final, g->score_rule ? g->score_rule : rule, idx, n);
}

/* A cloister's tiles: its own and those around it (BASE-SCORE-MON-3). */
static int
cloister_tiles(const struct game *g, int root)
{
	return 1 + board_neighbours8(g, g->placed[root / TILE_SEG_MAX].cell);
}

/* Value of a feature, completed (in game) or not (end of game), from the
 * table (the game's hooks come after, award_hooked). */
static int
feature_value(struct game *g, int root, bool complete)
{
	const struct feature *f = &g->feat[root];
	const struct seg_kind_def *k = &seg_kinds[f->kind];
	int v;

	if (g->attr_want && k->cloister) { /* no walk: its one segment's */
		memset(g->attr_sum, 0, sizeof(g->attr_sum));
		feature_attrs_add(g, root);
	}
	if (k->value)
		v = k->value(g, root, complete);
	else
		v = k->per_tile[complete] *
			    (k->cloister ? cloister_tiles(g, root) : feature_tile_count(g, root)) +
		    k->per_shield[complete] * f->shields;
	return v;
}

static void
score_feature(struct game *g, int root, bool final)
{
	int16_t idx[FIGURES_MAX];
	const char *rule = seg_kinds[g->feat[root].kind].rule[!final];
	int n;

	if (g->feat[root].figures == 0)
		return;
	n = on_feature(g, root, idx);
	if (g->nscore_hooks)
		award_hooked(g, root, feature_value(g, root, !final), !final, final, rule, idx, n);
	else
		award(g, root, feature_value(g, root, !final), final, rule, idx, n);
	figures_return(g, root, final, idx, n);
	if (g->nhook[HOOK_FEATURE_SCORED])
		hooks_feature_scored(g, root, idx, n, final);
}

/* Whether an earlier closable piece of the tile is part of the same
 * feature (a road or city that runs through the tile twice). */
static bool
told_before(const struct game *g, const struct tile_type *t, int k, int root)
{
	for (int j = 0; j < k; j++)
		if (new_root(g, t->closable[j]) == root)
			return true;
	return false;
}

/* The modules' on_complete hooks, once for every feature the tile
 * completed (with figures or not), in scoring order, before any of them
 * scores. */
static __attribute__((noinline, cold)) void
tell_completed(struct game *g, const struct tile_type *t)
{
	for (int k = 0; g->new_closed && k < t->nclosable; k++) {
		int root = new_root(g, t->closable[k]);
		if (g->feat[root].open == 0 && !told_before(g, t, k, root))
			hooks_complete(g, root);
	}
	for (int i = 0; i < g->nwalls_done; i++)
		hooks_complete(g, g->walls_done[i]);
	for (int i = 0; i < g->ncloisters_done; i++) {
		int p = g->cloisters_done[i];
		hooks_complete(g, seg_instance(p, game_type(g, g->placed[p].type)->centre_seg));
	}
}

/* Roads, then cities, then monasteries and gardens (UN-06). */
void
score_completed(struct game *g, int placed)
{
	const struct tile_type *t = game_type(g, g->placed[placed].type);

	if (g->nhook[HOOK_COMPLETE])
		tell_completed(g, t);
	for (int k = 0; g->new_closed && k < t->nclosable; k++) {
		int root = new_root(g, t->closable[k]);
		if (g->feat[root].open == 0)
			score_feature(g, root, false);
	}
	/* ABBEY-4: what the tile's walls completed (none but an abbey's) */
	for (int i = 0; i < g->nwalls_done; i++)
		score_feature(g, g->walls_done[i], false);
	for (int i = 0; i < g->ncloisters_done; i++) {
		int p = g->cloisters_done[i];
		score_feature(g, seg_instance(p, game_type(g, g->placed[p].type)->centre_seg), false);
	}
}

void
score_feature_now(struct game *g, int seg, const char *rule)
{
	int16_t idx[FIGURES_MAX];
	int root = feature_find(g, seg), n;

	n = on_feature(g, root, idx);
	award_hooked(g, root, feature_value(g, root, false), false, false, rule, idx, n);
	figures_return(g, root, false, idx, n);
	if (g->nhook[HOOK_FEATURE_SCORED])
		hooks_feature_scored(g, root, idx, n, false);
}

unsigned
score_majority(const struct game *g, int root)
{
	int16_t idx[FIGURES_MAX];
	int strength[MAX_PLAYERS] = {0}, n = figures_on(g, root, idx);
	int best = majority(g, root, idx, n, strength);
	unsigned owners = 0;

	for (int p = 0; best > 0 && p < g->nplayers; p++)
		if (strength[p] == best)
			owners |= 1u << p;
	return owners;
}

void
score_points_what(struct game *g, int player, int points, const char *rule, bool final,
		  int what)
{
	g->player[player].score += points;
	if (g->nhook[HOOK_SCORE])
		hooks_score(g, -1, player, points);
	event_add(g, &(struct game_event){.kind = EV_SCORE,
					  .player = (int8_t)player,
					  .final = final,
					  .points = (int16_t)points,
					  .tile = -1,
					  .what = (uint8_t)what,
					  .rule = rule});
}

void
score_points(struct game *g, int player, int points, const char *rule, bool final)
{
	score_points_what(g, player, points, rule, final, 0);
}

/* A fresh mark for counting distinct features (feature.mark). */
static uint8_t
mark_next(struct game *g)
{
	if (++g->mark_gen == 0) { /* wrapped: old marks could collide */
		for (int i = 0; i < g->nplaced * TILE_SEG_MAX; i++)
			g->feat[i].mark = 0;
		g->mark_gen = 1;
	}
	return g->mark_gen;
}

/* Completed cities bordering one field, each counted once (FARM-9).
 * Every city looked at is marked, complete or not: branch-free, as which
 * it is is random. The field's attributes modules ask for are summed on
 * the way (g->attr_sum). */
static HOT_INLINE int
field_cities(struct game *g, int root)
{
	uint8_t mark = mark_next(g);
	int n = 0, seg = root;

	if (g->attr_want)
		memset(g->attr_sum, 0, sizeof(g->attr_sum));
	do {
		if (g->attr_want)
			feature_attrs_add(g, seg);
		int p = seg / TILE_SEG_MAX;
		unsigned links = game_type(g, g->placed[p].type)->seg[seg % TILE_SEG_MAX].city_links;
		for (; links; links &= links - 1) {
			struct feature *city =
				&g->feat[feature_find(g, seg_instance(p, __builtin_ctz(links)))];
			n += (city->mark != mark) & (city->open == 0);
			city->mark = mark;
		}
		seg = g->feat[seg].next;
	} while (seg != root);
	return n;
}

int
score_field_cities(struct game *g, int root)
{
	return field_cities(g, root);
}

/* The completed cities bordering the field at root, each once, weighed
 * by the hooks' city_weight (1 each without). field_cities' walk, cold:
 * only games whose modules weigh cities or rate owners come here. */
static HOOKS_COLD int
field_weighted_cities(struct game *g, int root)
{
	uint8_t mark = mark_next(g);
	int n = 0, seg = root;

	do {
		int p = seg / TILE_SEG_MAX;
		unsigned links = game_type(g, g->placed[p].type)->seg[seg % TILE_SEG_MAX].city_links;
		for (; links; links &= links - 1) {
			int city = feature_find(g, seg_instance(p, __builtin_ctz(links))), w = 1;
			if (g->feat[city].mark == mark || g->feat[city].open != 0)
				continue;
			g->feat[city].mark = mark;
			for (int i = 0; i < g->nscore_hooks; i++)
				if (g->score_hooks[i]->city_weight)
					w = g->score_hooks[i]->city_weight(g, root, city, w);
			n += w;
		}
		seg = g->feat[seg].next;
	} while (seg != root);
	return n;
}

/* Each player of owners (a bit per seat) scores the weighed cities of
 * the field at root times its own rate, from rate through the hooks'
 * field_rate (score_hook.h). g->attr_sum holds the field's attributes
 * (field_cities summed them). */
static HOOKS_COLD void
pay_field(struct game *g, int root, int rate, unsigned owners, bool final, const char *rule)
{
	int cities;

	g->score_rule = NULL;
	cities = field_weighted_cities(g, root);
	for (int p = 0; p < g->nplayers; p++) {
		int r = rate;
		if (!(owners >> p & 1))
			continue;
		for (int i = 0; i < g->nscore_hooks; i++)
			if (g->score_hooks[i]->field_rate)
				r = g->score_hooks[i]->field_rate(g, root, p, r);
		if (r * cities != 0)
			pay(g, root, p, r * cities, final, g->score_rule ? g->score_rule : rule);
	}
}

/* FARM-8 with the modules' factors: each owner of the field scores its
 * weighed cities times its own rate. */
static HOOKS_COLD void
award_field(struct game *g, int root, int rate, bool final, const char *rule,
	    const int16_t *idx, int n)
{
	int strength[MAX_PLAYERS] = {0}, best = majority(g, root, idx, n, strength);
	unsigned owners = 0;

	if (best == 0)
		return;
	for (int p = 0; p < g->nplayers; p++)
		owners |= (unsigned)(strength[p] == best) << p;
	pay_field(g, root, rate, owners, final, rule);
}

void
score_field_for(struct game *g, int field, int rate, unsigned owners, bool final,
		const char *rule)
{
	int root = feature_find(g, field);

	field_cities(g, root); /* the attributes the hooks read */
	pay_field(g, root, rate, owners, final, rule);
}

void
score_field_now(struct game *g, int field, int rate, const char *rule)
{
	int16_t idx[FIGURES_MAX];
	int root = feature_find(g, field), n = on_feature(g, root, idx);

	field_cities(g, root);
	award_field(g, root, rate, false, rule, idx, n);
	figures_return(g, root, false, idx, n);
	if (g->nhook[HOOK_FEATURE_SCORED])
		hooks_feature_scored(g, root, idx, n, false);
}

/* FARM-7..9: each field with farmers, once, by the majority of farmers.
 * Farmers stay where they lie. */
static void
score_fields(struct game *g)
{
	int done[FIGURES_MAX], ndone = 0, v, n;
	int16_t idx[FIGURES_MAX];

	FIGSET_EACH(g, &g->on_seg, i) {
		int seg = g->figure[i].seg, root, k;
		const struct seg_kind_def *field = &seg_kinds[g->feat[seg].kind];
		if (!(g->farm_kinds >> g->feat[seg].kind & 1))
			continue;
		root = feature_find(g, seg);
		for (k = 0; k < ndone && done[k] != root; k++)
			;
		if (k < ndone)
			continue; /* scored through another farmer already */
		done[ndone++] = root;
		/* FARM-8: points per completed city, each city and owner
		 * as the game's hooks weigh them */
		v = field->farm_city * field_cities(g, root);
		n = on_feature(g, root, idx);
		if (g->nfield_hooks)
			award_field(g, root, field->farm_city, true, field->rule[VALUE_END], idx, n);
		else
			award(g, root, v, true, field->rule[VALUE_END], idx, n);
		if (g->nhook[HOOK_FEATURE_SCORED])
			hooks_feature_scored(g, root, idx, n, true);
	}
}

/* BASE-END-2: (a) unfinished roads, cities, monasteries and gardens with
 * figures, (b) those figures leave, (c) fields. */
void
score_final(struct game *g)
{
	FIGSET_EACH(g, &g->on_seg, i) {
		int seg = g->figure[i].seg;
		/* seg < 0: gone home with one scored before it */
		if (seg >= 0 && g->score_kinds >> g->feat[seg].kind & 1)
			score_feature(g, feature_find(g, seg), true);
	}
	if (g->opt.farmers)
		score_fields(g);
}
