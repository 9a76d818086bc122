/* Issue 25.1 (R2): module actions that answer the place-tile decision,
 * and actions that leave their decision to take. A throwaway module
 * gives each player a supply of one reserve tile (as the abbey will be):
 * - "reserve X Y R" places it instead of the drawn tile, which goes back
 *   into the bag; the figure decision follows on the reserve tile;
 * - "later" sets the drawn tile aside and draws another, once a turn: the
 *   place-tile decision stays (the engine puts its frame back).
 * Its tile_options hook lists both; the legal list, game_check and the
 * AI's count/nth see them; a game without the module refuses them; a game
 * file with them saves, loads (replaying the bag's put-back and set-aside)
 * and hashes the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "engine.h"
#include "gamefile.h"
#include "module.h"
#include "tap.h"
#include "legal-listed.h"
#include "catalog-with.h"

#define ACT_RESERVE ACT_KIND_COUNT
#define ACT_LATER (ACT_KIND_COUNT + 1)

struct reserve_state {
	bool used[MAX_PLAYERS];
	int later_turn; /* the turn "later" was played in, or 0 */
};

extern const struct rules_module reserve_module;

static bool
always(const struct rules_options *opt)
{
	(void)opt;
	return true;
}

static size_t
reserve_size(const struct game *g)
{
	(void)g;
	return sizeof(struct reserve_state);
}

static struct reserve_state *
reserve_state(const struct game *g)
{
	return module_state(g, &reserve_module);
}

static int
reserve_extra(const struct game *g)
{
	return g->nplayers;
}

/* The reserve tile: the start tile's type. */
static int
reserve_type(const struct game *g)
{
	return g->start_type;
}

static bool
may_later(const struct game *g)
{
	return reserve_state(g)->later_turn != g->turn && g->bag_next < g->bag_len;
}

static int
reserve_options(const struct game *g, int player, struct action *out, int n, int cap)
{
	int k = n;

	if (!reserve_state(g)->used[player]) {
		k += board_place_options(g, reserve_type(g), out + n, cap - n);
		for (int i = n; i < k && i < cap; i++)
			out[i].kind = ACT_RESERVE;
	}
	if (may_later(g) && k < cap)
		out[k++] = (struct action){.kind = ACT_LATER};
	return k;
}

static int
reserve_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	int cell = board_cell(g, a->x, a->y);

	if (reserve_state(g)->used[player])
		return rerr(err, RERR_ILLEGAL, "", "your reserve tile is played");
	if (cell < 0 || g->cells[cell].frontier < 0 ||
	    !board_fits(g, reserve_type(g), cell, a->rot))
		return rerr(err, RERR_ILLEGAL, "", "the reserve tile does not fit there");
	return 0;
}

static void
reserve_apply(struct game *g, int player, const struct action *a)
{
	reserve_state(g)->used[player] = true;
	bag_put_back(g, g->drawn);
	turn_place_tile(g, player, reserve_type(g), a);
}

static int
later_check(const struct game *g, int player, const struct action *a, struct rules_error *err)
{
	(void)player;
	(void)a;
	return may_later(g) ? 0 : rerr(err, RERR_ILLEGAL, "", "once a turn, with tiles left");
}

static void
later_apply(struct game *g, int player, const struct action *a)
{
	(void)a;
	reserve_state(g)->later_turn = g->turn;
	game_set_drawn_aside(g, player);
}

/* "reserve X Y DEGREES", "later" */
static int
reserve_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	int x, y, deg;

	(void)g;
	if (n != 4 || sscanf(w[1], "%d", &x) != 1 || sscanf(w[2], "%d", &y) != 1 ||
	    sscanf(w[3], "%d", &deg) != 1 || deg % 90 != 0 || deg < 0 || deg > 270)
		return rerr(err, RERR_PARSE, "", "write: reserve X Y ROTATION");
	*a = (struct action){.kind = ACT_RESERVE, .x = (int16_t)x, .y = (int16_t)y,
			     .rot = (uint8_t)(deg / 90)};
	return 0;
}

static int
reserve_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	return snprintf(buf, n, "reserve %d %d %d", a->x, a->y, 90 * a->rot);
}

