/* A game directory on disk: state.json (host view) and history.jsonl.
 * Applying a turn appends its record to the history first (fsync), then
 * replaces state.json atomically (in a group commit, at the group's next
 * barrier, once the record is safe: durable.h); a crash between the two is repaired by
 * the next apply, which finds the history ahead of state.json and replays
 * the records it lacks. The same turn sent again is found in the history
 * by its id and refused as already applied, so nothing is done twice. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "apply.h"
#include "crashpoint.h"
#include "hostrec.h"
#include "jsonv.h"
#include "replay.h"

static int
gf_to_turn(const char *file, const struct gf_error *e, struct turn_error *err)
{
	return terr(err, TURN_FAIL, "%s: %s%s%s", file, e->path, e->path[0] ? ": " : "",
		    e->text);
}

static int
save_state(const struct gamedir *gd, const struct gamefile *gf, bool replace,
	   struct turn_error *err)
{
	struct gf_error e = {0};

	if (replace && gamefile_save_staged(gf, gd->state, &e) < 0)
		return gf_to_turn(gd->state, &e, err);
	return !replace && gamefile_save(gf, gd->state, false, &e) < 0
		   ? gf_to_turn(gd->state, &e, err)
		   : 0;
}

/* Appends a record to the history open at fd; gf then includes it. */
int
append_record(int fd, struct gamefile *gf, const struct history_record *r,
	      struct turn_error *err)
{
	char *line = history_line(r);

