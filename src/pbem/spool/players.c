/* Who plays on this host: the addresses of every game's players and
 * observers, from the spool's index SPOOL/players.index (players_index.h), read
 * once per pass when a mail comes, to tell a stranger (who gets few
 * answers) from a player (who gets every one). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "crashpoint.h"
#include "pbem.h"
#include "players_index.h"
#include "writers.h"

#define INDEX_TAG "carcpbem-players 1"

/* "ADDRESS\tGAME" entries: the address part compares first. */
static int
by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A bare address against an entry's address. */
static int
by_address(const void *key, const void *entry)
{
	const char *k = *(char *const *)key, *e = *(char *const *)entry;

	for (; *k && *k == *e; k++, e++)
		;
	return (unsigned char)*k - (unsigned char)(*e == '\t' ? '\0' : *e);
}

static void
add(struct pbem *p, const char *addr, const char *game, int *cap)
{
	char **more, *a;
	size_t n;

	if (strpbrk(addr, "\t\r\n") != NULL || *addr == '\0')
		return;
	if (p->nplayers == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		if ((more = realloc(p->players, sizeof(*more) * (size_t)*cap)) == NULL)
			return;
		p->players = more;
	}
	n = strlen(addr) + strlen(game) + 2;
	if ((a = malloc(n)) == NULL)
		return;
	snprintf(a, n, "%s\t%s", addr, game);
	for (char *c = a; *c != '\t'; c++)
		*c = (char)tolower((unsigned char)*c);
	p->players[p->nplayers++] = a;
}

/* The secret "addresses" of games/ID/state.json (docs/state-format.md),
 * and the observers of its meta.json. */
static void
read_game(struct pbem *p, const char *id, int *cap)
{
	char path[CONFIG_PATH_MAX + 300];
	json_t *root, *v;
	const char *k;
	size_t i;

	snprintf(path, sizeof(path), "%s/%s/state.json", p->games, id);
	if ((root = json_load_file(path, 0, NULL)) == NULL)
		return;
	json_object_foreach(json_object_get(json_object_get(root, "secret"), "addresses"), k, v)
		if (json_is_string(v))
			add(p, json_string_value(v), id, cap);
	json_decref(root);
	/* an observer (OBSERVE) is no stranger either */
	snprintf(path, sizeof(path), "%s/%s/meta.json", p->games, id);
	if ((root = json_load_file(path, 0, NULL)) == NULL)
		return;
	json_array_foreach(json_object_get(root, "observers"), i, v)
		if (json_is_string(v))
			add(p, json_string_value(v), id, cap);
	json_decref(root);
}

static void
scan_games(struct pbem *p)
{
	struct dirent *de;
	int cap = 0;
	DIR *d;

	if ((d = opendir(p->games)) == NULL)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			read_game(p, de->d_name, &cap);
	closedir(d);
}

static void
stamp(const struct pbem *p, char *out, size_t n)
{
	struct stat st;

	if (stat(p->games, &st) < 0)
		memset(&st, 0, sizeof(st));
	snprintf(out, n, INDEX_TAG " %lld %ld %lu", (long long)st.st_mtim.tv_sec,
		 (long)st.st_mtim.tv_nsec, (unsigned long)st.st_nlink);
}

/* path's bytes, NUL-terminated, or NULL. */
static char *
slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf = NULL;
	ssize_t n = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size < (1L << 30) &&
	    (buf = malloc((size_t)st.st_size + 1)) != NULL)
		n = read(fd, buf, (size_t)st.st_size);
	if (fd >= 0)
		close(fd);
	if (buf == NULL || n != st.st_size) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

/* The index when it is there, whole, sorted and as new as the games
 * folder: 0, else -1. Its lines are used where they are read (a turn's
 * pass at 10,000 games reads some 20,000 of them). */
