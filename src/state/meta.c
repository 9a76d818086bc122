/* meta.json read and written through one table of fields (meta.h). */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "gamedir.h"
#include "gamefile_impl.h"
#include "meta.h"

enum meta_type {
	M_LONG,   /* long, min..max */
	M_INT,    /* int, min..max */
	M_BOOL,   /* bool */
	M_TIME,   /* time_t as RFC 3339 UTC, 0 as absent */
	M_STRING, /* char[size] */
	M_ENUM,   /* int, one of names[] (index - offset) */
};

struct meta_field {
	const char *key;
	enum meta_type type;
	size_t off, size;
	long min, max;
	const char *const *names; /* M_ENUM: names[0] is value first */
	int first;                /* M_ENUM: the value of names[0] */
};

#define MF(s, m) .off = offsetof(struct s, m), .size = sizeof(((struct s *)0)->m)
#define YEAR (366L * 86400)

static const char *const policy_names[] = {"wait", "bot", "skip", NULL};
static const char *const notify_names[] = {"all", "mine", NULL};

/* The settings and standing of the game; arrays below. */
static const struct meta_field game_fields[] = {
	{"deadline", M_LONG, MF(meta, deadline), META_UNSET, YEAR, NULL, 0},
	{"grace", M_LONG, MF(meta, grace), META_UNSET, YEAR, NULL, 0},
	{"policy", M_ENUM, MF(meta, policy), 0, 0, policy_names, META_POLICY_WAIT},
	{"bot_after", M_INT, MF(meta, bot_after), META_UNSET, 1000, NULL, 0},
	{"absence_max", M_LONG, MF(meta, absence_max), META_UNSET, YEAR, NULL, 0},
	{"paused", M_BOOL, MF(meta, paused), 0, 0, NULL, 0},
	{"paused_at", M_TIME, MF(meta, paused_at), 0, 0, NULL, 0},
	{"terminated", M_BOOL, MF(meta, terminated), 0, 0, NULL, 0},
	{"host_record", M_LONG, MF(meta, host_record), -1, 1L << 40, NULL, 0},
	{"decision_record", M_LONG, MF(meta, decision_record), -1, 1L << 40, NULL, 0},
	{"decision_since", M_TIME, MF(meta, decision_since), 0, 0, NULL, 0},
	{"deadline_at", M_TIME, MF(meta, deadline_at), 0, 0, NULL, 0},
	{"reminded", M_INT, MF(meta, reminded), 0, 1000, NULL, 0},
	{"clock_seen", M_TIME, MF(meta, clock_seen), 0, 0, NULL, 0},
};

static const struct meta_field seat_fields[] = {
	{"name", M_STRING, MF(meta_seat, name), 0, 0, NULL, 0},
	{"timezone", M_STRING, MF(meta_seat, timezone), 0, 0, NULL, 0},
	{"notify", M_ENUM, MF(meta_seat, notify), 0, 0, notify_names, META_NOTIFY_ALL},
	{"missed", M_INT, MF(meta_seat, missed), 0, 1000000, NULL, 0},
	{"bot", M_BOOL, MF(meta_seat, bot), 0, 0, NULL, 0},
	{"resigned", M_BOOL, MF(meta_seat, resigned), 0, 0, NULL, 0},
	{"away", M_BOOL, MF(meta_seat, away), 0, 0, NULL, 0},
	{"key_name", M_STRING, MF(meta_seat, key_name), 0, 0, NULL, 0},
	{"notify_date", M_TIME, MF(meta_seat, notify_date), 0, 0, NULL, 0},
	{"timezone_date", M_TIME, MF(meta_seat, timezone_date), 0, 0, NULL, 0},
};

#define NFIELDS(t) (sizeof(t) / sizeof((t)[0]))

void
meta_time_format(time_t t, char out[21])
{
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL || strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(out, 21, "1970-01-01T00:00:00Z");
}

/* Exactly YYYY-MM-DDTHH:MM:SSZ naming a real moment (no February 30th:
 * the time formatted again must be s). */
int
meta_time_parse(const char *s, time_t *t)
{
	struct tm tm = {0};
	char again[21];
	int used = 0;

	if (strlen(s) != 20 ||
	    sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
		   &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &used) != 6 || used != 20)
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	*t = timegm(&tm);
	meta_time_format(*t, again);
	return strcmp(again, s) == 0 ? 0 : -1;
}

