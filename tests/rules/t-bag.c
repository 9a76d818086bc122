/* The bag (bag.c) and the bag as a draw source (bag_ops.c): the base
 * game's shuffle is the one 0.1.0 made; putting back, setting aside and
 * taking back are driven by the seed and the operation's number, so the
 * same actions give the same bag and another seed another one. */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "tap.h"

/* BLAKE2b-128 of the bag's ids joined by spaces, as hex. */
static void
bag_digest(const struct game *g, int from, int to, char hex[33])
{
	crypto_generichash_state st;
	unsigned char h[16];

	crypto_generichash_init(&st, NULL, 0, sizeof(h));
	for (int i = from; i < to; i++) {
		const char *id = g->cat->types[g->bag[i]].id;
		if (i > from)
			crypto_generichash_update(&st, (const unsigned char *)" ", 1);
		crypto_generichash_update(&st, (const unsigned char *)id, strlen(id));
	}
	crypto_generichash_final(&st, h, sizeof(h));
	sodium_bin2hex(hex, 33, h, sizeof(h));
}

static struct game *
new_game(const struct catalog *cat, int edition, bool river, uint8_t seedbyte)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&s.opt);
	s.opt.edition = edition;
	module_set(&s.opt, MOD_RIVER, river);
	memset(s.seed, seedbyte, SEED_BYTES);
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game_new: %s", err.text);
	return g;
}

/* The bags of seed 0, as carcpbem 0.1.0 dealt them (its game files'
 * secret.bag, hashed the same way). */
static void
test_pinned(const struct catalog *cat)
{
	struct game *g = new_game(cat, 1, false, 0);
	char hex[33];

	bag_digest(g, 0, g->bag_len, hex);
	is_int(g->bag_len, 71, "the base bag: 71 tiles");
	is_str(hex, "db6fedb9a084cf6bf63c2328641a6668", "the base bag of seed 0 as 0.1.0");
	game_free(g);
	g = new_game(cat, 2, true, 0);
	bag_digest(g, 0, g->bag_len, hex);
	is_int(g->bag_len, 82, "2nd edition with the river: 82 tiles");
	is_str(hex, "9a7917d66a51fc90b287e0ece2674846", "that bag of seed 0 as 0.1.0");
	is_int(g->bag_ops + g->bag_aside, 0, "no bag operation in a new game");
	game_free(g);
}

/* A fixed script of operations; returns the put-back positions. */
static void
script(struct game *g, int *pos)
{
	int a = g->bag[g->bag_next], b = g->bag[g->bag_len - 1];

	pos[0] = bag_put_back(g, a);
	pos[1] = bag_set_aside(g, b);
	pos[2] = bag_put_back(g, b);
	pos[3] = bag_take_aside(g, b);
	pos[4] = bag_put_back(g, a);
}

static void
test_replay(const struct catalog *cat)
{
	struct game *g1 = new_game(cat, 1, false, 7), *g2 = new_game(cat, 1, false, 7);
	struct game *g3 = new_game(cat, 1, false, 8), *c;
	int p1[5], p2[5], p3[5], left;
	char h1[33], h2[33], h3[33];

	/* three tiles drawn: room on the board for three to come back */
	g1->bag_next = g2->bag_next = g3->bag_next = 3;
	left = game_tiles_left(g1);
	script(g1, p1);
	script(g2, p2);
	script(g3, p3);
	ok(memcmp(p1, p2, sizeof(p1)) == 0, "the same seed and actions: the same positions");
	bag_digest(g1, 0, g1->bag_len + g1->bag_aside, h1);
	bag_digest(g2, 0, g2->bag_len + g2->bag_aside, h2);
	is_str(h1, h2, "the same seed and actions: the same bag");
	is_int(g1->bag_ops, 3, "three operations drew from the seed");
	is_int(game_tiles_left(g1), left + 2,
	       "three put back, one taken aside for good: two more to draw");
	is_int(g1->bag_aside, 0, "the tile set aside was taken back");
	is_int(p1[1], 0, "set aside");
	is_int(p1[3], 0, "taken back");
	ok(p1[0] >= g1->bag_next && p1[0] < g1->bag_len, "put back among the tiles left");
	bag_digest(g3, 0, g3->bag_len, h3);
	ok(strcmp(h1, h3) != 0, "another seed, another bag");

	/* a clone goes on exactly as its original */
	c = game_clone(g1);
	is_int(bag_put_back(c, 0), bag_put_back(g1, 0), "a clone puts back where its original does");
	game_free(c);
	game_free(g1);
	game_free(g2);
	game_free(g3);
}

/* Over many operations every place among the tiles left is used: the
 * stream does not repeat one position. */
static void
test_positions(const struct catalog *cat)
{
	struct game *g = new_game(cat, 1, false, 9);
	int seen[8] = {0}, distinct = 0;

	g->bag_next = g->bag_len - 7; /* seven left */
	for (int i = 0; i < 400; i++) {
		int type = g->bag[g->bag_next], pos;
		if (bag_set_aside(g, type) < 0 || bag_take_aside(g, type) < 0)
			bail_out("set aside and take back %d", type);
		pos = bag_put_back(g, type);
		/* six left while it is out: seven places to go back to */
		seen[pos - g->bag_next]++;
	}
	for (int i = 0; i < 8; i++)
		distinct += seen[i] > 20;
	is_int(distinct, 7, "each of the 7 places taken more than 20 times in 400");
	is_int(seen[7], 0, "and no other");
	is_int(bag_set_aside(g, 9999), -1, "no copy of an unknown type to set aside");
	is_int(bag_take_aside(g, g->bag[g->bag_next]), -1, "nothing set aside to take back");
	is_int(bag_put_back(g, -1), -1, "no such type to put back");
	game_free(g);

	/* the board holds the tiles the game began with: one tile is drawn
	 * (in hand), so one may come back, and no second */
	g = new_game(cat, 1, false, 10);
	ok(bag_put_back(g, g->drawn) >= 0, "the drawn tile goes back");
	is_int(bag_put_back(g, g->drawn), -1, "a tile comes back only after one left the bag");
	game_free(g);
}

int
main(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);

	if (cat == NULL)
		bail_out("catalog_load_builtin: %s", err.text);
	if (sodium_init() < 0)
		bail_out("sodium_init");
	test_pinned(cat);
	test_replay(cat);
	test_positions(cat);
	catalog_free(cat);
	return done_testing();
}
