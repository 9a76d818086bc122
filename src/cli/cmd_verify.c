/* carcpbem verify: checks a turn's signature against a public key. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "turnfile.h"

#define MAX_KEYS 64

static const struct cli_usage usage = {
	"verify",
	"PUBKEY TURNFILE [SIGFILE]",
	"Checks the signature of the turn in TURNFILE (\"-\": standard input; mail\n"
	"text around it is fine) against the public keys in the file PUBKEY (lines\n"
	"as carcpbem keygen writes them, or OpenSSH ssh-ed25519 lines). A turn\n"
	"signed with ssh-keygen -Y sign -n carcassonne has its signature in\n"
	"SIGFILE, or in TURNFILE.sig beside it, or pasted after the turn. Exit\n"
	"status 0: a good signature; 3: not a readable signed turn; 4: a bad\n"
	"signature; 5: signed with none of the keys.",
	{NULL, NULL, NULL},
};

static int
find_key(const struct pubkey *keys, int n, const char *id)
{
	char kid[KEY_ID_HEX + 1];

	for (int i = 0; i < n; i++) {
		key_id(keys[i].pk, kid);
		if (strcmp(kid, id) == 0)
			return i;
	}
	return -1;
}

static int
check(const char *keyfile, const char *file, const struct turn *t)
{
	struct pubkey keys[MAX_KEYS];
	struct turn_error err = {0};
	char acts[400];
	int n = key_load_public(keyfile, keys, MAX_KEYS, &err), k;

	if (n < 0)
		return cli_turn_error(keyfile, &err);
	if ((k = find_key(keys, n, t->key)) < 0) {
		terr(&err, TURN_UNKNOWN_KEY, "signed with key %s, which is not in %s",
		     t->key, keyfile);
		return cli_turn_error(file, &err);
	}
	if (turn_verify(t, keys[k].pk) < 0) {
		terr(&err, TURN_BAD_SIGNATURE,
		     "the signature does not match the turn: it was changed after it "
		     "was signed");
		return cli_turn_error(file, &err);
	}
	turn_actions_text(t, acts, sizeof(acts));
	cli_say(stdout, "Good signature by %s (key %s): game %s, turn %ld, player %s, state %s: "
	       "%s\n",
	       keys[k].label, t->key, t->game, t->number, t->player, t->state, acts);
	return EXIT_OK;
}

static int
verify(const char *keyfile, const char *file, const char *sig)
{
	struct turn_error err = {0};
	struct turn t;
	char *text;
	size_t len;
	int r;

	if ((text = cli_read_turn(file, sig, &len)) == NULL)
		return EXIT_FAIL;
	r = turn_parse(text, len, TURN_NEED_SIGNATURE, &t, &err);
	free(text);
	return r < 0 ? cli_turn_error(file, &err) : check(keyfile, file, &t);
}

int
cmd_verify(int argc, char **argv)
{
	const struct cli_store stores[] = {{0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 2 && npos != 3)
		return usage_error(&usage, "give the public key file and the turn file "
					   "(and its SSH signature file)");
	return verify(argv[1], argv[2], npos == 3 ? argv[3] : NULL);
}