void
meta_init(struct meta *m, const char *const *names, int n)
{
	memset(m, 0, sizeof(*m));
	m->deadline = m->grace = m->absence_max = META_UNSET;
	m->nreminders = META_UNSET;
	m->policy = META_POLICY_UNSET;
	m->bot_after = META_UNSET;
	m->decision_record = -1;
	m->host_record = -1;
	m->nseats = n < 0 ? 0 : n > MAX_PLAYERS ? MAX_PLAYERS : n;
	for (int i = 0; i < m->nseats; i++)
		snprintf(m->seat[i].name, sizeof(m->seat[i].name), "%s", names[i]);
}

int
meta_seat_of(const struct meta *m, const char *name)
{
	for (int i = 0; i < m->nseats; i++)
		if (strcasecmp(m->seat[i].name, name) == 0)
			return i;
	return -1;
}

/* ---- writing ---- */

static json_t *
field_json(const struct meta_field *f, const void *base)
{
	const char *p = (const char *)base + f->off;
	char when[21];

	switch (f->type) {
	case M_LONG:
		return json_integer(*(const long *)p);
	case M_INT:
		return json_integer(*(const int *)p);
	case M_BOOL:
		return json_boolean(*(const bool *)p);
	case M_TIME:
		if (*(const time_t *)p == 0)
			return NULL;
		meta_time_format(*(const time_t *)p, when);
		return json_string(when);
	case M_STRING:
		return p[0] ? json_string(p) : NULL;
	case M_ENUM: {
		int v = *(const int *)p - f->first;

		return v >= 0 ? json_string(f->names[v]) : NULL;
	}
	}
	return NULL;
}

static void
fields_json(json_t *o, const struct meta_field *fields, size_t n, const void *base)
{
	for (size_t i = 0; i < n; i++) {
		json_t *v = field_json(&fields[i], base);

		if (v != NULL)
			json_object_set_new(o, fields[i].key, v);
	}
}

static json_t *
periods_json(const struct meta_period *p, int n)
{
	json_t *a = json_array();
	char from[21], to[21];

	for (int i = 0; i < n; i++) {
		meta_time_format(p[i].from, from);
		meta_time_format(p[i].to, to);
		json_array_append_new(a, json_pack("{s:s,s:s}", "from", from, "to", to));
	}
	return a;
}

static json_t *
meta_json(const struct meta *m)
{
	json_t *o = json_pack("{s:s,s:i}", "format", "carcpbem-meta", "version", 1);
	json_t *seats = json_array(), *obs = json_array(), *rem = json_array();

	fields_json(o, game_fields, NFIELDS(game_fields), m);
	for (int i = 0; m->nreminders > 0 && i < m->nreminders; i++)
		json_array_append_new(rem, json_integer(m->reminder[i]));
	if (m->nreminders >= 0)
		json_object_set(o, "reminders", rem);
	json_decref(rem);
	for (int i = 0; i < m->nseats; i++) {
		json_t *s = json_object();

		fields_json(s, seat_fields, NFIELDS(seat_fields), &m->seat[i]);
		if (m->seat[i].nabsences > 0)
			json_object_set_new(s, "absence",
					    periods_json(m->seat[i].absence, m->seat[i].nabsences));
		json_array_append_new(seats, s);
	}
	json_object_set_new(o, "seats", seats);
	for (int i = 0; i < m->nobservers; i++)
		json_array_append_new(obs, json_string(m->observer[i]));
	json_object_set_new(o, "observers", obs);
	return o;
}

int
meta_save(const char *dir, const struct meta *m, struct gf_error *err)
{
	char path[GAMEDIR_PATH + 16];
	json_t *o = meta_json(m);
	char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
	int r;

	json_decref(o);
	if (text == NULL)
		return gf_fail(err, "", "out of memory");
	snprintf(path, sizeof(path), "%s/%s", dir, META_FILE);
	size_t len = strlen(text);

	text[len++] = '\n'; /* json_dumps leaves room: its NUL */
	r = gamefile_write_atomic(path, text, len, 0600, true, err);
	free(text);
	return r;
}

/* ---- reading ---- */

static int
field_read(const struct meta_field *f, json_t *v, void *base, const char *at,
	   struct gf_error *err)
{
	char *p = (char *)base + f->off;

