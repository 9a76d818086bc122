/* What carcpbem run and carcpbem daemon share: the config, the lock, the
 * loop (host_loop.c, host_setup.c). */
#ifndef CARC_HOST_H
#define CARC_HOST_H

#include "loop.h"
#include "pbem.h"

struct host {
	const char *config_file;    /* -c, or NULL */
	const char *spool_override; /* --spool, or NULL */
	bool daemon;                /* the daemon, not a run */
	const char *pidfile;        /* the daemon's --pidfile, or NULL */
	struct pbem p;
	int lock_fd;
};

/* Reads the config, takes the spool's lock and opens the mail loop;
 * says why not (EXIT_FAIL, or 75 when another carcpbem holds the lock:
 * a run is told whether that is the daemon; a daemon waits for a run to
 * finish, and refuses another daemon). */
int host_open(struct host *h, const struct catalog *cat, bool quiet);
void host_close(struct host *h);
/* -n: checks the config (and its password files), prints "configuration
 * OK" or the errors. */
int host_check(const char *config_file, const char *spool);
/* What run and daemon do after their options: -n (check), else open the
 * host, serve(h, ctx), close it; the exit status. */
int host_main(struct host *h, bool check, bool quiet, int (*serve)(struct host *, void *),
	      void *ctx);
/* Until SIGTERM/SIGINT. */
int host_loop(struct host *h);

/* Root needs the config's user (or CARCPBEM_ALLOW_ROOT=yes), which must
 * be an unprivileged user that exists: 0, or -1 with why. */
int host_check_user(const struct config *c, char *why, size_t n);
/* Run as root: switches to the config's user for good (groups, gid, uid)
 * and checks that it can write the spool; otherwise only host_check_user.
 * 0, or -1 with why. */
int host_drop_root(const struct config *c, char *why, size_t n);
/* host_drop_root for every command that writes a host's spool (run,
 * daemon, new and apply with a config), before it touches it: says why
 * not on stderr. 0, or -1. */
int host_become_user(const struct config *c);
/* For a command that may only read the spool (status): root without a
 * user in the config is let through, reading only (true); otherwise the
 * switch of host_become_user (false, or -1 when refused). */
int host_reader(const struct config *c);

#define EXIT_LOCKED 75 /* EX_TEMPFAIL: try again later */

#endif
