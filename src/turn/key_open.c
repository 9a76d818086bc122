/* Key files are opened without blocking (O_NONBLOCK: a FIFO would wait for
 * a writer for ever) and must be regular files of a key file's size (not
 * /dev/zero); secret ones are not followed through a symlink and must be
 * private, as OpenSMTPD's check_file_secrecy asks. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "key_open.h"
#include "secrecy.h"

static int
check_secrecy(const struct stat *st, const char *path, struct turn_error *err)
{
	char why[sizeof(err->text)];

	if (secrecy_check(st, path, "secret key", why, sizeof(why)) < 0)
		return terr(err, TURN_FAIL, "%s", why);
	return 0;
}

static int
check_file(int fd, const char *path, int flags, size_t max, struct turn_error *err)
{
	const char *what = flags & KEY_OPEN_SECRET ? "secret key" : "public key";
	struct stat st;

	if (fstat(fd, &st) < 0)
		return terr(err, TURN_FAIL, "%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return terr(err, TURN_FAIL, "%s: not a regular file: give the %s file", path,
			    what);
	if ((unsigned long long)st.st_size > max)
		return terr(err, TURN_FAIL,
			    "%s: %lld bytes is too long for a %s file (at most %zu)", path,
			    (long long)st.st_size, what, max);
	return flags & KEY_OPEN_SECRET ? check_secrecy(&st, path, err) : 0;
}

int
key_open(const char *path, int flags, size_t max, struct turn_error *err)
{
	int oflags = O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK;
	int fd;

	if (flags & KEY_OPEN_SECRET)
		oflags |= O_NOFOLLOW;
	if ((fd = open(path, oflags)) < 0) {
		if (errno == ELOOP && (flags & KEY_OPEN_SECRET))
			return terr(err, TURN_FAIL,
				    "%s: a symbolic link: give the secret key file itself",
				    path);
		return terr(err, TURN_FAIL, "%s: cannot open: %s", path, strerror(errno));
	}
	if (check_file(fd, path, flags, max, err) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}
