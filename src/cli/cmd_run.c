/* carcpbem run: the mail loop in the foreground; with --once one pass
 * (fetch, process, send) for cron. */
#include <stdio.h>

#include "cli.h"
#include "host.h"

enum { OPT_ONCE = 800, OPT_FLUSH, OPT_CHECK, OPT_QUIET };

static const struct cli_opt run_opts[] = {
	{OPT_ONCE, "once", 0, NULL,
	 "one pass: fetch, process every waiting message,\n"
	 "send the queue, then exit (for cron)"},
	{OPT_FLUSH, "flush", 0, NULL,
	 "send every queued mail now, also those waiting\n"
	 "for their next try"},
	{OPT_CHECK, NULL, 'n', NULL, "check the config and exit"},
	{OPT_QUIET, "quiet", 'q', NULL, "log only warnings and errors"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"run",
	"[--once] [--flush] [-n] [-q] [-c FILE] [--spool DIR]",
	"Runs the host's mail loop in the foreground: takes new mail from the\n"
	"inbox (a Maildir, or IMAP), applies the turn files, answers, and sends\n"
	"the queued mail (to the outbox directory, or SMTP). With --once, one\n"
	"pass; the exit status is 0 when everything worked, 1 when something\n"
	"failed (the reason on stderr; nothing is lost: it is tried again next\n"
	"time), 75 when another run or the daemon holds the spool.",
	{run_opts, config_opts, NULL},
};

static int
summary(const struct pbem_stats *st, int r, bool quiet)
{
	if (!quiet)
		fprintf(stderr,
		"carcpbem: %d message%s, %d turn%s applied, %d repl%s, %d ignored, "
		"%d mail%s sent, %d waiting in the queue\n",
		st->messages, st->messages == 1 ? "" : "s", st->turns,
		st->turns == 1 ? "" : "s", st->replies, st->replies == 1 ? "y" : "ies",
		st->ignored, st->queue.sent, st->queue.sent == 1 ? "" : "s",
		st->queue.deferred + st->queue.waiting);
	if (r < 0)
		cli_error("failed: %s", st->error);
	return r < 0 ? EXIT_FAIL : EXIT_OK;
}

int
cmd_run(int argc, char **argv)
{
	struct host h = {0};
	struct opt_iter it;
	const char *arg;
	bool once = false, flush = false, check = false, quiet = false;
	struct catalog *cat;
	int id, r;

	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		switch (id) {
		case OPT_HELP: return usage_help(&usage);
		case OPT_ERROR: return EXIT_USAGE;
		case OPT_ONCE: once = true; break;
		case OPT_FLUSH: flush = true; break;
		case OPT_CHECK: check = true; break;
		case OPT_QUIET: quiet = true; break;
		case 'c': h.config_file = arg; break;
		case OPT_SPOOL_DIR: h.spool_override = arg; break;
		}
	}
	if (it.npos > 0)
		return usage_error(&usage, "unexpected argument '%s'", argv[1]);
	if (check)
		return host_check(h.config_file, h.spool_override);
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	if ((r = host_open(&h, cat, quiet)) == EXIT_OK) {
		if (once) {
			struct pbem_stats st = {0};
			r = summary(&st, pbem_run_once(&h.p, flush, &st), quiet);
		} else
			r = host_loop(&h);
		host_close(&h);
	}
	catalog_free(cat);
	return r;
}
