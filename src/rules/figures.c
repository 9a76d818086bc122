/* Figures on the tile just placed (BASE-FOLLOW-*, FARM-4, ABBOT-3..6). */
#include <string.h>

#include "module.h"
#include "engine.h"

_Static_assert(MAX_PLAYERS * FIGURES_PER_PLAYER <= 64, "a bit per figure in a uint64_t");

/* Which figure may stand on which kind of segment under these options:
 * a bit per seg_kind for each figure type, worked out once per game. */
void
figure_rules_init(struct game *g)
{
	g->allowed[FIG_FOLLOWER] = 1u << SEG_ROAD | 1u << SEG_CITY | 1u << SEG_MONASTERY |
				   (g->opt.farmers ? 1u << SEG_FIELD : 0);
	g->allowed[FIG_ABBOT] = 0; /* the abbot module's setup allows it */
}

static bool
figure_allowed(const struct game *g, int figure, int seg_kind)
{
	return g->allowed[figure] >> seg_kind & 1;
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
	if (slot == SLOT_CENTRE)
		return t->centre_seg;
	if (slot < 0 || slot > SLOT_CENTRE)
		return SEG_NONE;
	return tile_seg_at(t, slot, rot);
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
		if (g->new_roots[e] == g->new_roots[s])
			return true;
	return false;
}

/* One option per feature of the new tile, however many pieces of it the
 * tile carries, for each figure in supply that may stand there. */
static int
figure_slot_options(const struct game *g, int player, unsigned kinds, struct action *out,
		    int n, int cap)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	const struct tile_type *t = game_type(g, pt->type);
	const struct player_state *ps = &g->player[player];

	for (int s = 0; s < t->nsegs; s++) {
		int kind = t->seg[s].kind;
		if (!(kinds >> kind & 1) || g->feat[g->new_roots[s]].figures ||
		    earlier_piece(g, s))
			continue;
		for (int fig = 0; fig < FIG_TYPE_COUNT; fig++)
			if (ps->supply[fig] && figure_allowed(g, fig, kind))
				n = emit(out, n, cap,
					 (struct action){
						 .kind = ACT_FIGURE,
						 .figure = (uint8_t)fig,
						 .slot = t->name_slot[pt->rot][s],
						 .role = fig == FIG_ABBOT ? SEG_KIND_COUNT : kind,
					 });
	}
	return n;
}

int
figure_options(const struct game *g, int player, struct action *out, int cap)
{
	const struct player_state *ps = &g->player[player];
	unsigned kinds = 0; /* segment kinds a figure in supply may stand on */
	int n = emit(out, 0, cap, (struct action){.kind = ACT_PASS});

	for (int fig = 0; fig < FIG_TYPE_COUNT; fig++)
		kinds |= ps->supply[fig] ? g->allowed[fig] : 0u;
	if (kinds) /* often not: random players soon have all figures out */
		n = figure_slot_options(g, player, kinds, out, n, cap);
	if (g->nhook[HOOK_FIGURE_OPTIONS]) /* the abbot's recall */
		n = hooks_figure_options(g, player, out, n, cap);
	return n;
}

/* Why this figure may not stand on this kind of segment, by rule. */
static int
refuse_kind(const struct game *g, const struct action *a, int kind, struct rules_error *err)
{
	if (a->figure == FIG_ABBOT && g->supply_start[FIG_ABBOT] == 0)
		return rerr(err, RERR_ILLEGAL, "ABBOT-1", "this game is played without abbots");
	if (a->figure == FIG_ABBOT)
		return rerr(err, RERR_ILLEGAL, "ABBOT-3",
			    "the abbot may stand only on a monastery or a garden, not on the %s "
			    "at %s",
			    seg_kind_name(kind), slot_name(a->slot));
	if (kind == SEG_FIELD)
		return rerr(err, RERR_ILLEGAL, "BASE-SETUP-5",
			    "this game is played without farmers (no figure on fields)");
	if (kind == SEG_GARDEN)
		return rerr(err, RERR_ILLEGAL, "ABBOT-3",
			    "only an abbot may stand on a garden; a follower never does");
	return rerr(err, RERR_ILLEGAL, "RIVER-5", "no figure may stand on the %s at %s",
		    seg_kind_name(kind), slot_name(a->slot));
}

int
figure_check(const struct game *g, int player, const struct action *a,
	     struct rules_error *err)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	const struct tile_type *t = game_type(g, pt->type);
	int s, root, kind;

	if (a->kind == ACT_PASS)
		return 0;
	if (a->figure >= FIG_TYPE_COUNT)
		return rerr(err, RERR_PARSE, "", "unknown figure");
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
			    a->figure == FIG_ABBOT ? "abbot" : "follower");
	root = g->new_roots[s];
	if (g->feat[root].figures)
		return rerr(err, RERR_ILLEGAL, "BASE-FOLLOW-3",
			    "the %s at %s is already occupied (a figure stands on it, maybe "
			    "tiles away)",
			    seg_kind_name(kind), slot_name(a->slot));
	return 0;
}

void
figure_place(struct game *g, int player, const struct action *a)
{
	const struct placed_tile *pt = &g->placed[g->last_placed];
	const struct tile_type *t = game_type(g, pt->type);
	int s = segment_at_slot(t, a->slot, pt->rot);
	int seg = seg_instance(g->last_placed, s), i;
	/* The first of the player's figures of that type in supply (checked
	 * to be there): a bit scan rather than a walk over every figure. */
	uint64_t home = g->figures_home & g->figures_of[player][a->figure];

	if (home == 0)
		return;
	i = __builtin_ctzll(home);
	g->figures_home &= ~((uint64_t)1 << i);
	g->figure[i].seg = (int16_t)seg;
	g->feat[g->new_roots[s]].figures++;
	g->player[player].supply[a->figure]--;
	event_add(g, &(struct game_event){
			     .kind = EV_PLACE_FIGURE,
			     .player = (int8_t)player,
			     .seg_kind = t->seg[s].kind,
			     .x = pt->x,
			     .y = pt->y,
			     .tile = (int16_t)pt->type,
			     .figure = a->figure,
			     .slot = a->slot,
		     });
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

/* BASE-SCORE-3: the figures on a scored feature (from figures_on) go
 * home. Returns at the end of the game (BASE-END-2 b) are not news, so
 * they log nothing. */
void
figures_return(struct game *g, int root, bool final, const int16_t *idx, int n)
{
	for (int i = 0; i < n; i++) {
		struct figure *f = &g->figure[idx[i]];
		if (!final)
			log_return(g, f, root);
		f->seg = -1;
		g->figures_home |= (uint64_t)1 << idx[i];
		g->player[f->owner].supply[f->type]++;
	}
	g->feat[root].figures = 0;
}

const char *
figure_role_name(int seg_kind, int figure_type)
{
	static const char *const roles[SEG_KIND_COUNT] = {
		[SEG_ROAD] = "thief",     [SEG_CITY] = "knight", [SEG_FIELD] = "farmer",
		[SEG_MONASTERY] = "monk", [SEG_GARDEN] = "abbot", [SEG_RIVER] = "?",
	};

	if (figure_type == FIG_ABBOT)
		return "abbot";
	return seg_kind >= 0 && seg_kind < SEG_KIND_COUNT ? roles[seg_kind] : "?";
}
