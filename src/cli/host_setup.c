/* Opening the host: config, lock, mail loop (host.h). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "host.h"
#include "hostkey.h"

#define LOCK_STUCK 3600 /* a run holding the spool longer may be stuck */

/* Who holds the spool, said so that the reader knows what to do. A run
 * beside the daemon is told that it is not needed; a run beside a run
 * (cron's runs overlapping) stops quietly with -q, unless the other has
 * held the spool so long that it may be stuck. */
static void
say_busy(const struct host *h, const char *why, bool quiet)
{
	const char *pidfile = h->pidfile ? h->pidfile : h->p.cfg.pidfile;
	const char *spool = h->p.cfg.spool;
	struct pbem_lock_holder who;
	bool known = pbem_lock_holder(spool, &who) == 0;
	long age = known ? (long)(time(NULL) - who.since) : 0;

	if (known && strcmp(who.role, "daemon") == 0) {
		if (h->daemon)
			cli_error("another daemon (pid %ld, pid file %s) holds the spool %s: "
				  "one daemon serves a spool; stop that one first (kill %ld)",
				  who.pid, pidfile, spool, who.pid);
		else
			cli_error("the daemon (pid %ld) serves the spool %s: no run is "
				  "needed beside it (to have it take its mail now: kill "
				  "-USR1 %ld)",
				  who.pid, spool, who.pid);
	} else if (!known || age < LOCK_STUCK) {
		if (!quiet)
			cli_error("%s, for %lds; this run stops: the next one tries "
				  "again",
				  why, age);
	} else {
		cli_error("%s, for %ld minutes: if that carcpbem is stuck, stop it "
			  "(kill %ld); this run stops: the next one tries again",
			  why, age / 60, who.pid);
	}
}

/* Takes the spool's lock. A daemon started while a run (or apply, or
 * admin) holds it waits for it to finish, as the run will within its
 * pass; another daemon it refuses at once (say_busy). -2 when busy. */
static int
lock_spool(struct host *h, char *why, size_t n)
{
	const struct timespec nap = {0, 200 * 1000 * 1000};
	struct pbem_lock_holder who;
	bool told = false;
	int fd;

	while ((fd = pbem_lock(h->p.cfg.spool, why, n)) == -2 && h->daemon) {
		if (pbem_lock_holder(h->p.cfg.spool, &who) == 0 &&
		    strcmp(who.role, "daemon") == 0)
			break;
		if (!told)
			pbem_log(&h->p, PBEM_INFO,
				 "%s: waiting for it to finish its pass", why);
		told = true;
		nanosleep(&nap, NULL);
	}
	if (fd >= 0)
		pbem_lock_note(fd, h->daemon ? "daemon" : "run");
	return fd;
}

/* A from the players cannot answer: every notice would tell them to mail
 * carcpbem@localhost. */
static const char *const local_from =
	"the mails' sender, from, is %s: the players are told to mail that "
	"address, which reaches no one off this machine; set from in the config "
	"(from \"Carcassonne <games@example.org>\", carcpbem.conf(5))";

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
	if ((h->lock_fd = lock_spool(h, why, sizeof(why))) < 0) {
		int busy = h->lock_fd == -2;
		if (busy)
			say_busy(h, why, quiet);
		else
			cli_error("%s", why);
		pbem_close(&h->p);
		h->lock_fd = -1;
		return busy ? EXIT_LOCKED : EXIT_FAIL;
	}
	host_key_ready(h);
	if (config_from_local(&c) && c.outbox == OUTBOX_SMTP)
		pbem_log(&h->p, PBEM_WARN, local_from, c.from);
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
	if (config_from_local(&c)) {
		cli_say(stderr, "carcpbem: warning: ");
		cli_say(stderr, local_from, c.from);
		cli_say(stderr, "\n");
	}
	cli_say(stdout, "configuration OK%s%s%s\n", c.file[0] ? ": " : " (built-in defaults)",
		c.file, config_from_local(&c) ? " (but see the warning about from)" : "");
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
