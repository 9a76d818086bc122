/* The checks a turn passes before its actions count, in the order that
 * gives the most useful refusal: is it for this game, signed by its
 * player's key, made on the current state, the player's decision; then
 * the actions through the engine, all or none. */
#include <stdio.h>
#include <string.h>

#include "apply.h"
#include "turn_steps.h"

void
turn_describe_decision(const struct gamefile *gf, char *buf, size_t n)
{
	const struct game *g = gf->game;
	struct decision d;

	game_decision(g, &d);
	if (d.kind == DECISION_GAME_OVER)
		snprintf(buf, n, "the game is over");
	else if (d.kind == DECISION_PLACE_TILE)
		snprintf(buf, n, "turn %d: %s to place %s", g->turn, gf->name[d.player],
			 gf->cat->types[d.tile].id);
	else if (d.kind == DECISION_PLACE_FIGURE)
		snprintf(buf, n, "turn %d: %s to put a figure on %s at %d,%d, or pass",
			 g->turn, gf->name[d.player], gf->cat->types[d.tile].id,
			 g->placed[g->last_placed].x, g->placed[g->last_placed].y);
	else /* a module's decision: its name says what it is */
		snprintf(buf, n, "turn %d: %s to decide %s", g->turn, gf->name[d.player],
			 d.name);
}

static void
player_list(const struct gamefile *gf, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int p = 0; p < gf->nplayers && len < n; p++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", p ? ", " : "",
					gf->name[p]);
}

/* The key the turn names must be its player's registered key. */
static int
check_key(const struct gamefile *gf, const struct turn *t, int p, struct turn_error *err)
{
	char id[KEY_ID_HEX + 1], mine[KEY_ID_HEX + 1];

	if (!gf->has_key[p])
		return terr(err, TURN_UNKNOWN_KEY,
			    "game %s has no key for %s: ask the host to register your "
			    "public key",
			    gf->id, gf->name[p]);
	key_id(gf->key[p], mine);
	if (strcmp(mine, t->key) == 0)
		return 0;
	for (int q = 0; q < gf->nplayers; q++) {
		key_id(gf->key[q], id);
		if (gf->has_key[q] && strcmp(id, t->key) == 0)
			return terr(
			    err, TURN_UNKNOWN_KEY,
			    "the turn is %s's but signed with %s's key (%s): each "
			    "player signs their own turns with their own key",
			    gf->name[p], gf->name[q], t->key);
	}
	return terr(
	    err, TURN_UNKNOWN_KEY,
	    "signed with key %s, which is not %s's registered key (%s): sign with "
	    "the key you gave the host, or ask the host to register your new one",
	    t->key, gf->name[p], mine);
}

static int
check_signer(const struct gamefile *gf, const struct turn *t, int *player,
	     struct turn_error *err)
{
	char names[128];

	if (strcmp(t->game, gf->id) != 0)
		return terr(
		    err, TURN_WRONG_GAME,
		    "this turn is for game %s, not for game %s: send it to the host "
		    "of game %s, or move again from game %s's view",
		    t->game, gf->id, t->game, gf->id);
	if ((*player = gamefile_player(gf, t->player)) < 0) {
		player_list(gf, names, sizeof(names));
		return terr(err, TURN_UNKNOWN_KEY,
			    "%s is not a player of game %s (the players: %s): sign as "
			    "one of them",
			    t->player, gf->id, names);
	}
	if (check_key(gf, t, *player, err) < 0)
		return -1;
	if (turn_verify(t, gf->key[*player]) < 0 && t->sig_kind == TURN_SIG_SSH)
		return terr(
		    err, TURN_BAD_SIGNATURE,
		    "the SSH signature does not match the turn: it is by your key "
		    "but for another text, so probably for another turn (the old "
		    "turn.txt.sig: ssh-keygen keeps it when its \"Overwrite (y/n)?\" "
		    "is answered with Enter; delete it, rm turn.txt.sig, and sign "
		    "again), or the turn was changed after it was signed (mail may "
		    "change line ends and blanks at line ends, no more); sign "
		    "turn.txt as the host sent it with ssh-keygen -Y sign -f KEY -n "
		    "carcassonne turn.txt, and send it with turn.txt.sig");
	if (turn_verify(t, gf->key[*player]) < 0)
		return terr(
		    err, TURN_BAD_SIGNATURE,
		    "the signature does not match the turn: the text was changed "
		    "after it was signed, or signed with another key; sign it again "
		    "(carcpbem sign), or make it with carcpbem move");
	return 0;
}

