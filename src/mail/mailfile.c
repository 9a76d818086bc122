/* Files of the mail layer: written whole or not at all (a crash leaves
 * the old file or the new one, never half of one), read whole. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail.h"

/* Fills err, and leaves errno as e for the caller. */
static int
fail(struct mail_error *err, int code, int e, const char *what, const char *path)
{
	merr(err, code, "%s %s: %s", what, path, strerror(e));
	errno = e;
	return -1;
}

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
 * and a counter); its name in tmp. A dot file: Maildir readers skip it. */
static int
temp_file(const char *path, int mode, char *tmp, size_t size)
{
	static unsigned counter;
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0, fd, tries, n;

	for (tries = 0; tries < 100; tries++) {
		n = snprintf(tmp, size, "%.*s.carc-tmp.%ld.%u", dirlen, path,
			     (long)getpid(), counter++);
		if (n < 0 || (size_t)n >= size) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/* Makes the new name last: the directory of path synced. File systems
 * that cannot sync a directory (EINVAL) have nothing more to do. */
static int
sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int fd, r, e;

	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s",
			 slash == path ? 1 : (int)(slash - path), path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = fsync(fd);
	e = errno;
	close(fd);
	errno = e;
	return r < 0 && e != EINVAL ? -1 : 0;
}

/* With replace false, link() puts the file in place only if the name is
 * free (rename would replace whatever is there). */
int
mail_write_atomic(const char *path, const void *data, size_t len, int mode, bool replace,
		  struct mail_error *err)
{
	char tmp[PATH_MAX + 64];
	int fd, e;

	fd = temp_file(path, mode, tmp, sizeof(tmp));
	if (fd < 0)
		return fail(err, MAIL_TEMP, errno, "cannot create a file next to", path);
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		e = errno;
		close(fd);
		unlink(tmp);
		return fail(err, MAIL_TEMP, e, "cannot write", path);
	}
	if (close(fd) < 0 || (replace ? rename(tmp, path) : link(tmp, path)) < 0) {
		e = errno;
		unlink(tmp);
		if (e == EEXIST)
			return fail(err, MAIL_PERM, e, "will not replace", path);
		return fail(err, MAIL_TEMP, e, "cannot write", path);
	}
	if (!replace)
		unlink(tmp);
	if (sync_dir(path) < 0)
		return fail(err, MAIL_TEMP, errno, "cannot sync the folder of", path);
	return 0;
}

/* Reads fd to its end into *buf (cap bytes, grown as needed); the
 * length, or -1 (errno set; EFBIG when more than max). */
static ssize_t
read_all(int fd, char **buf, size_t cap, size_t max)
{
	size_t n = 0;
	ssize_t r;
	char *bigger;

	for (;;) {
		if (n + 1 >= cap) {
			bigger = realloc(*buf, cap * 2);
			if (bigger == NULL)
				return -1;
			*buf = bigger;
			cap *= 2;
		}
		r = read(fd, *buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			return (ssize_t)n;
		n += (size_t)r;
		if (max > 0 && n > max) {
			errno = EFBIG;
			return -1;
		}
	}
}

static const char *
file_kind(mode_t mode)
{
	return S_ISFIFO(mode)   ? "a FIFO"
	       : S_ISDIR(mode)  ? "a directory"
	       : S_ISSOCK(mode) ? "a socket"
	       : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
					       : "not a regular file";
}

int
mail_open_file(const char *path, struct mail_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW), e;
	struct stat st;

	if (fd < 0) {
		e = errno;
		if (e == ELOOP)
			return merr(err, MAIL_ODD, "%s is a symbolic link", path);
		return fail(err, MAIL_TEMP, e, "cannot read", path);
	}
	if (fstat(fd, &st) < 0) {
		e = errno;
		close(fd);
		return fail(err, MAIL_TEMP, e, "cannot read", path);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return merr(err, MAIL_ODD, "%s is %s, not a file", path, file_kind(st.st_mode));
	}
	/* A regular file never blocks: plain reads from here on. */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

char *
mail_read_file(const char *path, size_t max, size_t *len, struct mail_error *err)
{
	struct stat st;
	char *buf = NULL;
	ssize_t n = -1;
	int fd = mail_open_file(path, err), e;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0) {
		if (max > 0 && st.st_size > 0 && (size_t)st.st_size > max)
			errno = EFBIG;
		else if ((buf = malloc((size_t)st.st_size + 2)) != NULL)
			n = read_all(fd, &buf, (size_t)st.st_size + 2, max);
	}
	e = errno;
	close(fd);
	if (n < 0) {
		free(buf);
		if (e == EFBIG)
			merr(err, MAIL_PERM, "%s is longer than %zu bytes", path, max);
		else
			fail(err, MAIL_TEMP, e, "cannot read", path);
		errno = e;
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = (size_t)n;
	return buf;
}

int
mail_clean_temp(const char *dir, time_t before)
{
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	int n = 0;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, ".carc-tmp.", 10) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_mtime < before &&
		    unlink(path) == 0)
			n++;
	}
	closedir(d);
	return n;
}
