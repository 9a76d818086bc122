/* carcpbem show: the state of a game: players, the decision due, the
 * figures on the board and the board itself. Reads only. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const struct cli_opt show_opts[] = {
	{OPT_JSON, "json", 0, NULL, "print the same facts as one JSON object"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"show",
	"GAME [--json]",
	"Shows the scores and supplies, the decision due, the figures on the board\n"
	"and the board of GAME (see BOARD in carcpbem(1) for how it is drawn).",
	{show_opts, NULL, NULL},
};

static void
show_players(const struct gamefile *gf)
{
	char hand[256];

	cli_say(stdout, "Players:\n");
	report_players(stdout, gf);
	/* a hand only to its owner: his view; the host sees every seat's */
	for (int p = 0; p < gf->nplayers; p++)
		if ((gf->view == GF_VIEW_HOST || p == gf->me) &&
		    report_secret(gf->game, p, hand, sizeof(hand)) > 0)
			cli_say(stdout, "  %c %s holds, seen by %s alone: %s\n", seat_letter(p),
				gf->name[p], p == gf->me ? "you" : "them", hand);
}

static void
show_figures(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	char buf[160];
	int n = 0;

	cli_say(stdout, "Figures on the board:\n");
	for (int i = 0; i < g->nfigures; i++) {
		if (g->figure[i].loc == LOC_SUPPLY)
			continue;
		figure_describe(g, i, buf, sizeof(buf));
		cli_say(stdout, "  %c %s: %s\n", seat_letter(g->figure[i].owner),
		       gf->name[g->figure[i].owner], buf);
		n++;
	}
	if (n == 0)
		cli_say(stdout, "  none\n");
}

static int
show_text(const char *path, const struct gamefile *gf)
{
	char rules[256], *board = textboard(gf);

	if (board == NULL) {
		cli_error("out of memory");
		return EXIT_FAIL;
	}
	rules_describe(&gf->setup.opt, rules, sizeof(rules));
	cli_say(stdout, "Game %s: %d player%s; %s.\n\n", path, gf->nplayers,
		gf->nplayers == 1 ? "" : "s", rules);
	show_players(gf);
	putchar('\n');
	if (gf->game->over)
		report_final(stdout, gf);
	else
		report_decision(stdout, gf);
	putchar('\n');
	show_figures(gf);
	cli_say(stdout, "\nBoard:\n%s", board);
	free(board);
	return EXIT_OK;
}

/* The modules' tokens seat holds: ["King", "Robber Baron"]. */
static json_t *
tokens_held_json(const struct game *g, int seat)
{
	struct rules_token t[8];
	int n = game_tokens(g, t, 8);
	json_t *a = json_array();

	for (int i = 0; i < n && i < 8; i++)
		if (t[i].holder == seat)
			json_array_append_new(a, json_string(t[i].name));
	return a;
}

/* What seat holds of the modules' stocks: {"wine": 2, "grain": 0, ...}. */
static json_t *
holdings_json(const struct game *g, int seat)
{
	struct rules_holding h[8];
	int n = game_holdings(g, seat, h, 8);
	json_t *o = json_object();

	for (int i = 0; i < n && i < 8; i++)
		json_object_set_new(o, h[i].name, json_integer(h[i].count));
	return o;
}

static json_t *
players_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *a = json_array();
	int ntok = game_tokens(g, NULL, 0);

	for (int p = 0; p < gf->nplayers; p++) {
		const struct player_state *ps = &g->player[p];
		char letter[2] = {seat_letter(p), '\0'};
		json_t *pl = json_pack("{s:s, s:i, s:s, s:i}", "name", gf->name[p], "seat",
				       p + 1, "letter", letter, "score", ps->score);
		/* per figure type: a count, or whether the one figure is home */
		for (int i = 0; i < g->nftypes; i++) {
			const struct figure_type_def *t = figure_type_of(g, g->ftypes[i]);
			char key[64];
			int have = ps->supply[t->id];
			if (t->supply > 1) {
				json_object_set_new(pl, gamefile_supply_key(t, key, sizeof(key)),
						    json_integer(have));
			} else {
				snprintf(key, sizeof(key), "%s_in_supply", t->name);
				for (char *c = key; *c; c++) /* "big_follower_in_supply" */
					*c = *c == ' ' ? '_' : *c;
				json_object_set_new(pl, key, json_boolean(have > 0));
			}
		}
		if (ntok > 0)
			json_object_set_new(pl, "tokens", tokens_held_json(g, p));
		if (game_holdings(g, p, NULL, 0) > 0)
			json_object_set_new(pl, "holds", holdings_json(g, p));
		if (gf->view == GF_VIEW_HOST || p == gf->me)
			json_object_set_new(pl, "secret", secret_json(g, p));
		json_array_append_new(a, pl);
	}
	return a;
}

static json_t *
tiles_json(const struct game *g)
{
	json_t *a = json_array();

	for (int p = 0; p < g->nplaced; p++) {
		const struct placed_tile *pt = &g->placed[p];
		json_array_append_new(a, json_pack("{s:s, s:i, s:i, s:i}", "id",
						   g->cat->types[pt->type].id, "x", pt->x,
						   "y", pt->y, "rotation", pt->rot * 90));
	}
	return a;
}

static json_t *
board_json(const char *board)
{
	json_t *a = json_array();

	for (const char *p = board; *p;) {
		size_t len = strcspn(p, "\n");
		json_array_append_new(a, json_stringn(p, len));
		p += len + (p[len] == '\n');
	}
	return a;
}

static int
show_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	char *board = textboard(gf);
	json_t *root;
	int r = EXIT_FAIL;

	if (board == NULL) {
		cli_error("out of memory");
		return EXIT_FAIL;
	}
	root = json_pack("{s:i, s:b, s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "turn",
			 g->turn, "over", g->over, "tiles_left", game_tiles_left(g), "rules",
			 gamefile_rules_json(&gf->setup.opt), "players", players_json(gf),
			 "decision", decision_json(gf), "figures", gamefile_figures_json(gf),
			 "tiles", tiles_json(g), "board", board_json(board), "scoring",
			 score_events_json(gf, 0), "totals", score_totals_json(gf));
	free(board);
	if (root && json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0) {
		putchar('\n');
		r = EXIT_OK;
	}
	json_decref(root);
	return r;
}

static int
show(const char *path, bool json)
{
	struct catalog *cat = cli_catalog();
	struct gamefile *gf = cat ? cli_load(path, cat) : NULL;
	int r = EXIT_FAIL;

	if (gf)
		r = json ? show_json(gf) : show_text(path, gf);
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}

int
cmd_show(int argc, char **argv)
{
	return cli_one_game(argc, argv, &usage, show);
}
