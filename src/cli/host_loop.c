/* The host's loop, shared by carcpbem run and carcpbem daemon: passes of
 * fetch, process and flush every poll seconds; SIGTERM or SIGINT stop it
 * after the current message, SIGHUP re-reads the config, SIGUSR1 makes a
 * pass at once (after the current one, if one is running). Between passes
 * it naps until mail arrives, a deadline is due or poll runs out
 * (host_wake.c). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>
#include <time.h>

#include "cli.h"
#include "host.h"
#include "host_wake.h"

static volatile sig_atomic_t stop_flag, reload_flag, wake_flag;

static void
on_stop(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static void
on_reload(int sig)
{
	(void)sig;
	reload_flag = 1;
}

static void
on_wake(int sig)
{
	(void)sig;
	wake_flag = 1;
}

static void
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop; /* no SA_RESTART: sleeps end at once */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = on_reload;
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_wake;
	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Re-reads the config; a bad one is logged and the old one kept. */
static void
reload(struct host *h)
{
	struct config c;
	char why[600];
	struct pbem next;

	reload_flag = 0;
	if (cli_config(h->config_file, h->spool_override, &c) < 0) {
		pbem_log(&h->p, PBEM_ERR, "SIGHUP: the config has errors; keeping the old one");
		return;
	}
	if (strcmp(c.spool, h->p.cfg.spool) != 0) { /* its lock is the old one's */
		pbem_log(&h->p, PBEM_ERR,
			 "SIGHUP: the config names another spool (%s); keeping the old "
			 "config: restart the daemon to serve that spool",
			 c.spool);
		return;
	}
	if (pbem_open(&next, &c, h->p.cat, why, sizeof(why)) < 0) {
		pbem_log(&h->p, PBEM_ERR, "SIGHUP: %s; keeping the old config", why);
		return;
	}
	next.stop = &stop_flag;
	next.quiet = h->p.quiet;
	pbem_close(&h->p);
	h->p = next;
	pbem_rebind(&h->p); /* next's pointers were into next */
	pbem_log(&h->p, PBEM_INFO, "SIGHUP: config re-read%s%s",
		 h->config_file ? " from " : "", h->config_file ? h->config_file : "");
}

int
host_loop(struct host *h)
{
	volatile sig_atomic_t *const flags[] = {&stop_flag, &reload_flag, &wake_flag};
	struct host_wake w;

	catch_signals();
	h->p.stop = &stop_flag;
	pbem_log(&h->p, PBEM_INFO, "started: spool %s, polling every %lds", h->p.cfg.spool,
		 h->p.cfg.poll);
	host_wake_open(&w, &h->p);
	while (!stop_flag) {
		struct pbem_stats st = {0};

		wake_flag = 0; /* a SIGUSR1 from now on asks for one more pass */
		pbem_run_once(&h->p, false, &st);
		host_wake_nap(&w, &h->p, flags, 3);
		if (reload_flag) {
			reload(h);
			host_wake_close(&w); /* the inbox may have moved */
			host_wake_open(&w, &h->p);
		}
	}
	host_wake_close(&w);
	pbem_log(&h->p, PBEM_INFO, "stopped by a signal");
	return EXIT_OK;
}
