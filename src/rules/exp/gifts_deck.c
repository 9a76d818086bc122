/* The Gifts: the deck, the hands and the discard pile (GIFTS-1, GIFTS-2,
 * GIFTS-5, GIFTS-6). The deck is shuffled from the game's committed seed
 * with a stream of its own per shuffle (seed_stream), never stored: the
 * game file replays it. A game without the seed (a view, game_blind)
 * deals unknown cards (GIFT_UNKNOWN) and learns only what its actions
 * name: an opened card, the viewer's own hand (gifts_secret_load). */
#include <string.h>

#include "../engine.h"
#include "gifts.h"

/* The game's gifts table, found by name: the pieces reach their state
 * without naming gifts.c's symbol, which names theirs (no circle of
 * files, tests/t0040-layers.sh). */
const struct rules_module *
gifts_table(const struct game *g)
{
	for (int i = 0; i < g->nmods; i++)
		if (strcmp(g->mods[i]->name, "gifts") == 0)
			return g->mods[i];
	return NULL;
}

struct gifts_state *
gifts_state(const struct game *g)
{
	return module_state(g, gifts_table(g));
}

#define SHUFFLE_DRAWS (GIFTS_DECK + 16) /* one a card and spares (bag_index) */

/* Fisher-Yates over the deck's ndeck cards, from the next shuffle's
 * stream. */
static void
shuffle(struct game *g, struct gifts_state *st)
{
	uint32_t stream[SHUFFLE_DRAWS];
	int k = 0;

	seed_stream(g, "carcpbem gifts shuffle v1", (uint32_t)st->shuffles++, stream,
		    SHUFFLE_DRAWS);
	for (int i = st->ndeck - 1; i > 0; i--) {
		int j = (int)bag_index((uint32_t)i + 1, stream, &k, SHUFFLE_DRAWS);
		int8_t c = st->deck[i];
		st->deck[i] = st->deck[j];
		st->deck[j] = c;
	}
}

/* GIFTS-1, GIFTS-2: five of each kind, shuffled face down; unknown
 * without the seed. */
void
gifts_deck_setup(struct game *g)
{
	struct gifts_state *st = gifts_state(g);

	memset(st, 0, sizeof(*st));
	st->opened_turn = -1;
	st->take2_tile = -1;
	for (int i = 0; i < GIFTS_DECK; i++)
		st->deck[i] = (int8_t)(game_blind(g) ? GIFT_UNKNOWN : i / GIFTS_PER_KIND);
	st->ndeck = GIFTS_DECK;
	if (!game_blind(g))
		shuffle(g, st);
}

/* GIFTS-6: the discard pile becomes the deck, shuffled. */
static void
reshuffle(struct game *g, struct gifts_state *st)
{
	for (int k = 0; k < GIFT_KINDS; k++)
		for (; st->discard[k] > 0; st->discard[k]--)
			st->deck[st->ndeck++] = (int8_t)(game_blind(g) ? GIFT_UNKNOWN : k);
	if (game_blind(g))
		st->shuffles++; /* the host's shuffle, which a view cannot repeat */
	else
		shuffle(g, st);
}

int
gifts_deck_draw(struct game *g, int seat)
{
	struct gifts_state *st = gifts_state(g);
	int card;

	if (st->ndeck == 0)
		reshuffle(g, st);
	if (st->ndeck == 0)
		return -1; /* GIFTS-6: every card lies in front of players */
	card = st->deck[--st->ndeck];
	st->hand[seat][card]++;
	st->held[seat]++;
	return card;
}

bool
gifts_may_hold(const struct game *g, int seat, int kind)
{
	const struct gifts_state *st = gifts_state(g);

	return kind >= 0 && kind < GIFT_KINDS &&
	       (st->hand[seat][kind] > 0 || st->hand[seat][GIFT_UNKNOWN] > 0);
}

int
gifts_hand_open(struct game *g, int seat, int kind)
{
	struct gifts_state *st = gifts_state(g);
	int from = st->hand[seat][kind] > 0 ? kind : GIFT_UNKNOWN;

	if (!gifts_may_hold(g, seat, kind))
		return -1;
	st->hand[seat][from]--;
	st->held[seat]--;
	st->discard[kind]++;
	return 0;
}
