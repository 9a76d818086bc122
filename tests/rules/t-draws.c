/* Issue 25.1 (R2): the draw hook and draw sources. A throwaway module
 * keeps a second pile of three tiles outside the bag (a bonus stack) and
 * deals its tiles on every fourth turn through its draw hook; the board
 * has room for them (extra_tiles), the bag is not touched by those draws,
 * such a tile cannot be set aside as the bag's, and the game still ends
 * when the bag is empty. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "module.h"
#include "tap.h"
#include "catalog-with.h"

#define PILE 3

struct pile_state {
	int left, dealt, hook_calls;
};

extern const struct rules_module pile_module;

static bool
always(const struct rules_options *opt)
{
	(void)opt;
	return true;
}

static size_t
pile_size(const struct game *g)
{
	(void)g;
	return sizeof(struct pile_state);
}

static struct pile_state *
pile_state(const struct game *g)
{
	return module_state(g, &pile_module);
}

static void
pile_setup(struct game *g)
{
	pile_state(g)->left = PILE;
}

static int
pile_extra(const struct game *g)
{
	(void)g;
	return PILE;
}

/* The start tile's type: a tile that fits in many places. */
static int
pile_draw(struct game *g, int owner, int arg)
{
	struct pile_state *s = pile_state(g);

	(void)owner;
	s->hook_calls++;
	if (arg != 0 || s->left == 0 || (g->turn + 1) % 4 != 0)
		return -1;
	s->left--;
	s->dealt++;
	return g->start_type;
}

const struct rules_module pile_module = {
	.name = "t-pile",
	.enabled = always,
	.state_size = pile_size,
	.setup = pile_setup,
	.extra_tiles = pile_extra,
	.draw = pile_draw,
};

static int
count_events(const struct game *g, int kind)
{
	int n = 0;

	for (int i = 0; i < g->nevents; i++)
		n += g->events[i].kind == kind;
	return n;
}

static void
second_pile(const struct catalog *cat)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct game *g;
	struct action *buf;
	uint32_t r = 3;
	int cap, from_pile = 0, bag_still = 0, aside_refused = 0, placed, gone;

	rules_options_default(&s.opt);
	s.seed[0] = 21;
	if ((g = game_new(cat, &s, &err)) == NULL) {
		diag("game_new: %s", err.text);
		return;
	}
	is_int(g->capacity, g->bag_len + 1 + PILE, "issue 25.1: the board has room for the pile's tiles");
	cap = game_legal_cap(g);
	buf = malloc(sizeof(*buf) * (size_t)cap);
	while (buf && !g->over) {
		int next = g->bag_next, turn = g->turn, n;
		struct decision d;
		game_decision(g, &d);
		if (d.kind == DECISION_PLACE_TILE && g->turn % 4 == 0 && g->drawn_outside) {
			from_pile++;
			aside_refused += game_set_drawn_aside(g, d.player) < 0;
		}
		n = game_legal_actions(g, buf, cap);
		r = r * 1664525u + 1013904223u;
		if (n <= 0 || game_apply(g, &buf[(r >> 8) % (uint32_t)n], &err) < 0) {
			diag("refused: %s", err.text);
			break;
		}
		/* a turn dealt from the pile took nothing from the bag */
		if (g->turn != turn && g->drawn_outside && !g->over)
			bag_still += g->bag_next == next;
	}
	ok(g->over, "the game ends when the bag is empty");
	is_int(pile_state(g)->dealt, PILE, "issue 25.1: the pile dealt its three tiles, on turns 4, 8 and 12");
	ok(from_pile == PILE && bag_still == PILE,
	   "issue 25.1: each was the turn's tile, the bag untouched by its draw (%d, %d)", from_pile,
	   bag_still);
	is_int(aside_refused, PILE, "issue 25.1: a tile of the pile cannot be set aside as the bag's");
	placed = g->nplaced - 1;
	gone = count_events(g, EV_DISCARD);
	is_int(placed + gone, g->bag_len + PILE, "every tile of the bag and the pile was played");
	ok(pile_state(g)->hook_calls > g->turn, "the hook was asked at every draw");
	free(buf);
	game_free(g);
}

int
main(void)
{
	static const struct rules_module *const mine[] = {&pile_module};
	struct catalog *cat = catalog_with(mine, 1);

	second_pile(cat);
	catalog_with_free(cat);
	return done_testing();
}
