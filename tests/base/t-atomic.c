/* issue 24.1: the atomic writer of the shared base (atomic.h). A reader
 * sees the old file or the whole new one, never a part: not when the
 * write fails half way, not when the writer is killed at any moment.
 * The file gets exactly the mode asked for, whatever the umask, and an
 * existing file is left alone unless replacing was asked for. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "atomic.h"
#include "tap.h"

#define BIG (4 * 1024 * 1024)

static char dir[] = "/tmp/t-atomic.XXXXXX";

static void
path_of(const char *name, char *path, size_t n)
{
	snprintf(path, n, "%s/%s", dir, name);
}

/* The file's bytes (free() them) and their count, or NULL. */
static char *
slurp(const char *path, size_t *len)
{
	char *buf = malloc(BIG + 1);
	FILE *f = fopen(path, "r");

	*len = 0;
	if (f == NULL || buf == NULL) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	*len = fread(buf, 1, BIG + 1, f);
	fclose(f);
	return buf;
}

/* Whether path holds exactly len bytes of c. */
static bool
all_of(const char *path, char c, size_t len)
{
	size_t n;
	char *buf = slurp(path, &n);
	bool same = buf != NULL && n == len;

	for (size_t i = 0; same && i < n; i++)
		same = buf[i] == c;
	free(buf);
	return same;
}

static int
temps_left(void)
{
	return atomic_clean_temp(dir, time(NULL) + 10);
}

static void
test_mode(void)
{
	char path[128];
	const char *what = "";
	struct stat st;
	mode_t old = umask(077);

	path_of("mode", path, sizeof(path));
	ok(atomic_write(path, "x\n", 2, 0644, true, &what) == 0, "written: %s", what);
	is_int(stat(path, &st) == 0 ? (long long)(st.st_mode & 07777) : -1, 0644,
	       "the mode asked for, not the umask's");
	ok(atomic_write(path, "y\n", 2, 0600, true, &what) == 0, "replaced");
	is_int(stat(path, &st) == 0 ? (long long)(st.st_mode & 07777) : -1, 0600,
	       "a replacement has its own mode");
	umask(old);
}

static void
test_no_replace(void)
{
	char path[128];
	const char *what = "";
	size_t n;
	char *got;

	path_of("keep", path, sizeof(path));
	ok(atomic_write(path, "first", 5, 0600, false, &what) == 0, "a new file");
	errno = 0;
	ok(atomic_write(path, "second", 6, 0600, false, &what) < 0 && errno == EEXIST,
	   "an existing file is not replaced (EEXIST)");
	is_str(what, "will not replace", "and what says so");
	got = slurp(path, &n);
	ok(got && n == 5 && memcmp(got, "first", 5) == 0, "the old file is whole");
	free(got);
	is_int(temps_left(), 0, "no temporary file is left");
}

/* A write cut short (the file size limit: EFBIG half way) leaves the
 * old file whole and no temporary file. */
static void
test_failed_write(void)
{
	char path[128], *big = malloc(BIG);
	const char *what = "";
	struct rlimit lim, old;

	path_of("cut", path, sizeof(path));
	memset(big, 'o', BIG);
	ok(atomic_write(path, big, BIG, 0600, true, &what) == 0, "the old file");
	memset(big, 'n', BIG);
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = BIG / 2;
	setrlimit(RLIMIT_FSIZE, &lim);
	errno = 0;
	ok(atomic_write(path, big, BIG, 0600, true, &what) < 0 && errno == EFBIG,
	   "a write that stops half way fails (EFBIG)");
	is_str(what, "cannot write", "what says which step");
	setrlimit(RLIMIT_FSIZE, &old);
	ok(all_of(path, 'o', BIG), "the old file is whole");
	is_int(temps_left(), 0, "no temporary file is left");
	free(big);
}

/* A writer killed at a random moment, over and over: each time the file
 * is the last complete write, never a mix or a part. */
static void
test_killed(void)
{
	char path[128], *big = malloc(BIG);
	const char *what = "";
	int bad = 0, kills = 40;

	path_of("killed", path, sizeof(path));
	memset(big, 'a', BIG);
	atomic_write(path, big, BIG, 0600, true, &what);
	srand(24);
	for (int i = 0; i < kills; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			for (char c = 'b';; c = c == 'z' ? 'b' : (char)(c + 1)) {
				memset(big, c, BIG);
				atomic_write(path, big, BIG, 0600, true, &what);
			}
		}
		usleep((useconds_t)(rand() % 20000));
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		size_t n;
		char *got = slurp(path, &n);
		bool whole = got != NULL && n == BIG;
		for (size_t k = 1; whole && k < n; k++)
			whole = got[k] == got[0];
		bad += !whole;
		free(got);
	}
	is_int(bad, 0, "killed %d times: the file was whole each time", kills);
	ok(temps_left() >= 0, "what the kills left is cleaned");
	is_int(temps_left(), 0, "and nothing is left after the cleaning");
	free(big);
}

int
main(void)
{
	char cmd[64];

	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	test_mode();
	test_no_replace();
	test_failed_write();
	test_killed();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		diag("cannot remove %s", dir);
	return done_testing();
}
