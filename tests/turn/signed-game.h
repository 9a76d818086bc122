/* Signed games for tests and benchmarks: a game directory whose players
 * have key pairs made from fixed seeds, and their turns, made and signed
 * the way carcpbem move does, with random legal actions. Header only. */
#ifndef CARC_SIGNED_GAME_H
#define CARC_SIGNED_GAME_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "apply.h"
#include "gamedir.h"
#include "turnfile.h"

struct signed_game {
	struct gamedir gd;
	struct seckey key[MAX_PLAYERS];
	int nplayers;
	struct ai_rng rng;
	struct action *buf;
	int cap;
};

/* A new game directory dir for n players: seed tag, these rules. */
static inline int
sg_create(struct signed_game *sg, const struct catalog *cat, const char *dir, int n,
	  const struct rules_options *opt, int tag)
{
	static const char *const names[] = {"alice", "bob", "carol", "dave", "eve"};
	struct game_setup s = {.opt = *opt, .nplayers = n, .start = -1};
	struct turn_error terr_ = {0};
	struct gf_error err = {0};
	struct gamefile *gf;
	uint8_t seed[32] = {0};

	memset(sg, 0, sizeof(*sg));
	sg->nplayers = n;
	memcpy(s.seed, &tag, sizeof(tag));
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		return fprintf(stderr, "%s\n", err.text), -1;
	for (int p = 0; p < n; p++) {
		seed[0] = (uint8_t)p, seed[1] = (uint8_t)tag;
		crypto_sign_seed_keypair(sg->key[p].pk, sg->key[p].sk, seed);
		snprintf(sg->key[p].label, sizeof(sg->key[p].label), "%s", names[p]);
		gamefile_set_key(gf, p, sg->key[p].pk, &err);
	}
	if (gamedir_of(dir, &sg->gd, &err) < 0 || gamedir_create(dir, &err) < 0 ||
	    archive_create(&sg->gd, gf, 1700000000, &terr_) < 0) {
		fprintf(stderr, "%s %s\n", err.text, terr_.text);
		gamefile_free(gf);
		return -1;
	}
	ai_rng_seed(&sg->rng, s.seed);
	sg->cap = game_legal_cap(gf->game);
	sg->buf = malloc(sizeof(*sg->buf) * sg->cap);
	gamefile_free(gf);
	return sg->buf ? 0 : -1;
}

/* The next player's whole turn on gf, signed: the armored text (free()
 * it), or NULL when the game is over. gf is left as it was. */
static inline char *
sg_turn(struct signed_game *sg, struct gamefile *gf)
{
	struct gamefile *copy;
	struct gf_error err = {0};
	struct rules_error re = {0};
	struct decision d;
	struct action a;
	struct turn t = {0};
	int p;

	game_decision(gf->game, &d);
	if (d.kind == DECISION_GAME_OVER)
		return NULL;
	p = d.player;
	snprintf(t.game, sizeof(t.game), "%s", gf->id);
	snprintf(t.player, sizeof(t.player), "%s", gf->name[p]);
	t.number = gf->game->turn;
	gamefile_state_hash(gf, t.state);
	copy = gamefile_initial(gf, &err); /* play on a copy: replay gf's actions */
	for (int i = 0; copy && i < gf->naction; i++)
		gamefile_play(copy, gf->action[i], &re);
	while (copy && t.nactions < TURN_MAX_ACTIONS) {
		game_decision(copy->game, &d);
		if (d.player != p ||
		    ai_random_action(copy->game, &sg->rng, sg->buf, sg->cap, &a) < 0 ||
		    gamefile_play_action(copy, &a, &re) < 0)
			break;
		snprintf(t.action[t.nactions++], TURN_ACTION_LEN + 1, "%s",
			 copy->action[copy->naction - 1]);
	}
	gamefile_free(copy);
	turn_sign(&t, &sg->key[p], NULL);
	return turn_format(&t);
}

static inline void
sg_free(struct signed_game *sg)
{
	for (int p = 0; p < sg->nplayers; p++)
		key_wipe(&sg->key[p]);
	free(sg->buf);
}

/* Removes the game directory's files and the directory. */
static inline void
sg_remove(const struct signed_game *sg)
{
	unlink(sg->gd.history);
	unlink(sg->gd.state);
	rmdir(sg->gd.dir);
}

#endif
