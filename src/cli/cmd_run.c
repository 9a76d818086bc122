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

struct run_args {
	const char *once, *flush, *quiet;
};

static int
serve(struct host *h, void *ctx)
{
	const struct run_args *a = ctx;
	struct pbem_stats st = {0};

	if (a->once == NULL)
		return host_loop(h);
	return summary(&st, pbem_run_once(&h->p, a->flush != NULL, &st), a->quiet != NULL);
}

int
cmd_run(int argc, char **argv)
{
	struct host h = {0};
	struct run_args a = {0};
	const char *check = NULL;
	const struct cli_store stores[] = {
		{OPT_ONCE, &a.once},           {OPT_FLUSH, &a.flush},
		{OPT_CHECK, &check},           {OPT_QUIET, &a.quiet},
		{'c', &h.config_file},         {OPT_SPOOL_DIR, &h.spool_override},
		{0, NULL},
	};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos > 0)
		return usage_error(&usage, "unexpected argument '%s'", argv[1]);
	return host_main(&h, check != NULL, a.quiet != NULL, serve, &a);
}