/* The turn was made on the state the game is in now. */
static int
check_current(const struct gamefile *gf, const struct turn *t, struct turn_error *err)
{
	char now[GF_STATE_HEX + 1], what[160];

	turn_describe_decision(gf, what, sizeof(what));
	if (gf->game->over)
		return terr(err, TURN_STALE, "game %s is over: it takes no more turns",
			    gf->id);
	if (t->number != gf->game->turn)
		return terr(err, TURN_STALE,
			    "this turn was made for turn %ld, but the game is now at %s; "
			    "%s: get the current view and move again",
			    t->number, what,
			    t->number < gf->game->turn ? "someone moved since"
						       : "that turn has not come yet");
	if (gamefile_state_hash(gf, now) < 0)
		return terr(err, TURN_FAIL, "out of memory");
	if (strlen(now) != strlen(t->state))
		return terr(err, TURN_STALE,
			    "this turn names a state hash of %zu digits, but game %s "
			    "names its states by %zu (game file version %d): get the "
			    "current view and move again",
			    strlen(t->state), gf->id, strlen(now), gf->version);
	if (strcmp(now, t->state) != 0)
		return terr(
		    err, TURN_STALE,
		    "this turn was made on state %s, but the state is now %s (%s): "
		    "someone moved since; get the current view and move again",
		    t->state, now, what);
	return 0;
}

static int
check_owner(const struct gamefile *gf, int p, int i, const struct turn *t,
	    struct turn_error *err)
{
	char what[160];
	struct decision d;

	game_decision(gf->game, &d);
	/* a second tile drawn blind after this turn's first (BUILDER-3, Take
	 * 2's) was unknown when the turn was made: it has a notice of its own */
	if (i > 0 && d.player == p && game_decision_news(gf->game))
		return terr(err, TURN_NOT_YOUR_DECISION,
			    "action %d \"%s\" comes after your tile: a second tile (%s) is "
			    "drawn after it, which you could not know; send the actions up to "
			    "it, then answer its own notice",
			    i + 1, t->action[i], game_decision_news(gf->game));
	/* the turn number too: a lone player owns the next turn as well */
	if (d.player == p && gf->game->turn == t->number)
		return 0;
	turn_describe_decision(gf, what, sizeof(what));
	if (i == 0)
		return terr(err, TURN_NOT_YOUR_DECISION,
			    "it is not %s's decision (%s): wait for your turn",
			    gf->name[p], what);
	return terr(err, TURN_NOT_YOUR_DECISION,
		    "action %d \"%s\" comes after %s's turn has ended (%s): send the "
		    "actions of your own turn only",
		    i + 1, t->action[i], gf->name[p], what);
}

/* Action i, after the first, that the turn no longer asks for: the
 * player's decisions of the turn are over (a superfluous answer), or it
 * is an "if offered:" answer to a decision that did not come (the decision
 * due is of another kind). Ignored, and note says so (the reply's note);
 * a wrong answer to a decision that is due is refused as ever. */
bool
turn_not_asked(const struct gamefile *gf, long number, int p, int i, const char *text,
	       char *note, size_t n)
{
	const char *offered = turn_if_offered(text);
	struct rules_error re = {0};
	struct decision d;
	struct action a;
	char what[160];

	game_decision(gf->game, &d);
	if (i == 0 || (d.player == p && gf->game->turn == number &&
		       (offered == NULL || action_parse_in(gf->game, offered, &a, &re) < 0 ||
			game_check_by(gf->game, p, &a, &re) == 0 || re.code != RERR_NOT_NOW)))
		return false;
	turn_describe_decision(gf, what, sizeof(what));
	if (note != NULL) {
		size_t len = strlen(note);
		snprintf(note + len, n - len, "%s\"%s\" was not used: %s (%s).", len ? " " : "",
			 text,
			 offered && d.player == p ? "the decision it answers was not offered"
			 : offered ? "the decision it answers was not offered in your turn"
				   : "your decisions of that turn were over before it",
			 what);
	}
	return true;
}