static int
later_parse(const struct game *g, char **w, int n, struct action *a, struct rules_error *err)
{
	(void)g;
	(void)w;
	if (n != 1)
		return rerr(err, RERR_PARSE, "", "write: later");
	*a = (struct action){.kind = ACT_LATER};
	return 0;
}

static int
later_format(const struct game *g, const struct action *a, char *buf, size_t n)
{
	(void)g;
	(void)a;
	return snprintf(buf, n, "later");
}

static const struct rules_action reserve_actions[] = {
	{.kind = ACT_RESERVE, .word = "reserve", .step = "place-tile", .parse = reserve_parse,
	 .format = reserve_format, .check = reserve_check, .apply = reserve_apply},
	{.kind = ACT_LATER, .word = "later", .step = "place-tile", .parse = later_parse,
	 .format = later_format, .check = later_check, .apply = later_apply,
	 .keeps_decision = true},
};

const struct rules_module reserve_module = {
	.name = "t-reserve",
	.enabled = always,
	.actions = reserve_actions,
	.nactions = 2,
	.state_size = reserve_size,
	.extra_tiles = reserve_extra,
	.tile_options = reserve_options,
	.max_tile_options = 1,
};

static struct game *
new_game(const struct catalog *cat, int seed)
{
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct game *g;

	rules_options_default(&s.opt);
	s.seed[0] = (uint8_t)seed;
	if ((g = game_new(cat, &s, &err)) == NULL)
		diag("game_new: %s", err.text);
	return g;
}

static int
count_kind(const struct action *a, int n, int kind)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += a[i].kind == kind;
	return k;
}

static void
first_turn(const struct catalog *cat)
{
	struct game *g = new_game(cat, 2);
	int cap, n, drawn, aside, reserves, nth_same = 1;
	struct action *buf, first;
	struct rules_error err = {0};
	struct decision d;

	if (g == NULL)
		return;
	cap = game_legal_cap(g);
	buf = malloc(sizeof(*buf) * (size_t)cap);
	n = game_legal_actions(g, buf, cap);
	reserves = count_kind(buf, n, ACT_RESERVE);
	ok(reserves > 0 && count_kind(buf, n, ACT_LATER) == 1 &&
		   count_kind(buf, n, ACT_PLACE_TILE) == g->drawn_places,
	   "issue 25.1: place-tile lists the drawn tile's places, the reserve's (%d) and later", reserves);
	is_int(game_legal_count(g, buf, cap), n, "the AI's count sees them");
	for (int i = 0; i < n; i++) {
		struct action a = game_legal_nth(g, i, buf);
		nth_same &= memcmp(&a, &buf[i], sizeof(a)) == 0;
	}
	ok(nth_same, "and its k-th is the list's");

	drawn = g->drawn;
	aside = g->bag_aside;
	ok(game_apply_by(g, 0, &(struct action){.kind = ACT_LATER}, &err) == 0, "later: %s",
	   err.text);
	game_decision(g, &d);
	ok(d.kind == DECISION_PLACE_TILE && d.player == 0 && g->turn == 1,
	   "issue 25.1: the decision stays: alice places a tile in turn 1");
	ok(g->bag_aside == aside + 1 && g->bag[g->bag_len] == drawn,
	   "issue 25.1: the drawn tile is set aside, after the tiles left");
	ok(game_check(g, &(struct action){.kind = ACT_LATER}, &err) < 0,
	   "later only once a turn: %s", err.text);

	n = game_legal_actions(g, buf, cap);
	for (int i = 0; i < n; i++)
		if (buf[i].kind == ACT_RESERVE) {
			first = buf[i];
			break;
		}
	{
		int left = g->bag_len - g->bag_next, placed = g->nplaced;
		ok(game_apply_by(g, 1, &first, &err) < 0 && err.code == RERR_NOT_YOURS,
		   "bob may not play alice's reserve");
		ok(game_apply_by(g, 0, &first, &err) == 0, "issue 25.1: alice plays her reserve tile: %s",
		   err.text);
		ok(g->nplaced == placed + 1 && g->placed[placed].type == reserve_type(g) &&
			   g->placed[placed].player == 0 && g->placed[placed].x == first.x &&
			   g->placed[placed].y == first.y,
		   "it is on the board where she said, hers");
		is_int(g->bag_len - g->bag_next, left + 1, "the drawn tile went back into the bag");
	}
	game_decision(g, &d);
	ok(d.kind == DECISION_PLACE_FIGURE && d.player == 0 && d.tile == reserve_type(g),
	   "issue 25.1: then her figure decision, on the reserve tile");
	game_apply(g, &(struct action){.kind = ACT_PASS}, NULL);
	n = game_legal_actions(g, buf, cap);
	game_decision(g, &d);
	ok(d.player == 1 && count_kind(buf, n, ACT_RESERVE) > 0, "bob still has his reserve");
	game_apply(g, &(struct action){.kind = ACT_LATER}, NULL);
	n = game_legal_actions(g, buf, cap);
	game_apply(g, &buf[0], NULL); /* bob's drawn tile */
	game_apply(g, &(struct action){.kind = ACT_PASS}, NULL);
	n = game_legal_actions(g, buf, cap);
	ok(count_kind(buf, n, ACT_RESERVE) == 0 && count_kind(buf, n, ACT_LATER) == 1,
	   "alice's next turn: no reserve left, later again");
	ok(game_apply(g, &(struct action){.kind = ACT_RESERVE, .x = 40, .y = 40}, &err) < 0,
	   "a reserve where it does not fit is refused: %s", err.text);
	free(buf);
	game_free(g);
}

