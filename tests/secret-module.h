/* A rule module with hidden information, defined for the tests of issue
 * 26.1 (no module of the tree had any yet): "t-secrets".
 *
 * - a deck of SM_CARDS cards of SM_KINDS kinds, shuffled from the
 *   committed randomness (game_random_below); each seat is dealt SM_HAND
 *   and draws one more at the start of each of its turns while the deck
 *   lasts: a hand is secret (secret_fields "cards", counts per kind), its
 *   size and the deck's are public (state_fields);
 * - every SM_SECRET_EVERY turns the player draws a tile in secret
 *   (game_draw_secret) and holds it over the turn; it goes back into the
 *   pile at the next turn's start (game_put_back; every other time it is
 *   shown instead, game_reveal), and logs an event
 *   only its owner may see (game_event.secret_of);
 * - every SM_ASIDE_EVERY turns, the tile drawn is set aside and another
 *   drawn (game_set_drawn_aside); two turns later the tiles aside go back
 *   (game_shuffle_back_aside).
 * A blind game (a view's replay) deals unknown cards (-1); the viewer's
 * own hand comes back through secret_load; redeal deals what a seat
 * cannot see. Header only: include it once. */
#ifndef CARC_TEST_SECRET_MODULE_H
#define CARC_TEST_SECRET_MODULE_H

#include "engine.h"
#include "extra-module.h"

#define SM_KINDS 3
#define SM_CARDS 15
#define SM_HAND 2
#define SM_SECRET_EVERY 4
#define SM_ASIDE_EVERY 5

struct sm_state {
	int8_t deck[SM_CARDS]; /* kinds in deal order; -1: unknown (blind) */
	int deck_next;
	int hand[MAX_PLAYERS][SM_KINDS];
	int unknown[MAX_PLAYERS]; /* cards held of a kind this game cannot know */
	int size[MAX_PLAYERS];    /* cards held: public */
	int turns;
	int held; /* the tile held in secret (TILE_UNKNOWN in a blind game) */
	int held_by;
	bool holding;
};

extern const struct rules_module secret_module;

static struct sm_state *
sm_of(const struct game *g)
{
	return module_state(g, &secret_module);
}

static size_t
sm_size(const struct game *g)
{
	(void)g;
	return sizeof(struct sm_state);
}

static void
sm_deal(struct sm_state *s, int seat)
{
	int card;

	if (s->deck_next == SM_CARDS)
		return;
	card = s->deck[s->deck_next++];
	if (card < 0)
		s->unknown[seat]++;
	else
		s->hand[seat][card]++;
	s->size[seat]++;
}

static void
sm_setup(struct game *g)
{
	struct sm_state *s = sm_of(g);
	bool known = true;

	for (int i = 0; i < SM_CARDS; i++)
		s->deck[i] = (int8_t)(i % SM_KINDS);
	for (int i = SM_CARDS - 1; i > 0; i--) { /* Fisher-Yates, committed */
		int j = game_random_below(g, (uint32_t)i + 1);
		int8_t x = s->deck[i];
		known &= j >= 0;
		j = j < 0 ? i : j;
		s->deck[i] = s->deck[j];
		s->deck[j] = x;
	}
	if (!known)
		memset(s->deck, -1, sizeof(s->deck));
	for (int k = 0; k < SM_HAND; k++)
		for (int p = 0; p < g->nplayers; p++)
			sm_deal(s, p);
}

static void
sm_turn_start(struct game *g)
{
	struct sm_state *s = sm_of(g);

	s->turns++;
	sm_deal(s, g->current);
	if (s->holding) { /* shown every other time (a kept tile), else put back */
		if (s->turns % (2 * SM_SECRET_EVERY) == 2)
			game_reveal(g, s->held_by, s->held);
		else
			game_put_back(g, s->held);
		s->holding = false;
	} else if (s->turns % SM_SECRET_EVERY == 1 && game_tiles_left(g) > 2) {
		s->held = game_draw_secret(g, g->current);
		s->held_by = g->current;
		s->holding = s->held != -1;
		/* the owner's own record of it: an event with a secret */
		if (s->holding)
			event_add(g, &(struct game_event){.kind = EV_DISCARD,
							  .player = (int8_t)g->current,
							  .tile = (int16_t)s->held,
							  .turn = (int16_t)g->turn,
							  .secret_of = (uint8_t)(g->current + 1)});
	}
	if (s->turns % SM_ASIDE_EVERY == 2 && g->bag_aside > 0)
		game_shuffle_back_aside(g);
}

/* After the draw: on its turn, the drawn tile goes aside. */
static void
sm_aside(struct game *g, const struct frame *f)
{
	struct sm_state *s = sm_of(g);

	if (s->turns % SM_ASIDE_EVERY == 0 && f->arg == 0 && game_tiles_left(g) > 1)
		game_set_drawn_aside(g, f->owner);
}

