/* carcpbem move: a player's turn, made from their view of the game,
 * checked against the rules and signed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "move_view.h"
#include "turnfile.h"
#include "apply.h"
#include "turn_steps.h"

enum { OPT_KEY = 512, OPT_PLAYER, OPT_PARTIAL };

static const struct cli_opt move_opts[] = {
	{OPT_KEY, "key", 'k', "KEY", "your secret key file (required)"},
	{OPT_PLAYER, "player", 0, "NAME",
	 "who you are in the game (default: the player of a\n"
	 "player view, else the name of the key)"},
	{'o', "output", 'o', "FILE", "write the turn to FILE (default: standard output)"},
	{OPT_PARTIAL, "partial", 0, NULL,
	 "sign fewer actions than the turn needs, on purpose\n"
	 "(the host asks for the rest in a new mail)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"move",
	"--key KEY [--player NAME] [-o FILE] [--partial] VIEW ACTION...",
	"Makes your turn from VIEW, your copy of the game (the view the host sends):\n"
	"plays the actions on it to check them, then writes the turn file, signed\n"
	"with your secret key, for you to mail to the host. The actions are every\n"
	"decision of your turn (the tile, then a figure or pass); a turn that\n"
	"stops short is refused, with what is still to decide, unless --partial.\n"
	"Actions are written as carcpbem legal VIEW lists them, one per argument:\n"
	"  carcpbem move game.json \"place 1 0 90\" \"thief N\" --key alice.key",
	{move_opts, NULL, NULL},
};

struct move_args {
	const char *key, *player, *out, *partial;
};

static int
who(const struct gamefile *gf, const struct move_args *a, const struct seckey *k)
{
	int p;

	if (a->player) {
		if ((p = gamefile_player(gf, a->player)) < 0)
			cli_error("%s is not a player of game %s", a->player, gf->id);
		return p;
	}
	if (gf->me >= 0)
		return gf->me;
	if ((p = gamefile_player(gf, k->label)) < 0)
		cli_error(
		    "which player are you? the key is named %s, which is no player of "
		    "game %s: add --player NAME",
		    k->label, gf->id);
	return p;
}

/* The key must be the one the host registered, or the turn is refused. */
static int
check_key(const struct gamefile *gf, int p, const struct seckey *k)
{
	char have[KEY_ID_HEX + 1], want[KEY_ID_HEX + 1];

	if (!gf->has_key[p])
		return 0;
	key_id(k->pk, have);
	key_id(gf->key[p], want);
	if (strcmp(have, want) == 0)
		return 0;
	cli_error("the key %s (%s) is not the key game %s has for %s (%s): use the key "
		  "you gave the host",
		  k->label, have, gf->id, gf->name[p], want);
	return -1;
}

static int
refuse(const struct gamefile *gf, const char *action, const struct rules_error *re)
{
	char legal[1024];

	gamefile_legal_text(gf, ", ", legal, sizeof(legal));
	cli_error("refused \"%s\": %s%s%s", action, re->rule, re->rule[0] ? ": " : "",
		  re->text);
	cli_error("legal here: %s", legal[0] ? legal : "nothing");
	return -1;
}

/* The text the turn carries for an action: its canonical text, but a
 * figure's place named by another word than its place name keeps the
 * player's word ("thief W" for the road at S), as the host's updates
 * do: the player signs what they wrote. */
static void
action_word(const char *canon, const char *said, char *out, size_t n)
{
	char verb[TURN_ACTION_LEN + 1], word[TURN_ACTION_LEN + 1], extra[2];
	const char *sp = strchr(canon, ' ');
	size_t vlen = sp ? (size_t)(sp - canon) : 0;

	if (sp != NULL && strchr(sp + 1, ' ') == NULL && strlen(said) <= TURN_ACTION_LEN &&
	    sscanf(said, "%64s %64s %1s", verb, word, extra) == 2 && strlen(verb) == vlen &&
	    strncasecmp(verb, canon, vlen) == 0 && strcasecmp(word, sp + 1) != 0 &&
	    vlen + 1 + strlen(word) < n) {
		memcpy(out, canon, vlen + 1); /* the verb and its space */
		memcpy(out + vlen + 1, word, strlen(word) + 1);
		return;
	}
	snprintf(out, n, "%s", canon);
}

