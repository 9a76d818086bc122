/* Issue 26.1, hidden information in the engine (bag_hidden.c): tiles
 * drawn in secret, put back and set aside, as the host's game and a game
 * replayed blind from a view see them. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "tap.h"

static const struct catalog *cat;

static struct game *
new_game(uint8_t seed, const int *log, int nlog, int viewer)
{
	struct game_setup s = {.nplayers = 3, .start = -1, .blind = log != NULL,
			       .viewer = viewer, .log = log, .nlog = nlog};
	struct rules_error re = {0};
	struct game *g;

	rules_options_default(&s.opt);
	s.seed[0] = seed;
	if ((g = game_new(cat, &s, &re)) == NULL)
		bail_out("game_new: %s", re.text);
	return g;
}

static void
counts(const struct game *g, int *c)
{
	game_remaining_counts(g, c);
}

static bool
same_counts(const int *a, const int *b)
{
	return memcmp(a, b, sizeof(*a) * (size_t)cat->ntypes) == 0;
}

/* The first legal action: plays a turn on. */
static void
play(struct game *g, int n)
{
	struct action *a = malloc(sizeof(*a) * (size_t)game_legal_cap(g));

	for (int i = 0; a && i < n && !g->over; i++)
		if (game_legal_actions(g, a, game_legal_cap(g)) < 1 ||
		    game_apply(g, &a[0], NULL) < 0)
			break;
	free(a);
}

static uint32_t
below(void *ctx, uint32_t n)
{
	uint32_t *x = ctx;

	*x = *x * 1103515245u + 12345u;
	return (*x >> 8) % n;
}

static void
test_secret_draw(void)
{
	struct game *g = new_game(7, NULL, 0, -1);
	int *before = calloc(cat->ntypes, sizeof(int)), *now = calloc(cat->ntypes, sizeof(int));
	int left, t, k;

	play(g, 4);
	ok(!game_blind(g), "issue 26.1: a host's game is not blind");
	counts(g, before);
	left = game_tiles_left(g);
	k = game_drawn_count(g);
	t = game_draw_secret(g, 1);
	ok(t >= 0, "issue 26.1: game_draw_secret gives its owner the tile (%s)",
	   t >= 0 ? cat->types[t].id : "none");
	is_int(game_tiles_left(g), left - 1, "issue 26.1: one tile fewer in the pile");
	is_int(game_drawn_seen(g, k, 1), t, "issue 26.1: its owner sees it in the log");
	is_int(game_drawn_seen(g, k, -1), TILE_UNKNOWN, "issue 26.1: the public sees \"?\"");
	is_int(game_drawn_seen(g, k, 0), TILE_UNKNOWN, "issue 26.1: another player too");
	counts(g, now);
	ok(same_counts(before, now), "issue 26.1: the counts to come keep a secret tile held");
	ok(game_put_back(g, t) >= g->bag_next, "issue 26.1: put back among the tiles left");
	is_int(game_returned(g), 1, "issue 26.1: returned counts it");
	is_int(game_tiles_left(g), left, "issue 26.1: the pile as before");
	counts(g, now);
	ok(same_counts(before, now), "issue 26.1: a tile drawn and put back: the counts as before");
	is_int(game_drawn_seen(g, k, 1), TILE_UNKNOWN,
	       "issue 26.1: put back, it is not its owner's to see any more");
	is_int(game_put_back(g, TILE_UNKNOWN), -1,
	       "issue 26.1: no tile to put back that nobody holds");

	/* another, revealed (a kept tile placed) */
	k = game_drawn_count(g);
	t = game_draw_secret(g, 2);
	is_int(game_reveal(g, 2, t), t, "issue 26.1: game_reveal shows the kept tile");
	is_int(game_drawn_seen(g, k, -1), t, "issue 26.1: the log names it from then on");
	counts(g, now);
	now[t]++;
	ok(same_counts(before, now), "issue 26.1: revealed, it counts as drawn");
	free(before);
	free(now);
	game_free(g);
}

/* The same seed puts back at the same places; the place is chance. */
static void
test_put_back_place(void)
{
	struct game *a = new_game(9, NULL, 0, -1), *b = new_game(9, NULL, 0, -1);
	int pa = 0, pb = 0, t;
	bool same = true, moves = false;

	for (int i = 0; i < 12; i++) {
		t = game_draw_secret(a, 0);
		pa = game_put_back(a, t);
		t = game_draw_secret(b, 0);
		pb = game_put_back(b, t);
		same &= pa == pb;
		moves |= pa != a->bag_next;
	}
	ok(same && memcmp(a->bag, b->bag, sizeof(*a->bag) * (size_t)a->bag_len) == 0,
	   "issue 26.1: put back from the committed randomness: the same seed, the same places");
	ok(moves, "issue 26.1: and not always on top");
	game_free(a);
	game_free(b);
}

static void
test_shuffle_back(void)
{
	struct game *g = new_game(11, NULL, 0, -1);
	int *before = calloc(cat->ntypes, sizeof(int)), *now = calloc(cat->ntypes, sizeof(int));
	int left = game_tiles_left(g);

	counts(g, before);
	bag_set_aside(g, g->bag[g->bag_next + 3]);
	bag_set_aside(g, g->bag[g->bag_next + 7]);
	is_int(game_tiles_left(g), left - 2, "issue 26.1: two tiles set aside");
	is_int(game_shuffle_back_aside(g), 2, "issue 26.1: game_shuffle_back_aside: both back");
	is_int(g->bag_aside, 0, "issue 26.1: none aside");
	is_int(game_tiles_left(g), left, "issue 26.1: the pile as before");
	is_int(game_returned(g), 0, "issue 26.1: returned counts none: they were never drawn");
	counts(g, now);
	ok(same_counts(before, now), "issue 26.1: the same tiles to come");
	free(before);
	free(now);
	game_free(g);
}

