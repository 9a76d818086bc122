/* Issue 26.1: views of games with hidden information, through a module
 * defined for the test (tests/secret-module.h: secret hands dealt from a
 * committed-random deck, a tile drawn in secret and put back, tiles set
 * aside and shuffled back).
 * (a) every view, every few actions, loads (blind: from the public log)
 *     and gives the host's public state and legal actions, and saves to
 *     the same bytes;
 * (b) the leak test: no view but the host's shows another seat's hand,
 *     the deck's order, the bag's order or a tile drawn in secret (its id
 *     at its place in drawn: only in its owner's view while held);
 * (c) the state hash is unchanged when a secret changes;
 * (d) game_redeal for seat s keeps s's hand and spreads the others';
 * (e) a player view whose you.secret disagrees with the replay is
 *     refused with its JSON path;
 * (f) the events' lines every player's mail gets leave out the events
 *     with a secret. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "gamefile.h"
#include "report.h"
#include "gamefile_impl.h"
#include "secret-module.h"
#include "tap.h"

static int views_loaded, views_same, leaks, secret_draws_seen, own_held_views;

/* The tile ids at the places of drawn a viewer may not see by name. */
static int
check_drawn(const struct gamefile *gf, json_t *doc, int me, const char *what)
{
	json_t *d = json_object_get(doc, "drawn");
	const struct game *g = gf->game;
	int bad = 0;

	for (int i = 0; i < game_drawn_count(g); i++) {
		int seen = game_drawn_seen(g, i, me);
		const char *s = json_string_value(json_array_get(d, (size_t)i));
		if (game_drawn_seen(g, i, -1) == TILE_UNKNOWN)
			secret_draws_seen++;
		if (seen == TILE_UNKNOWN && (s == NULL || strcmp(s, "?") != 0)) {
			if (bad++ == 0)
				diag("%s: drawn[%d] is %s, a tile drawn in secret", what, i, s);
		}
	}
	return bad;
}

/* Another seat's hand, or the deck's order, anywhere in the view. */
static int
check_cards(const struct gamefile *gf, json_t *doc, int me, const char *what)
{
	const struct sm_state *s = sm_of(gf->game);
	char *text = json_dumps(doc, JSON_COMPACT), deck[128] = "[";
	json_t *you_secret = json_object_get(json_object_get(doc, "you"), "secret");
	int bad = 0, n = 0;

	for (int i = s->deck_next; i < SM_CARDS; i++, n++)
		snprintf(deck + strlen(deck), sizeof(deck) - strlen(deck), "%s%d", n ? "," : "",
			 s->deck[i]);
	if (n >= 3 && strstr(text, deck) != NULL && bad++ == 0)
		diag("%s: the deck's order %s]", what, deck);
	/* "cards" only in the viewer's own you.secret */
	if (strstr(text, "\"cards\"") != NULL &&
	    (you_secret == NULL || me < 0 ||
	     strstr(strstr(text, "\"cards\"") + 1, "\"cards\"") != NULL) && bad++ == 0)
		diag("%s: a hand of cards that is not the viewer's", what);
	if (json_object_get(doc, "secret") != NULL && bad++ == 0)
		diag("%s: the host's secrets", what);
	free(text);
	return bad;
}

/* The bag's order (three tiles to come in a row) in any array. */
static int
check_bag_order(const struct gamefile *gf, json_t *doc, const char *what)
{
	const struct game *g = gf->game;
	char *text = json_dumps(doc, JSON_COMPACT), run[256] = "";
	int bad = 0;

	if (g->bag_len - g->bag_next >= 3) {
		snprintf(run, sizeof(run), "\"%s\",\"%s\",\"%s\"",
			 g->cat->types[g->bag[g->bag_next]].id,
			 g->cat->types[g->bag[g->bag_next + 1]].id,
			 g->cat->types[g->bag[g->bag_next + 2]].id);
		/* the drawn log may end with the same ids by chance; look past it */
		json_t *copy = json_deep_copy(doc);
		json_object_del(copy, "drawn");
		json_object_del(copy, "actions");
		free(text);
		text = json_dumps(copy, JSON_COMPACT);
		json_decref(copy);
		if (strstr(text, run) != NULL && bad++ == 0)
			diag("%s: the bag's order %s", what, run);
	}
	free(text);
	return bad;
}

