/* SPOOL/players.index: who plays (or observes) where, so that a mail's stranger
 * check reads one file, not every game (issue 13's scale).
 *
 *   carcpbem-players 1 MTIME_S MTIME_NS NLINK   the games folder's stamp
 *   ADDRESS<TAB>GAME                           one a line, sorted
 *
 * Rebuilt from the games (state.json's secret addresses, meta.json's
 * observers) and written atomically when missing, unreadable or older
 * than the games folder (a game made or removed changes its stamp).
 * Whoever changes a game's addresses or observers drops it afterwards
 * (players_index_drop), under SPOOL/players.index.lock, which rebuilding holds
 * too: a rebuild that read the old game is always dropped after. */
#ifndef CARC_PLAYERS_INDEX_H
#define CARC_PLAYERS_INDEX_H

#define PLAYERS_FILE "players.index"

/* Removes SPOOL/players.index (the next reader rebuilds it). 0, or -1. */
int players_index_drop(const char *spool);
/* The same for the spool of a game folder SPOOL/games/ID (none: 0). */
int players_index_game_changed(const char *gamedir);

#endif
