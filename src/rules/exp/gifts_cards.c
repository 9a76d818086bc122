/* The Gifts: opening a card (GIFTS-7), an answer to the place-tile
 * decision that keeps it (keeps_decision): after the draw, before the
 * tile, one card a turn. Its text is "open CARD" and the card's places:
 * open synod X Y, open sweep X Y PLACE, open cash X Y PLACE, open move X
 * Y FROM TO, open take2 (the card kind rides in the action's rot). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../engine.h"
#include "exp.h"
#include "gifts.h"

/* Per card: its word, its name on the card, and the places its text
 * takes after X Y (-1: no X Y at all). */
static const struct {
	const char *word, *title;
	int places;
	const char *opened; /* told to all (EV_NOTE), after the player's name */
} cards[GIFT_KINDS] = {
	[GIFT_SYNOD] = {"synod", "Synod", 0, "opens a gift: Synod (GIFTS-SYNOD-1)"},
	[GIFT_SWEEP] = {"sweep", "Road Sweeper", 1, "opens a gift: Road Sweeper (GIFTS-SWEEP-1)"},
	[GIFT_MOVE] = {"move", "Change Position", 2, "opens a gift: Change Position (GIFTS-MOVE-1)"},
	[GIFT_CASH] = {"cash", "Cash Out", 1, "opens a gift: Cash Out (GIFTS-CASH-1)"},
	[GIFT_TAKE2] = {"take2", "Take 2", -1, "opens a gift: Take 2 (GIFTS-TAKE2-1)"},
};

static const char usage[] = "open synod X Y, open sweep X Y PLACE, open cash X Y PLACE, "
			    "open move X Y FROM TO, or open take2";

const char *
gift_word(int kind)
{
	return kind >= 0 && kind < GIFT_KINDS ? cards[kind].word : "?";
}

const char *
gift_title(int kind)
{
	return kind >= 0 && kind < GIFT_KINDS ? cards[kind].title : "an unknown gift";
}

int
gift_parse_word(const char *word)
{
	for (int k = 0; k < GIFT_KINDS; k++)
		if (strcasecmp(word, cards[k].word) == 0)
			return k;
	return -1;
}

/* The slot a place word names on the tile at x,y as turned, the one its
 * segment's name gives (as the legal list has it); any place word when
 * no tile is there (the check says so). */
static int
parse_place(const struct game *g, int x, int y, const char *word, uint8_t *slot,
	    struct rules_error *err)
{
	int p = g ? game_placed_at(g, x, y) : -1, s, seg;
	const struct tile_type *t = p >= 0 ? game_type(g, g->placed[p].type) : NULL;
	char name[PLACE_NAME_MAX];

	if (action_place_slot(word, &s, err) < 0)
		return -1;
	if (t != NULL) {
		if ((seg = place_resolve(t, g->placed[p].rot, word, &s)) == SEG_NONE)
			return rerr(err, RERR_ILLEGAL, "GIFTS-7",
				    "the tile at %d,%d has nothing at %s", x, y, word);
		s = place_name(t, g->placed[p].rot, seg, name);
	}
	*slot = (uint8_t)s;
	return 0;
}

static int
open_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	int card = n >= 2 ? gift_parse_word(w[1]) : -1;
	long x, y;

	if (card < 0)
		return rerr(err, RERR_PARSE, "GIFTS-7", "open which gift? Write %s", usage);
	*a = (struct action){.kind = ACT_OPEN, .rot = (uint8_t)card};
	if (cards[card].places < 0)
		return n == 2 ? 0
			      : rerr(err, RERR_PARSE, "GIFTS-7", "write just: open %s",
				     cards[card].word);
	if (n != 4 + cards[card].places || action_parse_long(w[2], -30000, 30000, &x) < 0 ||
	    action_parse_long(w[3], -30000, 30000, &y) < 0)
		return rerr(err, RERR_PARSE, "GIFTS-7", "write %s as: %s", cards[card].title,
			    card == GIFT_SYNOD	 ? "open synod X Y (the monastery's tile)"
			    : card == GIFT_MOVE ? "open move X Y FROM TO (places on that tile)"
						: "open sweep|cash X Y PLACE");
	a->x = (int16_t)x;
	a->y = (int16_t)y;
	a->at_slot = SLOT_CENTRE;
	if (card == GIFT_MOVE)
		return parse_place(g, a->x, a->y, w[4], &a->at_figure, err) < 0
			       ? -1
			       : parse_place(g, a->x, a->y, w[5], &a->at_slot, err);
	if (cards[card].places == 1)
		return parse_place(g, a->x, a->y, w[4], &a->at_slot, err);
	return 0;
}

