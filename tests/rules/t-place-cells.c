/* A module's place_cells (module.h) narrows where a tile with its
 * placement rule is tried: the river lists its open ends, and the
 * frontier is not searched. The placements listed, counted and taken by
 * index must be exactly those board_fits (place_ok at every cell of the
 * frontier, in every rotation) allows, in frontier order. */
#include <string.h>

#include "engine.h"
#include "exp/exp.h"
#include "tap.h"

#define GAMES 60
#define CAP 2048

struct tally {
	int decisions, wrong_list, wrong_count, wrong_nth, narrowed;
};

/* Every fitting placement of the drawn tile, by a search of the whole
 * frontier, in frontier order. */
static int
all_fitting(const struct game *g, int type, struct action *out, int cap)
{
	int n = 0;

	for (int i = 0; i < g->nfrontier; i++) {
		int cell = g->front_cell[i];
		for (int rot = 0; rot < 4; rot++)
			if (board_fits(g, type, cell, rot) && n < cap)
				out[n++] = g->front_place[i], out[n - 1].rot = (uint8_t)rot;
	}
	return n;
}

static void
check_decision(const struct game *g, int type, struct action *buf, struct tally *t)
{
	static struct action want[CAP], got[CAP];
	int nw = all_fitting(g, type, want, CAP), ng = game_legal_actions(g, got, CAP);
	int count = game_legal_count(g, buf, CAP);

	t->decisions++;
	t->wrong_list += ng != nw || memcmp(got, want, sizeof(*got) * (size_t)nw) != 0;
	t->wrong_count += count != nw;
	for (int k = 0; k < nw && k < count; k++) {
		struct action a = game_legal_nth(g, k, buf);
		t->wrong_nth += memcmp(&a, &want[k], sizeof(a)) != 0;
	}
	t->narrowed += river_open_ends(g) < g->nfrontier;
}

static void
play(const struct catalog *cat, uint32_t with, int seed, struct tally *t)
{
	static struct action buf[CAP];
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct rules_error err = {0};
	struct decision d;
	struct game *g;
	uint32_t rng = (uint32_t)seed * 2654435761u + 1;

	rules_options_default(&s.opt);
	s.opt.with = with;
	s.opt.edition = 1 + seed % 2;
	memset(s.seed, seed, SEED_BYTES);
	if ((g = game_new(cat, &s, &err)) == NULL)
		bail_out("game_new: %s", err.text);
	for (game_decision(g, &d); d.player >= 0; game_decision(g, &d)) {
		int n;
		if (d.kind == DECISION_PLACE_TILE && tile_has_place_rule(game_type(g, d.tile)))
			check_decision(g, d.tile, buf, t);
		n = game_legal_actions(g, buf, CAP);
		if (n <= 0)
			bail_out("no legal action");
		rng = rng * 1103515245u + 12345u;
		if (game_apply(g, &buf[(rng >> 8) % (uint32_t)(n < CAP ? n : CAP)], &err) < 0)
			bail_out("game_apply: %s", err.text);
	}
	game_free(g);
}

int
main(void)
{
	static const struct {
		uint32_t with;
		const char *name;
	} games[] = {
		{MODULE_BIT(MOD_RIVER), "river"},
		{MODULE_BIT(MOD_RIVER2), "river2"},
		{MODULE_BIT(MOD_RIVER) | MODULE_BIT(MOD_RIVER2) | MODULE_BIT(MOD_GQ11),
		 "river, river2 and gq11"},
	};
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);

	if (cat == NULL)
		bail_out("catalog_load_builtin: %s", err.text);
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		struct tally t = {0};
		for (int seed = 1; seed <= GAMES; seed++)
			play(cat, games[i].with, seed, &t);
		ok(t.decisions > 10 * GAMES, "%s: %d river tile decisions checked", games[i].name,
		   t.decisions);
		is_int(t.wrong_list, 0, "%s: RIVER-3: the listed placements are board_fits' "
					"at every frontier cell, in frontier order", games[i].name);
		is_int(t.wrong_count, 0, "%s: the count is the same", games[i].name);
		is_int(t.wrong_nth, 0, "%s: the k-th by index is the list's k-th", games[i].name);
		ok(t.narrowed > 0, "%s: the search was narrowed to the open ends (%d decisions "
				   "with fewer ends than frontier cells)", games[i].name, t.narrowed);
	}
	catalog_free(cat);
	return done_testing();
}
