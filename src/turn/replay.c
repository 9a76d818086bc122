/* Replaying an archive. The host view gives the setup (its commitment and
 * shuffle checked as it loads); the "created" record must name that
 * setup's initial state; then each turn record must link to the one
 * before, carry a turn signed by its player's registered key, made on
 * the state the game was in, and lead to the state it names. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apply.h"
#include "history.h"
#include "hostrec.h"
#include "jsonv.h"
#include "replay.h"

/* "history.jsonl:5: record 4 (turn 3 of bob): ..." */
static int
bad(struct turn_error *err, const char *src, const struct history_record *r,
	const char *fmt, const char *detail)
{
	char what[80] = "";

	if (r->event == HISTORY_TURN)
		snprintf(what, sizeof(what), " (turn %ld of %s%s)", r->turn, r->player,
			 r->by_host ? ", made by the host" : "");
	else if (r->event == HISTORY_HOST)
		snprintf(what, sizeof(what), " (host command %s)", r->command);
	return terr(err, TURN_FAIL, "%s:%d: record %ld%s: %s%s", src, r->line, r->seq,
		    what, fmt, detail);
}

static int
check_created(const struct gamefile *gf, const struct history *h, const char *src,
	      struct turn_error *err)
{
	static const uint8_t zero[GF_HASH_BYTES];
	const struct history_record *r = &h->rec[0];
	char state[GF_STATE_HEX + 1];

	if (h->n == 0)
		return terr(err, TURN_FAIL, "%s: no records: the history starts with the "
					    "game's creation",
			    src);
	if (r->event != HISTORY_CREATED || r->seq != 0 ||
	    memcmp(r->prev, zero, sizeof(zero)))
		return bad(err, src, r, "the first record is not the game's creation",
			   "");
	if (strcmp(r->game, gf->id) != 0)
		return bad(err, src, r, "names another game than the state: ", r->game);
	if (memcmp(r->commitment, gf->commitment, GF_HASH_BYTES) != 0)
		return bad(
		    err, src, r,
		    "its fair-draw commitment is not the game's (was the bag changed?)",
		    "");
	if (gamefile_state_hash(gf, state) < 0 || strcmp(state, r->state) != 0)
		return bad(
		    err, src, r,
		    "the initial state it names is not the setup's (were the rules, "
		    "players or keys changed?)",
		    "");
	return 0;
}

/* Record i links to record i - 1: if not, record i - 1 changed since. */
static int
check_link(const struct history *h, int i, const char *src, struct turn_error *err)
{
	const struct history_record *r = &h->rec[i];

	if (r->seq != i)
		return bad(err, src, r,
			   "out of sequence (records were removed or reordered)", "");
	if (memcmp(r->prev, h->rec[i - 1].hash, GF_HASH_BYTES) != 0)
		return bad(err, src, r,
			   "its prev is not the hash of the record before it: one of the "
			   "two was changed after it was written",
			   "");
	if (r->event == HISTORY_CREATED)
		return bad(err, src, r, "a second creation record", "");
	return 0;
}

/* Replays h over a copy of host's initial state (the seats' first keys
 * and addresses, where replace records changed them); rr is the run. */
int
replay_run(const struct gamefile *host, const struct history *h, const char *src,
	   struct record_run *rr, struct turn_error *err)
{
	struct turn_error e = {0};
	struct gf_error ge = {0};
	struct gamefile *gf = gamefile_initial(host, &ge);

	record_run_init(rr, gf);
	if (gf == NULL)
		return terr(err, TURN_FAIL, "cannot start the game: %s", ge.text);
	if (h->torn >= 0)
		return terr(err, TURN_FAIL,
			    "%s: the last line is incomplete (a crash or a full disk while "
			    "writing?): the next turn applied drops it (a game by mail: "
			    "carcpbem run --once; else carcpbem apply)",
			    src);
	if (record_run_initial(rr, h, &e) < 0)
		return terr(err, TURN_FAIL, "%s: the seats' first keys: %s", src, e.text);
	if (check_created(gf, h, src, err) < 0)
		return -1;
	if (record_run_created(rr, &h->rec[0], &e) < 0)
		return bad(err, src, &h->rec[0], "", e.text);
	for (int i = 1; i < h->n; i++) {
		if (check_link(h, i, src, err) < 0)
			return -1;
		if (record_run_apply(rr, &h->rec[i], &e) < 0)
			return bad(err, src, &h->rec[i], "", e.text);
	}
	gf->archive.records = h->n;
	memcpy(gf->archive.head, h->rec[h->n - 1].hash, GF_HASH_BYTES);
	return 0;
}

