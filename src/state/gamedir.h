/* Where a game lives. A lone game file (carcpbem new -o FILE) is a
 * host-local game; a game directory (spool/games/<id>/) holds the host's
 * state.json and the game's history.jsonl (the archive, src/turn/). */
#ifndef CARC_GAMEDIR_H
#define CARC_GAMEDIR_H

#include <stdbool.h>

#include "gamefile.h"

#define GAMEDIR_STATE "state.json"
#define GAMEDIR_HISTORY "history.jsonl"
#define GAMEDIR_PATH 1024

struct gamedir {
	bool is_dir;                /* a game directory, with a history */
	char dir[GAMEDIR_PATH];     /* the directory, or "" */
	char state[GAMEDIR_PATH];   /* the game document */
	char history[GAMEDIR_PATH]; /* history.jsonl, or "" */
};

/* GAME as given on a command line: a game directory, the state.json in
 * one, a lone game file, or the id of a game in SPOOL/games/. Does not
 * check that the files exist, except to tell these apart. */
int gamedir_resolve(const char *arg, const char *spool, struct gamedir *gd,
		    struct gf_error *err);
/* The paths of the game directory dir. */
int gamedir_of(const char *dir, struct gamedir *gd, struct gf_error *err);
/* Creates the game directory dir (mode 0700; its parents as needed),
 * which must not exist yet. */
int gamedir_create(const char *dir, struct gf_error *err);

#endif