/* Whole games by the random player: every listed action applies. */
static void
random_games(const struct catalog *cat)
{
	int refused = 0, reserves = 0, laters = 0, over = 0;

	for (int seed = 1; seed <= 6; seed++) {
		struct game *g = new_game(cat, seed);
		int cap = game_legal_cap(g);
		struct action *buf = malloc(sizeof(*buf) * (size_t)cap), a;
		uint32_t r = (uint32_t)seed;
		while (buf && !g->over) {
			int n = game_legal_count(g, buf, cap);
			r = r * 1664525u + 1013904223u;
			a = game_legal_nth(g, (int)((r >> 8) % (uint32_t)n), buf);
			reserves += a.kind == ACT_RESERVE;
			laters += a.kind == ACT_LATER;
			if (game_apply(g, &a, NULL) < 0) {
				refused++;
				break;
			}
		}
		over += g->over;
		free(buf);
		game_free(g);
	}
	ok(over == 6 && refused == 0, "issue 25.1: six random games end, every listed action applied");
	ok(reserves > 0 && laters > 0, "they played reserves (%d) and laters (%d)", reserves,
	   laters);
}

/* The computer players (greedy, MCTS with 2 playouts) play a whole game:
 * what they choose is listed and applies. */
static void
ai_games(const struct catalog *cat)
{
	static const int kinds[] = {AI_GREEDY, AI_MCTS};

	for (int k = 0; k < 2; k++) {
		struct game *g = new_game(cat, 7);
		struct ai_params p;
		const char *why = NULL;
		int moves = 0;
		ai_params_default(&p);
		p.kind = kinds[k];
		p.playouts = 2;
		while (g && !g->over && why == NULL) {
			struct action a[AI_TURN_MAX];
			struct decision d;
			int n = 0;
			game_decision(g, &d);
			if (ai_choose(g, d.player, &p, a, &n, NULL) < 0 || n < 1)
				why = "no move";
			for (int i = 0; i < n && why == NULL; i++, moves++)
				if (!listed(g, &a[i]) || game_apply_by(g, d.player, &a[i], NULL) < 0)
					why = "an action not listed, or refused";
		}
		ok(g && g->over && why == NULL, "%s plays a game to its end (%d actions)%s%s",
		   ai_kind_name(kinds[k]), moves, why ? ": " : "", why ? why : "");
		game_free(g);
	}
}

