/* Password files: the first line is the password. As OpenSMTPD asks of
 * its secrets, the file must be the user's own (or root's) and closed to
 * group and others, so that a mistake in its mode is found, not used. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "secrecy.h"

static int
check_secrecy(int fd, const char *path, char *why, size_t n)
{
	struct stat st;

	if (fstat(fd, &st) < 0) {
		snprintf(why, n, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, n, "%s is not a regular file: give the file that holds the password",
			 path);
		return -1;
	}
	return secrecy_check(&st, path, "password file", why, n);
}

/* Reads into out until the first new line; *len is its length. */
static int
read_line(int fd, const char *path, char *out, size_t n, size_t *len, char *why,
	  size_t nwhy)
{
	char *nl = NULL, extra = '\0';
	ssize_t r;

	*len = 0;
	while (nl == NULL && *len < n - 1) {
		r = read(fd, out + *len, n - 1 - *len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(why, nwhy, "cannot read %s: %s", path, strerror(errno));
			return -1;
		}
		if (r == 0)
			break;
		nl = memchr(out + *len, '\n', (size_t)r);
		*len += (size_t)r;
	}
	if (nl == NULL && *len == n - 1) {
		while ((r = read(fd, &extra, 1)) < 0 && errno == EINTR)
			;
		if (r > 0 && extra != '\n') {
			snprintf(why, nwhy, "the password in %s is too long (more than %zu bytes)",
				 path, n - 1);
			return -1;
		}
	}
	if (nl) /* what follows the first line is no business of ours */
		*len = (size_t)(nl - out);
	return 0;
}

int
config_read_secret(const char *path, char *out, size_t n, char *why, size_t nwhy)
{
	size_t len = 0;
	int fd, rc;

	if (n < 2) {
		snprintf(why, nwhy, "no room for a password");
		return -1;
	}
	memset(out, 0, n);
	/* O_NONBLOCK: a FIFO in its place must not hang the daemon. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		snprintf(why, nwhy, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	rc = check_secrecy(fd, path, why, nwhy);
	if (rc == 0)
		rc = read_line(fd, path, out, n, &len, why, nwhy);
	close(fd);
	if (rc == 0 && len > 0 && out[len - 1] == '\r')
		len--;
	if (rc == 0 && len == 0) {
		snprintf(why, nwhy, "%s is empty: write the password on its first line", path);
		rc = -1;
	}
	memset(out + len, 0, n - len);
	if (rc < 0)
		memset(out, 0, n);
	return rc;
}
