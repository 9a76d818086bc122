/* A spool index kept as a log (applog.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "applog.h"
#include "atomic.h"

#define NUM_WIDTH 20

/* "TAG BASE AUX\n": its length for tag. */
static size_t
head_len(const char *tag)
{
	return strlen(tag) + 2 * (NUM_WIDTH + 1) + 1;
}

static void
head_text(const char *tag, long long base, long long aux, char *buf, size_t n)
{
	snprintf(buf, n, "%s %0*lld %0*lld\n", tag, NUM_WIDTH, base, NUM_WIDTH, aux);
}

/* A header's number: NUM_WIDTH digits (a '-' first for a negative one,
 * which no writer makes), in range: true with *v. */
static bool
head_number(const char *s, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno != ERANGE && end == s + NUM_WIDTH;
}

/* The header of fd: 1 and base, aux; 0 when it is not tag's, or holds
 * values no writer makes (a base shorter than the header, a negative
 * aux: a corrupt file, rebuilt like a missing one). */
static int
head_read(int fd, const char *tag, long long *base, long long *aux)
{
	char buf[256], want[160];
	size_t k = head_len(tag), t = strlen(tag);
	ssize_t r;

	if (k >= sizeof(buf) || (r = pread(fd, buf, k, 0)) != (ssize_t)k || buf[k - 1] != '\n')
		return 0;
	buf[k - 1] = '\0';
	snprintf(want, sizeof(want), "%s ", tag);
	if (strncmp(buf, want, t + 1) != 0 || buf[t + 1 + NUM_WIDTH] != ' ' ||
	    !head_number(buf + t + 1, base) || !head_number(buf + t + 2 + NUM_WIDTH, aux))
		return 0;
	return *base >= (long long)k && *aux >= 0;
}

int
applog_peek(const char *path, const char *tag, long long *aux)
{
	long long base;
	int fd = open(path, O_RDONLY | O_CLOEXEC), r;
	struct stat st;

	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	r = fstat(fd, &st) == 0 && head_read(fd, tag, &base, aux) && base <= st.st_size ? 1 : -1;
	close(fd);
	return r;
}

int
applog_open(struct applog *l, const char *path, const char *tag, char *why, size_t n)
{
	char lock[1200];
	struct stat st;

	memset(l, 0, sizeof(*l));
	l->fd = -1;
	l->tag = tag;
	snprintf(l->path, sizeof(l->path), "%s", path);
	snprintf(lock, sizeof(lock), "%s.lock", path);
	if ((l->lock = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0 ||
	    flock(l->lock, LOCK_EX) < 0) {
		snprintf(why, n, "cannot lock %s: %s", lock, strerror(errno));
		applog_close(l);
		return -1;
	}
	if ((l->fd = open(path, O_RDWR | O_CLOEXEC)) < 0) {
		if (errno == ENOENT)
			return 0;
		snprintf(why, n, "cannot open %s: %s", path, strerror(errno));
		applog_close(l);
		return -1;
	}
	if (fstat(l->fd, &st) < 0 || !head_read(l->fd, tag, &l->base, &l->aux) ||
	    l->base > (long long)st.st_size)
		return 0; /* torn, corrupt or not ours: rebuilt (a log only grows) */
	l->size = st.st_size;
	return 1;
}

void
applog_close(struct applog *l)
{
	if (l->fd >= 0)
		close(l->fd);
	if (l->lock >= 0)
		close(l->lock); /* lets go of the flock */
	l->fd = l->lock = -1;
}

int
applog_add(struct applog *l, const char *line, char *why, size_t n)
{
	size_t len = strlen(line);
	char *buf = malloc(len + 2), last = '\n';
	size_t at = 0;

	if (buf == NULL)
		return snprintf(why, n, "out of memory"), -1;
	/* a line a dead writer cut short ends here, not in ours */
	if (l->size > 0 && pread(l->fd, &last, 1, l->size - 1) == 1 && last != '\n')
		buf[at++] = '\n';
	memcpy(buf + at, line, len);
	at += len;
	buf[at++] = '\n';
	ssize_t w = pwrite(l->fd, buf, at, l->size);
	free(buf);
	if (w != (ssize_t)at)
		return snprintf(why, n, "cannot write %s: %s", l->path,
				w < 0 ? strerror(errno) : "disk full"), -1;
	l->size += (off_t)at;
	return 0;
}

int
applog_set_aux(struct applog *l, long long aux, char *why, size_t n)
{
	char head[160];
	size_t k = head_len(l->tag);

	head_text(l->tag, l->base, aux, head, sizeof(head));
	if (pwrite(l->fd, head, k, 0) != (ssize_t)k)
		return snprintf(why, n, "cannot write %s: %s", l->path, strerror(errno)), -1;
	l->aux = aux;
	return 0;
}

bool
applog_grown(const struct applog *l)
{
	off_t limit;

	if (__builtin_mul_overflow((off_t)l->base, 2, &limit) ||
	    __builtin_add_overflow(limit, APPLOG_SLACK, &limit))
		return true;
	return l->size > limit;
}

int
applog_read(struct applog *l, void (*each)(void *ctx, char *line), void *ctx, char *why,
	    size_t n)
{
	char *text, *s, *nl;
	size_t k = head_len(l->tag), len = (size_t)l->size;

	if (len <= k)
		return 0;
	if ((text = malloc(len + 1)) == NULL)
		return snprintf(why, n, "out of memory"), -1;
	if (pread(l->fd, text, len, 0) != (ssize_t)len) {
		free(text);
		return snprintf(why, n, "cannot read %s: %s", l->path, strerror(errno)), -1;
	}
	text[len] = '\0';
	for (s = text + k; (nl = strchr(s, '\n')) != NULL; s = nl + 1) {
		*nl = '\0';
		each(ctx, s);
	}
	free(text);
	return 0;
}

/* dir/.carc-tmp.NAME.PID for path dir/NAME (atomic_clean_temp finds it). */
static void
temp_of(const char *path, char *buf, size_t n)
{
	const char *slash = strrchr(path, '/');
	int dlen = slash ? (int)(slash - path + 1) : 0;

	snprintf(buf, n, "%.*s" ATOMIC_TEMP_PREFIX "%s.%ld", dlen, path,
		 slash ? slash + 1 : path, (long)getpid());
}

int
applog_rewrite(struct applog *l, const char *body, size_t len, long long aux, char *why,
	       size_t n)
{
	char tmp[1300], head[160];
	size_t k = head_len(l->tag);
	int fd;

	head_text(l->tag, (long long)(k + len), aux, head, sizeof(head));
	temp_of(l->path, tmp, sizeof(tmp));
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0)
		return snprintf(why, n, "cannot write %s: %s", tmp, strerror(errno)), -1;
	bool ok = write(fd, head, k) == (ssize_t)k &&
		  (len == 0 || write(fd, body, len) == (ssize_t)len);
	if (close(fd) < 0 || !ok || rename(tmp, l->path) < 0) {
		snprintf(why, n, "cannot write %s: %s", l->path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (l->fd >= 0)
		close(l->fd);
	l->fd = open(l->path, O_RDWR | O_CLOEXEC);
	l->base = (long long)(k + len), l->aux = aux, l->size = (off_t)(k + len);
	return l->fd < 0 ? -1 : 0;
}
