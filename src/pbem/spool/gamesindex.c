/* A game's line of SPOOL/games.index, made and read (gamesindex.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "applog.h"
#include "crashpoint.h"
#include "gamesindex.h"
#include "gamesindex_impl.h"
#include "writers.h"

static const char *const state_names[] = {"active", "paused", "over", "terminated"};

const char *
gamesindex_state_name(int state)
{
	return state >= 0 && state <= GI_TERMINATED ? state_names[state] : "?";
}

/* A name or address as one field: no tab or line break, never empty. */
static void
field(FILE *fp, const char *s)
{
	if (s == NULL || *s == '\0')
		s = "-";
	fputc('\t', fp);
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, fp);
}

/* When the decision due began: the clock's start when one runs, else the
 * game's last record (its history's last change). */
static time_t
since_of(const char *dir, const struct meta *m)
{
	char path[1200];
	struct stat st;

	if (m->decision_record >= 0 && m->decision_since != 0)
		return m->decision_since;
	snprintf(path, sizeof(path), "%s/history.jsonl", dir);
	return stat(path, &st) == 0 ? st.st_mtime : 0;
}

static int
state_of(const struct gamefile *gf, const struct meta *m)
{
	return m->terminated	  ? GI_TERMINATED
	       : gf->game->over ? GI_OVER
	       : m->paused	  ? GI_PAUSED
			          : GI_ACTIVE;
}

/* The standing of the seat due: "-", or words joined by ",". */
static void
flags(FILE *fp, const struct meta_seat *s)
{
	const char *w[3];
	int n = 0;

	if (s && s->away)
		w[n++] = "away";
	if (s && s->bot)
		w[n++] = "bot";
	if (s && s->resigned)
		w[n++] = "resigned";
	if (n == 0)
		fputc('-', fp);
	for (int i = 0; i < n; i++)
		fprintf(fp, "%s%s", i ? "," : "", w[i]);
}

char *
gamesindex_line(const char *dir, const struct gamefile *gf, const struct meta *m)
{
	struct decision d;
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	int seat;

	if (fp == NULL)
		return NULL;
	game_decision(gf->game, &d);
	seat = gf->game->over || m->terminated ? -1 : d.player;
	fprintf(fp, "%s\t%s\t%d\t%d\t%s\t%lld\t%lld\t", gf->id,
		gamesindex_state_name(state_of(gf, m)), gf->game->turn, seat,
		seat < 0 ? "game-over" : d.name, (long long)since_of(dir, m),
		seat < 0 || m->paused ? 0LL : (long long)m->deadline_at);
	flags(fp, seat >= 0 && seat < m->nseats ? &m->seat[seat] : NULL);
	for (int i = 0; i < gf->nplayers; i++) {
		field(fp, gf->name[i]);
		field(fp, gf->address[i]);
	}
	if (fclose(fp) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

static int
state_parse(const char *s)
{
	for (int i = 0; i <= GI_TERMINATED; i++)
		if (strcmp(s, state_names[i]) == 0)
			return i;
	return -1;
}

int
gamesindex_parse(char *line, struct gi_entry *e)
{
	char *f[8 + 2 * MAX_PLAYERS], *s = line;
	int n = 0;

	memset(e, 0, sizeof(*e));
	while (s && n < (int)(sizeof(f) / sizeof(f[0]))) {
		f[n++] = s;
		if ((s = strchr(s, '\t')) != NULL)
			*s++ = '\0';
	}
	if (s != NULL || n < 10 || n % 2 != 0 || strlen(f[0]) > GF_ID_LEN ||
	    (e->state = state_parse(f[1])) < 0)
		return -1;
	e->line = line, e->game = f[0], e->decision = f[4];
	e->turn = atoi(f[2]), e->seat = atoi(f[3]);
	e->since = (time_t)atoll(f[5]), e->deadline = (time_t)atoll(f[6]);
	e->away = strstr(f[7], "away") != NULL;
	e->bot = strstr(f[7], "bot") != NULL;
	e->resigned = strstr(f[7], "resigned") != NULL;
	e->nseats = (n - 8) / 2;
	for (int i = 0; i < e->nseats; i++) {
		e->name[i] = f[8 + 2 * i];
		e->address[i] = strcmp(f[9 + 2 * i], "-") == 0 ? NULL : f[9 + 2 * i];
	}
	return e->seat >= e->nseats ? -1 : 0;
}

int
gamesindex_put(const char *gamedir, const struct gamefile *gf, const struct meta *m)
{
	char spool[1100], path[1200], why[200];
	struct gf_error err = {0};
	struct applog l;
	struct meta own;
	char *line;
	int r;

	if (writers_spool_of(gamedir, spool, sizeof(spool)) < 0)
		return 0;
	if (m == NULL && meta_load(gamedir, gf, &own, &err) < 0)
		return -1;
	if ((line = gamesindex_line(gamedir, gf, m ? m : &own)) == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/%s", spool, GAMESINDEX_FILE);
	if ((r = applog_open(&l, path, GAMESINDEX_TAG, why, sizeof(why))) == 1) {
		r = applog_add(&l, line, why, sizeof(why));
		crashpoint("games index line added");
		if (r == 0 && applog_grown(&l))
			r = gi_compact(&l, NULL, why, sizeof(why));
	}
	applog_close(&l); /* missing: its next reader makes it, from every game */
	free(line);
	return r < 0 ? -1 : 0;
}
