/* Least privilege for run, daemon, and new and apply with a host's
 * config (host.h): started as root, they
 * switch for good to the config's unprivileged user, and refuse to run as
 * root without one. The switch comes before the spool is touched: what
 * they make there (the lock, the log, the pid file, the inbox) is then the
 * user's, and root never works in a directory that the user controls. */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "host.h"

/* The explicit way to keep root (containers where root is the only user,
 * and the test suite): CARCPBEM_ALLOW_ROOT=yes. */
static bool
root_allowed(void)
{
	const char *v = getenv("CARCPBEM_ALLOW_ROOT");

	return v && strcmp(v, "yes") == 0;
}

/* The config's user: 0 with *pw, or -1 with why. */
static int
find_user(const struct config *c, struct passwd **pw, char *why, size_t n)
{
	errno = 0;
	if ((*pw = getpwnam(c->user)) == NULL) {
		snprintf(why, n,
			 "%s: user %s: %s: create it (useradd --system %s) or name another "
			 "in the setting user",
			 c->file[0] ? c->file : "config", c->user,
			 errno ? strerror(errno) : "no such user", c->user);
		return -1;
	}
	if ((*pw)->pw_uid == 0 || (*pw)->pw_gid == 0) {
		snprintf(why, n,
			 "%s: user %s has uid or gid 0: name an unprivileged user in the "
			 "setting user",
			 c->file[0] ? c->file : "config", c->user);
		return -1;
	}
	return 0;
}

int
host_check_user(const struct config *c, char *why, size_t n)
{
	struct passwd *pw;

	if (c->user[0])
		return find_user(c, &pw, why, n);
	if (geteuid() == 0 && !root_allowed()) {
		snprintf(why, n,
			 "refusing to run as root: name the unprivileged user to run as in "
			 "the config (user carcpbem, carcpbem.conf(5)), or start carcpbem as "
			 "that user");
		return -1;
	}
	return 0;
}

/* After the switch: the directories of the loop that exist already are
 * the user's to write (a spool made by root is not). */
static int
check_dirs(const struct config *cfg, char *why, size_t n)
{
	char dirs[6][CONFIG_PATH_MAX + 8];
	struct config c = *cfg;
	int nd = 0;

	config_finish(&c);
	snprintf(dirs[nd++], sizeof(dirs[0]), "%s", c.spool);
	snprintf(dirs[nd++], sizeof(dirs[0]), "%s/games", c.spool);
	snprintf(dirs[nd++], sizeof(dirs[0]), "%s/queue", c.spool);
	snprintf(dirs[nd++], sizeof(dirs[0]), "%s/new", c.maildir);
	snprintf(dirs[nd++], sizeof(dirs[0]), "%s/cur", c.maildir);
	if (c.outbox == OUTBOX_DIR)
		snprintf(dirs[nd++], sizeof(dirs[0]), "%s", c.outbox_dir);
	for (int i = 0; i < nd; i++)
		if (access(dirs[i], R_OK | W_OK | X_OK) < 0 && errno != ENOENT) {
			snprintf(why, n,
				 "user %s cannot write %s: %s: run chown -R %s %s (and the "
				 "maildir and outbox-dir outside it)",
				 c.user, dirs[i], strerror(errno), c.user, c.spool);
			return -1;
		}
	return 0;
}

int
host_drop_root(const struct config *c, char *why, size_t n)
{
	struct passwd *pw;

	if (geteuid() != 0 || c->user[0] == '\0')
		return host_check_user(c, why, n);
	if (find_user(c, &pw, why, n) < 0)
		return -1;
	if (initgroups(pw->pw_name, pw->pw_gid) < 0 || setgid(pw->pw_gid) < 0 ||
	    setuid(pw->pw_uid) < 0) {
		snprintf(why, n, "cannot switch to user %s: %s", c->user, strerror(errno));
		return -1;
	}
	/* For good: neither the uid nor the gid can come back. */
	if (setuid(0) == 0 || seteuid(0) == 0 || setgid(0) == 0 || getuid() == 0 ||
	    geteuid() == 0 || getgid() == 0 || getegid() == 0) {
		snprintf(why, n, "switched to user %s, but root could be regained: stopping",
			 c->user);
		return -1;
	}
	return check_dirs(c, why, n);
}

int
host_reader(const struct config *c)
{
	if (geteuid() == 0 && c->user[0] == '\0' && !root_allowed())
		return 1; /* root writes nothing of the user's: no harm in reading */
	return host_become_user(c) < 0 ? -1 : 0;
}

int
host_become_user(const struct config *c)
{
	char why[600];

	if (host_drop_root(c, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return -1;
	}
	return 0;
}
