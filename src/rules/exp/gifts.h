/* The Gifts (RULES.md section 7: GIFTS-*, UN-14..18, XEXP-17;
 * docs/rules-decisions.md, "The Gifts"): a deck of 25 gift cards, a hand
 * per seat that only its owner sees, a card received for extending a
 * fellow player's road or city, one opened per turn before the tile is
 * placed. gifts.c holds the table; the deck is gifts_deck.c, the cards'
 * actions gifts_cards.c, each card's rule gifts_effects.c, Take 2's
 * choice gifts_take2.c. */
#ifndef CARC_EXP_GIFTS_H
#define CARC_EXP_GIFTS_H

#include "../module.h"

/* The five kinds (GIFTS-1), in the order the state lists them; a card
 * a blind game cannot know is GIFT_UNKNOWN. */
enum gift_card {
	GIFT_SYNOD,
	GIFT_SWEEP,
	GIFT_MOVE,
	GIFT_CASH,
	GIFT_TAKE2,
	GIFT_KINDS,
	GIFT_UNKNOWN = GIFT_KINDS
};

#define GIFTS_PER_KIND 5
#define GIFTS_DECK (GIFT_KINDS * GIFTS_PER_KIND)

struct gifts_state {
	/* the face-down deck, its top last; entries GIFT_UNKNOWN where the
	 * game has no seed to deal them (a view) */
	int8_t deck[GIFTS_DECK];
	int ndeck;
	int discard[GIFT_KINDS]; /* opened cards (public), until reshuffled */
	/* what each seat holds: per kind, and cards it cannot know
	 * ([GIFT_UNKNOWN]: another seat's, in a view); secret */
	int hand[MAX_PLAYERS][GIFT_KINDS + 1];
	int held[MAX_PLAYERS]; /* cards in each hand (public) */
	int shuffles;          /* shuffles so far: each has its own stream */
	int opened_turn;       /* g->turn of the last card opened, or -1 */
	int16_t take2_tile;    /* Take 2's second tile while the choice is open, or -1 */
};

extern const struct rules_module gifts_module;

/* gifts_deck.c: the game's table of the module and its state */
const struct rules_module *gifts_table(const struct game *g);
struct gifts_state *gifts_state(const struct game *g);

/* gifts_deck.c */
void gifts_deck_setup(struct game *g);
/* The top card into seat's hand (GIFTS-5; GIFTS-6 reshuffles first): its
 * kind, GIFT_UNKNOWN in a game that cannot know it, or -1 when deck and
 * discard pile are empty. */
int gifts_deck_draw(struct game *g, int seat);
/* The card of kind leaves seat's hand for the discard pile (an unknown
 * card of a view's other seat becomes it); -1 when seat holds none. */
int gifts_hand_open(struct game *g, int seat, int kind);
/* Whether seat may hold a card of kind, as far as g knows. */
bool gifts_may_hold(const struct game *g, int seat, int kind);

/* gifts_cards.c: the card words and the actions */
const char *gift_word(int kind);  /* "synod" */
const char *gift_title(int kind); /* "Synod" */
int gift_parse_word(const char *word);
#define GIFTS_NACTIONS 2
extern const struct rules_action gifts_actions[GIFTS_NACTIONS];
int gifts_tile_options(const struct game *g, int player, struct action *out, int n, int cap);

/* gifts_effects.c: each card's rule (GIFTS-SYNOD-1 ...): check and apply
 * of an "open" action, and the legal ones of a kind (up to cap). */
struct gift_effect {
	const char *rule;
	int (*check)(const struct game *g, int player, const struct action *a,
		     struct rules_error *err);
	void (*apply)(struct game *g, int player, const struct action *a);
	int (*legal)(const struct game *g, int player, struct action *out, int cap);
};
extern const struct gift_effect gift_effects[GIFT_KINDS];
bool gift_meeple(const struct game *g, int i);

/* gifts_secret.c: the hands as secret state (module.h's secret hooks) */
int gifts_secret_fields(const struct game *g, int seat, struct rules_field *out, int cap);
int gifts_secret_load(struct game *g, int seat, const struct rules_field *in, int n,
		      struct rules_error *err);
void gifts_redeal(struct game *g, int seat, uint32_t (*below)(void *ctx, uint32_t n), void *ctx);

/* gifts_take2.c: Take 2's second tile and the choice between them */
#define GIFTS_NSTEPS 1
extern const struct rules_step gifts_steps[GIFTS_NSTEPS];
void gifts_take2_apply(struct game *g, int player, const struct action *a);
int gifts_take2_check(const struct game *g, int player, const struct action *a,
		      struct rules_error *err);
int gifts_keep_parse(const struct game *g, char **w, int n, struct action *a,
		     struct rules_error *err);
int gifts_keep_format(const struct game *g, const struct action *a, char *buf, size_t n);

#endif
