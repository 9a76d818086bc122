/* Writing a file so that a crash leaves either the old file or the new
 * one, never half of one: a temporary file in the same directory, fsync,
 * then rename (or link, when an existing file must not be replaced). Game
 * files are mode 0600: the host view holds the seed and the bag. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gamefile_impl.h"

/* "dir/.name.XXXXXX" next to path, and "dir" itself. */
static int
temp_names(const char *path, char **tmp, char **dir)
{
	const char *slash = strrchr(path, '/');
	size_t dlen = slash ? (size_t)(slash - path) : 0;
	size_t n = strlen(path) + 16;

	*tmp = malloc(n);
	*dir = malloc(dlen + 2);
	if (*tmp == NULL || *dir == NULL)
		return -1;
	if (slash == NULL)
		memcpy(*dir, ".", 2);
	else if (dlen == 0)
		memcpy(*dir, "/", 2);
	else {
		memcpy(*dir, path, dlen);
		(*dir)[dlen] = '\0';
	}
	snprintf(*tmp, n, "%.*s.%s.XXXXXX", slash ? (int)(dlen + 1) : 0, path,
		 slash ? slash + 1 : path);
	return 0;
}

static int
write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, data, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Makes the rename itself durable; some file systems cannot, so no error. */
static void
sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* tmp is mkstemp's template, then the name it made. */
static int
write_temp(char *tmp, const char *dir, const char *data, size_t len, int mode,
	   struct gf_error *err)
{
	int fd, saved;

	if ((fd = mkstemp(tmp)) < 0)
		return gf_fail(err, "", "cannot create a file in %s: %s", dir,
			       strerror(errno));
	if (fchmod(fd, (mode_t)mode) < 0 || write_all(fd, data, len) < 0 ||
	    fsync(fd) < 0) {
		saved = errno;
		close(fd);
		unlink(tmp);
		return gf_fail(err, "", "cannot write %s: %s", tmp, strerror(saved));
	}
	if (close(fd) < 0) {
		saved = errno;
		unlink(tmp);
		return gf_fail(err, "", "cannot write %s: %s", tmp, strerror(saved));
	}
	return 0;
}

/* link() fails if path exists, where rename() would replace it. */
static int
install(const char *tmp, const char *path, bool replace, struct gf_error *err)
{
	int saved;

	if (replace ? rename(tmp, path) == 0 : link(tmp, path) == 0) {
		if (!replace)
			unlink(tmp);
		return 0;
	}
	saved = errno;
	unlink(tmp);
	if (saved == EEXIST)
		return gf_fail(err, "", "the file already exists (not replaced)");
	return gf_fail(err, "", "cannot write the file: %s", strerror(saved));
}

int
gamefile_write_atomic(const char *path, const char *text, size_t len, int mode,
		      bool replace, struct gf_error *err)
{
	char *tmp = NULL, *dir = NULL;
	int r = -1;

	if (temp_names(path, &tmp, &dir) < 0)
		gf_fail(err, "", "out of memory");
	else if (write_temp(tmp, dir, text, len, mode, err) == 0 &&
		 install(tmp, path, replace, err) == 0) {
		sync_dir(dir);
		r = 0;
	}
	free(tmp);
	free(dir);
	return r;
}

int
gamefile_save(const struct gamefile *gf, const char *path, bool replace,
	      struct gf_error *err)
{
	char *text = gamefile_dumps(gf);
	int r;

	if (text == NULL)
		return gf_fail(err, "", "out of memory");
	r = gamefile_write_atomic(path, text, strlen(text), 0600, replace, err);
	free(text);
	return r;
}
