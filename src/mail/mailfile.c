/* Files of the mail layer: written whole or not at all (a crash leaves
 * the old file or the new one, never half of one), read whole. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "mail.h"

/* Fills err, and leaves errno as e for the caller. */
static int
fail(struct mail_error *err, int code, int e, const char *what, const char *path)
{
	merr(err, code, "%s %s: %s", what, path, strerror(e));
	errno = e;
	return -1;
}

/* With replace false an existing path is left alone (MAIL_PERM). */
int
mail_write_atomic(const char *path, const void *data, size_t len, int mode, bool replace,
		  struct mail_error *err)
{
	const char *what;

	if (atomic_write(path, data, len, mode, replace, &what) < 0)
		return fail(err, errno == EEXIST ? MAIL_PERM : MAIL_TEMP, errno, what, path);
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
