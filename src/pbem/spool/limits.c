/* SPOOL/limits.json: what was mailed lately to whom, so that a flood of
 * hostile mail makes few mails (pbem.h, "Limits"). One object of
 * entries, each {"t":TIME,"m":MSGKEY,"n":TRIES}: when the limited mail
 * went, the inbox message that sent it, and how many tries were held
 * back since. Entries older than an hour are dropped. A message that
 * finds its own entry (a run cut short after writing it) is let through
 * again: the queue drops the second copy of its mail. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbem.h"

static void
limits_path(const struct pbem *p, char *buf, size_t n)
{
	snprintf(buf, n, "%s/limits.json", p->cfg.spool);
}

/* The entries still within the hour (a missing or unreadable file: none). */
static json_t *
load(const struct pbem *p, time_t now)
{
	char path[CONFIG_PATH_MAX + 16];
	json_t *root, *e;
	const char *k;
	void *tmp;

	limits_path(p, path, sizeof(path));
	root = json_load_file(path, 0, NULL);
	if (!json_is_object(root)) {
		json_decref(root);
		return json_object();
	}
	json_object_foreach_safe(root, tmp, k, e)
	{
		json_int_t t = json_integer_value(json_object_get(e, "t"));
		if (t <= now - PBEM_LIMIT_PERIOD || t > now + PBEM_LIMIT_PERIOD)
			json_object_del(root, k);
	}
	return root;
}

static int
save(const struct pbem *p, json_t *root, char *why, size_t n)
{
	char path[CONFIG_PATH_MAX + 16], *text = json_dumps(root, JSON_SORT_KEYS | JSON_COMPACT);
	struct mail_error err = {0};
	int r;

	limits_path(p, path, sizeof(path));
	if (text == NULL) {
		snprintf(why, n, "out of memory writing %s", path);
		return -1;
	}
	r = mail_write_atomic(path, text, strlen(text), 0600, true, &err);
	free(text);
	if (r < 0)
		snprintf(why, n, "%s", err.text);
	return r;
}

/* Entries whose name starts with group. */
static int
group_count(json_t *root, const char *group)
{
	size_t g = strlen(group);
	const char *k;
	json_t *e;
	int n = 0;

	json_object_foreach(root, k, e)
		n += strncmp(k, group, g) == 0;
	return n;
}

/* An entry held back one more try (once per message). */
static bool
held_back(json_t *e, const char *msg)
{
	const char *last = json_string_value(json_object_get(e, "last"));

	if (last != NULL && strcmp(last, msg) == 0)
		return false;
	json_object_set_new(e, "n", json_integer(json_integer_value(json_object_get(e, "n")) + 1));
	json_object_set_new(e, "last", json_string(msg));
	return true;
}

int
pbem_limit(struct pbem *p, const char *key, const char *group, int group_max,
	   const char *msg, char *why, size_t n)
{
	time_t now = pbem_now(p);
	json_t *root = load(p, now), *e = json_object_get(root, key);
	const char *m = json_string_value(json_object_get(e, "m"));
	int r = 1;

	if (m != NULL && strcmp(m, msg) == 0)
		r = 1; /* ours, from a run cut short: the queue has it already */
	else if (e != NULL)
		r = held_back(e, msg) && save(p, root, why, n) < 0 ? -1 : 0;
	else if (group_count(root, group) >= group_max)
		r = 0;
	else {
		e = json_pack("{s:I, s:s, s:i}", "t", (json_int_t)now, "m", msg, "n", 0);
		json_object_set_new(root, key, e);
		r = e != NULL && save(p, root, why, n) == 0 ? 1 : -1;
	}
	json_decref(root);
	return r;
}
