/* carcpbem sign: signs a turn file with a secret key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "turnfile.h"

enum { OPT_KEY = 512 };

static const struct cli_opt sign_opts[] = {
	{OPT_KEY, "key", 'k', "KEY", "your secret key file (or give it first, as KEY)"},
	{'o', "output", 'o', "FILE",
	 "write the signed turn to FILE (\"-\": standard output)\n"
	 "instead of back to TURNFILE"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"sign",
	"[-o FILE] KEY [TURNFILE] | [-o FILE] --key KEY [TURNFILE]",
	"Signs the turn in TURNFILE with the secret key KEY and writes the signed\n"
	"turn block back to TURNFILE (or to FILE with -o), ready to mail; it is\n"
	"also printed. Without TURNFILE, or with \"-\", the turn is read from\n"
	"standard input and the signed turn printed. Text around the block is\n"
	"left out; a signature already there is replaced. carcpbem move makes\n"
	"and signs a turn in one step.",
	{sign_opts, NULL, NULL},
};

/* The signed block of the turn in file, or NULL (said why; the exit
 * status in *status). */
static char *
signed_block(const struct seckey *k, const char *file, int *status)
{
	struct turn_error err = {0};
	struct turn t;
	char *text, *block;
	size_t len;

	if ((text = cli_read_text(file, &len)) == NULL)
		return NULL;
	if (turn_parse(text, len, 0, &t, &err) < 0) {
		free(text);
		*status = cli_turn_error(file, &err);
		return NULL;
	}
	free(text);
	if (turn_sign(&t, k, &err) < 0 || (block = turn_format(&t)) == NULL) {
		cli_error("out of memory");
		return NULL;
	}
	return block;
}

/* In place (or to -o FILE) and on standard output: a player who runs
 * "carcpbem sign KEY turn.txt" mails turn.txt, one who redirects the
 * output (the old way) gets the same block there. */
static int
sign(const char *keyfile, const char *file, const char *out)
{
	struct turn_error err = {0};
	bool in = strcmp(file, "-") == 0;
	struct seckey k;
	int r = EXIT_FAIL;
	char *block;

	if (key_load_secret(keyfile, &k, &err) < 0)
		return cli_turn_error(keyfile, &err);
	block = signed_block(&k, file, &r);
	key_wipe(&k);
	if (block == NULL)
		return r;
	if (out == NULL && !in)
		out = file;
	if (out != NULL && strcmp(out, "-") == 0)
		out = NULL;
	r = cli_write_out(out, block, 0644, true);
	if (r == EXIT_OK && out != NULL) {
		r = cli_write_out(NULL, block, 0, false);
		cli_say(stderr, "carcpbem: %s: signed; mail it to the host\n", out);
	}
	free(block);
	return r;
}

int
cmd_sign(int argc, char **argv)
{
	const char *out = NULL, *key = NULL;
	const struct cli_store stores[] = {{'o', &out}, {OPT_KEY, &key}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);
	char **pos = argv + 1;

	if (r != CLI_PROCEED)
		return r;
	if (key == NULL && npos > 0) {
		key = pos[0];
		pos++;
		npos--;
	}
	if (key == NULL)
		return usage_error(&usage, "sign with your secret key: --key KEY");
	if (npos > 1)
		return usage_error(&usage, "one turn file at a time, not %d", npos);
	return sign(key, npos ? pos[0] : "-", out);
}