/* Loads the view, compares its state and legal actions with the host's,
 * saves it again. */
static void
check_view(const struct gamefile *gf, int view, int me, const char *what)
{
	char *one = gamefile_view_dumps(gf, view, me), *two = NULL;
	json_t *root = json_loads(one, 0, NULL);
	struct gf_error err = {0};
	struct gamefile *back = gamefile_from_json(root, gf->cat, &err);
	char h1[GF_STATE_HEX + 1], h2[GF_STATE_HEX + 1], l1[8192], l2[8192];

	own_held_views += view == GF_VIEW_PLAYER && gf_sees_more(gf->game, me);
	leaks += check_drawn(gf, root, view == GF_VIEW_PLAYER ? me : -1, what) +
		 check_cards(gf, root, view == GF_VIEW_PLAYER ? me : -1, what) +
		 check_bag_order(gf, root, what);
	views_loaded += back != NULL;
	if (back == NULL) {
		diag("%s: %s view does not load: %s: %s", what, gamefile_view_name(view),
		     err.path, err.text);
	} else {
		two = gamefile_dumps(back);
		gamefile_state_hash(gf, h1);
		gamefile_state_hash(back, h2);
		gamefile_legal_text(gf, " ", l1, sizeof(l1));
		gamefile_legal_text(back, " ", l2, sizeof(l2));
		if (two && strcmp(one, two) == 0 && strcmp(h1, h2) == 0 && strcmp(l1, l2) == 0 &&
		    game_tiles_left(back->game) == game_tiles_left(gf->game))
			views_same++;
		else
			diag("%s: %s view %d: %s", what, gamefile_view_name(view), me,
			     two && strcmp(one, two) ? "saves to other bytes"
			     : strcmp(h1, h2)	     ? "another state hash"
						     : "other legal actions");
	}
	gamefile_free(back);
	json_decref(root);
	free(one);
	free(two);
}

/* given: the bag given as an order (the shuffle's of the seed, named
 * tile by tile), whose views count the tiles from the log. */
static struct gamefile *
new_game_given(const struct catalog *cat, int players, int seed, bool given)
{
	static const char *const names[] = {"alice", "bob", "carol", "dave", "eve"};
	struct game_setup s = {.nplayers = players, .start = -1};
	struct gf_error err = {0};
	struct gamefile *gf;
	int *order = NULL;

	rules_options_default(&s.opt);
	crypto_generichash(s.seed, SEED_BYTES, (const uint8_t *)&seed, sizeof(seed), NULL, 0);
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	if (!given)
		return gf;
	if ((order = malloc(sizeof(int) * (size_t)gf->nbag)) == NULL)
		bail_out("out of memory");
	memcpy(order, gf->bag, sizeof(int) * (size_t)gf->nbag);
	s.order = order;
	s.norder = gf->nbag;
	gamefile_free(gf);
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new (given): %s", err.text);
	free(order);
	return gf;
}

static struct gamefile *
new_game(const struct catalog *cat, int players, int seed)
{
	return new_game_given(cat, players, seed, false);
}

static int event_lines, event_public, event_secret;

/* (f) */
static void
events_lines(const struct gamefile *gf, int seed)
{
	char *text = NULL, *s;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	const struct game *g = gf->game;

	(void)seed;
	report_events(fp, gf, 0, "", NULL);
	fclose(fp);
	for (s = text; s && *s; s++)
		event_lines += *s == '\n';
	for (int i = 0; i < g->nevents; i++) {
		event_secret += g->events[i].secret_of != 0;
		event_public += g->events[i].secret_of == 0;
	}
	free(text);
}