/* A slot's place name on the tile at x,y as turned ("NE" for its field),
 * or the slot's own name. */
static const char *
place_at(const struct game *g, int x, int y, int slot, char name[PLACE_NAME_MAX])
{
	int p = g ? game_placed_at(g, x, y) : -1, s = SEG_NONE;
	const struct tile_type *t = p >= 0 ? game_type(g, g->placed[p].type) : NULL;

	if (t != NULL)
		s = tile_seg_at_slot(t, slot, g->placed[p].rot);
	if (s == SEG_NONE)
		return slot_name(slot);
	place_name(t, g->placed[p].rot, s, name);
	return name;
}

static int
open_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	char from[PLACE_NAME_MAX], to[PLACE_NAME_MAX];
	int card = a->rot < GIFT_KINDS ? a->rot : GIFT_TAKE2;

	if (cards[card].places < 0)
		return snprintf(buf, n, "open %s", cards[card].word);
	if (cards[card].places == 0)
		return snprintf(buf, n, "open %s %d %d", cards[card].word, a->x, a->y);
	if (card == GIFT_MOVE)
		return snprintf(buf, n, "open move %d %d %s %s", a->x, a->y,
				place_at(g, a->x, a->y, a->at_figure, from),
				place_at(g, a->x, a->y, a->at_slot, to));
	return snprintf(buf, n, "open %s %d %d %s", cards[card].word, a->x, a->y,
			place_at(g, a->x, a->y, a->at_slot, to));
}

/* GIFTS-7: the player's own place-tile decision, before the tile. */
static bool
at_place_tile(const struct game *g, int player)
{
	const struct frame *f = g->nframes ? &g->frames[g->nframes - 1] : NULL;

	return f != NULL && f->step == STEP_PLACE_ANY && f->owner == player && g->drawn >= 0;
}

static int
open_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	const struct gifts_state *st = gifts_state(g);

	if (a->rot >= GIFT_KINDS)
		return rerr(err, RERR_PARSE, "GIFTS-7", "no such gift: write %s", usage);
	if (!at_place_tile(g, player))
		return rerr(err, RERR_NOT_NOW, "GIFTS-7",
			    "not now: a gift is opened after you draw your tile and before you "
			    "place it");
	if (st->opened_turn == g->turn)
		return rerr(err, RERR_NOT_NOW, "GIFTS-7",
			    "you have opened a gift this turn already: one a turn; now place "
			    "your tile");
	if (!gifts_may_hold(g, player, a->rot))
		return rerr(err, RERR_ILLEGAL, "GIFTS-7",
			    "you hold no %s: open only a gift in your hand (carcpbem legal lists "
			    "them)",
			    cards[a->rot].title);
	return gift_effects[a->rot].check(g, player, a, err);
}

static void
open_apply(struct game *g, int player, const struct action *a)
{
	gifts_hand_open(g, player, a->rot);
	gifts_state(g)->opened_turn = g->turn;
	/* opened cards are public (GIFTS-7: face up on the discard pile) */
	event_add(g, &(struct game_event){.kind = EV_NOTE, .player = (int8_t)player, .tile = -1,
					  .rule = cards[a->rot].opened});
	gift_effects[a->rot].apply(g, player, a);
}

/* GIFTS-7: every card the player may open now, in card order. */
int
gifts_tile_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	const struct gifts_state *st = gifts_state(g);

	if (st->opened_turn == g->turn || st->held[player] == 0)
		return n;
	for (int k = 0; k < GIFT_KINDS; k++) {
		if (!gifts_may_hold(g, player, k))
			continue;
		if (gift_effects[k].legal != NULL) {
			n += gift_effects[k].legal(g, player, out + (n < cap ? n : cap),
						   n < cap ? cap - n : 0);
			continue;
		}
		struct action a = {.kind = ACT_OPEN, .rot = (uint8_t)k};
		if (gift_effects[k].check(g, player, &a, NULL) == 0) {
			if (n < cap)
				out[n] = a;
			n++;
		}
	}
	return n;
}

const struct rules_action gifts_actions[GIFTS_NACTIONS] = {
	{.kind = ACT_OPEN, .word = "open", .step = "place-tile", .parse = open_parse,
	 .format = open_format, .check = open_check, .apply = open_apply,
	 .keeps_decision = true},
	{.kind = ACT_KEEP, .word = "keep", .step = "keep", .parse = gifts_keep_parse,
	 .format = gifts_keep_format},
};