static const struct rules_step sm_steps[] = {
	{.name = "t-secrets-aside", .after = "draw", .run = sm_aside},
};

/* A test that sets it scores each card at the end by its kind (0, 1 or 2
 * points): the hands' secret then moves the computer players'
 * evaluation (a view cannot replay such an end: it does not know them). */
static bool sm_scores_hands;
/* Called at each final scoring (a computer player's evaluation runs one
 * on its copies): a test watches what they saw. */
static void (*sm_on_final)(const struct game *g);

static void
sm_final(struct game *g)
{
	const struct sm_state *s = sm_of(g);

	if (sm_on_final)
		sm_on_final(g);
	for (int p = 0; sm_scores_hands && p < g->nplayers; p++) {
		int points = s->hand[p][1] + 2 * s->hand[p][2];
		if (points > 0)
			score_points(g, p, points, "T-SECRETS", true);
	}
}

static const struct score_category sm_categories[] = {
	{"T-SECRETS", "cards", "cards in hand"},
};

static int
sm_fields(const struct game *g, struct rules_field *out, int cap)
{
	const struct sm_state *s = sm_of(g);

	if (cap >= 2) {
		out[0] = (struct rules_field){.key = "deck", .value = SM_CARDS - s->deck_next};
		out[1] = (struct rules_field){.key = "hands", .values = s->size,
					      .nvalues = g->nplayers};
	}
	return 2;
}

static int
sm_secret_fields(const struct game *g, int seat, struct rules_field *out, int cap)
{
	const struct sm_state *s = sm_of(g);

	if (cap >= 1)
		out[0] = (struct rules_field){.key = "cards", .values = s->hand[seat],
					      .nvalues = SM_KINDS};
	return 1;
}

static int
sm_secret_load(struct game *g, int seat, const struct rules_field *in, int n,
	       struct rules_error *err)
{
	struct sm_state *s = sm_of(g);
	int total = 0;

	if (n != 1 || strcmp(in[0].key, "cards") != 0 || in[0].values == NULL ||
	    in[0].nvalues != SM_KINDS)
		return rerr(err, RERR_PARSE, "", "cards: expected a list of %d counts", SM_KINDS);
	for (int k = 0; k < SM_KINDS; k++) {
		if (in[0].values[k] < 0 || in[0].values[k] < s->hand[seat][k])
			return rerr(err, RERR_ILLEGAL, "", "cards: %d of kind %d, but the replay "
				    "dealt more", in[0].values[k], k);
		total += in[0].values[k];
	}
	if (total != s->size[seat])
		return rerr(err, RERR_ILLEGAL, "", "cards: %d in all, but the replay dealt "
			    "this player %d", total, s->size[seat]);
	memcpy(s->hand[seat], in[0].values, sizeof(s->hand[seat]));
	s->unknown[seat] = 0;
	return 0;
}

/* What seat cannot see (the others' hands, the deck) dealt afresh from
 * the cards it does not hold. */
static void
sm_redeal(struct game *g, int seat, uint32_t (*below)(void *ctx, uint32_t n), void *ctx)
{
	struct sm_state *s = sm_of(g);
	int8_t pool[SM_CARDS];
	int n = 0;

	for (int k = 0; k < SM_KINDS; k++)
		for (int c = SM_CARDS / SM_KINDS - s->hand[seat][k]; c > 0; c--)
			pool[n++] = (int8_t)k;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)below(ctx, (uint32_t)i + 1);
		int8_t x = pool[i];
		pool[i] = pool[j];
		pool[j] = x;
	}
	for (int p = 0; p < g->nplayers; p++) {
		if (p == seat)
			continue;
		memset(s->hand[p], 0, sizeof(s->hand[p]));
		for (int c = 0; c < s->size[p]; c++)
			s->hand[p][pool[--n]]++;
		s->unknown[p] = 0;
	}
	memcpy(s->deck + s->deck_next, pool, (size_t)n); /* the rest, in order */
	if (s->holding && s->held_by != seat) /* the engine dealt it afresh */
		s->held = TILE_UNKNOWN;
}

const struct rules_module secret_module = {
	.name = "t-secrets",
	.enabled = always_on,
	.steps = sm_steps,
	.nsteps = 1,
	.state_size = sm_size,
	.setup = sm_setup,
	.turn_start = sm_turn_start,
	.state_fields = sm_fields,
	.secret_fields = sm_secret_fields,
	.secret_load = sm_secret_load,
	.redeal = sm_redeal,
	.final_scoring = sm_final,
	.score_categories = sm_categories,
	.nscore_categories = 1,
};

#endif
