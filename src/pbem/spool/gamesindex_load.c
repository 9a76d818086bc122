/* SPOOL/games.index read whole: each game's last line, the log compacted
 * when it has grown, rebuilt from the games when missing (gamesindex.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamedir.h"
#include "gamesindex_impl.h"
#include "writers.h"

struct line {
	char *s;
	int seq; /* its place in the log */
};

struct lines {
	struct line *l;
	int n, cap;
};

static void
keep(void *ctx, char *text)
{
	struct lines *l = ctx;
	struct line *more;

	if (strchr(text, '\t') == NULL)
		return; /* cut short by a writer's death: no entry */
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		if ((more = realloc(l->l, sizeof(*more) * (size_t)l->cap)) == NULL)
			return;
		l->l = more;
	}
	if ((l->l[l->n].s = strdup(text)) != NULL) {
		l->l[l->n].seq = l->n;
		l->n++;
	}
}

static void
lines_free(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->l[i].s);
	free(l->l);
	memset(l, 0, sizeof(*l));
}

/* By game id (the text before the first tab), then by place in the log. */
static int
by_key(const void *a, const void *b)
{
	const struct line *x = a, *y = b;
	size_t nx = strcspn(x->s, "\t"), ny = strcspn(y->s, "\t");
	int c = strncmp(x->s, y->s, nx < ny ? nx : ny);

	if (c == 0 && nx != ny)
		c = nx < ny ? -1 : 1;
	return c != 0 ? c : x->seq - y->seq;
}

static bool
same_key(const char *x, const char *y)
{
	size_t nx = strcspn(x, "\t");

	return nx == strcspn(y, "\t") && strncmp(x, y, nx) == 0;
}

/* Each game's last line, sorted by id: the others freed. */
static void
dedupe(struct lines *l)
{
	int k = 0;

	if (l->n > 1)
		qsort(l->l, (size_t)l->n, sizeof(*l->l), by_key);
	for (int i = 0; i < l->n; i++) {
		if (i + 1 < l->n && same_key(l->l[i].s, l->l[i + 1].s)) {
			free(l->l[i].s); /* a later line of the same game wins */
			continue;
		}
		l->l[k++] = l->l[i];
	}
	l->n = k;
}

/* The lines, each with its newline, as one text (malloc'd). */
static char *
joined(const struct lines *l, size_t *len)
{
	size_t at = 0;
	char *text;

	*len = 0;
	for (int i = 0; i < l->n; i++)
		*len += strlen(l->l[i].s) + 1;
	if ((text = malloc(*len + 1)) == NULL)
		return NULL;
	for (int i = 0; i < l->n; i++)
		at += (size_t)sprintf(text + at, "%s\n", l->l[i].s);
	return text;
}

/* The lines parsed into out (taking them); what does not parse dropped. */
static void
parse_all(struct lines *l, struct gi_list *out)
{
	out->e = calloc((size_t)(l->n ? l->n : 1), sizeof(*out->e));
	out->n = 0;
	for (int i = 0; i < l->n; i++) {
		if (out->e && gamesindex_parse(l->l[i].s, &out->e[out->n]) == 0)
			out->n++;
		else
			free(l->l[i].s);
	}
	free(l->l);
	memset(l, 0, sizeof(*l));
}

static int
write_back(struct applog *log, struct lines *l, char *why, size_t n)
{
	size_t len;
	char *text = joined(l, &len);
	int r;

	if (text == NULL)
		return snprintf(why, n, "out of memory"), -1;
	r = applog_rewrite(log, text, len, 0, why, n);
	free(text);
	return r;
}

int
gi_compact(struct applog *log, struct gi_list *out, char *why, size_t n)
{
	struct lines l = {0};
	int r = applog_read(log, keep, &l, why, n);

	if (r == 0) {
		dedupe(&l);
		r = write_back(log, &l, why, n);
	}
	if (out)
		parse_all(&l, out);
	lines_free(&l);
	return r;
}

/* Every game's line, from its state.json and meta.json. */
static void
scan(const char *spool, const struct catalog *cat, struct lines *l)
{
	char games[1100], dir[1400];
	struct gf_error err = {0};
	struct dirent *e;
	DIR *d;

	snprintf(games, sizeof(games), "%s/games", spool);
	if ((d = opendir(games)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		struct gamedir gd;
		struct gamefile *gf;
		char *line, reason[200];

		snprintf(dir, sizeof(dir), "%s/%s", games, e->d_name);
		if (e->d_name[0] == '.' ||
		    gamefile_check_id(e->d_name, reason, sizeof(reason)) < 0 ||
		    gamedir_of(dir, &gd, &err) < 0 || !gd.is_dir ||
		    (gf = gamefile_load(gd.state, cat, &err)) == NULL)
			continue;
		struct meta m;
		if (meta_load(dir, gf, &m, &err) == 0 &&
		    (line = gamesindex_line(dir, gf, &m)) != NULL) {
			keep(l, line);
			free(line);
		}
		gamefile_free(gf);
	}
	closedir(d);
	dedupe(l);
}

int
gamesindex_load(const char *spool, const struct catalog *cat, bool from_games,
		struct gi_list *out, char *why, size_t n)
{
	char path[1200];
	struct lines l = {0};
	struct applog log;
	int r = 0;

	memset(out, 0, sizeof(*out));
	if (from_games) {
		scan(spool, cat, &l);
		parse_all(&l, out);
		return 0;
	}
	writers_check(spool);
	snprintf(path, sizeof(path), "%s/%s", spool, GAMESINDEX_FILE);
	switch (applog_open(&log, path, GAMESINDEX_TAG, why, n)) {
	case 1: /* read; compacted when grown */
		if (applog_grown(&log))
			r = gi_compact(&log, out, why, n);
		else if ((r = applog_read(&log, keep, &l, why, n)) == 0)
			dedupe(&l), parse_all(&l, out);
		break;
	case 0: /* made, the lock held: no change is lost meanwhile */
		scan(spool, cat, &l);
		write_back(&log, &l, why, n); /* unwritten: used, made again next time */
		parse_all(&l, out);
		break;
	default: /* no lock (a read-only spool): from the games */
		scan(spool, cat, &l);
		parse_all(&l, out);
	}
	applog_close(&log);
	lines_free(&l);
	return r;
}

void
gamesindex_free(struct gi_list *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->e[i].line);
	free(l->e);
	memset(l, 0, sizeof(*l));
}
