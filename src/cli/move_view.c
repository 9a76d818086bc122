/* carcpbem move from a view older than the game: the rules then refuse
 * the actions for the old tile, and the player needs to hear that the
 * view is out of date, not only which rule. What the player has of the
 * game's progress is the turn file: the notice's turn saved as the -o
 * FILE, or the turn signed last time from this very view. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "move_view.h"
#include "turnfile.h"

/* The view's tile: drawn, or placed this turn. */
static const char *
view_tile(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	struct decision d;

	game_decision(g, &d);
	if (d.kind == DECISION_PLACE_TILE)
		return gf->cat->types[d.tile].id;
	if (g->last_placed >= 0)
		return gf->cat->types[g->placed[g->last_placed].type].id;
	return "no tile";
}

/* The turn in the file out, if it holds one of this game and player. */
static bool
read_out(const struct gamefile *gf, int p, const char *out, struct turn *t)
{
	struct stat st;
	size_t len;
	char *text;
	bool ok;

	if (out == NULL || stat(out, &st) < 0 || !S_ISREG(st.st_mode) || access(out, R_OK) < 0 ||
	    st.st_size > TURN_BLOCK_MAX_BYTES * 4 || (text = cli_read_text(out, &len)) == NULL)
		return false;
	ok = turn_parse(text, len, TURN_PLAIN | TURN_LAST | TURN_SKELETON, t, NULL) == 0 &&
	     strcmp(t->game, gf->id) == 0 && strcasecmp(t->player, gf->name[p]) == 0;
	free(text);
	return ok;
}

int
move_view_current(const struct gamefile *gf, int p, const char *view, const char *out)
{
	struct turn t;

	if (!read_out(gf, p, out, &t) || t.number <= gf->game->turn)
		return 0;
	cli_error("view %s is of turn %d (%s); the game is at turn %ld (%s is a turn "
		  "for turn %ld): save the view attached to the latest notice and move "
		  "from it",
		  view, gf->game->turn, view_tile(gf), t.number, out, t.number);
	return -1;
}

void
move_view_hint(const struct gamefile *gf, int p, const char *view, const char *out)
{
	char now[GF_STATE_HEX + 1];
	struct turn t;

	if (read_out(gf, p, out, &t) && t.is_signed && t.number == gf->game->turn &&
	    gamefile_state_hash(gf, now) == 0 && strcmp(now, t.state) == 0) {
		cli_error("view %s is of turn %d (%s), and %s is your turn %ld signed "
			  "from it: if you sent that turn, the game is past turn %d; save "
			  "the view attached to the latest notice and move from it",
			  view, gf->game->turn, view_tile(gf), out, t.number, gf->game->turn);
		return;
	}
	cli_error("view %s is of turn %d (%s): if your latest notice is of a later "
		  "turn or another tile, the view is out of date; move from the view "
		  "attached to that notice",
		  view, gf->game->turn, view_tile(gf));
}