	switch (f->type) {
	case M_LONG:
	case M_INT: {
		if (!json_is_integer(v))
			return gf_fail(err, at, "must be a whole number");
		json_int_t n = json_integer_value(v);

		if (n < f->min || n > f->max)
			return gf_fail(err, at, "%lld is out of range %ld..%ld", (long long)n,
				       f->min, f->max);
		if (f->type == M_LONG)
			*(long *)p = (long)n;
		else
			*(int *)p = (int)n;
		return 0;
	}
	case M_BOOL:
		if (!json_is_boolean(v))
			return gf_fail(err, at, "must be true or false");
		*(bool *)p = json_is_true(v);
		return 0;
	case M_TIME:
		if (!json_is_string(v) || meta_time_parse(json_string_value(v), (time_t *)p) < 0)
			return gf_fail(err, at, "must be a UTC time like 2026-12-20T00:00:00Z");
		return 0;
	case M_STRING:
		if (!json_is_string(v) || json_string_length(v) >= f->size ||
		    strlen(json_string_value(v)) != json_string_length(v))
			return gf_fail(err, at, "must be a string of at most %zu bytes",
				       f->size - 1);
		memcpy(p, json_string_value(v), json_string_length(v) + 1);
		return 0;
	case M_ENUM:
		for (int i = 0; json_is_string(v) && f->names[i]; i++)
			if (strcmp(json_string_value(v), f->names[i]) == 0) {
				*(int *)p = f->first + i;
				return 0;
			}
		return gf_fail(err, at, "must be one of the names the docs list (%s, ...)",
			       f->names[0]);
	}
	return -1;
}

/* The members of o by the table; a key the table lacks is refused, but
 * for those in `also` (read by the caller). */
static int
fields_read(json_t *o, const struct meta_field *fields, size_t n, void *base,
	    const char *prefix, const char *const *also, struct gf_error *err)
{
	const char *key;
	json_t *v;
	char at[96];

	if (!json_is_object(o))
		return gf_fail(err, prefix, "must be an object");
	json_object_foreach(o, key, v) {
		size_t i = 0;
		int known = 0;

		for (int k = 0; also[k]; k++)
			known |= strcmp(key, also[k]) == 0;
		snprintf(at, sizeof(at), "%s%s%s", prefix, *prefix ? "." : "", key);
		while (!known && i < n && strcmp(fields[i].key, key) != 0)
			i++;
		if (!known && i == n)
			return gf_fail(err, at, "is not a meta.json key (docs/state-format.md)");
		if (!known && field_read(&fields[i], v, base, at, err) < 0)
			return -1;
	}
	return 0;
}

static int
periods_read(json_t *a, struct meta_period *p, int *n, const char *at, struct gf_error *err)
{
	size_t i;
	json_t *v;

	if (!json_is_array(a) || json_array_size(a) > META_ABSENCES_MAX)
		return gf_fail(err, at, "must be a list of at most %d periods", META_ABSENCES_MAX);
	json_array_foreach(a, i, v) {
		const char *from = NULL, *to = NULL;

		if (json_unpack(v, "{s:s,s:s!}", "from", &from, "to", &to) < 0 ||
		    meta_time_parse(from, &p[i].from) < 0 || meta_time_parse(to, &p[i].to) < 0 ||
		    p[i].to <= p[i].from)
			return gf_fail(err, at, "[%zu] must be {\"from\": TIME, \"to\": TIME}, "
				       "from before to", i);
	}
	*n = (int)json_array_size(a);
	return 0;
}

static int
seats_read(json_t *a, struct meta *m, struct gf_error *err)
{
	static const char *const also[] = {"absence", NULL};
	size_t i;
	json_t *s;
	char at[32];

	if (!json_is_array(a) || json_array_size(a) != (size_t)m->nseats)
		return gf_fail(err, "seats", "must list the game's %d players", m->nseats);
	json_array_foreach(a, i, s) {
		struct meta_seat *seat = &m->seat[i];
		char name[GF_NAME_LEN + 1];
		json_t *abs;

		snprintf(at, sizeof(at), "seats[%zu]", i);
		memcpy(name, seat->name, sizeof(name));
		if (fields_read(s, seat_fields, NFIELDS(seat_fields), seat, at, also, err) < 0)
			return -1;
		if (strcasecmp(name, seat->name) != 0)
			return gf_fail(err, at, "is %s, but the game's seat is %s", seat->name,
				       name);
		if ((abs = json_object_get(s, "absence")) != NULL &&
		    periods_read(abs, seat->absence, &seat->nabsences, at, err) < 0)
			return -1;
	}
	return 0;
}

