/* Exporting a finished game: one JSON document with everything needed to
 * check it without the host: the final public state, the seed and the bag
 * revealed (the fair-draw commitment opened), every history record, the
 * final scores. carcpbem replay reads it back and checks it all. */
#include <stdio.h>
#include <string.h>

#include "history.h"
#include "jsonv.h"
#include "replay.h"

json_t *
export_final_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *scores = json_object(), *winners = json_array();
	int best = -1;

	for (int p = 0; p < gf->nplayers; p++) {
		json_object_set_new(scores, gf->name[p],
				    json_integer(g->player[p].score));
		if (g->player[p].score > best)
			best = g->player[p].score;
	}
	for (int p = 0; p < gf->nplayers; p++)
		if (g->player[p].score == best)
			json_array_append_new(winners, json_string(gf->name[p]));
	return json_pack("{s:o, s:o}", "scores", scores, "winners", winners);
}

static json_t *
reveal_json(const struct gamefile *gf)
{
	json_t *host = gamefile_view_json(gf, GF_VIEW_HOST, -1);
	json_t *secret = host ? json_deep_copy(json_object_get(host, "secret")) : NULL;

	json_decref(host);
	if (secret)
		json_object_del(secret, "addresses"); /* private, and not needed */
	return secret;
}

static json_t *
history_json(const struct gamedir *gd, struct turn_error *err)
{
	struct history h = {0};
	json_t *a = NULL;

	if (history_read(gd->history, &h, err) == 0) {
		a = json_array();
		for (int i = 0; i < h.n; i++)
			json_array_append_new(a, history_record_json(&h.rec[i]));
	}
	history_free(&h);
	return a;
}

json_t *
export_archive(const struct gamedir *gd, const struct catalog *cat, time_t now,
	       struct turn_error *err)
{
	struct replay_report rep;
	char when[HISTORY_TIME_LEN + 1];
	json_t *root = NULL, *history;

	if (replay_dir(gd, cat, &rep, err) < 0)
		return NULL;
	if (!rep.gf->game->over)
		terr(
		    err, TURN_FAIL,
		    "game %s is not over (turn %d): the archive reveals the seed and the "
		    "bag, so it is made of finished games only",
		    rep.gf->id, rep.gf->game->turn);
	else if ((history = history_json(gd, err)) != NULL) {
		history_time(now, when);
		root = json_pack("{s:s, s:i, s:s, s:s, s:o, s:o, s:o, s:o}", "format",
				 ARCHIVE_FORMAT, "version", ARCHIVE_VERSION, "game",
				 rep.gf->id, "exported", when, "final",
				 export_final_json(rep.gf), "state",
				 gamefile_view_json(rep.gf, GF_VIEW_PUBLIC, -1), "reveal",
				 reveal_json(rep.gf), "history", history);
		if (root == NULL)
			terr(err, TURN_FAIL, "out of memory");
	}
	gamefile_free(rep.gf);
	return root;
}