static int
replay_history(const struct gamefile *host, const struct history *h, const char *src,
	       struct gamefile **out, struct turn_error *err)
{
	struct record_run rr;
	int r = replay_run(host, h, src, &rr, err);

	*out = rr.gf;
	rr.gf = NULL;
	record_run_free(&rr);
	return r;
}

static void
fill_report(struct replay_report *rep, struct gamefile *gf, const struct history *h)
{
	rep->gf = gf;
	rep->records = h->n;
	snprintf(rep->shuffle, sizeof(rep->shuffle), "%s", gf->shuffle);
	rep->shuffle_checked = gf->bag_mode == GF_BAG_SHUFFLED &&
			       strcmp(gf->shuffle, GF_BAG_SHUFFLE) == 0;
	gamefile_state_hash(gf, rep->state);
}

/* The document as the host saved it and the one replayed are the same. */
static int
compare_state(const struct gamefile *stored, const struct gamefile *real, const char *src,
	      struct turn_error *err)
{
	json_t *a = gamefile_to_json(stored), *b = gamefile_to_json(real);
	struct gf_error e = {0};
	int r = jv_compare(a, b, "", &e);

	json_decref(a);
	json_decref(b);
	if (r < 0)
		return terr(err, TURN_FAIL, "%s does not match its history: %s: %s", src,
			    e.path, e.text);
	return 0;
}

static int
read_history(const char *path, struct history *h, struct turn_error *err)
{
	struct turn_error e = {0};

	if (history_read(path, h, &e) < 0)
		return terr(err, TURN_FAIL, "%s: %s", path, e.text);
	return 0;
}

/* The last record has no next one to name its hash: state.json does. */
static int
check_head(const struct gamefile *host, const struct history *h, const struct gamedir *gd,
	   struct turn_error *err)
{
	const struct history_record *last = &h->rec[h->n - 1];

	if (host->archive.records != h->n)
		return terr(err, TURN_FAIL,
			    "%s includes %ld record%s of the history, which has %d: after "
			    "a crash or a full disk the next turn applied catches up (a "
			    "game by mail: carcpbem run --once tries the mailed turn "
			    "again; else carcpbem apply), or find out who changed the files",
			    gd->state, host->archive.records,
			    host->archive.records == 1 ? "" : "s", h->n);
	if (memcmp(host->archive.head, last->hash, GF_HASH_BYTES) != 0)
		return bad(err, gd->history, last,
			   "changed after it was written: state.json names another hash "
			   "for it",
			   "");
	return 0;
}

int
replay_dir(const struct gamedir *gd, const struct catalog *cat, struct replay_report *rep,
	   struct turn_error *err)
{
	struct gf_error e = {0};
	struct gamefile *host, *gf = NULL;
	struct history h = {0};
	int r = -1;

	memset(rep, 0, sizeof(*rep));
	if ((host = gamefile_load(gd->state, cat, &e)) == NULL)
		return terr(err, TURN_FAIL, "%s: %s%s%s", gd->state, e.path,
			    e.path[0] ? ": " : "", e.text);
	if (host->view != GF_VIEW_HOST)
		terr(err, TURN_FAIL, "%s: a %s view: replay needs the host's state",
		     gd->state, gamefile_view_name(host->view));
	else if (read_history(gd->history, &h, err) == 0 &&
		 replay_history(host, &h, gd->history, &gf, err) == 0 &&
		 check_head(host, &h, gd, err) == 0 &&
		 compare_state(host, gf, gd->state, err) == 0) {
		fill_report(rep, gf, &h);
		gf = NULL;
		r = 0;
	}
	gamefile_free(gf);
	gamefile_free(host);
	history_free(&h);
	return r;
}

/* ---- archives ---- */

