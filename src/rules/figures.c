/* Figures on the tile just placed (BASE-FOLLOW-*, FARM-4, ABBOT-3..6). */
#include <stdio.h>
#include <string.h>

#include "module.h"
#include "engine.h"

/* figures_on past the first 64 figures (more than the base game has):
 * on_feature (engine.h) calls it out of line. */
__attribute__((noinline)) int
figures_on_words(const struct game *g, int root, int16_t *idx)
{
	int n = 0, left = g->feat[root].figures;

	for (int w = 0; w < g->figwords && n < left; w++)
		for (uint64_t out = g->on_seg.w[w]; out && n < left; out &= out - 1) {
			int i = w * 64 + __builtin_ctzll(out);
			idx[n] = (int16_t)i;
			n += feature_find(g, g->figure[i].seg) == root;
		}
	return n;
}

int
figures_on(const struct game *g, int root, int16_t *idx)
{
	return on_feature(g, root, idx);
}

static bool
figure_allowed(const struct game *g, int figure, int seg_kind)
{
	return g->allowed[figure] >> seg_kind & 1;
}

/* What the figures on the feature at root say to player's figure of
 * this type: whether an occupying figure stands there (BASE-FOLLOW-3),
 * and whether one of player's figures it needs does (or it needs none). */
static void
scan_feature(const struct game *g, int type, int root, int player, bool *occupied,
	     bool *helped)
{
	const struct figure_type_def *t = g->ftype[type];
	int16_t idx[FIGURES_MAX];
	int n = g->feat[root].figures ? figures_on(g, root, idx) : 0;

	*occupied = false;
	*helped = t->needs == 0;
	for (int i = 0; i < n; i++) {
		const struct figure *f = &g->figure[idx[i]];
		*occupied |= (g->traits[f->type] & FT_OCCUPIES) != 0;
		*helped |= f->owner == player && (t->needs >> f->type & 1);
	}
}

/* Whether player may put a figure of this type on segment s of the new
 * tile, in a game whose rows are not all plain (or with a veto). Out of
 * line: inlined beside the base game's copy of slot_options, its veto
 * call cost that copy registers (callgrind: 44 instructions a game). */
static __attribute__((noinline)) bool
may_join(const struct game *g, int type, int s, int player)
{
	bool occupied, helped;

	scan_feature(g, type, new_root(g, s), player, &occupied, &helped);
	return helped && !((g->traits[type] & FT_OCCUPIES) && occupied) &&
	       !figure_vetoed(g, player, type, LOC_SEGMENT, seg_instance(g->last_placed, s),
			      NULL);
}

int
game_segment_slot(const struct game *g, int seg_instance)
{
	const struct placed_tile *pt = &g->placed[seg_instance / TILE_SEG_MAX];

	return game_type(g, pt->type)->name_slot[pt->rot][seg_instance % TILE_SEG_MAX];
}

static int
segment_at_slot(const struct tile_type *t, int slot, int rot)
{
	return tile_seg_at_slot(t, slot, rot);
}

static int
emit(struct action *out, int n, int cap, struct action a)
{
	if (n < cap)
		out[n] = a;
	return n + 1;
}

/* Whether an earlier segment of the new tile is part of the same feature
 * as segment s. */
static bool
earlier_piece(const struct game *g, int s)
{
	for (int e = 0; e < s; e++)
		if (new_root(g, e) == new_root(g, s))
			return true;
	return false;
}

/* One option per feature of the new tile, however many pieces of it the
 * tile carries, for each figure in supply that may stand there. plain:
 * g->fig_plain, a constant in each call so the base game's copy has no
 * trace of may_join and loops over the base types only. */