/* (a), (b): a game played at random, every view every few actions. */
static int
play_and_check(const struct catalog *cat, int players, int seed, bool given)
{
	struct gamefile *gf = new_game_given(cat, players, seed, given);
	struct ai_rng rng;
	struct action a, *buf = malloc(sizeof(*buf) * game_legal_cap(gf->game));
	struct rules_error re;
	char what[64];
	int step = 0, checks = 0;

	ai_rng_seed(&rng, gf->setup.seed);
	for (;;) {
		if (step++ % 5 == 0 || gf->game->over) {
			snprintf(what, sizeof(what), "game %d, action %d", seed, step);
			check_view(gf, GF_VIEW_PUBLIC, -1, what);
			for (int p = 0; p < players; p++)
				check_view(gf, GF_VIEW_PLAYER, p, what);
			checks += players + 1;
		}
		if (gf->game->over || ai_random_action(gf->game, &rng, buf,
						       game_legal_cap(gf->game), &a) < 0)
			break;
		if (gamefile_play_action(gf, &a, &re) < 0)
			bail_out("the engine refused its own action: %s", re.text);
	}
	if (game_returned(gf->game) == 0)
		diag("game %d: no tile went back", seed);
	events_lines(gf, seed);
	free(buf);
	gamefile_free(gf);
	return checks;
}

/* The core's hash, built afresh (no memo). */
static void
core_hash(const struct gamefile *gf, uint8_t h[GF_HASH_BYTES])
{
	json_t *core = gf_public_core(gf);

	gf_core_hash(core, h);
	json_decref(core);
}

/* (c) */
static void
hash_ignores_secrets(const struct catalog *cat)
{
	struct gamefile *gf = new_game(cat, 3, 77);
	struct sm_state *s = sm_of(gf->game);
	uint8_t h1[GF_HASH_BYTES], h2[GF_HASH_BYTES];
	char *host1 = gamefile_view_dumps(gf, GF_VIEW_HOST, -1), *host2;
	int from = s->hand[0][0] ? 0 : s->hand[0][1] ? 1 : 2;

	core_hash(gf, h1);
	s->hand[0][from]--; /* a card of alice's changes kind */
	s->hand[0][(from + 1) % SM_KINDS]++;
	core_hash(gf, h2);
	host2 = gamefile_view_dumps(gf, GF_VIEW_HOST, -1);
	ok(strcmp(host1, host2) != 0, "issue 26.1: the host view holds alice's hand");
	ok(memcmp(h1, h2, sizeof(h1)) == 0,
	   "issue 26.1: the state hash is the same when a hand changes");
	ok(strstr(host2, "\"secret\"") && strstr(strstr(host2, "\"secret\""), "\"t-secrets\""),
	   "issue 26.1: the hands are in the host's secret.modules");
	free(host1);
	free(host2);
	gamefile_free(gf);
}

static uint32_t
below(void *ctx, uint32_t n)
{
	struct ai_rng *r = ctx;

	return ai_rng_below(r, n);
}

/* (d) */
static void
redeal_spreads(const struct catalog *cat)
{
	struct gamefile *gf = new_game(cat, 3, 91);
	const struct sm_state *s = sm_of(gf->game);
	struct ai_rng rng;
	int own_same = 0, sizes_same = 0, conserved = 0, differs = 0, runs = 200;
	int kinds_seen[MAX_PLAYERS][SM_KINDS] = {{0}};

	ai_rng_seed(&rng, gf->setup.seed);
	for (int r = 0; r < runs; r++) {
		struct game *c = game_clone(gf->game);
		const struct sm_state *t = sm_of(c);
		int total[SM_KINDS] = {0};
		bool same_all = true;
		game_redeal(c, 1, below, &rng);
		own_same += memcmp(t->hand[1], s->hand[1], sizeof(t->hand[1])) == 0;
		sizes_same += memcmp(t->size, s->size, sizeof(t->size)) == 0;
		for (int p = 0; p < 3; p++)
			for (int k = 0; k < SM_KINDS; k++) {
				total[k] += t->hand[p][k];
				kinds_seen[p][k] += p != 1 && t->hand[p][k] > 0;
				same_all &= t->hand[p][k] == s->hand[p][k];
			}
		for (int i = t->deck_next; i < SM_CARDS; i++)
			total[t->deck[i]]++;
		conserved += total[0] == 5 && total[1] == 5 && total[2] == 5;
		differs += !same_all;
		game_free(c);
	}
	is_int(own_same, runs, "issue 26.1: game_redeal for bob keeps bob's hand");
	is_int(sizes_same, runs, "issue 26.1: and every hand's size");
	is_int(conserved, runs, "issue 26.1: hands and deck hold the same cards");
	ok(differs > runs / 2, "issue 26.1: the others' hands are dealt afresh (%d of %d)",
	   differs, runs);
	ok(kinds_seen[0][0] && kinds_seen[0][1] && kinds_seen[0][2] && kinds_seen[2][0] &&
	       kinds_seen[2][1] && kinds_seen[2][2],
	   "issue 26.1: alice and carol get every kind in some deal");
	gamefile_free(gf);
}

