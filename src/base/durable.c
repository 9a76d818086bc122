/* Group commit: fsyncs noted by file system, made by syncfs at barriers
 * (durable.h). */
#define _GNU_SOURCE /* syncfs */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "crashpoint.h"
#include "durable.h"

#define DURABLE_MAX_FS 8

struct staged {
	char *tmp, *path;
};

struct durable_group {
	bool on;
	int nfs;
	dev_t dev[DURABLE_MAX_FS];
	int fd[DURABLE_MAX_FS];     /* kept open on each file system, for syncfs */
	bool dirty[DURABLE_MAX_FS]; /* written since the last barrier */
	struct staged *staged;
	int nstaged, cap;
};

/* One open group a process: the mail loop's pass. */
static struct durable_group group;

void
durable_begin(void)
{
	if (!group.on)
		group = (struct durable_group){.on = true};
}

bool
durable_grouped(void)
{
	return group.on;
}

/* A new open file of fd's file (not a dup(): that would hold fd's flock
 * as long as the group), to call syncfs with. */
static int
reopen(int fd)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
}

/* Notes that fd's file system has writes to sync; a file system not
 * seen before keeps a file of it open for syncfs. */
static int
note(int fd)
{
	struct stat st;
	int i, e;

	if (fstat(fd, &st) < 0)
		return -1;
	for (i = 0; i < group.nfs && group.dev[i] != st.st_dev; i++)
		;
	if (i == group.nfs) {
		if (i == DURABLE_MAX_FS) { /* that many file systems: sync this one now */
			e = fsync(fd);
			return e < 0 && errno != EINVAL ? -1 : 0;
		}
		if ((group.fd[i] = reopen(fd)) < 0) /* no /proc: sync this one now */
			return fsync(fd) < 0 && errno != EINVAL ? -1 : 0;
		group.dev[i] = st.st_dev;
		group.nfs++;
	}
	group.dirty[i] = true;
	return 0;
}

int
durable_file(int fd)
{
	if (group.on)
		return note(fd);
	return fsync(fd);
}

/* The folder of path, open (-1 with errno if not). */
static int
open_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];

	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path),
			 path);
	return open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/* File systems that cannot sync a folder (EINVAL) have nothing to do. */
int
durable_dir(const char *path)
{
	int fd = open_dir_of(path), r, e;

	if (fd < 0)
		return -1;
	r = group.on ? note(fd) : fsync(fd);
	e = errno;
	close(fd);
	errno = e;
	return r < 0 && e != EINVAL ? -1 : 0;
}

int
durable_stage(const char *tmp, const char *path)
{
	struct staged *s;

	if (!group.on)
		return rename(tmp, path) < 0 ? -1 : durable_dir(path);
	if (group.nstaged == group.cap) {
		int cap = group.cap ? 2 * group.cap : 16;
		if ((s = realloc(group.staged, (size_t)cap * sizeof(*s))) == NULL)
			goto fail;
		group.staged = s;
		group.cap = cap;
	}
	s = &group.staged[group.nstaged];
	if ((s->tmp = strdup(tmp)) == NULL || (s->path = strdup(path)) == NULL) {
		free(s->tmp);
		goto fail;
	}
	group.nstaged++;
	return 0;
fail:
	unlink(tmp);
	errno = ENOMEM;
	return -1;
}

void
durable_unstage(const char *path)
{
	int kept = 0;

	for (int i = 0; i < group.nstaged; i++) {
		struct staged *s = &group.staged[i];
		if (strcmp(s->path, path) != 0) {
			group.staged[kept++] = *s;
			continue;
		}
		unlink(s->tmp);
		free(s->tmp);
		free(s->path);
	}
	group.nstaged = kept;
}

/* One syncfs for each file system written to; sync(2) where there is no
 * syncfs. */
static int
sync_all(void)
{
	int r = 0;

	for (int i = 0; i < group.nfs; i++) {
		if (!group.dirty[i])
			continue;
		if (syncfs(group.fd[i]) < 0) {
			if (errno != ENOSYS) {
				r = -1;
				continue;
			}
			sync();
		}
		group.dirty[i] = false;
	}
	return r;
}

/* The staged renames, in order; their folders' file systems dirty again. */
static int
rename_staged(void)
{
	int r = 0, fd;

	for (int i = 0; i < group.nstaged; i++) {
		struct staged *s = &group.staged[i];
		if (rename(s->tmp, s->path) < 0) {
			r = -1;
			unlink(s->tmp);
		} else if ((fd = open_dir_of(s->path)) >= 0) {
			note(fd);
			close(fd);
		}
		free(s->tmp);
		free(s->path);
	}
	group.nstaged = 0;
	return r;
}

int
durable_barrier(void)
{
	int r;

	if (!group.on)
		return 0;
	r = sync_all();
	if (group.nstaged == 0)
		return r;
	crashpoint("group synced, staged files not in place");
	if (r < 0) { /* their data may not be safe: never put them in place */
		for (int i = 0; i < group.nstaged; i++) {
			unlink(group.staged[i].tmp);
			free(group.staged[i].tmp);
			free(group.staged[i].path);
		}
		group.nstaged = 0;
		return -1;
	}
	return rename_staged();
}

int
durable_end(void)
{
	int r, e;

	if (!group.on)
		return 0;
	r = durable_barrier();
	if (sync_all() < 0) /* the staged renames */
		r = -1;
	e = errno;
	for (int i = 0; i < group.nfs; i++)
		close(group.fd[i]);
	free(group.staged);
	group = (struct durable_group){.on = false};
	errno = e;
	return r;
}
