/* The outgoing queue (spool/queue/): every mail is written here first,
 * under a name that its sender chooses and that says what it is, so that
 * queueing the same mail again (after a crash) changes nothing. Flushing
 * hands each mail to a sink (the outbox directory, or SMTP) and removes
 * it from the queue once the sink took it; a sink that fails for now
 * leaves it for a later try, after a backoff that doubles each time.
 *
 *   queue/NAME.eml   the message
 *   queue/NAME.env   its envelope, JSON: {"from":..., "to":[...],
 *                    "attempts":N, "next":T, "error":"..."}; written after
 *                    the .eml, so a mail is queued when its .env exists
 */
#ifndef CARC_QUEUE_H
#define CARC_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "mail.h"

#define QUEUE_NAME_MAX 160
#define QUEUE_BACKOFF_FIRST 60      /* seconds before the first retry */
#define QUEUE_BACKOFF_MAX (4 * 3600) /* longest wait between tries */
#define QUEUE_GIVE_UP (5 * 86400)    /* a mail older than this goes to failed/ */

struct queue_sink {
	/* Sends msg to rcpt; 0, or -1 with err (MAIL_TEMP: retry later). */
	int (*send)(void *ctx, const char *name, const char *from, const char *const *rcpt,
		    int nrcpt, const char *msg, size_t len, struct mail_error *err);
	void *ctx;
	/* Or NULL: takes the queued file at path whole (a hard link): 0; 1
	 * when it cannot (another file system: send is used); -1 with err. */
	int (*take)(void *ctx, const char *name, const char *path, struct mail_error *err);
	/* The sink writes files (the outbox): inside a group commit
	 * (durable.h) the mails it took leave the queue only after a barrier
	 * made those files durable. */
	bool files;
};

struct queue_stats {
	int sent, deferred, failed, waiting;
	char last_error[512];
};

/* Queues a mail under name (letters, digits, '.', '-', '_'): 0, also if
 * that name is queued already (then nothing changes). */
int queue_add(const char *qdir, const char *name, const char *from, const char *const *rcpt,
	      int nrcpt, const char *msg, size_t len, struct mail_error *err);
/* queue_add in its two steps, for a caller that makes the .eml files of
 * many mails durable at once (durable.h) before any of their envelopes:
 * the .eml (nothing if NAME is queued already), then the envelope, which
 * makes it queued. */
int queue_add_body(const char *qdir, const char *name, const char *msg, size_t len,
		   struct mail_error *err);
int queue_add_envelope(const char *qdir, const char *name, const char *from,
		       const char *const *rcpt, int nrcpt, struct mail_error *err);
/* Sends every mail whose time has come (all of them if force), oldest
 * name first; mails failing for good, or for QUEUE_GIVE_UP, move to
 * qdir/failed/. After a server that could not be reached or did not
 * answer (mail_error.unreachable) the rest are not tried: counted as
 * deferred, their envelopes unchanged. -1 only when the queue itself
 * cannot be read. */
int queue_flush(const char *qdir, const struct queue_sink *sink, time_t now, int force,
		struct queue_stats *st, struct mail_error *err);
/* Mails in the queue now. */
int queue_count(const char *qdir);
/* Removes each NAME.eml older than before that has no NAME.env: a mail
 * sent and dequeued by a run killed between its two unlinks, or one
 * whose envelope a kill kept from being written (its message is queued
 * again, fresh, when it is processed again). The count, or -1. */
int queue_clean_strays(const char *qdir, time_t before);

/* The sink that writes each mail to dir/NAME.eml (atomically; a name
 * already there counts as sent): the default outbox. ctx is the dir. */
int queue_sink_dir(void *ctx, const char *name, const char *from, const char *const *rcpt,
		   int nrcpt, const char *msg, size_t len, struct mail_error *err);

/* The outbox's take: dir/NAME.eml becomes a link to the queued file
 * (whose data is on disk since it was queued), and the folder is synced;
 * a name already there counts as sent. */
int queue_take_dir(void *ctx, const char *name, const char *path, struct mail_error *err);

#endif
