/* Why a seat's turn no longer counts, said in the player's terms: the
 * seat was given to the computer for good (resigned, kicked), or the
 * host changed the game after the view the turn was made from. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "history.h"
#include "meta.h"
#include "process_impl.h"

/* The seat of name in dir's meta.json, read on its own: the game itself
 * is loaded by the turn's apply, after this check. NULL if none. */
static json_t *
seat_of(json_t *meta, const char *name)
{
	json_t *seats = json_object_get(meta, "seats"), *s;
	size_t i;

	json_array_foreach(seats, i, s) {
		const char *n = json_string_value(json_object_get(s, "name"));
		if (n != NULL && strcasecmp(n, name) == 0)
			return s;
	}
	return NULL;
}

bool
job_seat_left(struct job *j, const struct gamedir *gd, const struct turn *t)
{
	char path[GAMEDIR_PATH + 16];
	json_t *meta, *s;
	bool resigned, kicked;

	snprintf(path, sizeof(path), "%s/%s", gd->dir, META_FILE);
	if ((meta = json_load_file(path, 0, NULL)) == NULL)
		return false; /* none yet, or the turn's own load says what is wrong */
	s = seat_of(meta, t->player);
	resigned = json_is_true(json_object_get(s, "resigned"));
	/* kicked; a seat kept for missed deadlines is its player's again by a turn */
	kicked = json_is_true(json_object_get(s, "bot")) &&
		 !json_is_true(json_object_get(s, "away"));
	if (resigned)
		job_problem(j, "There is nothing more to do for you in this game: its "
			    "game-over mail will tell you how it ended. Only the host can "
			    "give the seat to a player again.",
			    "%s resigned from game %s: the computer plays the seat to the "
			    "end of the game, and a turn for it no longer counts.",
			    t->player, t->game);
	else if (kicked)
		job_problem(j, "Ask the host if you want to play the seat again: only the "
			    "host can give it back.",
			    "The host gave %s's seat in game %s to the computer (the host "
			    "command kick): it plays the seat from now on, and a turn for it "
			    "no longer counts.",
			    t->player, t->game);
	json_decref(meta);
	return resigned || kicked;
}

/* The host's command since the game's last turn that changed what a
 * turn is made on (a seat's key, or the turns themselves). */
static const struct history_record *
host_change(const struct history *h)
{
	for (int i = h->n - 1; i >= 0; i--) {
		const struct history_record *r = &h->rec[i];
		if (r->event != HISTORY_HOST)
			return NULL;
		if (strcmp(r->command, "replace") == 0 || strcmp(r->command, "rollback") == 0)
			return r;
	}
	return NULL;
}

void
job_stale_cause(const struct gamedir *gd, char *buf, size_t n)
{
	struct history h = {0};
	struct turn_error e = {0};
	const struct history_record *r;

	buf[0] = '\0';
	if (history_read(gd->history, &h, &e) < 0)
		return;
	if ((r = host_change(&h)) != NULL && strcmp(r->command, "replace") == 0)
		snprintf(buf, n, "the host gave %s's seat a new player (record %ld) after "
			 "your view was made, which changed the game's state",
			 r->args[0], r->seq);
	else if (r != NULL)
		snprintf(buf, n, "the host rolled the game back (record %ld) after your "
			 "view was made", r->seq);
	history_free(&h);
}
