/* The outgoing queue and Maildir folders (src/mail/queue.h, maildir.h):
 * queueing is idempotent by name, flushing hands mail to the sink and
 * removes it, temporary failures back off (1 min, doubling, 4 h at most),
 * permanent ones and old ones go to failed/, the outbox directory sink
 * never writes a mail twice; Maildir delivery, listing and marking. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "durable.h"
#include "maildir.h"
#include "queue.h"
#include "tap.h"

/* A sink that fails as told and counts what it got. */
struct fake {
	int code; /* 0: takes the mail; else fails with this enum mail_code */
	int calls;
	char last[QUEUE_NAME_MAX + 1];
};

static int
fake_send(void *ctx, const char *name, const char *from, const char *const *rcpt, int nrcpt,
	  const char *msg, size_t len, struct mail_error *err)
{
	struct fake *f = ctx;

	(void)from, (void)rcpt, (void)nrcpt, (void)msg, (void)len;
	f->calls++;
	snprintf(f->last, sizeof(f->last), "%s", name);
	if (f->code != 0)
		return merr(err, f->code, "the fake sink says no");
	return 0;
}

static int
exists(const char *dir, const char *name)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stat(path, &st) == 0;
}

static void
add(const char *q, const char *name, const char *text)
{
	const char *to[] = {"bob@example.test"};
	struct mail_error err = {0};

	ok(queue_add(q, name, "game@example.test", to, 1, text, strlen(text), &err) == 0,
	   "queue %s (%s)", name, err.text);
}

static void
test_idempotent(const char *q)
{
	struct fake f = {0};
	struct queue_sink sink = {.send = fake_send, .ctx = &f};
	struct queue_stats st;
	struct mail_error err = {0};

	add(q, "g1-r1-notice-2", "first\r\n");
	add(q, "g1-r1-notice-2", "second\r\n");
	is_int(queue_count(q), 1, "the same name queued twice is one mail");
	ok(queue_flush(q, &sink, 1000, 0, &st, &err) == 0, "flush");
	is_int(f.calls, 1, "the sink got it once");
	is_int(st.sent, 1, "one sent");
	is_int(queue_count(q), 0, "the queue is empty");
	ok(!exists(q, "g1-r1-notice-2.eml") && !exists(q, "g1-r1-notice-2.env"),
	   "both files are gone");
}

static void
test_backoff(const char *q)
{
	struct fake f = {MAIL_TEMP, 0, ""};
	struct queue_sink sink = {.send = fake_send, .ctx = &f};
	struct queue_stats st;
	struct mail_error err = {0};
	time_t now = time(NULL);

	add(q, "g1-r2-notice-1", "x\r\n");
	queue_flush(q, &sink, now, 0, &st, &err);
	is_int(st.deferred, 1, "a temporary failure defers");
	ok(strstr(st.last_error, "the fake sink says no") != NULL, "with the reason");
	queue_flush(q, &sink, now + 59, 0, &st, &err);
	is_int(f.calls, 1, "not tried again before a minute");
	is_int(st.waiting, 1, "it waits");
	queue_flush(q, &sink, now + 60, 0, &st, &err);
	is_int(f.calls, 2, "tried again after a minute");
	queue_flush(q, &sink, now + 60 + 119, 0, &st, &err);
	is_int(f.calls, 2, "then the wait doubles");
	queue_flush(q, &sink, now + 60 + 120, 0, &st, &err);
	is_int(f.calls, 3, "tried after two minutes");
	queue_flush(q, &sink, now + 60 + 121, 1, &st, &err);
	is_int(f.calls, 4, "force tries at once");
	f.code = 0;
	queue_flush(q, &sink, now + 1000000, 0, &st, &err);
	is_int(st.sent, 1, "sent once the sink works");
	is_int(queue_count(q), 0, "nothing left");
}

static void
test_failures(const char *q)
{
	struct fake f = {MAIL_PERM, 0, ""};
	struct queue_sink sink = {.send = fake_send, .ctx = &f};
	struct queue_stats st;
	struct mail_error err = {0};
	char failed[512];
	time_t now = time(NULL);

	snprintf(failed, sizeof(failed), "%s/failed", q);
	add(q, "m-perm-error", "x\r\n");
	queue_flush(q, &sink, now, 0, &st, &err);
	is_int(st.failed, 1, "a permanent failure fails for good");
	ok(exists(failed, "m-perm-error.eml") && exists(failed, "m-perm-error.env"),
	   "it moved to failed/");
	f.code = MAIL_TEMP;
	add(q, "m-old-error", "x\r\n");
	queue_flush(q, &sink, now + QUEUE_GIVE_UP + 1, 0, &st, &err);
	is_int(st.failed, 1, "a mail failing for 5 days gives up");
	ok(exists(failed, "m-old-error.eml"), "it moved to failed/ too");
	is_int(queue_count(q), 0, "the queue is empty");
	const char *to[] = {"x@example.test"};
	ok(queue_add(q, "../evil", "a@b", to, 1, "x", 1, &err) < 0 && err.code == MAIL_PERM,
	   "a name with a slash is refused");
}