static int
lists_read(json_t *o, struct meta *m, struct gf_error *err)
{
	json_t *rem = json_object_get(o, "reminders"), *obs = json_object_get(o, "observers"), *v;
	size_t i;

	if (rem != NULL) {
		if (!json_is_array(rem) || json_array_size(rem) > META_REMINDERS_MAX)
			return gf_fail(err, "reminders", "must be a list of at most %d numbers "
				       "of seconds", META_REMINDERS_MAX);
		json_array_foreach(rem, i, v) {
			if (!json_is_integer(v) || json_integer_value(v) < 0 ||
			    json_integer_value(v) > YEAR)
				return gf_fail(err, "reminders", "[%zu] must be 0..%ld seconds",
					       i, YEAR);
			m->reminder[i] = (long)json_integer_value(v);
		}
		m->nreminders = (int)json_array_size(rem);
	}
	if (obs == NULL)
		return 0;
	if (!json_is_array(obs) || json_array_size(obs) > META_OBSERVERS_MAX)
		return gf_fail(err, "observers", "must be a list of at most %d addresses",
			       META_OBSERVERS_MAX);
	json_array_foreach(obs, i, v) {
		if (!json_is_string(v) || json_string_length(v) > META_ADDRESS_LEN ||
		    strlen(json_string_value(v)) != json_string_length(v))
			return gf_fail(err, "observers", "[%zu] must be a mail address", i);
		memcpy(m->observer[i], json_string_value(v), json_string_length(v) + 1);
	}
	m->nobservers = (int)json_array_size(obs);
	return 0;
}

static int
meta_from_json(json_t *o, struct meta *m, struct gf_error *err)
{
	static const char *const also[] = {"format", "version", "reminders", "seats",
					   "observers", NULL};
	const char *format = NULL;
	int version = 0;

	if (json_unpack(o, "{s:s,s:i}", "format", &format, "version", &version) < 0 ||
	    strcmp(format, "carcpbem-meta") != 0 || version != 1)
		return gf_fail(err, "", "is not a carcpbem meta.json of version 1");
	if (fields_read(o, game_fields, NFIELDS(game_fields), m, "", also, err) < 0 ||
	    lists_read(o, m, err) < 0)
		return -1;
	json_t *seats = json_object_get(o, "seats");

	return seats ? seats_read(seats, m, err) : 0;
}

/* dir/meta.json as JSON in *o; 0 with *o NULL when there is none. */
static int
meta_json_load(const char *dir, json_t **o, struct gf_error *err)
{
	char path[GAMEDIR_PATH + 16];
	json_error_t je;
	FILE *f;

	*o = NULL;
	snprintf(path, sizeof(path), "%s/%s", dir, META_FILE);
	if ((f = fopen(path, "r")) == NULL)
		return errno == ENOENT ? 0 : gf_fail(err, "", "cannot read %s: %s", path,
						    strerror(errno));
	*o = json_loadf(f, JSON_REJECT_DUPLICATES, &je);
	fclose(f);
	return *o ? 0 : gf_fail(err, "", "%s:%d: %s", path, je.line, je.text);
}

int
meta_load(const char *dir, const struct gamefile *gf, struct meta *m, struct gf_error *err)
{
	const char *names[MAX_PLAYERS];
	json_t *o;
	int r;

	for (int i = 0; i < gf->nplayers && i < MAX_PLAYERS; i++)
		names[i] = gf->name[i];
	meta_init(m, names, gf->nplayers);
	if (meta_json_load(dir, &o, err) < 0)
		return -1;
	if (o == NULL)
		return 0;
	r = meta_from_json(o, m, err);
	json_decref(o);
	return r;
}

int
meta_peek(const char *dir, struct meta *m, struct gf_error *err)
{
	const char *names[MAX_PLAYERS] = {0};
	json_t *o, *seats, *s;
	size_t i;
	int r, n = 0;

	meta_init(m, names, 0);
	if (meta_json_load(dir, &o, err) < 0)
		return -1;
	if (o == NULL)
		return 0;
	seats = json_object_get(o, "seats");
	json_array_foreach(seats, i, s) { /* the file's own names: checked against nothing */
		const char *name = json_string_value(json_object_get(s, "name"));
		if (n < MAX_PLAYERS)
			names[n++] = name ? name : "";
	}
	meta_init(m, names, json_is_array(seats) ? (int)json_array_size(seats) : 0);
	r = meta_from_json(o, m, err);
	json_decref(o);
	return r;
}
