/* Atomic file writes and the cleaning of what a kill left (atomic.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "durable.h"

static int
write_all(int fd, const char *p, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A new file next to path, under a name no other writer uses (the pid
 * and a counter); its name in tmp. */
static int
temp_file(const char *path, char *tmp, size_t size)
{
	static unsigned counter;
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0, fd, tries, n;

	for (tries = 0; tries < 100; tries++) {
		n = snprintf(tmp, size, "%.*s" ATOMIC_TEMP_PREFIX "%ld.%u", dirlen, path,
			     (long)getpid(), counter++);
		if (n < 0 || (size_t)n >= size) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/* Fails with *what, errno kept, the temporary file gone. */
static int
fail(const char *tmp, int fd, const char *step, const char **what)
{
	int e = errno;

	if (fd >= 0)
		close(fd);
	unlink(tmp);
	*what = e == EEXIST ? "will not replace" : step;
	errno = e;
	return -1;
}

/* The temporary file of path with data in it, synced (or noted for the
 * group's barrier: durable.h); its name in tmp. */
static int
write_temp(const char *path, const void *data, size_t len, int mode, char *tmp,
	   size_t size, const char **what)
{
	int fd;

	if ((fd = temp_file(path, tmp, size)) < 0) {
		*what = "cannot create a file next to";
		return -1;
	}
	if (fchmod(fd, (mode_t)mode) < 0 || write_all(fd, data, len) < 0 ||
	    durable_file(fd) < 0)
		return fail(tmp, fd, "cannot write", what);
	return close(fd) < 0 ? fail(tmp, -1, "cannot write", what) : 0;
}

/* With replace false, link() puts the file in place only if the name is
 * free (rename would replace whatever is there). */
int
atomic_write(const char *path, const void *data, size_t len, int mode, bool replace,
	     const char **what)
{
	char tmp[PATH_MAX + 64];

	if (write_temp(path, data, len, mode, tmp, sizeof(tmp), what) < 0)
		return -1;
	if ((replace ? rename(tmp, path) : link(tmp, path)) < 0)
		return fail(tmp, -1, "cannot write", what);
	if (replace) /* newer than what a roll forward staged in the group */
		durable_unstage(path);
	if (!replace)
		unlink(tmp);
	if (durable_dir(path) < 0) {
		*what = "cannot sync the folder of";
		return -1;
	}
	return 0;
}

int
atomic_write_staged(const char *path, const void *data, size_t len, int mode,
		    const char **what)
{
	char tmp[PATH_MAX + 64];

	if (write_temp(path, data, len, mode, tmp, sizeof(tmp), what) < 0)
		return -1;
	if (durable_stage(tmp, path) < 0) {
		*what = "cannot write";
		return -1;
	}
	return 0;
}

int
atomic_clean_temp(const char *dir, time_t before)
{
	const size_t plen = strlen(ATOMIC_TEMP_PREFIX);
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	int n = 0;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, ATOMIC_TEMP_PREFIX, plen) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_mtime < before &&
		    unlink(path) == 0)
			n++;
	}
	closedir(d);
	return n;
}
