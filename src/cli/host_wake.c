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
	w->imap = p->cfg.inbox == INBOX_IMAP;
	imap_idle_init(&w->idle, &p->imap);
	if (w->imap)
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
	if (w->imap)
		imap_idle_close(&w->idle);
}

/* A deadline still due after a pass: the pass failed on it (and logged
 * why). It is tried again after the poll, or this many seconds if
 * sooner, not every second (issue 22.2: a pass a second despite poll
 * 1h); a run --once from cron is paced by cron. */
#define DUE_AGAIN 300

/* Seconds until the nap must end: the poll, or sooner the next deadline
 * wake-up. */
static long
nap_seconds(struct host_wake *w, struct pbem *p)
{
	long s = p->cfg.poll > 0 ? p->cfg.poll : 1;
	time_t next;

	if (w->imap && !w->idle.unsupported) { /* the re-IDLE, or a new try */
		time_t at = w->idle.fd >= 0 ? w->idle.since + IMAP_IDLE_RENEW
					    : w->idle.retry_at;
		long left = (long)(at - time(NULL));

		s = left < 1 ? 1 : left < s ? left : s;
	}

	if (timers_peek(p->cfg.spool, &next) == 1 && next > 0) {
		long left = (long)(next - pbem_now(p));

		if (left < 1)
			left = DUE_AGAIN;
		if (left < s)
			s = left;
	}
	return s;
}

/* Reads every queued event: 1 when there were any. */
static int
drain(int fd)
{
	_Alignas(struct inotify_event) char buf[4096];
	int any = 0;

	while (read(fd, buf, sizeof(buf)) > 0)
		any = 1;
	return any;
}

/* With inbox imap: IDLE started when it is not on (1: a pass, for the
 * mail that came while nobody listened), renewed when due. */
static int
idle_keep(struct host_wake *w, struct pbem *p)
{
	struct mail_error err = {0};
	time_t now = time(NULL);

	if (!w->imap || w->idle.unsupported)
		return 0;
	if (w->idle.fd >= 0) {
		if (now >= w->idle.since + IMAP_IDLE_RENEW &&
		    imap_idle_renew(&w->idle, p->cfg.poll, &err) < 0)
			pbem_log(p, PBEM_WARN, "%s", err.text);
		return 0;
	}
	if (now < w->idle.retry_at)
		return 0;
	if (imap_idle_start(&w->idle, p->cfg.poll, &err) == 0) {
		pbem_log(p, PBEM_INFO, "IMAP IDLE: waiting for new mail");
		return 1;
	}
	pbem_log(p, w->idle.unsupported ? PBEM_INFO : PBEM_WARN, "%s; polling every %lds",
		 err.text, p->cfg.poll);
	return 0;
}

/* The IDLE socket is readable: 1 when mail came, or the connection
 * broke (a pass then finds what may have come meanwhile). */
static int
idle_heard(struct host_wake *w, struct pbem *p)
{
	struct mail_error err = {0};
	int r = imap_idle_read(&w->idle, p->cfg.poll, &err);

	if (r < 0)
		pbem_log(p, PBEM_WARN, "%s", err.text);
	return r != 0;
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
	struct timespec ts;
	struct pollfd pfd[2] = {{.fd = w->fd, .events = POLLIN}, {.fd = -1, .events = POLLIN}};
	sigset_t block, old;
	int r;

	if (idle_keep(w, p))
		return 1;
	ts.tv_sec = nap_seconds(w, p);
	ts.tv_nsec = 0;
	pfd[1].fd = w->imap ? w->idle.fd : -1;
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
	r = ppoll(pfd, 2, &ts, &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (r <= 0)
		return 0;
	if (pfd[1].revents)
		return idle_heard(w, p);
	return (pfd[0].revents & POLLIN) && drain(w->fd);
}
