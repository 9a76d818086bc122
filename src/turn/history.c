/* Reading and writing history.jsonl records. */
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "durable.h"
#include "history.h"
#include "jsonv.h"
#include "meta.h"

static const char hash_prefix[] = "carcpbem history v1\n";

void
history_hash(const char *line, size_t len, uint8_t out[GF_HASH_BYTES])
{
	crypto_generichash_state st;

	crypto_generichash_init(&st, NULL, 0, GF_HASH_BYTES);
	crypto_generichash_update(&st, (const unsigned char *)hash_prefix,
				  sizeof(hash_prefix) - 1);
	crypto_generichash_update(&st, (const unsigned char *)line, len);
	crypto_generichash_final(&st, out, GF_HASH_BYTES);
}

void
history_time(time_t t, char out[HISTORY_TIME_LEN + 1])
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, HISTORY_TIME_LEN + 1, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static const char *const event_names[] = {"created", "turn", "host"};

static json_t *
string_array(char (*a)[HISTORY_ARG_LEN], int n, bool *ok)
{
	json_t *arr = json_array();

	if (arr == NULL)
		*ok = false;
	for (int i = 0; arr && i < n; i++)
		jv_append(arr, json_string(a[i]), ok);
	return arr;
}

/* Host records; with sig false, the text the signature covers. */
static json_t *
host_json(json_t *o, const struct history_record *r, bool sig, bool *ok)
{
	char hex[2 * HISTORY_SIG_BYTES + 1];

	jv_set(o, "command", json_string(r->command), ok);
	jv_set(o, "args", string_array(r->args, r->nargs, ok), ok);
	jv_set(o, "was", string_array(r->was, r->nwas, ok), ok);
	jv_set(o, "by", json_string(r->by ? r->by : ""), ok);
	if (r->command_id[0]) { /* by mail only: older records keep their form */
		jv_set(o, "command_id", json_string(r->command_id), ok);
		jv_set(o, "command_date", json_string(r->command_date), ok);
	}
	jv_set(o, "state", json_string(r->state), ok);
	jv_set(o, "host_key", json_string(r->host_key), ok);
	if (sig) {
		jv_tohex(r->sig, HISTORY_SIG_BYTES, hex);
		jv_set(o, "signature", json_string(hex), ok);
	}
	return jv_done(o, *ok);
}

static json_t *
record_json(const struct history_record *r, bool sig)
{
	char prev[2 * GF_HASH_BYTES + 1], hex[2 * GF_HASH_BYTES + 1];
	json_t *o;
	bool ok = true;

	jv_tohex(r->prev, GF_HASH_BYTES, prev);
	o = json_pack("{s:I, s:s, s:s, s:s}", "seq", (json_int_t)r->seq, "prev", prev,
		      "time", r->time, "event", event_names[r->event]);
	if (r->event == HISTORY_HOST)
		return host_json(o, r, sig, &ok);
	if (r->event == HISTORY_CREATED) {
		jv_tohex(r->commitment, GF_HASH_BYTES, hex);
		jv_set(o, "game", json_string(r->game), &ok);
		jv_set(o, "state", json_string(r->state), &ok);
		jv_set(o, "commitment", json_string(hex), &ok);
		if (r->host_key[0]) /* games made before host keys have none */
			jv_set(o, "host_key", json_string(r->host_key), &ok);
		return jv_done(o, ok);
	}
	jv_tohex(r->turn_id, GF_HASH_BYTES, hex);
	jv_set(o, "turn", json_integer(r->turn), &ok);
	jv_set(o, "player", json_string(r->player), &ok);
	jv_set(o, "state", json_string(r->state), &ok);
	jv_set(o, "turn_id", json_string(hex), &ok);
	jv_set(o, "text", json_string(r->text ? r->text : ""), &ok);
	if (r->by_host) { /* only then: older records keep their form */
		jv_set(o, "by", json_string("host"), &ok);
		jv_set(o, "why", json_string(r->why ? r->why : ""), &ok);
		jv_set(o, "host_key", json_string(r->host_key), &ok);
	}
	return jv_done(o, ok); /* a line with a field left out would be refused */
}