static inline __attribute__((always_inline)) int
slot_options(const struct game *g, int player, unsigned kinds, struct action *out, int n,
	     int cap, bool plain)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	const struct tile_type *t = game_type(g, pt->type);
	const struct player_state *ps = &g->player[player];

	for (int s = 0; s < t->nsegs; s++) {
		int kind = t->seg[s].kind;
		if (!(kinds >> kind & 1) || (plain && g->feat[new_root(g, s)].figures) ||
		    earlier_piece(g, s))
			continue;
		for (int i = 0; i < (plain ? FIG_BASE_COUNT : g->nftypes); i++) {
			/* a module's types by the table: ids may be sparse (IC's
			 * big follower is FIG_TYPE_MAX - 1), in table order */
			int fig = plain ? i : g->ftypes[i];
			if (ps->supply[fig] && figure_allowed(g, fig, kind) &&
			    (plain || may_join(g, fig, s, player)))
				n = emit(out, n, cap,
					 action_figure((unsigned)fig, t->name_slot[pt->rot][s],
						       g->own_role >> fig & 1 ? SEG_KIND_COUNT
									      : (unsigned)kind));
		}
	}
	return n;
}

int
figure_options(const struct game *g, int player, struct action *out, int cap)
{
	const struct player_state *ps = &g->player[player];
	unsigned kinds = 0; /* segment kinds a figure in supply may stand on */
	int n = emit(out, 0, cap, (struct action){.kind = ACT_PASS});

	if (g->fig_plain) /* a constant bound: unrolled */
		for (int fig = 0; fig < FIG_BASE_COUNT; fig++)
			kinds |= ps->supply[fig] ? g->allowed[fig] : 0u;
	else
		for (int i = 0; i < g->nftypes; i++)
			kinds |= ps->supply[g->ftypes[i]] ? g->allowed[g->ftypes[i]] : 0u;
	if (kinds) /* often not: random players soon have all figures out */
		n = g->fig_plain ? slot_options(g, player, kinds, out, n, cap, true)
				 : slot_options(g, player, kinds, out, n, cap, false);
	if (g->nhook[HOOK_FIGURE_OPTIONS]) /* the abbot's recall */
		n = hooks_figure_options(g, player, out, n, cap);
	return n;
}

/* "a monastery or a garden": the kinds in a stand mask, for refusals. */
static const char *
kinds_text(unsigned mask, char *buf, size_t n)
{
	size_t len = 0;
	int i = 0, count = __builtin_popcount(mask);

	buf[0] = '\0';
	for (int k = 0; k < SEG_KIND_COUNT && len < n; k++)
		if (mask >> k & 1) {
			len += (size_t)snprintf(buf + len, n - len, "%sa %s",
						i == 0 ? "" : i == count - 1 ? " or " : ", ",
						seg_kinds[k].name);
			i++;
		}
	return buf;
}

/* The row of a figure that may stand on this kind, in this game or
 * among the engine's own rows, or NULL. */
static const struct figure_type_def *
kind_owner(const struct game *g, int kind)
{
	for (int i = 0; i < g->nftypes; i++)
		if (g->ftype[g->ftypes[i]]->stand >> kind & 1)
			return g->ftype[g->ftypes[i]];
	for (int t = 0; t < FIG_BASE_COUNT; t++)
		if (figure_type_of(NULL, t)->stand >> kind & 1)
			return figure_type_of(NULL, t);
	return NULL;
}

/* Why this figure may not stand on this kind of segment, by rule. */
static int
refuse_kind(const struct game *g, const struct action *a, int kind, struct rules_error *err)
{
	const struct figure_type_def *t = g->ftype[a->figure], *other;
	char kinds[80];

	if (t->stand >> kind & 1) /* in its rows, but the options leave it out */
		return rerr(err, RERR_ILLEGAL, "BASE-SETUP-5",
			    "this game is played without farmers (no figure on fields)");
	if (t->role)
		return rerr(err, RERR_ILLEGAL, t->stand_rule,
			    "the %s may stand only on %s, not on the %s at %s", t->name,
			    kinds_text(t->stand, kinds, sizeof(kinds)), seg_kinds[kind].name,
			    slot_name(a->slot));
	if ((other = kind_owner(g, kind)) != NULL)
		return rerr(err, RERR_ILLEGAL, other->stand_rule,
			    "only %s %s may stand on a %s; a %s never does",
			    strchr("aeiou", other->name[0]) ? "an" : "a", other->name,
			    seg_kinds[kind].name, t->name);
	return rerr(err, RERR_ILLEGAL, seg_kinds[kind].no_figure_rule,
		    "no figure may stand on the %s at %s", seg_kinds[kind].name,
		    slot_name(a->slot));
}

