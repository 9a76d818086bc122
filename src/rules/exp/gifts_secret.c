/* The Gifts: what only a hand's owner may see (issue 26.1's secret
 * state): the cards of his hand, written in his view and the host's,
 * never in the public core, events, others' mails or the state hash;
 * handed back to a view's replay (secret_load); and dealt afresh by the
 * computer player from what its seat cannot see (redeal). */
#include <string.h>

#include "../engine.h"
#include "gifts.h"

/* The seat's hand: a count per kind, in card order ("synod": 1). */
int
gifts_secret_fields(const struct game *g, int seat, struct rules_field *out, int cap)
{
	const struct gifts_state *st = gifts_state(g);

	for (int k = 0; k < GIFT_KINDS && k < cap; k++)
		out[k] = (struct rules_field){.key = gift_word(k), .value = st->hand[seat][k]};
	return GIFT_KINDS;
}

/* Counts of in by kind; -1 with err for a key that is no card or a
 * count out of range. */
static int
read_hand(const struct rules_field *in, int n, int hand[GIFT_KINDS], struct rules_error *err)
{
	memset(hand, 0, sizeof(int) * GIFT_KINDS);
	for (int i = 0; i < n; i++) {
		int k = gift_parse_word(in[i].key);
		if (k < 0 || in[i].values != NULL || in[i].value < 0 ||
		    in[i].value > GIFTS_PER_KIND)
			return rerr(err, RERR_ILLEGAL, "GIFTS-1",
				    "gifts: '%s' is no count of a gift card (synod, sweep, move, "
				    "cash, take2: 0 to 5 each)",
				    in[i].key);
		hand[k] = in[i].value;
	}
	return 0;
}

/* Moves one card of kind from src's hand (a count array) into dst, or
 * from the unknown cards; false when neither has it. */
static bool
take_card(int *src, int kind)
{
	int from = src[kind] > 0 ? kind : src[GIFT_UNKNOWN] > 0 ? GIFT_UNKNOWN : -1;

	if (from < 0)
		return false;
	src[from]--;
	return true;
}

/* The seat holds these cards. In a view (blind) its unknown cards become
 * them: they must be as many as the replay dealt it and agree with the
 * kinds it knows. In a game that knows every card (the host's), they
 * are dealt from the deck in place of the seat's (a test's hand): the
 * deck must hold them. */
int
gifts_secret_load(struct game *g, int seat, const struct rules_field *in, int n,
		  struct rules_error *err)
{
	struct gifts_state *st = gifts_state(g);
	int want[GIFT_KINDS], total = 0, *hand = st->hand[seat];

	if (read_hand(in, n, want, err) < 0)
		return -1;
	for (int k = 0; k < GIFT_KINDS; k++)
		total += want[k];
	if (game_blind(g)) {
		int left[GIFT_KINDS + 1];
		memcpy(left, hand, sizeof(left));
		for (int k = 0; k < GIFT_KINDS; k++)
			for (int c = 0; c < want[k]; c++)
				if (!take_card(left, k))
					total = -1;
		if (total != st->held[seat])
			return rerr(err, RERR_ILLEGAL, "GIFTS-5",
				    "gifts: the hand given does not match the game: %d cards "
				    "received and not opened",
				    st->held[seat]);
		memcpy(hand, want, sizeof(want));
		hand[GIFT_UNKNOWN] = 0;
		return 0;
	}
	/* the seat's cards back on top of the deck, then the wanted ones out */
	for (int k = 0; k < GIFT_KINDS; k++)
		for (; hand[k] > 0; hand[k]--)
			st->deck[st->ndeck++] = (int8_t)k;
	st->held[seat] = 0;
	for (int k = 0; k < GIFT_KINDS; k++)
		for (int c = 0; c < want[k]; c++) {
			int i = st->ndeck - 1;
			while (i >= 0 && st->deck[i] != k)
				i--;
			if (i < 0)
				return rerr(err, RERR_ILLEGAL, "GIFTS-1",
					    "gifts: the deck has no %s left to give", gift_word(k));
			memmove(&st->deck[i], &st->deck[i + 1], (size_t)(st->ndeck - i - 1));
			st->ndeck--;
			hand[k]++;
			st->held[seat]++;
		}
	return 0;
}

/* The computer player of seat: every card it cannot see (the deck's and
 * the other hands', its own a view could not name) dealt afresh from
 * those not in its hand nor opened, the hands keeping their sizes. */
void
gifts_redeal(struct game *g, int seat, uint32_t (*below)(void *ctx, uint32_t n), void *ctx)
{
	struct gifts_state *st = gifts_state(g);
	int8_t pool[GIFTS_DECK];
	int npool = 0, at = 0;

	for (int k = 0; k < GIFT_KINDS; k++)
		for (int c = GIFTS_PER_KIND - st->hand[seat][k] - st->discard[k]; c > 0; c--)
			pool[npool++] = (int8_t)k;
	for (int i = npool - 1; i > 0; i--) {
		int j = (int)below(ctx, (uint32_t)i + 1);
		int8_t c = pool[i];
		pool[i] = pool[j];
		pool[j] = c;
	}
	for (int p = 0; p < g->nplayers; p++) {
		int unseen = p == seat ? st->hand[p][GIFT_UNKNOWN] : st->held[p];
		if (p != seat)
			memset(st->hand[p], 0, sizeof(st->hand[p]));
		st->hand[p][GIFT_UNKNOWN] = 0;
		for (int c = 0; c < unseen && at < npool; c++)
			st->hand[p][pool[at++]]++;
	}
	st->ndeck = 0;
	while (at < npool)
		st->deck[st->ndeck++] = pool[at++];
}
