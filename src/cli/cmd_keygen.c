/* carcpbem keygen: a player's Ed25519 key pair. */
#include <string.h>

#include "cli.h"
#include "key.h"

static const struct cli_opt keygen_opts[] = {
	{'d', "dir", 'd', "DIR", "write the keys into DIR (default: here)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"keygen",
	"[-d DIR] NAME",
	"Makes an Ed25519 key pair for signing turns: DIR/NAME.key, the secret key\n"
	"(mode 0600: keep it to yourself), and DIR/NAME.pub, the public key (one\n"
	"line: give it to the host). Never replaces an existing key.",
	{keygen_opts, NULL, NULL},
};

static int
paths(const char *dir, const char *name, char *sec, char *pub, size_t n)
{
	const char *sep = dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "";
	int a = snprintf(sec, n, "%s%s%s.key", dir, sep, name);
	int b = snprintf(pub, n, "%s%s%s.pub", dir, sep, name);

	return a > 0 && (size_t)a < n && b > 0 && (size_t)b < n ? 0 : -1;
}

static int
keygen(const char *dir, const char *name)
{
	char sec[1024], pub[1024], why[200], line[256];
	struct turn_error err = {0};
	struct pubkey k;

	if (key_check_label(name, why, sizeof(why)) < 0)
		return usage_error(&usage, "%s", why);
	if (paths(dir, name, sec, pub, sizeof(sec)) < 0) {
		cli_error("%s: the path is too long", dir);
		return EXIT_FAIL;
	}
	if (key_generate(sec, pub, name, &k, &err) < 0)
		return cli_turn_error(sec, &err);
	key_format_public(&k, line, sizeof(line));
	cli_say(stdout, "Wrote the secret key %s (keep it to yourself) and the public key %s\n"
	       "(give it to the host):\n%s",
	       sec, pub, line);
	return EXIT_OK;
}

int
cmd_keygen(int argc, char **argv)
{
	const char *dir = "";
	const struct cli_store stores[] = {{'d', &dir}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 1)
		return usage_error(&usage, npos ? "one key name at a time"
						: "name the key, e.g. your player name");
	return keygen(dir, argv[1]);
}