/* A figure of a type this game has, on a segment of the tile just placed
 * that it may take now. */
static int
check_place(const struct game *g, int player, const struct action *a,
	    struct rules_error *err)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	const struct tile_type *t = game_type(g, pt->type);
	const struct figure_type_def *ft = figure_type_of(g, a->figure);
	int s, root, kind;
	bool occupied, helped;

	if (ft == NULL) {
		ft = figure_type_in_catalog(g, a->figure);
		return ft ? rerr(err, RERR_ILLEGAL, ft->rule, "this game is played without %ss",
				 ft->name)
			  : rerr(err, RERR_PARSE, "", "unknown figure");
	}
	s = segment_at_slot(t, a->slot, pt->rot);
	if (s == SEG_NONE)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-2",
			    "the tile just placed has nothing at %s", slot_name(a->slot));
	kind = t->seg[s].kind;
	if (!figure_allowed(g, a->figure, kind))
		return refuse_kind(g, a, kind, err);
	if (a->role != SEG_KIND_COUNT && a->role != kind)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-2",
			    "%s is a %s: a follower there is a %s, not a %s", slot_name(a->slot),
			    seg_kind_name(kind), figure_role_name(kind, FIG_FOLLOWER),
			    figure_role_name(a->role, FIG_FOLLOWER));
	if (g->player[player].supply[a->figure] == 0)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-4", "you have no %s in your supply",
			    ft->name);
	root = new_root(g, s);
	if (g->fig_plain)
		occupied = g->feat[root].figures != 0, helped = true;
	else
		scan_feature(g, a->figure, root, player, &occupied, &helped);
	if (ft->occupies && occupied)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-3",
			    "the %s at %s is already occupied (a figure stands on it, maybe "
			    "tiles away)",
			    seg_kind_name(kind), slot_name(a->slot));
	if (!helped)
		return rerr(err, RERR_ILLEGAL, ft->stand_rule,
			    "a %s goes only on a %s that already holds %s, and the %s at %s "
			    "holds none",
			    ft->name, seg_kind_name(kind),
			    ft->needs_what ? ft->needs_what : "a figure of yours it goes with",
			    seg_kind_name(kind), slot_name(a->slot));
	return figure_vetoed(g, player, a->figure, LOC_SEGMENT, seg_instance(g->last_placed, s),
			     err)
		       ? -1
		       : 0;
}

int
figure_check(const struct game *g, int player, const struct action *a,
	     struct rules_error *err)
{
	switch (a->kind) {
	case ACT_PASS:
		return 0;
	case ACT_FIGURE:
		return check_place(g, player, a, err);
	default: /* through the C API: never taken for a pass */
		return rerr(err, RERR_PARSE, "", "unknown action kind %d", a->kind);
	}
}

/* Player's figure of this type from the supply onto segment s of placed
 * tile p, in the feature at root (of this kind; slot names the segment
 * on its tile): the sets, the feature's count, the supply, the event.
 * Its index, or -1 when none is in the supply. */
static HOT_INLINE int
put_on(struct game *g, int player, int type, int p, int s, int root, int kind, int slot)
{
	const struct placed_tile *pt = &g->placed[p];
	/* The first of the player's figures of that type in supply: a bit
	 * scan rather than a walk over every figure. */
	int i = figset_first_in(&g->home, g->fig_first[player][type], g->ftype[type]->supply);

	if (i < 0)
		return -1;
	figset_del(&g->home, i);
	figset_add(&g->on_seg, i);
	g->figure[i].seg = (int16_t)seg_instance(p, s);
	g->figure[i].loc = LOC_SEGMENT;
	g->feat[root].figures++;
	g->player[player].supply[type]--;
	event_add(g, &(struct game_event){
			     .kind = EV_PLACE_FIGURE,
			     .player = (int8_t)player,
			     .seg_kind = (uint8_t)kind,
			     .x = pt->x,
			     .y = pt->y,
			     .tile = (int16_t)pt->type,
			     .figure = (uint8_t)type,
			     .slot = (uint8_t)slot,
		     });
	return i;
}