	if (line == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	if (history_append(fd, line, err) < 0) {
		free(line);
		return -1;
	}
	gf->archive.records = r->seq + 1;
	history_hash(line, strlen(line), gf->archive.head);
	free(line);
	return 0;
}

int
archive_create(const struct gamedir *gd, struct gamefile *gf, time_t now,
	       struct turn_error *err)
{
	return archive_create_hosted(gd, gf, NULL, now, err);
}

int
archive_create_hosted(const struct gamedir *gd, struct gamefile *gf,
		      const uint8_t *host_pk, time_t now, struct turn_error *err)
{
	struct history_record r = {.seq = 0, .event = HISTORY_CREATED};
	int fd;

	if (host_pk)
		hostrec_key_text(host_pk, r.host_key);
	history_time(now, r.time);
	snprintf(r.game, sizeof(r.game), "%s", gf->id);
	memcpy(r.commitment, gf->commitment, sizeof(r.commitment));
	if (gamefile_state_hash(gf, r.state) < 0)
		return terr(err, TURN_FAIL, "out of memory");
	fd = open(gd->history, O_WRONLY | O_CREAT | O_EXCL | O_APPEND, 0644);
	if (fd < 0)
		return terr(err, TURN_FAIL, "cannot create %s: %s", gd->history,
			    strerror(errno));
	if (append_record(fd, gf, &r, err) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	return save_state(gd, gf, false, err);
}

/* ---- applying ---- */

static int
disagree(const struct gamedir *gd, long k, long n, struct turn_error *err)
{
	return terr(err, TURN_FAIL,
		    "%s and %s disagree (the state includes %ld record%s, the history "
		    "has %ld): run carcpbem replay on the game to find out why",
		    gd->state, gd->history, k, k == 1 ? "" : "s", n);
}

static bool
has_host_records(const struct history *h, long from)
{
	for (long i = from; i < h->n; i++)
		if (h->rec[i].event != HISTORY_TURN || h->rec[i].by_host)
			return true;
	return false;
}

/* The host's records need the whole history (the game's host key, the
 * turns a rollback undoes): gf becomes the game replayed from its start. */
static int
roll_forward_all(const struct gamedir *gd, struct gamefile **gfp, const struct history *h,
		 struct turn_error *err)
{
	struct record_run rr;
	int r = replay_run(*gfp, h, gd->history, &rr, err);

	if (r == 0) { /* rr frees the old game */
		struct gamefile *old = *gfp;
		*gfp = rr.gf;
		rr.gf = old;
	}
	record_run_free(&rr);
	return r;
}

/* Replays the records state.json lacks (a crash after the history was
 * written): each is a turn that was checked already, checked again. */
static int
roll_forward(const struct gamedir *gd, struct gamefile **gfp, struct turn_error *err)
{
	struct gamefile *gf = *gfp;
	char state[GF_STATE_HEX + 1];
	struct turn_error e = {0};
	struct history h = {0};
	struct turn t;
	bool roll_all = false;
	int r = 0;

	if (history_read(gd->history, &h, &e) < 0)
		return terr(err, TURN_FAIL, "%s: %s", gd->history, e.text);
	if (memcmp(h.rec[gf->archive.records - 1].hash, gf->archive.head, GF_HASH_BYTES))
		r = disagree(gd, gf->archive.records, h.n, err);
	else if ((roll_all = has_host_records(&h, gf->archive.records)))
		r = roll_forward_all(gd, gfp, &h, err);
	for (long i = roll_all ? h.n : gf->archive.records; i < h.n && r == 0; i++) {
		const struct history_record *rec = &h.rec[i];
		if (rec->event != HISTORY_TURN ||
		    turn_parse(rec->text, strlen(rec->text), TURN_NEED_SIGNATURE, &t,
			       &e) < 0 ||
		    turn_apply(gf, &t, &e) < 0 || gamefile_state_hash(gf, state) < 0 ||
		    strcmp(state, rec->state) != 0)
			r = terr(
			    err, TURN_FAIL,
			    "%s: record %ld, which state.json lacks, does not replay "
			    "(%s): run carcpbem replay on the game",
			    gd->history, i, e.text[0] ? e.text : "another state");
		gf->archive.records = i + 1;
		memcpy(gf->archive.head, rec->hash, GF_HASH_BYTES);
	}
	history_free(&h);
	return r < 0 ? -1 : save_state(gd, *gfp, true, err);
}

/* state.json includes the first gf->archive.records records of the
 * history, the last of them with the hash it names; records after those
 * are rolled forward. */
static int
check_sync(const struct gamedir *gd, struct gamefile **gfp, const struct history_tail *tail,
	   struct turn_error *err)
{
	struct gamefile *gf = *gfp;
	long k = gf->archive.records;

	if (k == tail->records && k >= 1 &&
	    memcmp(tail->last, gf->archive.head, GF_HASH_BYTES) == 0)
		return 0;
	if (k >= 1 && k < tail->records)
		return roll_forward(gd, gfp, err);
	return disagree(gd, k, tail->records, err);
}

static int
open_game(const struct gamedir *gd, const struct catalog *cat, int *fd,
	  struct gamefile **gf, struct turn_error *err)
{
	struct gf_error e = {0};

	if (!gd->is_dir)
		return terr(err, TURN_FAIL,
			    "%s is a game file, not a game directory: signed turns go to "
			    "games made with carcpbem new --spool or --dir",
			    gd->state);
	if ((*fd = open(gd->history, O_RDWR | O_APPEND)) < 0)
		return terr(err, TURN_FAIL, "%s: cannot open: %s", gd->history,
			    strerror(errno));
	if (flock(*fd, LOCK_EX) < 0)
		return terr(err, TURN_FAIL, "%s: cannot lock: %s", gd->history,
			    strerror(errno));
	if ((*gf = gamefile_load(gd->state, cat, &e)) == NULL)
		return gf_to_turn(gd->state, &e, err);
	return 0;
}

/* The history, as far as this turn needs it: in step with state.json,
 * without a torn last line, and whether it holds the turn already. */
static int
scan_history(const struct gamedir *gd, int fd, struct gamefile **gfp, const struct turn *t,
	     struct history_tail *tail, struct turn_error *err)
{
	uint8_t id[GF_HASH_BYTES] = {0};
	struct gamefile *gf;

	if (t)
		turn_id(t, id);
	if (history_scan(gd->history, id, tail, err) < 0)
		return -1;
	if (tail->torn >= 0 && ftruncate(fd, tail->torn) < 0) /* a crash mid-line */
		return terr(err, TURN_FAIL, "%s: %s", gd->history, strerror(errno));
	if (check_sync(gd, gfp, tail, err) < 0)
		return -1;
	gf = *gfp;
	tail->records = gf->archive.records;
	memcpy(tail->last, gf->archive.head, GF_HASH_BYTES);
	return 0;
}

static int
duplicate(const struct gamedir *gd, const struct gamefile *gf, const struct turn *t,
	  const struct history_tail *tail, struct apply_result *res,
	  struct turn_error *err)
{
	const struct history_record *r;
	struct history h = {0};
	uint8_t id[GF_HASH_BYTES];

	/* a turn a rollback undid may come again: the state decides */
	if (tail->found < 0 || tail->found < tail->undone || strcmp(t->game, gf->id) != 0)
		return 0;
	turn_id(t, id);
	if (history_read(gd->history, &h, err) < 0 ||
	    (r = history_find(&h, id)) == NULL) {
		history_free(&h);
		return terr(err, TURN_FAIL, "%s: cannot read record %ld", gd->history,
			    tail->found);
	}
	res->record = r->seq;
	res->turn = r->turn;
	res->player = gamefile_player(gf, r->player);
	snprintf(res->time, sizeof(res->time), "%s", r->time);
	terr(err, TURN_DUPLICATE,
	     "this turn (turn %ld of %s) was applied already, at %s (record %ld): "
	     "nothing to do",
	     r->turn, r->player, r->time, r->seq);
	history_free(&h);
	return -1;
}

/* The note of a turn applied before a crash, whose mails are made again
 * (its lines not used, turn_apply_noted): the turn applied once more on
 * a copy of the game from before it, the number of actions it played
 * being the one that gives the state its State line names (none: a kill
 * before state.json was saved left it from before the turn). */
static void
note_again(const struct gamedir *gd, const struct catalog *cat, const struct turn *t,
	   char *note, size_t n)
{
	for (int m = 0; m <= t->nactions; m++) {
		struct gf_error ge = {0};
		struct turn_error te = {0};
		struct gamefile *c = gamefile_load(gd->state, cat, &ge);
		bool again = c != NULL && c->naction >= m &&
			     (m == 0 || gamefile_truncate(c, c->naction - m, &ge) == 0) &&
			     turn_apply_noted(c, t, note, n, &te) == 0;

		gamefile_free(c);
		if (again)
			return;
	}
	note[0] = '\0';
}

/* The record keeps the turn as carcpbem writes it, not as mail left it:
 * the same turn id and signature, and no padding in the archive. */
static int
record_turn(int fd, struct gamefile *gf, const struct history_tail *tail,
	    const struct turn *t, time_t now, struct apply_result *res,
	    struct turn_error *err)
{
	struct history_record r = {.seq = tail->records, .event = HISTORY_TURN,
				   .turn = t->number};
	int rc;

	memcpy(r.prev, tail->last, GF_HASH_BYTES);
	history_time(now, r.time);
	snprintf(r.player, sizeof(r.player), "%s",
		 gf->name[gamefile_player(gf, t->player)]);
	turn_id(t, r.turn_id);
	if (gamefile_state_hash(gf, r.state) < 0 ||
	    (r.text = turn_format(t)) == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	r.text[strlen(r.text) - 1] = '\0'; /* its last LF: the line ends there */
	rc = append_record(fd, gf, &r, err);
	free(r.text);
	res->record = r.seq;
	memcpy(res->time, r.time, sizeof(res->time));
	return rc;
}

int
archive_open(const struct gamedir *gd, const struct catalog *cat, int *fd,
	     struct gamefile **gf, struct history_tail *tail, struct turn_error *err)
{
	*fd = -1;
	*gf = NULL;
	if (open_game(gd, cat, fd, gf, err) < 0 ||
	    scan_history(gd, *fd, gf, NULL, tail, err) < 0) {
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		return -1;
	}
	return 0;
}

int
archive_apply(const struct gamedir *gd, const struct catalog *cat, const char *text,
	      size_t len, time_t now, struct gamefile **out, struct apply_result *res,
	      struct turn_error *err)
{
	struct history_tail tail;
	struct turn t;
	int fd = -1, r = -1;

	*out = NULL;
	memset(res, 0, sizeof(*res));
	res->player = -1;
	if (open_game(gd, cat, &fd, out, err) < 0 ||
	    turn_parse(text, len, TURN_NEED_SIGNATURE, &t, err) < 0)
		goto done;
	/* also for a duplicate: its mails may still be due (a crash) */
	turn_actions_text(&t, res->actions, sizeof(res->actions));
	if (scan_history(gd, fd, out, &t, &tail, err) < 0)
		goto done;
	if (duplicate(gd, *out, &t, &tail, res, err) < 0) {
		if (err->code == TURN_DUPLICATE && res->record == tail.records - 1)
			note_again(gd, cat, &t, res->note, sizeof(res->note));
		goto done;
	}
	if (tail.terminated) {
		terr(err, TURN_NOT_YOUR_DECISION, "game %s was ended by the host: it takes no "
		     "more turns", (*out)->id);
		goto done;
	}
	res->events_from = (*out)->game->nevents;
	res->player = gamefile_player(*out, t.player);
	res->turn = t.number;
	if (turn_apply_noted(*out, &t, res->note, sizeof(res->note), err) < 0) {
		archive_explain_bad_sig(gd, &t, err);
		goto done;
	}
	if (record_turn(fd, *out, &tail, &t, now, res, err) < 0)
		goto done;
	crashpoint("history appended, state not saved");
	r = save_state(gd, *out, true, err);
done:
	if (fd >= 0)
		close(fd);
	return r;
}