/* Chance after game_redeal: the host's copy and the view's draw alike,
 * and not the host's own. */
static void
redealt_chance(const struct game *h, const struct game *b)
{
	struct game *hc = game_clone(h), *bc = game_clone(b), *real = game_clone(h);
	uint32_t r1 = 3, r2 = 3;
	bool same = true, differs = false, known = true;

	game_redeal(hc, 0, below, &r1);
	game_redeal(bc, 0, below, &r2);
	for (int i = 0; i < 8; i++) {
		int x = game_random_below(hc, 1000), y = game_random_below(bc, 1000);
		same &= x == y;
		known &= y >= 0;
		differs |= x != game_random_below(real, 1000);
	}
	ok(!game_blind(bc) && known, "issue 26.1: a view's game redealt draws its own chance");
	ok(same, "issue 26.1: the host's game and the view's, redealt, draw the same chance");
	ok(differs, "issue 26.1: not the host's chance to come");
	game_free(hc);
	game_free(bc);
	game_free(real);
}

/* A blind game follows the log it is given: its draws, a secret tile it
 * cannot see, the counts. */
static void
test_blind(void)
{
	struct game *h = new_game(13, NULL, 0, -1), *b;
	int log[64], n = 0, t, hidden_at;
	int *ch = calloc(cat->ntypes, sizeof(int)), *cb = calloc(cat->ntypes, sizeof(int));
	struct game_setup s = {.nplayers = 3, .start = -1};
	struct rules_error re = {0};
	int *pile = malloc(sizeof(int) * (size_t)h->bag_len), npile = h->bag_len;

	/* the blind game's pile: every tile, in catalogue order */
	for (int i = 0; i < npile; i++)
		pile[i] = h->bag[i];
	for (int i = 1; i < npile; i++)
		for (int j = i; j > 0 && pile[j - 1] > pile[j]; j--) {
			int x = pile[j];
			pile[j] = pile[j - 1];
			pile[j - 1] = x;
		}
	play(h, 6);
	hidden_at = game_drawn_count(h);
	t = game_draw_secret(h, 1);
	game_put_back(h, t);
	play(h, 6);
	for (n = 0; n < game_drawn_count(h); n++)
		log[n] = game_drawn_seen(h, n, -1);
	is_int(log[hidden_at], TILE_UNKNOWN, "issue 26.1: the public log has \"?\" for it");

	rules_options_default(&s.opt);
	s.order = pile;
	s.norder = npile;
	s.blind = true;
	s.viewer = -1;
	s.log = log;
	s.nlog = n;
	if ((b = game_new(cat, &s, &re)) == NULL)
		bail_out("blind game_new: %s", re.text);
	ok(game_blind(b), "issue 26.1: a game with a log is blind");
	play(b, 6);
	is_int(game_draw_secret(b, 1), TILE_UNKNOWN,
	       "issue 26.1: a blind game draws the unknown tile as unknown");
	ok(game_put_back(b, TILE_UNKNOWN) >= 0, "issue 26.1: and puts it back, unnamed");
	play(b, 6);
	is_int(game_log_fault(b), 0, "issue 26.1: the log's every tile was there to draw");
	is_int(game_drawn_count(b), game_drawn_count(h), "issue 26.1: as many draws");
	is_int(game_tiles_left(b), game_tiles_left(h), "issue 26.1: tiles left exact");
	is_int(game_returned(b), game_returned(h), "issue 26.1: returned the same");
	counts(h, ch);
	counts(b, cb);
	ok(same_counts(ch, cb), "issue 26.1: the same counts to come");
	is_int(b->player[0].score + b->player[1].score + b->player[2].score,
	       h->player[0].score + h->player[1].score + h->player[2].score,
	       "issue 26.1: the same points");
	redealt_chance(h, b);
	game_free(b);
	game_free(h);
	free(pile);
	free(ch);
	free(cb);
}

/* game_redeal for a seat: a tile another seat holds in secret is dealt
 * from what the seat cannot see; its own stays. */
static void
test_redeal(void)
{
	struct game *g = new_game(17, NULL, 0, -1), *c;
	uint32_t r = 5;
	int k, t, own_kept = 0, other_moved = 0;

	play(g, 3);
	k = game_drawn_count(g);
	t = game_draw_secret(g, 1);
	for (int i = 0; i < 40; i++) {
		c = game_clone(g);
		game_redeal(c, 1, below, &r);
		own_kept += c->bag[k] == t;
		game_free(c);
		c = game_clone(g);
		game_redeal(c, 0, below, &r);
		other_moved += c->bag[k] != t;
		game_free(c);
	}
	is_int(own_kept, 40, "issue 26.1: game_redeal keeps the seat's own secret tile");
	ok(other_moved > 20, "issue 26.1: and deals another seat's afresh (%d of 40 differ)",
	   other_moved);
	game_free(g);
}

int
main(void)
{
	struct rules_error re = {0};

	if ((cat = catalog_load_builtin(&re)) == NULL)
		bail_out("%s", re.text);
	test_secret_draw();
	test_put_back_place();
	test_shuffle_back();
	test_blind();
	test_redeal();
	{
		struct game_event e = {.secret_of = 2};
		ok(game_event_seen(&e, 1) && !game_event_seen(&e, 0) && !game_event_seen(&e, -1),
		   "issue 26.1: an event with a secret is its seat's alone");
	}
	catalog_free((struct catalog *)cat);
	return done_testing();
}
