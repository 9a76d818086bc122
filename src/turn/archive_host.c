/* The host's own records (apply.h, archive_host_write): the whole
 * history is replayed first, so the record is checked by the very code
 * replay checks it with (hostrec.c), and the game's host key is known. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "crashpoint.h"
#include "hostrec.h"
#include "replay.h"
#include "turnfile.h"

static int
check_key(const struct record_run *rr, const struct seckey *host, struct turn_error *err)
{
	char mine[KEY_ID_HEX + 1], game[KEY_ID_HEX + 1];

	if (!rr->has_host_key || memcmp(rr->host_pk, host->pk, KEY_BYTES) == 0)
		return 0;
	key_id(host->pk, mine);
	key_id(rr->host_pk, game);
	return terr(err, TURN_UNKNOWN_KEY,
		    "the host key %s is not game %s's host key %s (named in record "
		    "%ld): set host-key to the key this game was hosted with",
		    mine, rr->gf->id, game, rr->host_key_record);
}

static int
record(int fd, struct record_run *rr, const struct history_tail *tail,
       const struct seckey *host, time_t now, struct history_record *r,
       struct apply_result *res, struct turn_error *err)
{
	char *line;
	int rc;

	r->seq = tail->records;
	memcpy(r->prev, tail->last, GF_HASH_BYTES);
	history_time(now, r->time);
	hostrec_key_text(host->pk, r->host_key);
	res->events_from = rr->gf->game->nevents;
	if (record_run_effect(rr, r, err) < 0)
		return -1;
	if (gamefile_state_hash(rr->gf, r->state) < 0)
		return terr(err, TURN_FAIL, "out of memory");
	if (r->event == HISTORY_HOST)
		hostrec_sign(r, host);
	if ((line = history_line(r)) == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	free(line);
	rc = append_record(fd, rr->gf, r, err);
	res->record = r->seq;
	memcpy(res->time, r->time, sizeof(res->time));
	return rc;
}

static void
result(const struct history_record *r, const struct gamefile *gf, struct apply_result *res)
{
	struct turn t;
	struct turn_error e = {0};

	res->turn = r->turn;
	res->player = r->event == HISTORY_TURN ? gamefile_player(gf, r->player) : -1;
	if (r->event == HISTORY_TURN &&
	    turn_parse(r->text, strlen(r->text), TURN_NEED_SIGNATURE, &t, &e) == 0)
		turn_actions_text(&t, res->actions, sizeof(res->actions));
}

static int
write_locked(const struct gamedir *gd, int fd, const struct history_tail *tail,
	     const struct seckey *host, time_t now, archive_fill_fn fill,
	     archive_after_fn after, void *ctx, struct gamefile **out,
	     struct apply_result *res, struct turn_error *err)
{
	struct history_record r = {.event = HISTORY_HOST};
	struct record_run rr = {0};
	struct gf_error ge = {0};
	struct history h = {0};
	int rc = -1;

	if (history_read(gd->history, &h, err) < 0)
		return -1;
	if (replay_run(*out, &h, gd->history, &rr, err) == 0 &&
	    check_key(&rr, host, err) == 0 && history_host_alloc(&r) == 0 &&
	    fill(ctx, &rr, &h, &r, err) == 0 &&
	    record(fd, &rr, tail, host, now, &r, res, err) == 0) {
		result(&r, rr.gf, res);
		gamefile_free(*out);
		*out = rr.gf;
		rr.gf = NULL;
		crashpoint("host record appended, state not saved");
		rc = gamefile_save(*out, gd->state, true, &ge) < 0
			     ? terr(err, TURN_FAIL, "%s: %s", gd->state, ge.text)
			     : 0;
		if (rc == 0 && after)
			rc = after(ctx, *out, res, err);
	}
	history_record_free(&r);
	record_run_free(&rr);
	history_free(&h);
	return rc;
}

int
archive_host_write(const struct gamedir *gd, const struct catalog *cat,
		   const struct seckey *host, time_t now, archive_fill_fn fill,
		   archive_after_fn after, void *ctx, struct gamefile **out,
		   struct apply_result *res, struct turn_error *err)
{
	struct history_tail tail;
	int fd, r;

	memset(res, 0, sizeof(*res));
	res->player = -1;
	if (archive_open(gd, cat, &fd, out, &tail, err) < 0)
		return -1;
	r = write_locked(gd, fd, &tail, host, now, fill, after, ctx, out, res, err);
	close(fd);
	return r;
}