/* Paths of the host view it was read as, as the archive has them:
 * "secret.bag" is "reveal.bag", "board[2]" is "state.board[2]". */
static int
archive_error(const char *path, const struct gf_error *e, struct turn_error *err)
{
	bool secret = strncmp(e->path, "secret", 6) == 0;

	if (e->path[0] == '\0')
		return terr(err, TURN_FAIL, "%s: %s", path, e->text);
	return terr(err, TURN_FAIL, "%s: %s%s: %s", path, secret ? "reveal" : "state.",
		    secret ? e->path + 6 : e->path, e->text);
}

/* The host view an archive amounts to: its final public state with the
 * seed and the bag it reveals. */
static struct gamefile *
archive_host(json_t *root, const struct catalog *cat, const char *path,
	     struct turn_error *err)
{
	json_t *state = json_object_get(root, "state"),
	       *reveal = json_object_get(root, "reveal");
	json_t *doc = json_is_object(state) ? json_deep_copy(state) : NULL;
	struct gf_error e = {0};
	struct gamefile *gf = NULL;

	if (doc == NULL || !json_is_object(reveal)) {
		json_decref(doc);
		terr(err, TURN_FAIL,
		     "%s: not an archive: it needs \"state\" and \"reveal\"", path);
		return NULL;
	}
	json_object_set_new(doc, "view", json_string("host"));
	json_object_set(doc, "secret", reveal);
	if ((gf = gamefile_from_json(doc, cat, &e)) == NULL)
		archive_error(path, &e, err);
	json_decref(doc);
	return gf;
}

static int
check_archive_header(json_t *root, const char *path, struct turn_error *err)
{
	json_t *f = json_object_get(root, "format"),
	       *v = json_object_get(root, "version");

	if (!json_is_string(f) || strcmp(json_string_value(f), ARCHIVE_FORMAT) != 0)
		return terr(err, TURN_FAIL, "%s: not a carcpbem archive (format \"%s\")",
			    path, ARCHIVE_FORMAT);
	if (!json_is_integer(v) || json_integer_value(v) != ARCHIVE_VERSION)
		return terr(err, TURN_FAIL, "%s: version: this carcpbem reads version %d "
					    "archives only",
			    path, ARCHIVE_VERSION);
	return 0;
}

/* An archive's state is a view: it does not say where its history ends.
 * Its final scores must be the game's. */
static int
compare_unarchived(json_t *root, struct gamefile *host, const struct gamefile *gf,
		   const char *path, struct turn_error *err)
{
	struct gf_error e = {0};
	json_t *final;
	int r;

	host->archive = gf->archive;
	if (compare_state(host, gf, path, err) < 0)
		return -1;
	final = export_final_json(gf);
	r = jv_compare(json_object_get(root, "final"), final, "final", &e);
	json_decref(final);
	return r < 0 ? terr(err, TURN_FAIL, "%s: %s: %s", path, e.path, e.text) : 0;
}

static int
replay_root(json_t *root, const struct catalog *cat, const char *path,
	    struct replay_report *rep, struct turn_error *err)
{
	struct gamefile *host = NULL, *gf = NULL;
	struct history h = {0};
	char src[GAMEDIR_PATH + 16];
	int r = -1;

	snprintf(src, sizeof(src), "%s: history", path);
	if (check_archive_header(root, path, err) == 0 &&
	    (host = archive_host(root, cat, path, err)) != NULL &&
	    history_from_json(json_object_get(root, "history"), &h, err) == 0 &&
	    replay_history(host, &h, src, &gf, err) == 0 &&
	    compare_unarchived(root, host, gf, path, err) == 0) {
		fill_report(rep, gf, &h);
		gf = NULL;
		r = 0;
	}
	gamefile_free(gf);
	gamefile_free(host);
	history_free(&h);
	return r;
}

int
replay_archive(const char *path, const struct catalog *cat, struct replay_report *rep,
	       struct turn_error *err)
{
	json_error_t je;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	int r;

	memset(rep, 0, sizeof(*rep));
	if (root == NULL)
		return terr(err, TURN_FAIL, "%s: not valid JSON: line %d: %s", path,
			    je.line, je.text);
	r = replay_root(root, cat, path, rep, err);
	json_decref(root);
	return r;
}
