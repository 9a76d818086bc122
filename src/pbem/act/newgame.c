/* A new game's directory and checks (newgame.h). */
#include <stdio.h>
#include <strings.h>
#include <unistd.h>

#include "apply.h"
#include "gamedir.h"
#include "key.h"
#include "newgame.h"
#include "gamesindex.h"
#include "players_index.h"

int
newgame_check_names(char *const *names, int n, char *why, size_t nwhy)
{
	for (int i = 0; i < n; i++) {
		if (gamefile_check_name(names[i], why, nwhy) < 0)
			return -1;
		/* a command with Player: host is the host's (process_commands.c) */
		if (strcasecmp(names[i], "host") == 0)
			return snprintf(why, nwhy, "a player may not be named host (commands "
					"signed as Player: host are the host's): choose "
					"another name"),
			       -1;
		for (int j = 0; j < i; j++)
			if (strcasecmp(names[i], names[j]) == 0)
				return snprintf(why, nwhy,
						"two players are named %s: give each a "
						"different name",
						names[i]),
				       -1;
	}
	return 0;
}

static void
remove_partial(const struct gamedir *gd)
{
	unlink(gd->history);
	unlink(gd->state);
	rmdir(gd->dir);
}

int
newgame_dir(const char *dir, struct gamefile *gf, newgame_host_fn host, void *ctx,
	    time_t now, char *why, size_t nwhy)
{
	struct turn_error err = {0};
	struct gf_error e = {0};
	uint8_t pk[KEY_BYTES];
	struct gamedir gd;
	int hosted;

	if (gamedir_of(dir, &gd, &e) < 0 || gamedir_create(dir, &e) < 0)
		return snprintf(why, nwhy, "%s: %s", dir, e.text), -1;
	if ((hosted = host(ctx, pk, why, nwhy)) < 0) {
		remove_partial(&gd);
		return -1;
	}
	if (archive_create_hosted(&gd, gf, hosted ? pk : NULL, now, &err) < 0) {
		remove_partial(&gd);
		return snprintf(why, nwhy, "%s: %s", dir, err.text), -1;
	}
	players_index_game_changed(dir); /* its players are no strangers now */
	gamesindex_put(dir, gf, NULL);
	return 0;
}
