/* Maildir folders: delivery by tmp/ + rename into new/, listing new/,
 * and marking a message done by moving it to cur/ with the S flag. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "maildir.h"

static int
make_dir(const char *path, struct mail_error *err)
{
	if (mkdir(path, 0700) == 0 || errno == EEXIST)
		return 0;
	return merr(err, MAIL_TEMP, "cannot create the directory %s: %s", path,
		    strerror(errno));
}

int
maildir_create(const char *dir, struct mail_error *err)
{
	static const char *const sub[] = {"tmp", "new", "cur"};
	char path[4096];

	if (make_dir(dir, err) < 0)
		return -1;
	for (size_t i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, sub[i]);
		if (make_dir(path, err) < 0)
			return -1;
	}
	return 0;
}

/* A name of carcpbem's own making sorts in delivery order: seconds,
 * microseconds, pid, then a counter the caller keeps per process. */
static void
unique_name(char out[MAILDIR_NAME_MAX + 1], unsigned long count)
{
	struct timespec ts;
	char host[64] = "localhost";

	clock_gettime(CLOCK_REALTIME, &ts);
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	for (char *p = host; *p; p++)
		if (*p == '/' || *p == ':')
			*p = '_';
	snprintf(out, MAILDIR_NAME_MAX + 1, "%010lld.M%06ldP%ldQ%lu.%s",
		 (long long)ts.tv_sec, ts.tv_nsec / 1000, (long)getpid(), count, host);
}

static int
valid_name(const char *name)
{
	if (name[0] == '\0' || name[0] == '.' || strlen(name) > MAILDIR_NAME_MAX)
		return 0;
	return strchr(name, '/') == NULL;
}

/* Whether NAME is in new/ or (done) in cur/. */
static int
already_there(const char *dir, const char *name)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/new/%s", dir, name);
	if (stat(path, &st) == 0)
		return 1;
	snprintf(path, sizeof(path), "%s/cur/%s:2,S", dir, name);
	return stat(path, &st) == 0;
}

int
maildir_deliver(const char *dir, const void *data, size_t len, const char *name,
		char out[MAILDIR_NAME_MAX + 1], struct mail_error *err)
{
	static unsigned long counter; /* per process: names stay unique */
	char made[MAILDIR_NAME_MAX + 1], path[4096];

	if (name == NULL) {
		unique_name(made, ++counter);
		name = made;
	} else if (!valid_name(name))
		return merr(err, MAIL_PERM, "'%s' cannot name a Maildir message", name);
	if (out != NULL)
		snprintf(out, MAILDIR_NAME_MAX + 1, "%s", name);
	if (already_there(dir, name))
		return 0;
	/* tmp/ then new/: mail_write_atomic's temporary file lives next to
	 * its target, which is what Maildir's tmp/ is for. */
	snprintf(path, sizeof(path), "%s/new/%s", dir, name);
	if (mail_write_atomic(path, data, len, 0600, false, err) < 0)
		return errno == EEXIST ? 0 : -1;
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
maildir_names_free(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int
push_name(char ***names, int *n, int *cap, const char *name)
{
	if (*n == *cap) {
		int ncap = *cap ? 2 * *cap : 16;
		char **p = realloc(*names, (size_t)ncap * sizeof(*p));
		if (p == NULL)
			return -1;
		*names = p;
		*cap = ncap;
	}
	if (((*names)[*n] = strdup(name)) == NULL)
		return -1;
	(*n)++;
	return 0;
}

int
maildir_list_new(const char *dir, char ***names, int *n, struct mail_error *err)
{
	char path[4096];
	struct dirent *de;
	int cap = 0;
	DIR *d;

	*names = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/new", dir);
	if ((d = opendir(path)) == NULL)
		return merr(err, MAIL_TEMP, "cannot read the Maildir %s: %s", path,
			    strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (push_name(names, n, &cap, de->d_name) < 0) {
			closedir(d);
			maildir_names_free(*names, *n);
			*names = NULL;
			*n = 0;
			return merr(err, MAIL_TEMP, "out of memory listing %s", path);
		}
	}
	closedir(d);
	if (*n > 1)
		qsort(*names, (size_t)*n, sizeof(**names), by_name);
	return 0;
}

char *
maildir_read(const char *dir, const char *name, size_t max, size_t *len,
	     struct mail_error *err)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/new/%s", dir, name);
	return mail_read_file(path, max, len, err);
}

int
maildir_mark_done(const char *dir, const char *name, struct mail_error *err)
{
	char from[4096], to[4096];
	struct stat st;

	snprintf(from, sizeof(from), "%s/new/%s", dir, name);
	snprintf(to, sizeof(to), "%s/cur/%s:2,S", dir, name);
	if (rename(from, to) == 0)
		return 0;
	if (errno == ENOENT && stat(to, &st) == 0)
		return 0;
	return merr(err, MAIL_TEMP, "cannot move %s to %s: %s", from, to, strerror(errno));
}

int
maildir_set_aside(const char *dir, const char *name, char *out, size_t n,
		  struct mail_error *err)
{
	char from[4096], to[4096];
	struct stat st;

	snprintf(to, sizeof(to), "%s/rejected", dir);
	if (make_dir(to, err) < 0)
		return -1;
	snprintf(from, sizeof(from), "%s/new/%s", dir, name);
	for (int i = 0; i < 1000; i++) {
		if (i == 0)
			snprintf(to, sizeof(to), "%s/rejected/%s", dir, name);
		else
			snprintf(to, sizeof(to), "%s/rejected/%s.%d", dir, name, i);
		if (lstat(to, &st) < 0 && errno == ENOENT)
			break;
	}
	if (rename(from, to) < 0)
		return merr(err, MAIL_TEMP, "cannot move %s to %s: %s", from, to,
			    strerror(errno));
	snprintf(out, n, "%s", to);
	return 0;
}
