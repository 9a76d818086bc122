/* The host's config for run, daemon, new and demo: -c FILE, else
 * $CARCPBEM_CONFIG, else the defaults; --spool overrides the spool and
 * nothing else: a maildir, outbox-dir or pidfile the config names stays,
 * only those it leaves out follow the spool (config_finish). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const struct cli_opt config_opts[] = {
	{'c', "config", 'c', "FILE",
	 "the host's settings (carcpbem.conf(5)); default:\n"
	 "$CARCPBEM_CONFIG, else built-in defaults"},
	{OPT_SPOOL_DIR, "spool", 0, "DIR", "the spool (overrides the config's spool only)"},
	{0, NULL, 0, NULL, NULL},
};

int
cli_config(const char *file, const char *spool, struct config *c)
{
	struct config_error err;
	char text[1600];

	config_defaults(c);
	if (file == NULL)
		file = getenv("CARCPBEM_CONFIG");
	if (file != NULL && file[0] != '\0' && config_load(file, c, &err) < 0) {
		config_error_format(&err, text, sizeof(text));
		cli_say(stderr, "carcpbem: %s\n", text);
		return -1;
	}
	if (spool != NULL)
		snprintf(c->spool, sizeof(c->spool), "%s", spool);
	else if (c->warning[0] != '\0')
		cli_say(stderr, "carcpbem: warning: %s\n", c->warning);
	config_finish(c);
	return 0;
}
