/* Scoring: completed features during the game (BASE-SCORE-*), the abbot's
 * recall (ABBOT-6) and the final scoring (BASE-FINAL-*, FARM-7..9). */
#include "engine.h"

/* A bit per figure on the board (index into g->figure). */
static uint64_t
figures_out(const struct game *g)
{
	return ~g->figures_home & (((uint64_t)1 << g->nfigures) - 1);
}

/* The figures standing on a feature (indices into g->figure, in order);
 * looks only at figures on the board and stops once it has found as many
 * as the feature counts. Branch-free inside: which figure is there is
 * random. */
int
figures_on(const struct game *g, int root, int16_t *idx)
{
	uint64_t out = figures_out(g);
	int n = 0, left = g->feat[root].figures;

	for (; out && n < left; out &= out - 1) {
		int i = __builtin_ctzll(out);
		idx[n] = (int16_t)i;
		n += feature_find(g, g->figure[i].seg) == root;
	}
	return n;
}

/* BASE-SCORE-2: the strongest player(s) on the feature get its value. */
static void
award(struct game *g, int root, int points, bool final, const int16_t *idx, int n)
{
	int strength[MAX_PLAYERS] = {0}, best = 0;
	const struct placed_tile *pt = &g->placed[root / TILE_SEG_MAX];

	for (int i = 0; i < n; i++)
		if (++strength[g->figure[idx[i]].owner] > best)
			best = strength[g->figure[idx[i]].owner];
	if (best == 0 || points == 0) /* UN-05: strength 1 or more scores */
		return;
	for (int p = 0; p < g->nplayers; p++) {
		if (strength[p] != best)
			continue;
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
			     });
	}
}

static int
cloister_value(const struct game *g, int root)
{
	return 1 + board_neighbours8(g, g->placed[root / TILE_SEG_MAX].cell);
}

/* Value of a feature, completed (in game) or not (end of game). */
static int
feature_value(struct game *g, int root, bool complete)
{
	const struct feature *f = &g->feat[root];

	switch (f->kind) {
	case SEG_ROAD:
		return feature_tile_count(g, root);
	case SEG_CITY:
		return (complete ? 2 : 1) * (feature_tile_count(g, root) + f->shields);
	case SEG_MONASTERY:
	case SEG_GARDEN:
		return cloister_value(g, root);
	default:
		return 0;
	}
}

static void
score_feature(struct game *g, int root, bool final)
{
	int16_t idx[MAX_PLAYERS * FIGURES_PER_PLAYER];
	int n;

	if (g->feat[root].figures == 0)
		return;
	n = figures_on(g, root, idx);
	award(g, root, feature_value(g, root, !final), final, idx, n);
	figures_return(g, root, final, idx, n);
}

/* The modules' on_complete hooks, for every feature the tile completed
 * (with figures or not), in scoring order, before any of them scores. */
static __attribute__((noinline, cold)) void
tell_completed(struct game *g, const struct tile_type *t)
{
	for (int k = 0; g->new_closed && k < t->nclosable; k++) {
		int root = g->new_roots[t->closable[k]];
		if (g->feat[root].open == 0)
			hooks_complete(g, root);
	}
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
		int root = g->new_roots[t->closable[k]];
		if (g->feat[root].open == 0)
			score_feature(g, root, false);
	}
	for (int i = 0; i < g->ncloisters_done; i++) {
		int p = g->cloisters_done[i];
		score_feature(g, seg_instance(p, game_type(g, g->placed[p].type)->centre_seg), false);
	}
}

/* ABBOT-6: a monastery or garden scores as it is and its figures leave
 * (the abbot module's recall). */
void
score_cloister_now(struct game *g, int seg)
{
	int16_t idx[MAX_PLAYERS * FIGURES_PER_PLAYER];
	int root = feature_find(g, seg), n;

	n = figures_on(g, root, idx);
	award(g, root, cloister_value(g, root), false, idx, n);
	figures_return(g, root, false, idx, n);
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
 * it is is random. */
static int
field_cities(struct game *g, int root)
{
	uint8_t mark = mark_next(g);
	int n = 0, seg = root;

	do {
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

/* FARM-7..9: each field with farmers, once, by the majority of farmers.
 * Farmers stay where they lie. */
static void
score_fields(struct game *g)
{
	int done[MAX_PLAYERS * FIGURES_PER_PLAYER], ndone = 0;
	int16_t idx[MAX_PLAYERS * FIGURES_PER_PLAYER];

	for (uint64_t out = figures_out(g); out; out &= out - 1) {
		int seg = g->figure[__builtin_ctzll(out)].seg, root, k;
		if (g->feat[seg].kind != SEG_FIELD)
			continue;
		root = feature_find(g, seg);
		for (k = 0; k < ndone && done[k] != root; k++)
			;
		if (k < ndone)
			continue; /* scored through another farmer already */
		done[ndone++] = root;
		award(g, root, 3 * field_cities(g, root), true, idx, figures_on(g, root, idx));
	}
}

/* BASE-END-2: (a) unfinished roads, cities, monasteries and gardens with
 * figures, (b) those figures leave, (c) fields. */
void
score_final(struct game *g)
{
	for (uint64_t out = figures_out(g); out; out &= out - 1) {
		int seg = g->figure[__builtin_ctzll(out)].seg;
		/* seg < 0: gone home with one scored before it */
		if (seg >= 0 && g->feat[seg].kind != SEG_FIELD)
			score_feature(g, feature_find(g, seg), true);
	}
	if (g->opt.farmers)
		score_fields(g);
}
