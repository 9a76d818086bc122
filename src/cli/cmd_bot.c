/* carcpbem bot: a computer player at its own mailbox, for hosts to try
 * their setup and for the tests. Its config (carcpbem.conf(5)) says
 * where its mail comes from and goes: the bot's spool holds its inbox
 * Maildir and its queue, as a host's does. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bot.h"
#include "cli.h"
#include "host.h" /* EXIT_LOCKED */
#include "message.h"
#include "pbem.h"

enum { OPT_KEY = 830, OPT_ADDRESS, OPT_ONCE, OPT_SEED, OPT_FLUSH, OPT_QUIET };

static const struct cli_opt bot_opts[] = {
	{OPT_KEY, "key", 0, "FILE",
	 "the player's secret key, as carcpbem keygen makes\n"
	 "it: the bot plays the seat of the key's name"},
	{OPT_ADDRESS, "address", 0, "ADDRESS",
	 "the bot's mail address (default: the config's from)"},
	{OPT_ONCE, "once", 0, NULL, "one pass: fetch, answer, send, then exit"},
	{OPT_SEED, "seed", 0, "SEED",
	 "draw the choices from SEED: 64 hexadecimal digits or\n"
	 "any other text (hashed); default: random"},
	{OPT_FLUSH, "flush", 0, NULL, "send every queued mail now, also those waiting"},
	{OPT_QUIET, "quiet", 'q', NULL, "log only warnings and errors"},
	{'c', "config", 'c', "FILE", "the bot's settings (carcpbem.conf(5))"},
	{OPT_SPOOL_DIR, "spool", 0, "DIR", "the bot's spool (overrides the config's)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"bot",
	"-c FILE --key FILE [--player KIND] [--think DURATION | --playouts N]\n"
	"       [--address ADDRESS] [--once] [--seed SEED] [--flush] [-q]",
	"A computer player by mail: fetches its mail (its inbox Maildir, or\n"
	"IMAP), answers each notice for its player with the turn its --player\n"
	"chooses on the view the notice carries (default greedy: a few ms a\n"
	"turn; --player mcts plays better at --think a decision),\n"
	"signed with its key, and sends the answer (its outbox directory, or\n"
	"SMTP), every poll seconds until SIGTERM; with --once, one pass. The\n"
	"config is the bot's own, never the host's: its spool is the bot's\n"
	"working directory. Exit status as for carcpbem run: 0, 1 when\n"
	"something failed (said on stderr; the mail is kept for the next pass),\n"
	"75 when another carcpbem holds the spool.",
	{bot_opts, ai_opts, NULL},
};

struct bot_args {
	const char *config, *spool, *key, *address, *seed;
	bool once, flush, quiet;
	struct ai_params ai;
};

struct bot_run {
	struct pbem p;
	struct bot b;
	uint8_t seed[SEED_BYTES];
	int lock_fd;
};

static volatile sig_atomic_t stop_flag;

static void
on_stop(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static void
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop; /* no SA_RESTART: the nap ends at once */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static void
nap(long seconds)
{
	struct timespec ts = {seconds, 0};

	while (!stop_flag && nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* The bot's config; --address replaces its from. Never $CARCPBEM_CONFIG:
 * that is the host's, and a bot on the host's inbox would eat its mail. */
static int
load_config(const struct bot_args *a, struct config *c)
{
	char why[400];

	if (cli_config(a->config ? a->config : "", a->spool, c) < 0)
		return -1;
	if (a->address && config_set(c, NULL, "from", a->address, why, sizeof(why)) < 0) {
		cli_error("--address: %s", why);
		return -1;
	}
	return 0;
}

static int
load_key(struct bot_run *r, const char *path)
{
	struct turn_error err = {0};

	if (key_load_secret(path, &r->b.key, &err) < 0) {
		cli_turn_error(path, &err);
		return -1;
	}
	return 0;
}

/* The From of the answers: the config's from (or --address). */
static int
set_address(struct bot_run *r, const char *from)
{
	size_t n = strlen(from);
	char why[300];

	/* read as the composer will read the From of the bot's mails */
	if (mail_address_check(from, true, why, sizeof(why)) < 0) {
		cli_error("from (or --address): %s", why);
		return EXIT_FAIL;
	}
	if (n >= sizeof(r->b.address)) {
		cli_error("from: %zu bytes; a bot's address has %zu at most", n,
			  sizeof(r->b.address) - 1);
		return EXIT_FAIL;
	}
	memcpy(r->b.address, from, n + 1);
	return EXIT_OK;
}

/* Config, lock: EXIT_OK, or why not. */
static int
bot_open(struct bot_run *r, const struct bot_args *a, const struct catalog *cat)
{
	struct config c;
	char why[600];

	r->lock_fd = -1;
	if (load_config(a, &c) < 0 || set_address(r, c.from) != EXIT_OK)
		return EXIT_FAIL;
	if (pbem_open(&r->p, &c, cat, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	r->p.quiet = a->quiet;
	if ((r->lock_fd = pbem_lock(r->p.cfg.spool, why, sizeof(why))) < 0) {
		cli_error("%s", why);
		pbem_close(&r->p);
		return r->lock_fd == -2 ? EXIT_LOCKED : EXIT_FAIL;
	}
	r->b.cat = cat;
	return EXIT_OK;
}

static void
bot_close(struct bot_run *r)
{
	pbem_close(&r->p);
	if (r->lock_fd >= 0)
		close(r->lock_fd);
}

static int
once(struct bot_run *r, const struct bot_args *a)
{
	struct pbem_stats st = {0};
	int rc = bot_pass(&r->p, &r->b, r->seed, a->flush, &st);

	if (!a->quiet)
		cli_say(stderr,
			"carcpbem: %s: %d message%s, %d answered, %d mail%s sent, %d "
			"waiting in the queue\n",
			r->b.key.label, st.messages, st.messages == 1 ? "" : "s",
			st.replies, st.queue.sent, st.queue.sent == 1 ? "" : "s",
			st.queue.deferred + st.queue.waiting);
	if (rc < 0)
		cli_error("failed: %s", st.error);
	return rc < 0 ? EXIT_FAIL : EXIT_OK;
}

/* Passes every poll seconds; a failed pass is logged and tried again. */
static int
loop(struct bot_run *r, const struct bot_args *a)
{
	bool flush = a->flush;

	catch_signals();
	r->p.stop = &stop_flag;
	pbem_log(&r->p, PBEM_INFO, "bot %s started: spool %s, polling every %lds",
		 r->b.key.label, r->p.cfg.spool, r->p.cfg.poll);
	while (!stop_flag) {
		struct pbem_stats st = {0};
		bot_pass(&r->p, &r->b, r->seed, flush, &st);
		flush = false;
		nap(r->p.cfg.poll);
	}
	pbem_log(&r->p, PBEM_INFO, "bot %s stopped by a signal", r->b.key.label);
	return EXIT_OK;
}

/* The options: CLI_PROCEED, or the exit status. */
static int
parse(int argc, char **argv, struct bot_args *a)
{
	struct opt_iter it;
	const char *arg;
	int id;

	ai_params_default(&a->ai);
	a->ai.kind = AI_GREEDY; /* quick; mcts when asked */
	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (ai_opt(&usage, id, arg, &a->ai) < 0)
			return EXIT_USAGE;
		switch (id) {
		case OPT_HELP: return usage_help(&usage);
		case OPT_ERROR: return EXIT_USAGE;
		case OPT_KEY: a->key = arg; break;
		case OPT_ADDRESS: a->address = arg; break;
		case OPT_ONCE: a->once = true; break;
		case OPT_SEED: a->seed = arg; break;
		case OPT_FLUSH: a->flush = true; break;
		case OPT_QUIET: a->quiet = true; break;
		case 'c': a->config = arg; break;
		case OPT_SPOOL_DIR: a->spool = arg; break;
		}
	}
	if (it.npos > 0)
		return usage_error(&usage, "unexpected argument '%s'", argv[1]);
	if (a->key == NULL)
		return usage_error(&usage,
				   "--key: the bot plays with its player's secret key");
	if (a->config == NULL && a->spool == NULL)
		return usage_error(&usage, "-c: the bot needs a config of its own (or at "
					   "least --spool DIR), never the host's");
	return CLI_PROCEED;
}

int
cmd_bot(int argc, char **argv)
{
	struct bot_args a = {0};
	struct bot_run r = {0};
	struct catalog *cat;
	int rc = parse(argc, argv, &a);

	if (rc != CLI_PROCEED)
		return rc;
	if (a.seed != NULL && seed_from_text(&usage, a.seed, r.seed) < 0)
		return EXIT_USAGE;
	if (a.seed == NULL)
		seed_random(r.seed);
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	r.b.ai = a.ai;
	if (load_key(&r, a.key) < 0)
		rc = EXIT_FAIL;
	else if ((rc = bot_open(&r, &a, cat)) == EXIT_OK) {
		rc = a.once ? once(&r, &a) : loop(&r, &a);
		bot_close(&r);
	}
	key_wipe(&r.b.key);
	catalog_free(cat);
	return rc;
}