void
figure_place(struct game *g, int player, const struct action *a)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	const struct tile_type *t = game_type(g, pt->type);
	int s = segment_at_slot(t, a->slot, pt->rot);

	put_on(g, player, a->figure, g->last_placed, s, new_root(g, s), t->seg[s].kind,
	       a->slot);
}

int
figure_put(struct game *g, int player, int type, int seg, struct rules_error *err)
{
	int root;

	if (player < 0 || player >= g->nplayers)
		return rerr(err, RERR_ILLEGAL, "", "no player %d in this game", player + 1);
	if (figure_spot_check(g, player, type, LOC_SEGMENT, seg, err) < 0)
		return -1;
	if (g->player[player].supply[type] == 0)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-4", "no %s in the supply",
			    g->ftype[type]->name);
	root = feature_find(g, seg);
	return put_on(g, player, type, seg / TILE_SEG_MAX, seg % TILE_SEG_MAX, root,
		      g->feat[root].kind, game_segment_slot(g, seg));
}

static void
log_return(struct game *g, const struct figure *f, int root)
{
	const struct placed_tile *pt = &g->placed[f->seg / TILE_SEG_MAX];

	event_add(g, &(struct game_event){
			     .kind = EV_RETURN,
			     .player = (int8_t)f->owner,
			     .seg_kind = g->feat[root].kind,
			     .x = pt->x,
			     .y = pt->y,
			     .tile = -1,
			     .figure = f->type,
			     .slot = (uint8_t)game_segment_slot(g, f->seg),
		     });
}

/* Back to the supply, without its feature's count (the caller's). */
static void
to_supply(struct game *g, int i)
{
	struct figure *f = &g->figure[i];

	f->seg = -1;
	f->at = -1;
	f->loc = LOC_SUPPLY;
	figset_del(&g->on_seg, i);
	figset_add(&g->home, i);
	g->player[f->owner].supply[f->type]++;
}

/* The figures of owner on the feature at root that needed a figure no
 * longer there leave too (a builder without its follower). */
void
figure_orphans(struct game *g, int root, int owner, bool log)
{
	int16_t idx[FIGURES_MAX];
	int n = g->feat[root].figures ? figures_on(g, root, idx) : 0;
	uint32_t have = 0; /* bit per type: owner's figures still there */

	for (int i = 0; i < n; i++)
		if (g->figure[idx[i]].owner == owner)
			have |= 1u << g->figure[idx[i]].type;
	for (int i = 0; i < n; i++) {
		const struct figure *f = &g->figure[idx[i]];
		uint16_t needs = g->ftype[f->type]->needs;
		if (f->owner == owner && needs && !(needs & have)) {
			figure_remove(g, idx[i], log);
			return; /* figure_remove looked again at the rest */
		}
	}
}

void
figure_remove(struct game *g, int i, bool log)
{
	struct figure *f = &g->figure[i];
	int root, owner = f->owner;

	if (f->loc != LOC_SEGMENT) {
		if (f->loc != LOC_SUPPLY)
			to_supply(g, i);
		return;
	}
	root = feature_find(g, f->seg);
	if (log)
		log_return(g, f, root);
	g->feat[root].figures--;
	to_supply(g, i);
	if (!g->fig_plain)
		figure_orphans(g, root, owner, log);
}

/* BASE-SCORE-3: the figures on a scored feature (from figures_on) go
 * home, but for those whose type stays (figure_type_def.returns).
 * Returns at the end of the game (BASE-END-2 b) are not news, so they
 * log nothing. */
void
figures_return(struct game *g, int root, bool final, const int16_t *idx, int n)
{
	if (!g->fig_plain) {
		for (int i = 0; i < n; i++)
			if (figure_is(g, idx[i], FT_RETURNS))
				figure_remove(g, idx[i], !final);
		return;
	}
	for (int i = 0; i < n; i++) {
		if (!final)
			log_return(g, &g->figure[idx[i]], root);
		to_supply(g, idx[i]);
	}
	g->feat[root].figures = 0;
}
