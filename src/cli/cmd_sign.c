/* carcpbem sign: signs a turn file with a secret key. */
#include <stdlib.h>

#include "cli.h"
#include "turnfile.h"

static const struct cli_opt sign_opts[] = {
	{'o', "output", 'o', "FILE",
	 "write the signed turn to FILE (default: standard output)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"sign",
	"[-o FILE] KEY TURNFILE",
	"Signs the turn in TURNFILE (\"-\": standard input) with the secret key KEY\n"
	"and writes the signed turn block. Text around the block is left out; a\n"
	"signature already there is replaced. carcpbem move makes and signs a turn\n"
	"in one step.",
	{sign_opts, NULL, NULL},
};

static int
sign(const char *keyfile, const char *file, const char *out)
{
	struct turn_error err = {0};
	struct seckey k;
	struct turn t;
	char *text, *block = NULL;
	size_t len;
	int r;

	if ((text = cli_read_text(file, &len)) == NULL)
		return EXIT_FAIL;
	if (turn_parse(text, len, 0, &t, &err) < 0) {
		free(text);
		return cli_turn_error(file, &err);
	}
	free(text);
	if (key_load_secret(keyfile, &k, &err) < 0)
		return cli_turn_error(keyfile, &err);
	r = turn_sign(&t, &k, &err);
	key_wipe(&k);
	if (r < 0 || (block = turn_format(&t)) == NULL) {
		cli_error("out of memory");
		return EXIT_FAIL;
	}
	r = cli_write_out(out, block, 0644, true);
	free(block);
	return r;
}

int
cmd_sign(int argc, char **argv)
{
	const char *out = NULL;
	const struct cli_store stores[] = {{'o', &out}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 2)
		return usage_error(&usage, "give the secret key and the turn file");
	return sign(argv[1], argv[2], out);
}