static void
without_module(const struct catalog *base)
{
	struct game *g = new_game(base, 2);
	struct rules_error err = {0};

	ok(game_check(g, &(struct action){.kind = ACT_LATER}, &err) < 0 &&
		   strcmp(err.text, "first place the drawn tile (place X Y ROTATION)") == 0,
	   "issue 25.1: a game without the module refuses its action: %s", err.text);
	game_free(g);
}

/* The first legal action of kind (or any when kind < 0), as text. */
static void
legal_text(const struct gamefile *gf, int kind, char *text, size_t n)
{
	int cap = game_legal_cap(gf->game), k;
	struct action *buf = malloc(sizeof(*buf) * (size_t)cap);

	text[0] = '\0';
	k = buf ? game_legal_actions(gf->game, buf, cap) : 0;
	for (int i = 0; i < k; i++)
		if (kind < 0 || buf[i].kind == kind) {
			action_format(gf->game, &buf[i], text, n);
			break;
		}
	free(buf);
}

/* Some turns with both actions by their text, saved and loaded back: the
 * load replays them (the bag's put-back and set-aside included) and must
 * reach the same state. */
static void
file_round_trip(const struct catalog *cat)
{
	static const char *const names[] = {"alice", "bob"};
	static const int kinds[] = {ACT_LATER, ACT_RESERVE, ACT_PASS, ACT_LATER, -1, ACT_PASS,
				    -1, ACT_PASS, ACT_RESERVE, ACT_PASS};
	struct game_setup s = {.nplayers = 2, .start = -1};
	char dir[] = "/tmp/t-tileactions.XXXXXX", file[64], text[64], h1[GF_STATE_HEX + 1],
	     h2[GF_STATE_HEX + 1];
	struct gf_error ge = {0};
	struct gamefile *gf, *back;
	int played = 0;

	rules_options_default(&s.opt);
	s.seed[0] = 5;
	if ((gf = gamefile_new(cat, &s, names, &ge)) == NULL || mkdtemp(dir) == NULL) {
		ok(0, "a game file: %s", ge.text);
		return;
	}
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		struct rules_error re = {0};
		struct decision d;
		game_decision(gf->game, &d);
		legal_text(gf, kinds[i], text, sizeof(text));
		played += text[0] && gamefile_play_by(gf, d.player, text, &re) == 0;
	}
	is_int(played, 10, "ten actions by their text, reserves and laters among them");
	snprintf(file, sizeof(file), "%s/g.json", dir);
	ok(gamefile_save(gf, file, false, &ge) == 0, "saved (%s)", ge.text);
	back = gamefile_load(file, cat, &ge);
	ok(back != NULL, "issue 25.1: a game with place-tile answers loads back (%s)", ge.text);
	if (back) {
		char *a = gamefile_dumps(gf), *b = gamefile_dumps(back);
		gamefile_state_hash(gf, h1);
		gamefile_state_hash(back, h2);
		ok(a && b && strcmp(a, b) == 0 && strcmp(h1, h2) == 0,
		   "the same bytes and state hash after the round trip");
		free(a);
		free(b);
		gamefile_free(back);
	}
	gamefile_free(gf);
	unlink(file);
	rmdir(dir);
}

/* A module with an action answering place-tile but no tile_options hook
 * would let the action in unlisted: refused at creation. */
static void
no_hook(void)
{
	static const struct rules_module bad = {
		.name = "t-bad", .enabled = always, .actions = reserve_actions, .nactions = 1};
	static const struct rules_module *const mine[] = {&bad};
	struct catalog *cat = catalog_with(mine, 1);
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error re = {0};

	rules_options_default(&s.opt);
	ok(game_new(cat, &s, &re) == NULL && strstr(re.text, "without a tile_options hook"),
	   "issue 25.1: a module answering place-tile without the hook is refused: %s", re.text);
	catalog_with_free(cat);
}

int
main(void)
{
	static const struct rules_module *const mine[] = {&reserve_module};
	struct catalog *cat = catalog_with(mine, 1), *base = catalog_with(NULL, 0);

	first_turn(cat);
	random_games(cat);
	without_module(base);
	file_round_trip(cat);
	ai_games(cat);
	no_hook();
	catalog_with_free(cat);
	catalog_with_free(base);
	return done_testing();
}
