/* The spool's indexes SPOOL/players.index and SPOOL/games.index are caches
 * of what the games say, changed after each game's change, never synced.
 * A writer killed between the two leaves an index behind its game; this
 * is how that is found without reading every game:
 *
 *   SPOOL/writers/w-XXXXXX   one file per process that may change games,
 *                            held with flock from before its first change
 *                            to its end, removed by its owner at the end
 *
 * A file whose flock can be taken belongs to a writer that died: its
 * changes may be missing from the indexes, so they are dropped (each is
 * rebuilt from the games by its next reader) and then the file removed.
 * The look is one small directory read: every pass and every reader of
 * an index makes it (writers_check).
 *
 * SPOOL/timers needs none of this: its line of a game is set to "now"
 * before the game's clock changes and to the clock's time after it
 * (dl_save), so a kill leaves a time too early, never too late; a line
 * cut short reads as an earlier time or none (applog.h). */
#ifndef CARC_WRITERS_H
#define CARC_WRITERS_H

#include <stdbool.h>
#include <stddef.h>

#define WRITERS_DIR "writers"

struct writer {
	int fd; /* the held file, or -1 */
	char path[1200];
};

#define WRITER_NONE ((struct writer){.fd = -1})

/* Registers this process as a writer of spool (after writers_check, so
 * that a dead writer's leftovers are seen to first). 0, or -1 (the
 * spool cannot be written; w stays WRITER_NONE). */
int writers_enter(const char *spool, struct writer *w);
/* The same for the spool of a game folder SPOOL/games/ID (none: 0). */
int writers_enter_game(const char *gamedir, struct writer *w);
/* The writer's clean end. */
void writers_leave(struct writer *w);
/* Drops the indexes when a writer died; 1 when it did, else 0. */
int writers_check(const char *spool);
/* The spool of a game folder SPOOL/games/ID: 0, or -1 when dir is not
 * in a spool's games folder. */
int writers_spool_of(const char *gamedir, char *spool, size_t n);

#endif