/* (e) */
static void
refuses_wrong_hand(const struct catalog *cat)
{
	struct gamefile *gf = new_game(cat, 3, 55);
	json_t *doc = gamefile_view_json(gf, GF_VIEW_PLAYER, 2);
	json_t *cards = json_object_get(
	    json_object_get(json_object_get(json_object_get(doc, "you"), "secret"), "t-secrets"),
	    "cards");
	struct gf_error err = {0};
	struct gamefile *back;

	ok(json_is_array(cards), "issue 26.1: carol's view has you.secret.t-secrets.cards");
	json_array_set_new(cards, 0, json_integer(json_integer_value(json_array_get(cards, 0)) + 1));
	back = gamefile_from_json(doc, cat, &err);
	ok(back == NULL && strcmp(err.path, "you.secret.t-secrets") == 0 &&
	       strstr(err.text, "cards: 3 in all, but the replay dealt this player 2"),
	   "issue 26.1: one card too many is refused: %s: %s", err.path, err.text);
	gamefile_free(back);
	json_object_del(json_object_get(doc, "you"), "secret");
	back = gamefile_from_json(doc, cat, &err);
	ok(back == NULL && strncmp(err.path, "you.secret", 10) == 0,
	   "issue 26.1: a view without its player's hand is refused: %s: %s", err.path,
	   err.text);
	gamefile_free(back);
	json_decref(doc);
	gamefile_free(gf);
}

int
main(void)
{
	struct rules_error re = {0};
	struct catalog *cat;
	const struct rules_module *mods[MODULES_MAX];
	int games = getenv("CARC_VIEW_GAMES") ? atoi(getenv("CARC_VIEW_GAMES")) : 3, checks = 0;

	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		bail_out("setup: %s", re.text);
	catalog_add_module(cat, mods, &secret_module);
	for (int i = 0; i < games; i++)
		checks += play_and_check(cat, 2 + i % 4, i, false);
	checks += play_and_check(cat, 3, 99, true); /* a given bag */
	is_int(views_loaded, checks, "issue 26.1: every view of %d loads (blind, from the "
	       "public log)", checks);
	is_int(views_same, checks, "issue 26.1: each the host's public state, legal actions and "
	       "tiles left, saved to the same bytes");
	ok(secret_draws_seen > 0 && own_held_views > 0,
	   "issue 26.1: the views had tiles drawn in secret (%d), %d of them views of the "
	   "tile's holder naming it", secret_draws_seen, own_held_views);
	is_int(leaks, 0, "issue 26.1: no view shows another's hand, the deck's or the bag's "
	       "order, or a tile drawn in secret");
	ok(event_secret > 0 && event_lines == event_public,
	   "issue 26.1: the mails' event lines leave out the %d events with a secret "
	   "(%d lines for %d public events)", event_secret, event_lines, event_public);
	hash_ignores_secrets(cat);
	redeal_spreads(cat);
	refuses_wrong_hand(cat);
	catalog_builtin(cat);
	catalog_free(cat);
	return done_testing();
}