static int
play_actions(struct gamefile *gf, const struct turn *t, int p, char *note, size_t n,
	     struct turn_error *err)
{
	struct rules_error re = {0};
	struct gf_error ge = {0};
	int before = gf->naction;
	char legal[400];

	for (int i = 0; i < t->nactions; i++) {
		const char *offered = turn_if_offered(t->action[i]);
		if (turn_not_asked(gf, t->number, p, i, t->action[i], note, n))
			continue;
		if (check_owner(gf, p, i, t, err) < 0)
			goto undo;
		if (gamefile_play_by(gf, p, offered ? offered : t->action[i], &re) == 0)
			continue;
		gamefile_legal_text(gf, ", ", legal, sizeof(legal));
		terr(err, re.code == RERR_NOMEM ? TURN_FAIL : TURN_ILLEGAL,
		     "action %d \"%s\" is refused: %s%s%s; legal here: %s", i + 1,
		     t->action[i], re.rule, re.rule[0] ? ": " : "", re.text,
		     legal[0] ? legal : "nothing (the game is over)");
		goto undo;
	}
	return 0;
undo:
	if (gf->naction > before && gamefile_truncate(gf, before, &ge) < 0)
		terr(err, TURN_FAIL, "cannot undo the turn's actions: %s", ge.text);
	return -1;
}

/* A turn the host made for its player: signed with the host's key. */
static int
check_host_signer(const struct gamefile *gf, const struct turn *t,
		  const uint8_t host_pk[KEY_BYTES], int *player, struct turn_error *err)
{
	char id[KEY_ID_HEX + 1];

	if (strcmp(t->game, gf->id) != 0)
		return terr(err, TURN_WRONG_GAME, "the host's turn is for game %s, not %s",
			    t->game, gf->id);
	if ((*player = gamefile_player(gf, t->player)) < 0)
		return terr(err, TURN_UNKNOWN_KEY, "%s is not a player of game %s",
			    t->player, gf->id);
	key_id(host_pk, id);
	if (t->sig_kind != TURN_SIG_CARCPBEM || strcmp(id, t->key) != 0)
		return terr(err, TURN_UNKNOWN_KEY,
			    "a turn made by the host is signed with key %s, not with the "
			    "game's host key %s",
			    t->key, id);
	if (turn_verify(t, host_pk) < 0)
		return terr(err, TURN_BAD_SIGNATURE,
			    "the host key's signature does not match the turn: it was "
			    "changed after it was signed");
	return 0;
}

int
turn_apply_host(struct gamefile *gf, const struct turn *t, const uint8_t host_pk[KEY_BYTES],
		struct turn_error *err)
{
	int player = -1;

	if (!t->is_signed)
		return terr(err, TURN_MALFORMED, "the turn is not signed");
	if (check_host_signer(gf, t, host_pk, &player, err) < 0 ||
	    check_current(gf, t, err) < 0)
		return -1;
	return play_actions(gf, t, player, NULL, 0, err);
}

int
turn_apply_noted(struct gamefile *gf, const struct turn *t, char *note, size_t n,
		 struct turn_error *err)
{
	int player = -1;

	if (note != NULL && n > 0)
		note[0] = '\0';
	if (!t->is_signed)
		return terr(err, TURN_MALFORMED, "the turn is not signed");
	if (check_signer(gf, t, &player, err) < 0 || check_current(gf, t, err) < 0)
		return -1;
	return play_actions(gf, t, player, note, n, err);
}

int
turn_apply(struct gamefile *gf, const struct turn *t, struct turn_error *err)
{
	return turn_apply_noted(gf, t, NULL, 0, err);
}
