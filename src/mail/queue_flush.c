/* Flushing the queue: each mail whose time has come goes to the sink;
 * a temporary failure waits (backoff doubling up to QUEUE_BACKOFF_MAX),
 * a permanent one, or one that failed for QUEUE_GIVE_UP, goes to failed/.
 * Once the sink's server could not be reached or did not answer, the
 * pass tries no more mails: each would cost the whole timeout, with the
 * spool locked. */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "crashpoint.h"
#include "durable.h"
#include "queue.h"
#include "queue_impl.h"

struct entry {
	char name[QUEUE_NAME_MAX + 1];
	json_t *env;
	json_int_t queued;
	bool sent; /* taken by a sink whose files wait for a barrier */
};

static int
by_age(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->queued != y->queued)
		return x->queued < y->queued ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The envelope of NAME.env, or NULL (not ours, or torn: skipped). */
static json_t *
read_envelope(const char *qdir, const char *name)
{
	char path[4096];

	queue_path(path, sizeof(path), qdir, name, ".env");
	return json_load_file(path, 0, NULL);
}

static int
list_entries(const char *qdir, struct entry **out, int *n)
{
	DIR *d = opendir(qdir);
	struct dirent *de;
	int cap = 0;

	*out = NULL;
	*n = 0;
	if (d == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 5 || len - 4 > QUEUE_NAME_MAX ||
		    strcmp(de->d_name + len - 4, ".env") != 0)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			struct entry *p = realloc(*out, (size_t)cap * sizeof(*p));
			if (p == NULL)
				break;
			*out = p;
		}
		struct entry *e = &(*out)[*n];
		snprintf(e->name, sizeof(e->name), "%.*s", (int)(len - 4), de->d_name);
		if ((e->env = read_envelope(qdir, e->name)) == NULL)
			continue;
		e->queued = json_integer_value(json_object_get(e->env, "queued"));
		(*n)++;
	}
	closedir(d);
	if (*n > 1)
		qsort(*out, (size_t)*n, sizeof(**out), by_age);
	return 0;
}

/* Removes NAME from the queue: .env first, so that a crash in between
 * leaves a stray .eml, which is not a queued mail. */
static void
dequeue(const char *qdir, const char *name)
{
	char path[4096];

	queue_path(path, sizeof(path), qdir, name, ".env");
	unlink(path);
	queue_path(path, sizeof(path), qdir, name, ".eml");
	unlink(path);
}

/* The mails a file sink took in a group commit leave the queue once a
 * barrier made the sink's files durable (if it fails they stay queued:
 * sent again later, under the same names, which the sink keeps once). */
static void
dequeue_sent(const char *qdir, struct entry *e, int n)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += e[i].sent;
	if (k == 0 || durable_barrier() < 0)
		return;
	for (int i = 0; i < n; i++)
		if (e[i].sent) {
			dequeue(qdir, e[i].name);
			crashpoint("mail sent and dequeued");
		}
}

static void
move_to_failed(const char *qdir, const char *name)
{
	char dir[4096], from[4096], to[4096 + 16];

	snprintf(dir, sizeof(dir), "%s/failed", qdir);
	mkdir(dir, 0700);
	for (int i = 0; i < 2; i++) {
		const char *ext = i == 0 ? ".eml" : ".env";
		queue_path(from, sizeof(from), qdir, name, ext);
		queue_path(to, sizeof(to), dir, name, ext);
		rename(from, to);
	}
}

static long
backoff(long attempts)
{
	long wait = QUEUE_BACKOFF_FIRST;

	while (--attempts > 0 && wait < QUEUE_BACKOFF_MAX)
		wait *= 2;
	return wait < QUEUE_BACKOFF_MAX ? wait : QUEUE_BACKOFF_MAX;
}

/* Notes a failed try in the envelope; gives up when it is permanent or
 * too old. */
static void
defer(const char *qdir, struct entry *e, const struct mail_error *why, time_t now,
      struct queue_stats *st)
{
	long attempts = (long)json_integer_value(json_object_get(e->env, "attempts")) + 1;

