/* A seat's turn from a computer player (bot.h): by mail (bot.c) and for
 * a seat whose deadline passed, always on the seat's view. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "bot.h"
#include "gamefile.h"

int
bot_play_seat(struct gamefile *gf, int seat, bot_choose_fn choose, void *ctx, int max,
	      char *why, size_t n)
{
	struct rules_error re = {0};
	struct action a[AI_TURN_MAX];
	struct decision d;
	int na = 0, turn = gf->game->turn, first = gf->naction;

	/* the turn number too: a lone player owns the next turn as well */
	for (game_decision(gf->game, &d); d.player == seat && gf->game->turn == turn;
	     game_decision(gf->game, &d)) {
		if (choose(ctx, gf->game, seat, a, &na) < 0)
			na = 0;
		for (int i = 0; i < na || i == 0; i++) {
			if (gf->naction - first == max || na == 0 ||
			    gamefile_play_action(gf, &a[i], &re) < 0) {
				snprintf(why, n, "no action to play (%s)", re.text);
				return -1;
			}
		}
	}
	return gf->naction - first;
}

struct seat_choice {
	const struct ai_params *p;
	int k; /* decisions so far: each its own seed */
};

static int
choose_ai(void *ctx, const struct game *g, int seat, struct action *a, int *na)
{
	struct seat_choice *c = ctx;
	struct ai_params p = *c->p;

	p.seed[SEED_BYTES - 1] ^= (uint8_t)c->k++;
	return ai_choose(g, seat, &p, a, na, NULL);
}

/* seat's view of gf, loaded as a player would load it. */
static struct gamefile *
seat_view(const struct gamefile *gf, int seat, char *why, size_t n)
{
	struct gf_error err = {"", ""};
	json_t *root = gamefile_view_json(gf, GF_VIEW_PLAYER, seat);
	struct gamefile *view = root ? gamefile_from_json(root, gf->cat, &err) : NULL;

	if (view == NULL)
		snprintf(why, n, "cannot make the view of seat %d: %s", seat + 1,
			 root ? err.text : "out of memory");
	json_decref(root);
	return view;
}

int
bot_seat_turn(const struct gamefile *gf, int seat, const struct ai_params *p,
	      char out[][TURN_ACTION_LEN + 1], int max, char *why, size_t n)
{
	struct seat_choice c = {p, 0};
	struct gamefile *view;
	struct decision d;
	int first, r;

	game_decision(gf->game, &d);
	if (d.player != seat || seat < 0) {
		snprintf(why, n, "the decision due is not seat %d's", seat + 1);
		return -1;
	}
	if ((view = seat_view(gf, seat, why, n)) == NULL)
		return -1;
	first = view->naction;
	r = bot_play_seat(view, seat, choose_ai, &c, max, why, n);
	for (int i = 0; i < r; i++)
		snprintf(out[i], TURN_ACTION_LEN + 1, "%s", view->action[first + i]);
	gamefile_free(view);
	return r;
}
