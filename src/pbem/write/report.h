/* Game facts as sentences and JSON: the decision due, what happened
 * (events), figures, final scores; and the archive of a finished game
 * with its maps. Shared by the carcpbem commands and the mails. */
#ifndef CARC_REPORT_H
#define CARC_REPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "gamedir.h"
#include "gamefile.h"
#include "rules.h"
#include "turn.h"

/* ---- reports (report.c) ---- */

/* Seat letters: A for the first player listed, B, ... */
static inline char
seat_letter(int seat)
{
	return (char)('A' + seat);
}

/* "city N-W (pennant), road E-S" for a tile type turned rot quarters. */
void tile_describe(const struct tile_type *t, int rot, char *buf, size_t n);
/* "edition 1, farmers, river (u-turn rule: curves), abbot" */
void rules_describe(const struct rules_options *o, char *buf, size_t n);
/* One line about the decision due: whose, what, which tile. */
void report_decision(FILE *fp, const struct gamefile *gf);
/* The decision as JSON: gamefile_decision_json's kind, player and tile,
 * plus seat (1-based), turn, tiles_left and, for place-figure, the x, y
 * and rotation of the tile just placed. */
json_t *decision_json(const struct gamefile *gf);
/* ---- scoring as JSON (score_json.c) ---- */

/* "road", "city", ..., or a module's category ("abbot_recall": its
 * table's score_categories): what a scoring event counts as in the
 * totals. */
const char *score_category(const struct game *g, const struct game_event *ev);
/* What a scoring event's points are for when it is not the feature at its
 * place ("the King, a point per completed city"), or NULL. */
const char *score_text(const struct game *g, const struct game_event *ev);
/* The scoring events from..g->nevents: player, turn, category, kind, x, y,
 * tile, place, points, rule, final. */
json_t *score_events_json(const struct gamefile *gf, int from);
/* Each player's score and points by category, in seat order. */
json_t *score_totals_json(const struct gamefile *gf);

/* Events from..g->nevents, one sentence a line, each line led by indent.
 * actions: the turn's actions as the player wrote them, as
 * turn_actions_text joins them ("place 1 0 0; farmer SL"): a figure put
 * at a place named by another word than its place name gets that word
 * too ("at S (SL)"). NULL: place names alone. Events with a secret
 * (game_event.secret_of) are left out: these lines go to every player. */
void report_events(FILE *fp, const struct gamefile *gf, int from, const char *indent,
		   const char *actions);
/* Final scores and the winner(s). */
void report_final(FILE *fp, const struct gamefile *gf);
/* The same, the seats in out marked resigned and never winners. */
void report_final_among(FILE *fp, const struct gamefile *gf, unsigned out);
/* One line a player: seat letter, name, score, what is left in the
 * supply and the tokens held (show, and the mails' score table). */
void report_players(FILE *fp, const struct gamefile *gf);
/* The same line's columns, for the mails' HTML table. */
struct player_row {
	char seat;
	const char *name;
	int score;
	char supply[256]; /* gamefile_supply_text */
	char held[120];   /* tokens_held */
};
void report_player_row(const struct gamefile *gf, int p, struct player_row *r);
/* "the King and the Robber Baron": the module tokens seat holds
 * (game_tokens), "" for none. */
void tokens_held(const struct game *g, int seat, char *buf, size_t n);
/* Seats with the best score, as a bit set. */
unsigned winners(const struct game *g);
/* The same among the seats not in out (a bit a seat): a player who
 * resigned cannot win (docs/rules-decisions.md). */
unsigned winners_among(const struct game *g, unsigned out);
/* "knight on the city at N of BA/CRr at 1,0" for figure i on the board. */
void figure_describe(const struct game *g, int i, char *buf, size_t n);

/* ---- the archive with its maps (export_maps.c) ---- */

/* Adds "maps" to an exported archive root (export_archive): the final
 * board as the players saw it, the whole text map (no crop) and, with png
 * when the build draws pictures, the PNG in base64 with its size. */
int export_add_maps(json_t *root, const struct gamedir *gd, const struct catalog *cat,
		    bool png, struct turn_error *err);
/* The archive carcpbem export writes (export_archive, then the maps) as
 * two-space indented JSON text with a final newline; free() it. NULL
 * with err. export_with_maps has the text map only (the game-over mail's
 * attachment: the mail shows the picture), export_with_picture the PNG
 * too with png. */
char *export_with_maps(const struct gamedir *gd, const struct catalog *cat, time_t now,
		       size_t *len, struct turn_error *err);
char *export_with_picture(const struct gamedir *gd, const struct catalog *cat, time_t now,
			  bool png, size_t *len, struct turn_error *err);

#endif