/* Plays the actions on the view; the turn gets their text (action_word). */
static int
play(struct gamefile *gf, int p, char **actions, int n, struct turn *t)
{
	struct rules_error re = {0};
	struct decision d;

	if (n > TURN_MAX_ACTIONS) {
		cli_error("%d actions: a turn has at most %d", n, TURN_MAX_ACTIONS);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *offered = turn_if_offered(actions[i]);
		char note[300] = "";
		/* an answer to a decision that does not come here: signed as
		 * written, and the host ignores it as this says */
		if (offered != NULL &&
		    turn_not_asked(gf, t->number, p, i, actions[i], note, sizeof(note))) {
			cli_say(stderr, "note: %s\n", note);
			snprintf(t->action[i], sizeof(t->action[i]), "if offered: %s", offered);
			continue;
		}
		game_decision(gf->game, &d);
		if (d.player != p || gf->game->turn != t->number) {
			cli_error("refused \"%s\": %s", actions[i],
				  d.kind == DECISION_GAME_OVER ? "the game is over"
				  : i ? "your turn has ended before it"
				      : "it is not your decision");
			if (d.player >= 0)
				cli_error("it is %s's decision", gf->name[d.player]);
			return -1;
		}
		if (i > 0 && game_decision_news(gf->game)) {
			cli_error("refused \"%s\": a second tile (%s) is drawn after your "
				  "tile, which your view cannot know: sign the actions up to it "
				  "and answer the host's notice for it",
				  actions[i], game_decision_news(gf->game));
			return -1;
		}
		if (gamefile_play_by(gf, p, offered ? offered : actions[i], &re) < 0)
			return refuse(gf, actions[i], &re);
		action_word(gf->action[gf->naction - 1], offered ? offered : actions[i],
			    t->action[i], sizeof(t->action[i]));
		if (offered != NULL) { /* kept conditional: the host reads it so */
			char played[TURN_ACTION_LEN + 1];
			snprintf(played, sizeof(played), "%s", t->action[i]);
			snprintf(t->action[i], sizeof(t->action[i]), "if offered: %.50s", played);
		}
	}
	t->nactions = n;
	return 0;
}

/* A turn that leaves a decision of the player's own turn open would be
 * applied as it is and answered with a second notice: say what is left. */
static int
check_complete(const struct gamefile *gf, int p, const struct turn *t)
{
	char legal[1024];
	struct decision d;

	game_decision(gf->game, &d);
	if (d.player != p || gf->game->turn != t->number)
		return 0;
	/* a second tile drawn blind (the builder's, Take 2's) is new
	 * information: the host mails it as a notice of its own */
	if (game_decision_news(gf->game))
		return 0;
	gamefile_legal_text(gf, ", ", legal, sizeof(legal));
	cli_error("the turn is not complete: you still %s; add one of: %s",
		  d.kind == DECISION_PLACE_TILE     ? "place the tile"
		  : d.kind == DECISION_PLACE_FIGURE ? "put a figure on the tile or pass"
						    : d.name,
		  legal);
	cli_error("or add --partial to sign only these actions (the host then mails "
		  "you for the rest)");
	return -1;
}

static int
make_turn(struct gamefile *gf, int p, const char *view, char **actions, int n,
	  const struct move_args *a, struct turn *t)
{
	struct turn_error err = {0};
	struct gf_error ge = {0};
	int before = gf->naction;

	if (move_view_current(gf, p, view, a->out) < 0)
		return -1;
	if (turn_start(gf, p, t, &err) < 0) {
		cli_error("%s", err.text);
		return -1;
	}
	if (play(gf, p, actions, n, t) < 0) {
		/* a refusal may come of an old view: said on the view as loaded */
		if (gamefile_truncate(gf, before, &ge) == 0)
			move_view_hint(gf, p, view, a->out);
		return -1;
	}
	return a->partial ? 0 : check_complete(gf, p, t);
}

static int
sign_and_write(struct turn *t, const struct seckey *k, const char *out)
{
	struct turn_error err = {0};
	char *block, acts[400];
	int r;

	if (turn_sign(t, k, &err) < 0 || (block = turn_format(t)) == NULL) {
		cli_error("out of memory");
		return EXIT_FAIL;
	}
	r = cli_write_out(out, block, 0644, true);
	free(block);
	if (r == EXIT_OK && out) {
		turn_actions_text(t, acts, sizeof(acts));
		cli_say(stdout,
		    "Turn %ld of game %s, %s: %s. Signed, in %s: mail it to the host.\n",
		    t->number, t->game, t->player, acts, out);
	}
	return r;
}

static int
move(const char *view, char **actions, int n, const struct move_args *a)
{
	struct catalog *cat = cli_catalog();
	struct gamefile *gf = cat ? cli_load(view, cat) : NULL;
	struct turn_error err = {0};
	struct seckey k;
	struct turn t;
	int p, r = EXIT_FAIL;

	if (gf == NULL)
		goto done;
	if (key_load_secret(a->key, &k, &err) < 0) {
		r = cli_turn_error(a->key, &err);
		goto done;
	}
	if ((p = who(gf, a, &k)) >= 0 && check_key(gf, p, &k) == 0 &&
	    make_turn(gf, p, view, actions, n, a, &t) == 0)
		r = sign_and_write(&t, &k, a->out);
	key_wipe(&k);
done:
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}

int
cmd_move(int argc, char **argv)
{
	struct move_args a = {0};
	const struct cli_store stores[] = {{OPT_KEY, &a.key}, {OPT_PLAYER, &a.player}, {'o', &a.out},
					     {OPT_PARTIAL, &a.partial}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (a.key == NULL)
		return usage_error(&usage, "sign with your secret key: --key KEY");
	if (npos < 2)
		return usage_error(&usage, npos ? "no action given"
						: "which game? give your view of it");
	return move(argv[1], argv + 2, npos - 1, &a);
}