static int
load_index(struct pbem *p, const char *path, const char *want)
{
	size_t len, head = strlen(want), cap = 0;
	char *buf = slurp(path, &len), *at, *nl;

	if (buf == NULL || len <= head || strncmp(buf, want, head) != 0 || buf[head] != '\n') {
		free(buf);
		return -1;
	}
	p->players_file = buf;
	for (at = buf + head + 1; at < buf + len; at = nl + 1) {
		if ((nl = memchr(at, '\n', (size_t)(buf + len - at))) == NULL ||
		    memchr(at, '\t', (size_t)(nl - at)) == NULL)
			return -1; /* torn or corrupt: rebuild */
		*nl = '\0';
		if (p->nplayers > 0 && strcmp(p->players[p->nplayers - 1], at) > 0)
			return -1; /* not sorted: not ours */
		if ((size_t)p->nplayers == cap) {
			size_t more_cap = cap ? 2 * cap : 256;
			char **more = more_cap > INT_MAX ? NULL
				      : realloc(p->players, sizeof(*more) * more_cap);
			if (more == NULL)
				return -1;
			p->players = more;
			cap = more_cap;
		}
		p->players[p->nplayers++] = at;
	}
	return 0;
}

static void
save_index(const struct pbem *p, const char *path, const char *head)
{
	size_t len = strlen(head) + 1, at;
	const char *what;
	char *buf;

	for (int i = 0; i < p->nplayers; i++)
		len += strlen(p->players[i]) + 1;
	if ((buf = malloc(len + 1)) == NULL)
		return;
	at = (size_t)snprintf(buf, len + 1, "%s\n", head);
	for (int i = 0; i < p->nplayers; i++)
		at += (size_t)snprintf(buf + at, len + 1 - at, "%s\n", p->players[i]);
	if (atomic_write(path, buf, at, 0600, true, &what) < 0)
		pbem_log(p, PBEM_WARN, "%s %s: %s (the players' index is "
			 "rebuilt next time)", what, path, strerror(errno));
	free(buf);
}

static int
index_lock(const char *spool)
{
	char path[CONFIG_PATH_MAX + 32];
	int fd;

	snprintf(path, sizeof(path), "%s/%s.lock", spool, PLAYERS_FILE);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) >= 0 &&
	    flock(fd, LOCK_EX) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

static void
read_all(struct pbem *p)
{
	char path[CONFIG_PATH_MAX + 32], want[128];
	int lock;

	p->players_read = true;
	writers_check(p->cfg.spool); /* a writer died: made again below */
	snprintf(path, sizeof(path), "%s/%s", p->cfg.spool, PLAYERS_FILE);
	lock = index_lock(p->cfg.spool);
	stamp(p, want, sizeof(want));
	if (load_index(p, path, want) < 0) {
		pbem_players_forget(p);
		p->players_read = true;
		scan_games(p);
		if (p->nplayers > 1)
			qsort(p->players, (size_t)p->nplayers, sizeof(*p->players), by_text);
		if (lock >= 0) /* no lock (a read-only spool): use, do not keep */
			save_index(p, path, want);
	}
	if (lock >= 0)
		close(lock);
}

int
players_index_drop(const char *spool)
{
	char path[CONFIG_PATH_MAX + 32];
	int lock = index_lock(spool), r;

	snprintf(path, sizeof(path), "%s/%s", spool, PLAYERS_FILE);
	r = unlink(path) < 0 && errno != ENOENT ? -1 : 0;
	crashpoint("players index dropped");
	if (lock >= 0)
		close(lock);
	return r;
}

int
players_index_game_changed(const char *gamedir)
{
	char spool[CONFIG_PATH_MAX + 32];

	return writers_spool_of(gamedir, spool, sizeof(spool)) < 0 ? 0
								   : players_index_drop(spool);
}

bool
pbem_is_player(struct pbem *p, const char *addr)
{
	char key[320], *k = key;

	if (addr == NULL)
		return false;
	if (!p->players_read)
		read_all(p);
	snprintf(key, sizeof(key), "%s", addr);
	for (char *c = key; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return p->nplayers > 0 && bsearch(&k, p->players, (size_t)p->nplayers,
					  sizeof(*p->players), by_address) != NULL;
}

void
pbem_players_forget(struct pbem *p)
{
	for (int i = 0; i < p->nplayers && p->players_file == NULL; i++)
		free(p->players[i]);
	free(p->players);
	free(p->players_file);
	p->players_file = NULL;
	p->players = NULL;
	p->nplayers = 0;
	p->players_read = false;
}
