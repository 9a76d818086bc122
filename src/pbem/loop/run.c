/* One pass of the mail loop: fetch, process, flush. A failure in one
 * message or game does not stop the others: it is counted and the pass
 * goes on; the caller gets -1 at the end. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "durable.h"
#include "deadline_pass.h"
#include "maildir.h"
#include "loop.h"
#include "pbem.h"

int
pbem_fetch(struct pbem *p, struct pbem_stats *st)
{
	struct mail_error err = {0};
	int n = 0;

	if (p->cfg.inbox != INBOX_IMAP)
		return 0;
	if (imap_fetch(&p->imap, p->inbox, p->journal, &n, &err) < 0) {
		snprintf(st->error, sizeof(st->error), "fetching mail: %.400s", err.text);
		pbem_log(p, PBEM_ERR, "%s", st->error);
		st->fetched += n;
		return -1;
	}
	st->fetched += n;
	if (n > 0)
		pbem_log(p, PBEM_INFO, "fetched %d message%s from %s", n, n == 1 ? "" : "s",
			 p->imap.url);
	return 0;
}

int
pbem_process_inbox(struct pbem *p, struct pbem_stats *st)
{
	struct mail_error err = {0};
	int max = p->cfg.group_commit > 0 ? p->cfg.group_commit : 1;
	char **names;
	int n, r = 0;

	if (maildir_list_new(p->inbox, &names, &n, &err) < 0) {
		snprintf(st->error, sizeof(st->error), "%s", err.text);
		pbem_log(p, PBEM_ERR, "%s", err.text);
		return -1;
	}
	pbem_players_forget(p); /* games may have come since the last pass */
	if (pbem_group_open(p) < 0) {
		maildir_names_free(names, n);
		snprintf(st->error, sizeof(st->error), "out of memory");
		return -1;
	}
	for (int i = 0; i < n && !(p->stop && *p->stop); i++) {
		if (pbem_process(p, names[i], st) < 0)
			r = -1;
		if (pbem_group_size(p) >= max && pbem_group_commit(p, st) < 0)
			r = -1;
	}
	if (pbem_group_close(p, st) < 0)
		r = -1;
	maildir_names_free(names, n);
	pbem_players_forget(p);
	return r;
}

int
pbem_flush(struct pbem *p, bool all, struct pbem_stats *st)
{
	struct mail_error err = {0};
	struct queue_stats *q = &st->queue;

	int r;

	if (p->cfg.group_commit > 0) /* the outbox's files synced together */
		durable_begin();
	r = queue_flush(p->queue, &p->sink, pbem_now(p), all, q, &err);
	if (durable_end() < 0 && r == 0)
		r = merr(&err, MAIL_TEMP, "cannot sync the outbox: %s", strerror(errno));
	if (r < 0) {
		snprintf(st->error, sizeof(st->error), "%s", err.text);
		pbem_log(p, PBEM_ERR, "%s", err.text);
		return -1;
	}
	if (q->sent > 0)
		pbem_log(p, PBEM_INFO, "sent %d mail%s", q->sent, q->sent == 1 ? "" : "s");
	if (q->deferred + q->failed == 0)
		return 0;
	snprintf(st->error, sizeof(st->error), "%d mail%s not sent (%d kept for a later "
		 "try, %d failed for good): %.380s",
		 q->deferred + q->failed, q->deferred + q->failed == 1 ? "" : "s", q->deferred,
		 q->failed, q->last_error);
	pbem_log(p, PBEM_ERR, "%s", st->error);
	return -1;
}

/* Whether the spool was looked at for temporary files less than
 * PBEM_TEMP_AGE ago (SPOOL/cleaned's time); if not, that time is now.
 * A kill leaves them and they go once that old: looking more often finds
 * none to remove, and the outbox and the queue may hold many thousand
 * names (the idle pass's cost). */
static bool
cleaned_lately(const struct pbem *p)
{
	char path[CONFIG_PATH_MAX + 16];
	time_t now = pbem_now(p);
	struct timespec t[2] = {{.tv_sec = now}, {.tv_sec = now}};
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%s/cleaned", p->cfg.spool);
	if (stat(path, &st) == 0 && st.st_mtime < now && now - st.st_mtime < PBEM_TEMP_AGE)
		return true;
	if ((fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) >= 0) {
		futimens(fd, t);
		close(fd);
	}
	return false;
}

void
pbem_clean_temp(struct pbem *p)
{
	const char *sub[] = {"", "/queue", "/queue/failed", NULL};
	const char *box[] = {"/new", "/tmp", "/cur"};
	time_t before = pbem_now(p) - PBEM_TEMP_AGE;
	char dir[CONFIG_PATH_MAX + 32];
	int n = 0, k;

	if (cleaned_lately(p))
		return;
	for (int i = 0; sub[i] != NULL; i++) {
		snprintf(dir, sizeof(dir), "%s%s", p->cfg.spool, sub[i]);
		n += (k = atomic_clean_temp(dir, before)) > 0 ? k : 0;
	}
	for (size_t i = 0; i < sizeof(box) / sizeof(box[0]); i++) {
		snprintf(dir, sizeof(dir), "%s%s", p->inbox, box[i]);
		n += (k = atomic_clean_temp(dir, before)) > 0 ? k : 0;
	}
	if (p->cfg.outbox != OUTBOX_SMTP)
		n += (k = atomic_clean_temp(p->outbox, before)) > 0 ? k : 0;
	if (n > 0)
		pbem_log(p, PBEM_INFO, "removed %d temporary file%s left by a killed run", n,
			 n == 1 ? "" : "s");
	if ((k = queue_clean_strays(p->queue, before)) > 0)
		pbem_log(p, PBEM_INFO, "removed %d message%s a killed run left in the queue "
			 "without an envelope", k,
			 k == 1 ? "" : "s");
}

int
pbem_run_once(struct pbem *p, bool flush_all, struct pbem_stats *st)
{
	int r = 0;

	pbem_clock_tick(p);
	pbem_clean_temp(p);
	if (pbem_clock_check(p, st) < 0)
		r = -1;
	if (pbem_fetch(p, st) < 0)
		r = -1;
	if (pbem_process_inbox(p, st) < 0)
		r = -1;
	if (pbem_deadlines(p, st) < 0)
		r = -1;
	if (pbem_flush(p, flush_all, st) < 0)
		r = -1;
	return r;
}
