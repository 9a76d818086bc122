/* King & Robber Baron (RULES.md section 9): the King goes to whoever
 * completes a city larger than any completed before, the Robber Baron
 * likewise for roads (KING-2, KING-3, BARON-1, BARON-2, UN-22); at the
 * end each holder scores a point per city or road completed in the game
 * (KING-4, BARON-3, UN-23). Its five tiles come in its tile set. */
#include "../module.h"
#include "../engine.h"
#include "exp.h"

enum { KR_KING, KR_BARON, KR_TOKENS };

/* Per token: who holds it, the record it was won with (UN-22: the
 * largest completed so far, by anyone), the features of its kind
 * completed in the game, and a piece of the record feature (for the
 * final scoring's event). */
struct kr_token {
	int holder;  /* seat, or -1 */
	int record;  /* tiles */
	int done;    /* completed cities / roads */
	int where;   /* the record feature's piece on its completing tile, or -1 */
};

struct kr_state {
	struct kr_token t[KR_TOKENS];
};

static const struct {
	const char *name, *what, *key, *record_key, *done_key;
	const char *first_rule, *larger_rule, *bonus_rule;
	int kind;
} kr_rows[KR_TOKENS] = {
	[KR_KING] = {"King", "the largest completed city", "king", "king_city", "cities",
		     "KING-2", "KING-3", "KING-4", SEG_CITY},
	[KR_BARON] = {"Robber Baron", "the longest completed road", "robber_baron",
		      "baron_road", "roads", "BARON-1", "BARON-2", "BARON-3", SEG_ROAD},
};

static bool
kr_enabled(const struct rules_options *opt)
{
	return module_on(opt, MOD_KING_ROBBER);
}

static size_t
kr_state_size(const struct game *g)
{
	(void)g;
	return sizeof(struct kr_state);
}

static struct kr_state *
kr_of(const struct game *g)
{
	return module_state(g, &king_robber_module);
}

/* KING-1: nobody holds either token at the start. */
static void
kr_setup(struct game *g)
{
	struct kr_state *s = kr_of(g);

	for (int i = 0; i < KR_TOKENS; i++)
		s->t[i] = (struct kr_token){.holder = -1, .where = -1};
}

static int
kr_token_of(int kind)
{
	for (int i = 0; i < KR_TOKENS; i++)
		if (kr_rows[i].kind == kind)
			return i;
	return -1;
}

/* The completing tile's piece of the feature at root (events name it). */
static int
piece_of(const struct game *g, int root)
{
	const struct tile_type *t = game_type(g, g->placed[g->last_placed].type);

	for (int s = 0; s < t->nsegs; s++)
		if (new_root(g, s) == root)
			return seg_instance(g->last_placed, s);
	return root;
}

/* KING-2/3, BARON-1/2 with UN-22: strictly larger than the running
 * record moves the token to the completer (who may hold it already);
 * equal never does. The tile's placer completes (UN-23). Called once
 * per feature in UN-06 order (score.c), so one tile completing several
 * is weighed one completion at a time. */
static void
kr_on_complete(struct game *g, int root)
{
	int i = kr_token_of(g->feat[root].kind), size, placer, piece;
	struct kr_token *t;
	const struct placed_tile *pt;

	if (i < 0)
		return;
	t = &kr_of(g)->t[i];
	t->done++;
	size = game_feature_tiles(g, root); /* not feature_tile_count: scoring inlines that one */
	if (size <= t->record)
		return;
	pt = &g->placed[g->last_placed];
	placer = pt->player;
	piece = piece_of(g, root);
	event_add(g, &(struct game_event){
			     .kind = EV_TOKEN,
			     .player = (int8_t)placer,
			     .seg_kind = g->feat[root].kind,
			     .points = (int16_t)size,
			     .x = pt->x,
			     .y = pt->y,
			     .tile = (int16_t)pt->type,
			     .figure = (uint8_t)(module_token0(g, &king_robber_module) + i),
			     .seg = (uint8_t)(piece % TILE_SEG_MAX),
			     .rule = t->holder < 0 ? kr_rows[i].first_rule : kr_rows[i].larger_rule,
		     });
	t->holder = placer;
	t->record = size;
	t->where = piece;
}

/* KING-4, BARON-3: a point per city / road completed in the game. */
static void
kr_final(struct game *g)
{
	const struct kr_state *s = kr_of(g);

	for (int i = 0; i < KR_TOKENS; i++) {
		const struct kr_token *t = &s->t[i];
		const struct placed_tile *pt;
		if (t->holder < 0 || t->done == 0)
			continue;
		pt = &g->placed[t->where / TILE_SEG_MAX];
		g->player[t->holder].score += t->done;
		event_add(g, &(struct game_event){
				     .kind = EV_SCORE,
				     .player = (int8_t)t->holder,
				     .seg_kind = (uint8_t)kr_rows[i].kind,
				     .final = true,
				     .points = (int16_t)t->done,
				     .x = pt->x,
				     .y = pt->y,
				     .tile = (int16_t)pt->type,
				     .seg = (uint8_t)(t->where % TILE_SEG_MAX),
				     .rule = kr_rows[i].bonus_rule,
			     });
	}
}

static int
kr_state_fields(const struct game *g, struct rules_field *out, int cap)
{
	const struct kr_state *s = kr_of(g);
	int n = 0;

	for (int i = 0; i < KR_TOKENS; i++) {
		const struct rules_field f[3] = {
			{.key = kr_rows[i].key, .value = s->t[i].holder},
			{.key = kr_rows[i].record_key, .value = s->t[i].record},
			{.key = kr_rows[i].done_key, .value = s->t[i].done},
		};
		for (int k = 0; k < 3; k++, n++)
			if (n < cap)
				out[n] = f[k];
	}
	return n;
}

static int
kr_tokens(const struct game *g, struct rules_token *out, int cap)
{
	const struct kr_state *s = kr_of(g);

	for (int i = 0; i < KR_TOKENS && i < cap; i++)
		out[i] = (struct rules_token){.name = kr_rows[i].name,
					      .what = kr_rows[i].what,
					      .holder = s->t[i].holder,
					      .record = s->t[i].record};
	return KR_TOKENS;
}

static const char *const kr_sets[] = {"king-robber", NULL};

/* The end bonuses are for the token, not a feature. */
static const struct score_category kr_categories[] = {
	{.rule = "KING-4", .category = "king", .text = "the King, a point per completed city"},
	{.rule = "BARON-3",
	 .category = "robber_baron",
	 .text = "the Robber Baron, a point per completed road"},
};

const struct rules_module king_robber_module = {
	.name = "king-robber",
	.summary = "King & Robber Baron: whoever completes the largest city (road) so far "
		   "takes the King (Robber Baron), worth a point per city (road) completed in "
		   "the game at the end.",
	.enabled = kr_enabled,
	.tilesets = kr_sets,
	.state_size = kr_state_size,
	.setup = kr_setup,
	.on_complete = kr_on_complete,
	.final_scoring = kr_final,
	.state_fields = kr_state_fields,
	.tokens = kr_tokens,
	.score_categories = kr_categories,
	.nscore_categories = 2,
};
