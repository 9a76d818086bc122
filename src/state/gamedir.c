/* Game directories: finding them from what a user typed, creating them. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "gamedir.h"
#include "gamefile_impl.h"

static int
join(char *out, const char *dir, const char *name, struct gf_error *err)
{
	int n = snprintf(out, GAMEDIR_PATH, "%s/%s", dir, name);

	if (n < 0 || n >= GAMEDIR_PATH)
		return gf_fail(err, "", "%.60s...: the path is too long", dir);
	return 0;
}

int
gamedir_of(const char *dir, struct gamedir *gd, struct gf_error *err)
{
	memset(gd, 0, sizeof(*gd));
	gd->is_dir = true;
	if (strlen(dir) >= GAMEDIR_PATH)
		return gf_fail(err, "", "%.60s...: the path is too long", dir);
	snprintf(gd->dir, sizeof(gd->dir), "%s", dir);
	if (join(gd->state, dir, GAMEDIR_STATE, err) < 0)
		return -1;
	return join(gd->history, dir, GAMEDIR_HISTORY, err);
}

static bool
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* "dir/state.json" with dir/history.jsonl next to it is the directory. */
static bool
state_in_dir(const char *arg, char *dir)
{
	const char *slash = strrchr(arg, '/');
	const char *base = slash ? slash + 1 : arg;
	char hist[GAMEDIR_PATH];
	struct stat st;

	if (strcmp(base, GAMEDIR_STATE) != 0)
		return false;
	snprintf(dir, GAMEDIR_PATH, "%.*s", slash ? (int)(slash - arg) : 1,
		 slash ? arg : ".");
	if (snprintf(hist, sizeof(hist), "%s/%s", dir, GAMEDIR_HISTORY) >= GAMEDIR_PATH)
		return false;
	return stat(hist, &st) == 0;
}

int
gamedir_resolve(const char *arg, const char *spool, struct gamedir *gd,
		struct gf_error *err)
{
	char dir[GAMEDIR_PATH], why[160];
	struct stat st;

	if (is_dir(arg))
		return gamedir_of(arg, gd, err);
	if (state_in_dir(arg, dir))
		return gamedir_of(dir, gd, err);
	if (stat(arg, &st) != 0 && spool &&
	    gamefile_check_id(arg, why, sizeof(why)) == 0 &&
	    snprintf(dir, sizeof(dir), "%s/games/%s", spool, arg) < GAMEDIR_PATH &&
	    is_dir(dir))
		return gamedir_of(dir, gd, err);
	memset(gd, 0, sizeof(*gd));
	if (strlen(arg) >= GAMEDIR_PATH)
		return gf_fail(err, "", "%.60s...: the path is too long", arg);
	snprintf(gd->state, sizeof(gd->state), "%s", arg);
	return 0;
}

/* The directories made on the way are private (0700), as the spool is
 * (carcpbem.conf(5)): a game directory below holds the secret seed. */
static int
make_parents(char *path, struct gf_error *err)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			int saved = errno;
			*p = '/';
			return gf_fail(err, "", "cannot create %s: %s", path,
				       strerror(saved));
		}
		*p = '/';
	}
	return 0;
}

int
gamedir_create(const char *dir, struct gf_error *err)
{
	char path[GAMEDIR_PATH];

	if (snprintf(path, sizeof(path), "%s", dir) >= GAMEDIR_PATH)
		return gf_fail(err, "", "%.60s...: the path is too long", dir);
	if (make_parents(path, err) < 0)
		return -1;
	if (mkdir(dir, 0700) == 0)
		return 0;
	if (errno == EEXIST)
		return gf_fail(err, "", "%s already exists: choose another game id or "
					"directory", dir);
	return gf_fail(err, "", "cannot create %s: %s", dir, strerror(errno));
}
