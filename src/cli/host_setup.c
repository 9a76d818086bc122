/* Opening the host: config, lock, mail loop (host.h). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "host.h"
#include "hostkey.h"

/* The pid in a daemon's pid file if that process lives, else 0. */
static long
daemon_pid(const char *pidfile)
{
	FILE *fp = fopen(pidfile, "r");
	long pid = 0;

	if (fp == NULL)
		return 0;
	if (fscanf(fp, "%ld", &pid) != 1 || pid <= 0 ||
	    (kill((pid_t)pid, 0) < 0 && errno != EPERM))
		pid = 0;
	fclose(fp);
	return pid;
}

/* Who holds the spool, said so that the reader knows what to do. */
static void
say_busy(const struct host *h, const char *why)
{
	const char *pidfile = h->pidfile ? h->pidfile : h->p.cfg.pidfile;
	long pid;

	if (!h->daemon)
		cli_error("%s; this run stops: the next one tries again", why);
	else if ((pid = daemon_pid(pidfile)) > 0)
		cli_error("another daemon (pid %ld, pid file %s) holds the spool %s: "
			  "one daemon serves a spool; stop that one first (kill %ld)",
			  pid, pidfile, h->p.cfg.spool, pid);
	else
		cli_error("%s, a run that has not finished: start the daemon once it "
			  "is done",
			  why);
}

/* The host key, made now if missing, so that a key the host's user
 * cannot read shows at the start; the players' turns go on without it. */
static void
host_key_ready(struct host *h)
{
	struct seckey k;
	char why[600];

	if (pbem_host_key(&h->p.cfg, &k, why, sizeof(why)) < 0)
		pbem_log(&h->p, PBEM_WARN, "%s: host commands and the computer's moves "
			 "for seats wait until it is readable", why);
	else
		key_wipe(&k);
}

int
host_open(struct host *h, const struct catalog *cat, bool quiet)
{
	struct config c;
	char why[600];

	h->lock_fd = -1;
	if (cli_config(h->config_file, h->spool_override, &c) < 0)
		return EXIT_FAIL;
	if (host_become_user(&c) < 0) /* before the spool is touched */
		return EXIT_FAIL;
	if (pbem_open(&h->p, &c, cat, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	h->p.quiet = quiet;
	if ((h->lock_fd = pbem_lock(h->p.cfg.spool, why, sizeof(why))) < 0) {
		int busy = h->lock_fd == -2;
		if (busy)
			say_busy(h, why);
		else
			cli_error("%s", why);
		pbem_close(&h->p);
		h->lock_fd = -1;
		return busy ? EXIT_LOCKED : EXIT_FAIL;
	}
	host_key_ready(h);
	return EXIT_OK;
}

void
host_close(struct host *h)
{
	pbem_close(&h->p);
	if (h->lock_fd >= 0)
		close(h->lock_fd);
	h->lock_fd = -1;
}

int
host_check(const char *config_file, const char *spool)
{
	struct config c;
	char why[300];
	char secret[256];

	if (cli_config(config_file, spool, &c) < 0)
		return EXIT_FAIL;
	if (host_become_user(&c) < 0) /* check as the loop runs */
		return EXIT_FAIL;
	if ((c.imap_password_file[0] &&
	     config_read_secret(c.imap_password_file, secret, sizeof(secret), why,
				sizeof(why)) < 0) ||
	    (c.smtp_password_file[0] &&
	     config_read_secret(c.smtp_password_file, secret, sizeof(secret), why,
				sizeof(why)) < 0)) {
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	cli_say(stdout, "configuration OK%s%s\n", c.file[0] ? ": " : " (built-in defaults)", c.file);
	return EXIT_OK;
}

int
host_main(struct host *h, bool check, bool quiet, int (*serve)(struct host *, void *),
	  void *ctx)
{
	struct catalog *cat;
	int r;

	if (check)
		return host_check(h->config_file, h->spool_override);
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	if ((r = host_open(h, cat, quiet)) == EXIT_OK) {
		r = serve(h, ctx);
		host_close(h);
	}
	catalog_free(cat);
	return r;
}