json_t *
history_record_json(const struct history_record *r)
{
	return record_json(r, true);
}

static char *
dump_line(json_t *o)
{
	return jv_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
}

char *
history_line(const struct history_record *r)
{
	json_t *o = history_record_json(r);
	char *line = o ? dump_line(o) : NULL;

	json_decref(o);
	return line;
}

char *
history_host_signed_text(const struct history_record *r)
{
	json_t *o = record_json(r, false);
	char *line = o ? dump_line(o) : NULL;

	json_decref(o);
	return line;
}

int
history_host_alloc(struct history_record *r)
{
	if (r->args == NULL)
		r->args = calloc(HISTORY_ARGS_MAX, HISTORY_ARG_LEN);
	if (r->was == NULL)
		r->was = calloc(HISTORY_ARGS_MAX, HISTORY_ARG_LEN);
	return r->args && r->was ? 0 : -1;
}

void
history_record_free(struct history_record *r)
{
	free(r->text);
	free(r->why);
	free(r->args);
	free(r->was);
	free(r->by);
	r->text = r->why = r->by = NULL;
	r->args = r->was = NULL;
}

int
history_append(int fd, const char *line, struct turn_error *err)
{
	size_t len = strlen(line);
	char *buf = malloc(len + 1);
	struct turn_error e = {0};
	ssize_t w;

	if (buf == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	if (history_check_line(line, &e) < 0) {
		free(buf);
		return terr(err, TURN_FAIL,
			    "the record is not written: the history could not be read "
			    "back (%s)",
			    e.text);
	}
	memcpy(buf, line, len);
	buf[len] = '\n';
	/* One write: with O_APPEND the line lands whole or, after a crash,
	 * as a torn last line that the next apply drops. */
	do
		w = write(fd, buf, len + 1);
	while (w < 0 && errno == EINTR);
	free(buf);
	if (w != (ssize_t)(len + 1) || durable_file(fd) < 0)
		return terr(err, TURN_FAIL, "cannot write the history: %s",
			    w < 0 ? strerror(errno) : "short write");
	return 0;
}

const struct history_record *
history_find(const struct history *h, const uint8_t id[GF_HASH_BYTES])
{
	for (int i = h->n - 1; i >= 0; i--)
		if (h->rec[i].event == HISTORY_TURN &&
		    memcmp(h->rec[i].turn_id, id, GF_HASH_BYTES) == 0)
			return &h->rec[i];
	return NULL;
}

const struct history_record *
history_find_command(const struct history *h, const char *id)
{
	for (int i = 0; i < h->n; i++)
		if (h->rec[i].event == HISTORY_HOST && strcmp(h->rec[i].command_id, id) == 0)
			return &h->rec[i];
	return NULL;
}

void
history_free(struct history *h)
{
	for (int i = 0; i < h->n; i++)
		history_record_free(&h->rec[i]);
	free(h->rec);
	memset(h, 0, sizeof(*h));
}

/* ---- reading ---- */

static int
fail(struct turn_error *err, int line, const struct gf_error *e)
{
	return terr(err, TURN_FAIL, "line %d: %s%s%s", line, e->path,
		    e->path[0] ? ": " : "", e->text);
}

static int
read_common(json_t *o, struct history_record *r, struct gf_error *e)
{
	const char *time, *event;
	int seq;

	if (jv_int(o, "", "seq", 0, 1000000, &seq, e) < 0 ||
	    jv_hex(o, "", "prev", r->prev, GF_HASH_BYTES, e) < 0 ||
	    (time = jv_string(o, "", "time", "a time", e)) == NULL ||
	    (event = jv_string(o, "", "event", "\"created\", \"turn\" or \"host\"", e)) == NULL)
		return -1;
	r->seq = seq;
	snprintf(r->time, sizeof(r->time), "%s", time);
	for (r->event = 0; r->event < 3; r->event++)
		if (strcmp(event, event_names[r->event]) == 0)
			return 0;
	snprintf(e->path, sizeof(e->path), "event");
	snprintf(e->text, sizeof(e->text),
		 "\"%.20s\" is not \"created\", \"turn\" or \"host\"", event);
	return -1;
}

/* The full hash, or a version 2 game's short one. */
static int
read_state(json_t *o, struct history_record *r, struct gf_error *e)
{
	json_t *v = json_object_get(o, "state");
	size_t n = json_is_string(v) && json_string_length(v) == GF_STATE_HEX_V2
			   ? GF_STATE_HEX_V2 / 2
			   : GF_STATE_HEX / 2;
	uint8_t bin[GF_STATE_HEX / 2];

	if (jv_hex(o, "", "state", bin, n, e) < 0)
		return -1;
	jv_tohex(bin, n, r->state);
	return 0;
}

/* A string field copied into out (n bytes): -1 if too long. */
static int
copy_string(json_t *o, const char *key, const char *what, char *out, size_t n,
	    struct gf_error *e)
{
	const char *s = jv_string(o, "", key, what, e);

	if (s == NULL)
		return -1;
	if (strlen(s) >= n) {
		snprintf(e->path, sizeof(e->path), "%s", key);
		snprintf(e->text, sizeof(e->text), "longer than %zu characters", n - 1);
		return -1;
	}
	snprintf(out, n, "%s", s);
	return 0;
}

static int
read_created(json_t *o, struct history_record *r, struct gf_error *e)
{
	static const char *const keys[] = {"seq",   "prev",       "time",     "event", "game",
					   "state", "commitment", "host_key", NULL};
	const char *game;

	if (jv_keys(o, "", keys, e) < 0 ||
	    (game = jv_string(o, "", "game", "a game id", e)) == NULL ||
	    read_state(o, r, e) < 0 ||
	    jv_hex(o, "", "commitment", r->commitment, GF_HASH_BYTES, e) < 0)
		return -1;
	snprintf(r->game, sizeof(r->game), "%s", game);
	if (json_object_get(o, "host_key") != NULL)
		return copy_string(o, "host_key", "the host's key", r->host_key,
				   sizeof(r->host_key), e);
	return 0;
}

/* "by":"host", "why", "host_key" of a turn the host made. */
static int
read_by_host(json_t *o, struct history_record *r, struct gf_error *e)
{
	char by[8], why[HISTORY_WHY_LEN];

	if (json_object_get(o, "by") == NULL) {
		if (json_object_get(o, "why") == NULL &&
		    json_object_get(o, "host_key") == NULL)
			return 0;
		snprintf(e->path, sizeof(e->path), "by");
		snprintf(e->text, sizeof(e->text), "missing: why and host_key go with "
			 "\"by\":\"host\"");
		return -1;
	}
	if (copy_string(o, "by", "\"host\"", by, sizeof(by), e) < 0 ||
	    copy_string(o, "why", "why the host moved", why, sizeof(why), e) < 0 ||
	    copy_string(o, "host_key", "the host's key", r->host_key,
			sizeof(r->host_key), e) < 0)
		return -1;
	if (strcmp(by, "host") != 0) {
		snprintf(e->path, sizeof(e->path), "by");
		snprintf(e->text, sizeof(e->text), "\"%s\" is not \"host\"", by);
		return -1;
	}
	r->by_host = true;
	return (r->why = strdup(why)) ? 0 : -1;
}

static int
read_strings(json_t *o, const char *key, char (*out)[HISTORY_ARG_LEN], int *n,
	     struct gf_error *e)
{
	json_t *a = json_object_get(o, key), *v;
	size_t i;

	snprintf(e->path, sizeof(e->path), "%s", key);
	if (!json_is_array(a) || json_array_size(a) > HISTORY_ARGS_MAX) {
		snprintf(e->text, sizeof(e->text), "expected a list of at most %d strings",
			 HISTORY_ARGS_MAX);
		return -1;
	}
	json_array_foreach(a, i, v) {
		if (!json_is_string(v) || json_string_length(v) >= HISTORY_ARG_LEN) {
			snprintf(e->text, sizeof(e->text), "item %zu: expected a string "
				 "shorter than %d", i, HISTORY_ARG_LEN);
			return -1;
		}
		snprintf(out[i], HISTORY_ARG_LEN, "%s", json_string_value(v));
	}
	*n = (int)json_array_size(a);
	e->path[0] = '\0';
	return 0;
}

/* "command_id" and "command_date" of a command by mail: both or neither. */
static int
read_command_id(json_t *o, struct history_record *r, struct gf_error *e)
{
	uint8_t id[HISTORY_CMD_ID_HEX / 2];
	time_t t;

	if (json_object_get(o, "command_id") == NULL &&
	    json_object_get(o, "command_date") == NULL)
		return 0;
	if (jv_hex(o, "", "command_id", id, sizeof(id), e) < 0 ||
	    copy_string(o, "command_date", "the command's Date", r->command_date,
			sizeof(r->command_date), e) < 0)
		return -1;
	jv_tohex(id, sizeof(id), r->command_id);
	if (meta_time_parse(r->command_date, &t) < 0) {
		snprintf(e->path, sizeof(e->path), "command_date");
		snprintf(e->text, sizeof(e->text), "not a time like 2026-11-22T03:04:05Z");
		return -1;
	}
	return 0;
}

static int
read_host(json_t *o, struct history_record *r, struct gf_error *e)
{
	static const char *const keys[] = {"seq",     "prev",         "time",   "event",
					   "command", "args",         "was",    "by",
					   "command_id", "command_date", "state", "host_key",
					   "signature", NULL};
	char by[HISTORY_BY_LEN];

	if (jv_keys(o, "", keys, e) < 0 || history_host_alloc(r) < 0 ||
	    copy_string(o, "command", "a command", r->command, sizeof(r->command), e) < 0 ||
	    read_strings(o, "args", r->args, &r->nargs, e) < 0 ||
	    read_strings(o, "was", r->was, &r->nwas, e) < 0 ||
	    copy_string(o, "by", "who gave the command", by, sizeof(by), e) < 0 ||
	    read_command_id(o, r, e) < 0 || read_state(o, r, e) < 0 ||
	    copy_string(o, "host_key", "the host's key", r->host_key,
			sizeof(r->host_key), e) < 0 ||
	    jv_hex(o, "", "signature", r->sig, HISTORY_SIG_BYTES, e) < 0)
		return -1;
	return (r->by = strdup(by)) ? 0 : -1;
}

static int
read_turn(json_t *o, struct history_record *r, struct gf_error *e)
{
	static const char *const keys[] = {"seq",   "prev",    "time", "event", "turn",
					   "player", "state", "turn_id", "text", "by",
					   "why", "host_key", NULL};
	const char *player, *text;
	int turn;

	if (jv_keys(o, "", keys, e) < 0 ||
	    jv_int(o, "", "turn", 1, 999999, &turn, e) < 0 ||
	    (player = jv_string(o, "", "player", "a player's name", e)) == NULL ||
	    read_state(o, r, e) < 0 ||
	    jv_hex(o, "", "turn_id", r->turn_id, GF_HASH_BYTES, e) < 0 ||
	    (text = jv_string(o, "", "text", "the signed turn", e)) == NULL)
		return -1;
	r->turn = turn;
	snprintf(r->player, sizeof(r->player), "%s", player);
	if ((r->text = strdup(text)) == NULL)
		return -1;
	return read_by_host(o, r, e);
}

static int
read_record(json_t *o, struct history_record *r, struct gf_error *e)
{
	if (!json_is_object(o)) {
		snprintf(e->path, sizeof(e->path), "%s", "");
		snprintf(e->text, sizeof(e->text), "not a record: %s", jv_kind(o));
		return -1;
	}
	if (read_common(o, r, e) < 0)
		return -1;
	if (r->event == HISTORY_HOST)
		return read_host(o, r, e);
	return r->event == HISTORY_CREATED ? read_created(o, r, e) : read_turn(o, r, e);
}

static struct history_record *
grow(struct history *h)
{
	if (h->n == h->cap) {
		int cap = h->cap ? 2 * h->cap : 64;
		struct history_record *p = realloc(h->rec, sizeof(*p) * cap);
		if (p == NULL)
			return NULL;
		h->rec = p;
		h->cap = cap;
	}
	memset(&h->rec[h->n], 0, sizeof(h->rec[0]));
	return &h->rec[h->n];
}

/* One record from its parsed JSON; line is its text if read from a file,
 * to hash as it is. */
static int
add(struct history *h, json_t *o, const char *line, int no, struct turn_error *err)
{
	struct history_record *r = grow(h);
	struct gf_error e = {0};
	char *canon;
	int rc;

	if (r == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	r->line = no;
	rc = read_record(o, r, &e);
	h->n++; /* so that history_free frees r->text */
	if (rc < 0)
		return fail(err, no, &e);
	if ((canon = dump_line(o)) == NULL)
		return terr(err, TURN_FAIL, "out of memory");
	if (line && strcmp(canon, line) != 0)
		rc =
		    terr(err, TURN_FAIL,
			 "line %d: not in the form carcpbem writes (was it edited?)", no);
	history_hash(canon, strlen(canon), r->hash);
	free(canon);
	return rc;
}

static int
add_line(struct history *h, const char *line, int no, struct turn_error *err)
{
	json_error_t je;
	json_t *o = json_loads(line, JSON_REJECT_DUPLICATES, &je);
	int r;

	if (o == NULL)
		return terr(err, TURN_FAIL, "line %d: not valid JSON: column %d: %s", no,
			    je.column, je.text);
	r = add(h, o, line, no, err);
	json_decref(o);
	return r;
}

/* What any record line must be before it is parsed, on read and on
 * write alike: not too long, no NUL byte (line is len bytes, no LF). */
static int
check_bytes(const char *line, size_t len, int no, struct turn_error *err)
{
	const char *nul = memchr(line, '\0', len);

	if (len >= HISTORY_LINE_MAX)
		return terr(err, TURN_FAIL,
			    "line %d is too long for a record (%zu bytes, at most %d)", no,
			    len, HISTORY_LINE_MAX - 1);
	if (nul)
		return terr(err, TURN_FAIL,
			    "line %d holds a NUL byte (byte %zu of the line): it is not a "
			    "record carcpbem wrote; restore the file from a backup",
			    no, (size_t)(nul - line) + 1);
	return 0;
}

static int
read_lines(FILE *fp, struct history *h, struct turn_error *err)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long off = 0;
	int no = 0, r = 0;

	while (r == 0 && (len = getline(&line, &cap, fp)) > 0) {
		no++;
		if (line[len - 1] != '\n') {
			h->torn = off;
			break;
		}
		off += (long)len;
		line[len - 1] = '\0';
		if ((r = check_bytes(line, (size_t)len - 1, no, err)) == 0)
			r = add_line(h, line, no, err);
	}
	if (r == 0 && len < 0 && !feof(fp)) /* not the end: a read error, or no memory */
		r = terr(err, TURN_FAIL, "cannot read line %d: %s", no + 1, strerror(errno));
	free(line);
	return r;
}

/* On failure nothing is kept: the caller has nothing to free. */
static int
keep_none(struct history *h, int r)
{
	if (r < 0)
		history_free(h);
	h->torn = r < 0 ? -1 : h->torn;
	return r;
}

int
history_read(const char *path, struct history *h, struct turn_error *err)
{
	FILE *fp = fopen(path, "r");
	int r;

	memset(h, 0, sizeof(*h));
	h->torn = -1;
	if (fp == NULL)
		return terr(err, TURN_FAIL, "%s: cannot open: %s", path, strerror(errno));
	r = read_lines(fp, h, err);
	fclose(fp);
	return keep_none(h, r);
}

int
history_from_json(json_t *array, struct history *h, struct turn_error *err)
{
	size_t i;
	json_t *o;

	memset(h, 0, sizeof(*h));
	h->torn = -1;
	if (!json_is_array(array))
		return terr(err, TURN_FAIL, "history: expected an array of records");
	json_array_foreach(array, i, o)
		if (add(h, o, NULL, (int)i + 1, err) < 0)
			return keep_none(h, -1);
	return 0;
}

int
history_check_line(const char *line, struct turn_error *err)
{
	struct history h = {0};
	int r = check_bytes(line, strlen(line), 1, err);

	if (r == 0)
		r = add_line(&h, line, 1, err);
	history_free(&h);
	return r;
}

/* ---- scanning ---- */

static char *
read_file(const char *path, size_t *len, struct turn_error *err)
{
	FILE *fp = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, r;
	char *buf = malloc(cap), *p;

	if (fp == NULL) {
		free(buf);
		terr(err, TURN_FAIL, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	while (buf && (r = fread(buf + n, 1, cap - n, fp)) > 0)
		if ((n += r) == cap) {
			if ((p = realloc(buf, 2 * cap)) == NULL) {
				free(buf);
				buf = NULL;
			}
			buf = p;
			cap *= 2;
		}
	if (buf == NULL || ferror(fp)) {
		free(buf);
		buf = NULL;
		terr(err, TURN_FAIL, "%s: cannot read", path);
	}
	fclose(fp);
	*len = n;
	return buf;
}

static bool
contains(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);

	for (const char *p = s; (size_t)(s + n - p) >= k; p++) {
		if ((p = memchr(p, needle[0], (size_t)(s + n - p))) == NULL ||
		    (size_t)(s + n - p) < k)
			return false;
		if (memcmp(p, needle, k) == 0)
			return true;
	}
	return false;
}

int
history_scan(const char *path, const uint8_t turn_id[GF_HASH_BYTES],
	     struct history_tail *t, struct turn_error *err)
{
	char needle[2 * GF_HASH_BYTES + 16], hex[2 * GF_HASH_BYTES + 1];
	const char *line, *nl, *last = NULL;
	struct turn_error e = {0};
	size_t len, last_len = 0;
	char *buf = read_file(path, &len, err);

	memset(t, 0, sizeof(*t));
	t->torn = t->found = t->undone = -1;
	if (buf == NULL)
		return -1;
	jv_tohex(turn_id, GF_HASH_BYTES, hex);
	snprintf(needle, sizeof(needle), "\"turn_id\":\"%s\"", hex);
	for (line = buf; line < buf + len; line = nl + 1) {
		if ((nl = memchr(line, '\n', (size_t)(buf + len - line))) == NULL) {
			t->torn = (long)(line - buf);
			break;
		}
		if (check_bytes(line, (size_t)(nl - line), (int)t->records + 1, &e) < 0) {
			free(buf);
			return terr(err, TURN_FAIL, "%s: %s", path, e.text);
		}
		if (contains(line, (size_t)(nl - line), needle))
			t->found = t->records;
		/* a turn's text has its quotes escaped: these match host records */
		if (contains(line, (size_t)(nl - line), "\"command\":\"rollback\""))
			t->undone = t->records;
		if (contains(line, (size_t)(nl - line), "\"command\":\"terminate\""))
			t->terminated = true;
		last = line;
		last_len = (size_t)(nl - line);
		t->records++;
	}
	if (last)
		history_hash(last, last_len, t->last);
	free(buf);
	return 0;
}
