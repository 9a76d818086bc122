/* The spool lock: SPOOL/lock held with flock for as long as a run or the
 * daemon works on the spool; it holds the holder's pid, to say who. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
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
		pid[strcspn(pid, "\n")] = '\0';
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
	snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, pid, strlen(pid), 0) < 0) {
		/* the pid is only a courtesy for the message above */
	}
	return fd;
}
