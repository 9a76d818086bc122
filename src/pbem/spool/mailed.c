/* A game directory's "mailed" mark: lines {"record":R,"message":KEY}, the
 * last of which names the last record of the history whose mails were
 * queued, and by which inbox message. With it a turn found applied
 * already tells a crash (its mails are still to queue, or the message is
 * ours) from a turn sent twice.
 *
 * The mark is appended, not rewritten: a new file a turn cost ext4 an
 * inode allocated and one freed, the dearest part of a turn's system
 * time (docs/PERFORMANCE.md, "Turns and idle passes, Nov 29"). A line
 * cut short by a crash is no mark (the one before it holds) and is cut
 * off before the next append; a file of one line (carcpbem before
 * Nov 29) reads the same. Past MAILED_MAX bytes the file is rewritten
 * with its last line, atomically. */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "durable.h"
#include "mailed.h"

#define MAILED_MAX 16384 /* bytes: some 250 marks */

static void
mailed_path(const struct gamedir *gd, char *buf, size_t n)
{
	snprintf(buf, n, "%s/mailed", gd->dir);
}

/* The file's bytes (*size of them) and the length of its complete
 * lines; NULL when it cannot be read. */
static char *
read_marks(int fd, size_t *size, size_t *whole)
{
	struct stat st;
	char *buf = NULL;
	ssize_t n = -1;

	if (fstat(fd, &st) == 0 && (buf = malloc((size_t)st.st_size + 1)) != NULL)
		n = pread(fd, buf, (size_t)st.st_size, 0);
	if (n < 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*size = *whole = (size_t)n;
	while (*whole > 0 && buf[*whole - 1] != '\n')
		(*whole)--;
	return buf;
}

/* The last complete line of buf (whole bytes), its newline cut. */
static char *
last_line(char *buf, size_t whole)
{
	char *start;

	if (whole == 0)
		return NULL;
	buf[whole - 1] = '\0';
	start = strrchr(buf, '\n');
	return start ? start + 1 : buf;
}

int
mailed_read(const struct gamedir *gd, long *record, char key[MAILED_KEY_LEN + 1])
{
	char path[GAMEDIR_PATH + 8], *buf, *line;
	int fd;
	size_t size, whole;
	json_t *root;

	*record = 0;
	key[0] = '\0';
	mailed_path(gd, path, sizeof(path));
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0; /* none yet: only the start was mailed */
	buf = read_marks(fd, &size, &whole);
	close(fd);
	if (buf == NULL || (line = last_line(buf, whole)) == NULL ||
	    (root = json_loads(line, 0, NULL)) == NULL) {
		free(buf);
		return 0;
	}
	*record = (long)json_integer_value(json_object_get(root, "record"));
	const char *msg = json_string_value(json_object_get(root, "message"));
	snprintf(key, MAILED_KEY_LEN + 1, "%s", msg ? msg : "");
	json_decref(root);
	free(buf);
	return 0;
}

/* Appends text to the file open at fd, whose complete lines are whole
 * bytes long (a torn line after them is cut off first). */
static int
append(int fd, size_t whole, size_t size, const char *text, size_t len)
{
	ssize_t w;

	if (whole != size && ftruncate(fd, (off_t)whole) < 0)
		return -1;
	do
		w = pwrite(fd, text, len, (off_t)whole);
	while (w < 0 && errno == EINTR);
	return w == (ssize_t)len ? durable_file(fd) : -1;
}

int
mailed_write(const struct gamedir *gd, long record, const char *key)
{
	char path[GAMEDIR_PATH + 8], text[128], *buf, *last;
	struct gf_error err = {0};
	size_t size = 0, whole = 0, len;
	int fd, r;

	mailed_path(gd, path, sizeof(path));
	len = (size_t)snprintf(text, sizeof(text), "{\"record\":%ld,\"message\":\"%s\"}\n",
			       record, key);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0 ||
	    (buf = read_marks(fd, &size, &whole)) == NULL) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	last = last_line(buf, whole);
	if (last != NULL && strlen(last) == len - 1 && memcmp(last, text, len - 1) == 0)
		r = 0; /* marked so already (a pass run again after a crash) */
	else if (size >= MAILED_MAX)
		r = gamefile_write_atomic(path, text, len, 0600, true, &err);
	else if ((r = append(fd, whole, size, text, len)) == 0 && size == 0)
		r = durable_dir(path); /* a new file: its folder's entry too */
	free(buf);
	close(fd);
	return r;
}
