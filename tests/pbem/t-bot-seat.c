/* bot_seat_turn (bot.h), what the deadline's bot seats call: a whole
 * turn for the seat, as legal writes actions, that the host's game then
 * accepts; the same turn whatever the hidden order of the tiles to come
 * (it plays on the seat's view); the host's game left unchanged; another
 * seat's decision refused. */
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "gamefile.h"
#include "tap.h"

static const char *const names[] = {"alice", "bob", NULL};

static struct gamefile *
game_of(const struct catalog *cat, const int *order, int n)
{
	struct game_setup s = {.nplayers = 2, .start = -1, .order = order, .norder = n};
	struct gf_error err = {"", ""};
	struct gamefile *gf;

	rules_options_default(&s.opt);
	memcpy(s.seed, "t-bot-seat", 10);
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	return gf;
}

int
main(void)
{
	struct rules_error re = {0};
	struct catalog *cat = catalog_load_builtin(&re);
	struct gamefile *a, *b;
	char t1[TURN_MAX_ACTIONS][TURN_ACTION_LEN + 1], t2[TURN_MAX_ACTIONS][TURN_ACTION_LEN + 1];
	char why[300];
	struct ai_params p;
	int *order, n, r1, r2, played;

	if (cat == NULL)
		bail_out("catalog: %s", re.text);
	a = game_of(cat, NULL, 0);
	n = a->nbag;
	if ((order = malloc(sizeof(int) * (size_t)n)) == NULL)
		bail_out("out of memory");
	order[0] = a->bag[0]; /* the tile drawn; the rest reversed */
	for (int i = 1; i < n; i++)
		order[i] = a->bag[n - i];
	b = game_of(cat, order, n);
	ok(a->game->bag[a->game->bag_next] != b->game->bag[b->game->bag_next],
	   "control: the two games draw different tiles next");
	ai_params_default(&p);
	p.playouts = 200;
	memcpy(p.seed, "seat", 4);
	r1 = bot_seat_turn(a, 0, &p, t1, TURN_MAX_ACTIONS, why, sizeof(why));
	r2 = bot_seat_turn(b, 0, &p, t2, TURN_MAX_ACTIONS, why, sizeof(why));
	ok(r1 == 2 && r2 == 2 && strcmp(t1[0], t2[0]) == 0 && strcmp(t1[1], t2[1]) == 0,
	   "MCTS on the seat's view: the same turn whatever the bag order (%s; %s)", t1[0],
	   t1[1]);
	ok(a->naction == 0, "the host's game is unchanged");
	played = 0;
	for (int i = 0; i < r1; i++)
		played += gamefile_play_by(a, 0, t1[i], &re) == 0;
	ok(played == 2 && a->game->turn == 2, "the host's game accepts the turn");
	ok(bot_seat_turn(a, 0, &p, t1, TURN_MAX_ACTIONS, why, sizeof(why)) < 0,
	   "alice's turn refused while bob's decision is due (%s)", why);
	p.kind = AI_GREEDY;
	r1 = bot_seat_turn(a, 1, &p, t1, TURN_MAX_ACTIONS, why, sizeof(why));
	ok(r1 == 2 && gamefile_play_by(a, 1, t1[0], &re) == 0 &&
	   gamefile_play_by(a, 1, t1[1], &re) == 0, "greedy for bob: %s; %s", t1[0], t1[1]);
	free(order);
	gamefile_free(a);
	gamefile_free(b);
	catalog_free(cat);
	done_testing();
}