static void
test_dir_sink(const char *q, const char *outbox)
{
	struct queue_sink sink = {.send = queue_sink_dir, .ctx = (void *)outbox};
	struct queue_stats st;
	struct mail_error err = {0};
	char path[512];
	size_t len;
	char *text;

	snprintf(path, sizeof(path), "%s/g2-r1-update-1.eml", outbox);
	add(q, "g2-r1-update-1", "the mail\r\n");
	ok(queue_flush(q, &sink, 0, 0, &st, &err) == 0 && st.sent == 1, "sent to the outbox");
	add(q, "g2-r1-update-1", "again\r\n");
	ok(queue_flush(q, &sink, 0, 0, &st, &err) == 0 && st.sent == 1,
	   "sent again after a crash: counted as sent");
	text = mail_read_file(path, 0, &len, &err);
	is_str(text, "the mail\r\n", "the outbox keeps the first copy: never two");
	free(text);
}

/* The outbox's take: the queued file itself, linked (the same bytes, not
 * a copy), once; in a group commit the queue keeps it until the barrier. */
static void
test_dir_take(const char *q, const char *outbox)
{
	struct queue_sink sink = {
	    .send = queue_sink_dir, .ctx = (void *)outbox, .take = queue_take_dir, .files = true};
	struct queue_stats st;
	struct mail_error err = {0};
	char path[512], qpath[512];
	struct stat a, b;
	size_t len;
	char *text;

	snprintf(path, sizeof(path), "%s/g3-r1-update-1.eml", outbox);
	snprintf(qpath, sizeof(qpath), "%s/g3-r1-update-1.eml", q);
	add(q, "g3-r1-update-1", "linked\r\n");
	ok(stat(qpath, &a) == 0, "queued");
	durable_begin();
	ok(queue_flush(q, &sink, 0, 0, &st, &err) == 0 && st.sent == 1, "taken by the outbox");
	ok(durable_end() == 0, "the group's last barrier");
	ok(stat(path, &b) == 0 && a.st_ino == b.st_ino, "the outbox holds the queued file itself");
	ok(!exists(q, "g3-r1-update-1.eml") && !exists(q, "g3-r1-update-1.env"),
	   "it left the queue after the barrier");
	add(q, "g3-r1-update-1", "again\r\n");
	ok(queue_flush(q, &sink, 0, 0, &st, &err) == 0 && st.sent == 1,
	   "taken again after a crash: counted as sent");
	text = mail_read_file(path, 0, &len, &err);
	is_str(text, "linked\r\n", "the outbox keeps the first: never two");
	free(text);
}

static void
test_maildir(const char *dir)
{
	struct mail_error err = {0};
	char name[MAILDIR_NAME_MAX + 1], **names;
	size_t len;
	int n;

	ok(maildir_create(dir, &err) == 0, "maildir_create");
	ok(maildir_deliver(dir, "one", 3, NULL, name, &err) == 0, "deliver with a new name");
	ok(maildir_deliver(dir, "two", 3, "imap-x-1", NULL, &err) == 0, "deliver with a name");
	ok(maildir_deliver(dir, "other", 5, "imap-x-1", NULL, &err) == 0,
	   "the same name again: nothing written");
	ok(maildir_list_new(dir, &names, &n, &err) == 0 && n == 2, "two in new/");
	char *text = maildir_read(dir, "imap-x-1", 0, &len, &err);
	is_str(text, "two", "the first delivery is kept");
	free(text);
	maildir_names_free(names, n);
	ok(maildir_mark_done(dir, "imap-x-1", &err) == 0, "mark done");
	ok(maildir_mark_done(dir, "imap-x-1", &err) == 0, "marking twice is fine");
	ok(maildir_deliver(dir, "again", 5, "imap-x-1", NULL, &err) == 0, "delivered again");
	ok(maildir_list_new(dir, &names, &n, &err) == 0 && n == 1,
	   "a name already done is not delivered again");
	maildir_names_free(names, n);
	ok(maildir_deliver(dir, "x", 1, "../x", NULL, &err) < 0, "a name with a slash is refused");
	ok(maildir_read(dir, name, 2, &len, &err) == NULL && err.code == MAIL_PERM,
	   "reading more than the limit is refused");
}

int
main(void)
{
	char base[] = "/tmp/carcpbem-queue.XXXXXX", q[64], out[64], md[64], cmd[128];

	if (mkdtemp(base) == NULL)
		bail_out("mkdtemp");
	snprintf(q, sizeof(q), "%s/queue", base);
	snprintf(out, sizeof(out), "%s/outbox", base);
	snprintf(md, sizeof(md), "%s/inbox", base);
	test_idempotent(q);
	test_backoff(q);
	test_failures(q);
	test_dir_sink(q, out);
	test_dir_take(q, out);
	test_maildir(md);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", base);
	if (system(cmd) != 0)
		diag("could not remove %s", base);
	return done_testing();
}
