/* The nap between the daemon's passes: ppoll on the inbox's inotify fd,
 * the signals unblocked only inside ppoll so none is lost between the
 * flag check and the sleep. */
#define _GNU_SOURCE /* ppoll */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

#include "host_wake.h"
#include "timers.h"

void
host_wake_open(struct host_wake *w, struct pbem *p)
{
	char dir[CONFIG_PATH_MAX + 8];
	uint32_t mask = IN_MOVED_TO | IN_CREATE | IN_CLOSE_WRITE;

	w->fd = -1;
	if (p->cfg.inbox != INBOX_MAILDIR)
		return;
	snprintf(dir, sizeof(dir), "%s/new", p->inbox);
	w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w->fd >= 0 && inotify_add_watch(w->fd, dir, mask) >= 0) {
		pbem_log(p, PBEM_INFO, "watching %s for new mail", dir);
		return;
	}
	pbem_log(p, PBEM_WARN, "no inotify on %s (%s): polling every %lds", dir,
		 strerror(errno), p->cfg.poll);
	host_wake_close(w);
}

void
host_wake_close(struct host_wake *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
}

/* Seconds until the nap must end: the poll, or sooner the next deadline
 * wake-up (one already due waits a second: the pass just made did not
 * clear it, and a busy loop would not either). */
static long
nap_seconds(struct pbem *p)
{
	long s = p->cfg.poll > 0 ? p->cfg.poll : 1;
	time_t next;

	if (timers_peek(p->cfg.spool, &next) == 1 && next > 0) {
		long left = (long)(next - pbem_now(p));

		if (left < 1)
			left = 1;
		if (left < s)
			s = left;
	}
	return s;
}

/* Reads every queued event: 1 when there were any. */
static int
drain(int fd)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	int any = 0;

	while (read(fd, buf, sizeof(buf)) > 0)
		any = 1;
	return any;
}

static int
flag_set(volatile sig_atomic_t *const *flags, int n)
{
	for (int i = 0; i < n; i++)
		if (*flags[i])
			return 1;
	return 0;
}

int
host_wake_nap(struct host_wake *w, struct pbem *p, volatile sig_atomic_t *const *flags,
	      int nflags)
{
	struct timespec ts = {nap_seconds(p), 0};
	struct pollfd pfd = {.fd = w->fd, .events = POLLIN};
	sigset_t block, old;
	int r;

	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (flag_set(flags, nflags)) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return 0;
	}
	r = ppoll(&pfd, w->fd >= 0 ? 1 : 0, &ts, &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (r > 0 && (pfd.revents & POLLIN))
		return drain(w->fd);
	return 0;
}
