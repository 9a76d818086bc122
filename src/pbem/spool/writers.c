/* The spool's writers, and the indexes dropped when one died (writers.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gamesindex.h"
#include "players_index.h"
#include "writers.h"

int
writers_enter(const char *spool, struct writer *w)
{
	char dir[1000], tmp[1100];
	int fd;

	*w = WRITER_NONE;
	writers_check(spool);
	snprintf(dir, sizeof(dir), "%s/%s", spool, WRITERS_DIR);
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return -1;
	/* locked before it has its name: no reader sees it unlocked */
	snprintf(tmp, sizeof(tmp), "%s/.w-XXXXXX", dir);
	if ((fd = mkstemp(tmp)) < 0)
		return -1;
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	snprintf(w->path, sizeof(w->path), "%s/%s", dir, strrchr(tmp, '/') + 2);
	if (flock(fd, LOCK_EX) < 0 || rename(tmp, w->path) < 0) {
		unlink(tmp);
		close(fd);
		*w = WRITER_NONE;
		return -1;
	}
	w->fd = fd;
	return 0;
}

int
writers_enter_game(const char *gamedir, struct writer *w)
{
	char spool[1100];

	*w = WRITER_NONE;
	return writers_spool_of(gamedir, spool, sizeof(spool)) < 0 ? 0
								  : writers_enter(spool, w);
}

void
writers_leave(struct writer *w)
{
	if (w->fd < 0)
		return;
	unlink(w->path);
	close(w->fd);
	*w = WRITER_NONE;
}

static void
drop_indexes(const char *spool)
{
	char path[1100];

	snprintf(path, sizeof(path), "%s/%s", spool, GAMESINDEX_FILE);
	unlink(path);
	players_index_drop(spool);
}

/* A dead writer's file: locked by us now (*fd), else -1. */
static int
dead(const char *dir, const char *name)
{
	char path[1400];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return fd;
	close(fd);
	return -1;
}

int
writers_check(const char *spool)
{
	char dir[1100], path[1400];
	struct dirent *e;
	bool dropped = false;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/%s", spool, WRITERS_DIR);
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		int fd = e->d_name[0] == '.' ? -1 : dead(dir, e->d_name);

		if (fd < 0)
			continue;
		if (!dropped)
			drop_indexes(spool); /* before the file goes: a kill here comes back */
		dropped = true;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		unlink(path);
		close(fd);
	}
	closedir(d);
	return dropped;
}

int
writers_spool_of(const char *gamedir, char *spool, size_t n)
{
	char *slash;
	size_t len;

	snprintf(spool, n, "%s", gamedir);
	len = strlen(spool);
	while (len > 1 && spool[len - 1] == '/')
		spool[--len] = '\0';
	if ((slash = strrchr(spool, '/')) == NULL)
		return -1;
	*slash = '\0'; /* SPOOL/games */
	slash = strrchr(spool, '/');
	if (strcmp(slash ? slash + 1 : spool, "games") != 0)
		return -1; /* not in a spool */
	if (slash == NULL)
		snprintf(spool, n, ".");
	else if (slash == spool)
		spool[1] = '\0'; /* "/games/ID": the spool is / */
	else
		*slash = '\0';
	return 0;
}