	snprintf(st->last_error, sizeof(st->last_error), "%s: %.300s", e->name, why->text);
	if (why->code == MAIL_PERM || now - e->queued >= QUEUE_GIVE_UP) {
		json_object_set_new(e->env, "error", json_string(why->text));
		queue_write_envelope(qdir, e->name, e->env, NULL);
		move_to_failed(qdir, e->name);
		st->failed++;
		return;
	}
	json_object_set_new(e->env, "attempts", json_integer(attempts));
	json_object_set_new(e->env, "next", json_integer((json_int_t)now + backoff(attempts)));
	json_object_set_new(e->env, "error", json_string(why->text));
	queue_write_envelope(qdir, e->name, e->env, NULL);
	st->deferred++;
}

/* The recipients of an envelope, pointing into it. */
static int
recipients(json_t *env, const char **rcpt, int max)
{
	json_t *to = json_object_get(env, "to");
	int n = 0;

	for (size_t i = 0; i < json_array_size(to) && n < max; i++)
		if (json_is_string(json_array_get(to, i)))
			rcpt[n++] = json_string_value(json_array_get(to, i));
	return n;
}

/* The sink took the mail: it leaves the queue (after the barrier, for a
 * sink whose files wait for one). */
static void
sent(const char *qdir, struct entry *e, const struct queue_sink *sink,
     struct queue_stats *st)
{
	crashpoint("mail sent, still queued");
	e->sent = sink->files && durable_grouped();
	if (!e->sent) {
		dequeue(qdir, e->name);
		crashpoint("mail sent and dequeued");
	}
	st->sent++;
}

/* Hands one mail to the sink. true when the sink's server could not be
 * reached or did not answer (the mail deferred): the next would wait as
 * long. */
static bool
send_one(const char *qdir, struct entry *e, const struct queue_sink *sink, time_t now,
	 struct queue_stats *st)
{
	const char *rcpt[64];
	int nrcpt = recipients(e->env, rcpt, 64);
	const char *from = json_string_value(json_object_get(e->env, "from"));
	struct mail_error err = {0};
	char path[4096];
	int taken = 1;
	size_t len;
	char *msg;

	queue_path(path, sizeof(path), qdir, e->name, ".eml");
	if (sink->take != NULL && from != NULL && nrcpt > 0 &&
	    (taken = sink->take(sink->ctx, e->name, path, &err)) <= 0) {
		if (taken == 0)
			sent(qdir, e, sink, st);
		else
			defer(qdir, e, &err, now, st);
		return false;
	}
	if ((msg = mail_read_file(path, 0, &len, &err)) == NULL) {
		defer(qdir, e, &err, now, st);
		return false;
	}
	if (from == NULL || nrcpt == 0)
		merr(&err, MAIL_PERM, "the envelope has no sender or no recipient");
	else if (sink->send(sink->ctx, e->name, from, rcpt, nrcpt, msg, len, &err) == 0) {
		sent(qdir, e, sink, st);
		free(msg);
		return false;
	}
	free(msg);
	defer(qdir, e, &err, now, st);
	return err.code == MAIL_TEMP && err.unreachable;
}

int
queue_flush(const char *qdir, const struct queue_sink *sink, time_t now, int force,
	    struct queue_stats *st, struct mail_error *err)
{
	struct entry *e;
	bool down = false; /* the server could not be reached: none tried after */
	int n;

	memset(st, 0, sizeof(*st));
	if (list_entries(qdir, &e, &n) < 0)
		return merr(err, MAIL_TEMP, "cannot read the queue %s: %s", qdir,
			    strerror(errno));
	for (int i = 0; i < n; i++) {
		json_int_t next = json_integer_value(json_object_get(e[i].env, "next"));
		e[i].sent = false;
		if (!force && next > (json_int_t)now)
			st->waiting++;
		else if (down) /* untouched: their place and their next try stay */
			st->deferred++;
		else
			down = send_one(qdir, &e[i], sink, now, st);
	}
	dequeue_sent(qdir, e, n);
	for (int i = 0; i < n; i++)
		json_decref(e[i].env);
	free(e);
	return 0;
}

int
queue_count(const char *qdir)
{
	struct entry *e;
	int n;

	if (list_entries(qdir, &e, &n) < 0)
		return -1;
	for (int i = 0; i < n; i++)
		json_decref(e[i].env);
	free(e);
	return n;
}
