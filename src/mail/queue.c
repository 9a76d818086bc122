/* The outgoing queue: NAME.eml, then NAME.env (the envelope, which makes
 * the mail queued); flushing sends and removes .env, then .eml. */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "durable.h"
#include "queue.h"
#include "queue_impl.h"

static int
valid_name(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > QUEUE_NAME_MAX || name[0] == '.' || name[0] == '-')
		return 0;
	return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789.-_") == n;
}

void
queue_path(char *buf, size_t n, const char *qdir, const char *name, const char *ext)
{
	snprintf(buf, n, "%s/%s%s", qdir, name, ext);
}

static json_t *
envelope_new(const char *from, const char *const *rcpt, int nrcpt, time_t now)
{
	json_t *to = json_array();

	for (int i = 0; i < nrcpt; i++)
		json_array_append_new(to, json_string(rcpt[i]));
	return json_pack("{s:s, s:o, s:I, s:i, s:I, s:s}", "from", from, "to", to, "queued",
			 (json_int_t)now, "attempts", 0, "next", (json_int_t)0, "error", "");
}

int
queue_write_envelope(const char *qdir, const char *name, json_t *env, struct mail_error *err)
{
	char path[4096];
	char *text = json_dumps(env, JSON_COMPACT | JSON_SORT_KEYS);
	int r;

	if (text == NULL)
		return merr(err, MAIL_TEMP, "out of memory writing an envelope");
	queue_path(path, sizeof(path), qdir, name, ".env");
	r = mail_write_atomic(path, text, strlen(text), 0600, true, err);
	free(text);
	return r;
}

/* The checks every queued mail passes, and the queue made if missing. */
static int
check_name(const char *qdir, const char *name, struct mail_error *err)
{
	if (!valid_name(name))
		return merr(err, MAIL_PERM, "'%s' cannot name a queued mail", name);
	if (mkdir(qdir, 0700) < 0 && errno != EEXIST)
		return merr(err, MAIL_TEMP, "cannot create the queue %s: %s", qdir,
			    strerror(errno));
	return 0;
}

static bool
queued(const char *qdir, const char *name)
{
	char path[4096];
	struct stat st;

	queue_path(path, sizeof(path), qdir, name, ".env");
	return stat(path, &st) == 0;
}

int
queue_add_body(const char *qdir, const char *name, const char *msg, size_t len,
	       struct mail_error *err)
{
	char path[4096];

	if (check_name(qdir, name, err) < 0)
		return -1;
	if (queued(qdir, name))
		return 0; /* queued before (a repeated run): the same mail */
	queue_path(path, sizeof(path), qdir, name, ".eml");
	return mail_write_atomic(path, msg, len, 0600, true, err);
}

int
queue_add_envelope(const char *qdir, const char *name, const char *from,
		   const char *const *rcpt, int nrcpt, struct mail_error *err)
{
	json_t *env;
	int r;

	if (nrcpt < 1)
		return merr(err, MAIL_PERM, "mail %s has no recipient", name);
	if (check_name(qdir, name, err) < 0)
		return -1;
	if (queued(qdir, name))
		return 0;
	if ((env = envelope_new(from, rcpt, nrcpt, time(NULL))) == NULL)
		return merr(err, MAIL_TEMP, "out of memory queueing %s", name);
	r = queue_write_envelope(qdir, name, env, err);
	json_decref(env);
	return r;
}

int
queue_add(const char *qdir, const char *name, const char *from, const char *const *rcpt,
	  int nrcpt, const char *msg, size_t len, struct mail_error *err)
{
	if (nrcpt < 1)
		return merr(err, MAIL_PERM, "mail %s has no recipient", name);
	if (queue_add_body(qdir, name, msg, len, err) < 0)
		return -1;
	return queue_add_envelope(qdir, name, from, rcpt, nrcpt, err);
}

int
queue_sink_dir(void *ctx, const char *name, const char *from, const char *const *rcpt,
	       int nrcpt, const char *msg, size_t len, struct mail_error *err)
{
	const char *dir = ctx;
	char path[4096];

	(void)from, (void)rcpt, (void)nrcpt;
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return merr(err, MAIL_TEMP, "cannot create the outbox %s: %s", dir,
			    strerror(errno));
	queue_path(path, sizeof(path), dir, name, ".eml");
	if (mail_write_atomic(path, msg, len, 0600, false, err) < 0)
		return errno == EEXIST ? 0 : -1; /* there already: sent before a crash */
	return 0;
}

int
queue_take_dir(void *ctx, const char *name, const char *path, struct mail_error *err)
{
	const char *dir = ctx;
	char to[4096];

	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return merr(err, MAIL_TEMP, "cannot create the outbox %s: %s", dir,
			    strerror(errno));
	queue_path(to, sizeof(to), dir, name, ".eml");
	if (link(path, to) < 0 && errno != EEXIST) /* EEXIST: sent before a crash */
		return errno == EXDEV || errno == EPERM || errno == ENOTSUP || errno == EMLINK
			   ? 1
			   : merr(err, MAIL_TEMP, "cannot write %s: %s", to, strerror(errno));
	if (durable_dir(to) < 0)
		return merr(err, MAIL_TEMP, "cannot sync the folder of %s: %s", to,
			    strerror(errno));
	return 0;
}

/* Whether file is a queued message's NAME.eml: NAME in name. */
static bool
eml_name(const char *file, char *name, size_t n)
{
	size_t len = strlen(file);

	if (len < 5 || len - 4 >= n || strcmp(file + len - 4, ".eml") != 0)
		return false;
	snprintf(name, n, "%.*s", (int)(len - 4), file);
	return valid_name(name);
}

int
queue_clean_strays(const char *qdir, time_t before)
{
	char name[QUEUE_NAME_MAX + 1], path[4096];
	DIR *d = opendir(qdir);
	struct dirent *de;
	struct stat st;
	int n = 0;

	if (d == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		if (!eml_name(de->d_name, name, sizeof(name)) || queued(qdir, name))
			continue;
		queue_path(path, sizeof(path), qdir, name, ".eml");
		/* old only: a run queueing now writes the .eml just before its .env */
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_mtime < before &&
		    unlink(path) == 0)
			n++;
	}
	closedir(d);
	return n;
}
