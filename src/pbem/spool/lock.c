/* The spool lock: SPOOL/lock held with flock for as long as a run or the
 * daemon works on the spool; the file notes the holder, "PID ROLE", to
 * say who holds it and since when (its mtime). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pbem.h"

int
pbem_lock(const char *spool, char *why, size_t n)
{
	char path[CONFIG_PATH_MAX + 8], pid[32] = "";
	int fd;

	snprintf(path, sizeof(path), "%s/lock", spool);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0) {
		snprintf(why, n, "cannot open the lock file %s: %s", path, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int busy = errno == EWOULDBLOCK;
		ssize_t r = busy ? pread(fd, pid, sizeof(pid) - 1, 0) : 0;
		pid[r > 0 ? r : 0] = '\0';
		pid[strcspn(pid, " \n")] = '\0';
		if (busy)
			snprintf(why, n,
				 "the spool %s is in use by another carcpbem (pid %s, lock "
				 "%s)",
				 spool, pid[0] ? pid : "unknown", path);
		else
			snprintf(why, n, "cannot lock %s: %s", path, strerror(errno));
		close(fd);
		return busy ? -2 : -1;
	}
	pbem_lock_note(fd, "");
	return fd;
}

void
pbem_lock_note(int fd, const char *role)
{
	char text[64];

	snprintf(text, sizeof(text), "%ld%s%s\n", (long)getpid(), role[0] ? " " : "", role);
	/* written over the old note, then cut: a reader never finds it empty */
	if (pwrite(fd, text, strlen(text), 0) < 0 || ftruncate(fd, (off_t)strlen(text)) < 0) {
		/* the note is only a courtesy for a second carcpbem's message */
	}
}

int
pbem_lock_holder(const char *spool, struct pbem_lock_holder *who)
{
	char path[CONFIG_PATH_MAX + 8], text[64];
	struct stat st;
	ssize_t r;
	char *end;
	int fd;

	memset(who, 0, sizeof(*who));
	snprintf(path, sizeof(path), "%s/lock", spool);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) < 0)
		return -1;
	r = fstat(fd, &st) == 0 ? pread(fd, text, sizeof(text) - 1, 0) : -1;
	close(fd);
	if (r <= 0)
		return -1;
	text[r] = '\0';
	text[strcspn(text, "\n")] = '\0';
	who->pid = strtol(text, &end, 10);
	if (who->pid <= 0 || end == text)
		return -1;
	/* a holder gone left its note: the new holder has not written its own */
	if (kill((pid_t)who->pid, 0) < 0 && errno == ESRCH)
		return -1;
	snprintf(who->role, sizeof(who->role), "%s", *end == ' ' ? end + 1 : "");
	who->since = st.st_mtime;
	return 0;
}
