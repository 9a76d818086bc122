/* carcpbem daemon: the mail loop in the background, with a pid file;
 * SIGTERM stops it after the current message, SIGHUP re-reads the
 * config. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "cli.h"
#include "host.h"

enum { OPT_FOREGROUND = 810, OPT_CHECK, OPT_PIDFILE };

static const struct cli_opt daemon_opts[] = {
	{OPT_FOREGROUND, "foreground", 'f', NULL,
	 "stay in the foreground (systemd, tests); logs go\n"
	 "to stderr unless the config says syslog"},
	{OPT_PIDFILE, "pidfile", 0, "FILE", "write the pid here (default: the config's)"},
	{OPT_CHECK, NULL, 'n', NULL, "check the config and exit"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"daemon",
	"[-f] [-n] [--pidfile FILE] [-c FILE] [--spool DIR]",
	"Runs the host's mail loop as a daemon: polls the inbox every poll\n"
	"seconds (carcpbem.conf(5)), applies turns, answers and sends. SIGTERM\n"
	"stops it once the current message is done; SIGHUP re-reads the config.\n"
	"In the background it logs to syslog, or to SPOOL/carcpbem.log when the\n"
	"config says log stderr.",
	{daemon_opts, config_opts, NULL},
};

/* Detaches: a new session, stdio off the terminal (stderr to the log
 * file when logging to stderr). The parent exits at once. */
static int
detach(const struct host *h)
{
	char log[CONFIG_PATH_MAX + 16];
	pid_t pid = fork();
	int fd;

	if (pid < 0) {
		cli_error("fork: %s", strerror(errno));
		return -1;
	}
	if (pid > 0)
		_exit(EXIT_OK);
	setsid();
	snprintf(log, sizeof(log), "%s/carcpbem.log", h->p.cfg.spool);
	if ((fd = open("/dev/null", O_RDWR)) >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		close(fd);
	}
	if (h->p.cfg.log == CONFIG_LOG_STDERR &&
	    (fd = open(log, O_WRONLY | O_APPEND | O_CREAT, 0600)) >= 0) {
		dup2(fd, 2);
		close(fd);
	}
	return 0;
}

static int
write_pidfile(const char *path)
{
	char text[32];
	struct gf_error err = {"", ""};

	snprintf(text, sizeof(text), "%ld\n", (long)getpid());
	if (gamefile_write_atomic(path, text, strlen(text), 0644, true, &err) < 0) {
		cli_error("cannot write the pid file %s: %s", path, err.text);
		return -1;
	}
	return 0;
}

struct daemon_args {
	const char *foreground, *pidfile;
};

static int
serve(struct host *h, void *ctx)
{
	const struct daemon_args *a = ctx;
	const char *pidfile = a->pidfile ? a->pidfile : h->p.cfg.pidfile;
	int r;

	if (!a->foreground && h->p.cfg.log == CONFIG_LOG_SYSLOG)
		openlog("carcpbem", LOG_PID, LOG_MAIL);
	if (!a->foreground && detach(h) < 0)
		return EXIT_FAIL;
	pbem_lock_note(h->lock_fd, "daemon"); /* after the fork: us */
	if (write_pidfile(pidfile) < 0)
		return EXIT_FAIL;
	r = host_loop(h);
	unlink(pidfile);
	return r;
}

int
cmd_daemon(int argc, char **argv)
{
	struct host h = {0};
	struct daemon_args a = {0};
	const char *check = NULL;
	const struct cli_store stores[] = {
		{OPT_FOREGROUND, &a.foreground}, {OPT_PIDFILE, &a.pidfile},
		{OPT_CHECK, &check},             {'c', &h.config_file},
		{OPT_SPOOL_DIR, &h.spool_override}, {0, NULL},
	};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos > 0)
		return usage_error(&usage, "unexpected argument '%s'", argv[1]);
	h.daemon = true;
	h.pidfile = a.pidfile;
	return host_main(&h, check != NULL, false, serve, &a);
}
