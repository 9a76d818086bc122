/* The players of a spool and the games waiting on them (spool_status.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "meta.h"
#include "spool_status.h"

/* A seat's player: its address, else its name. */
static const char *
who_of(const struct ss_seat *s)
{
	const char *a = s->e->address[s->seat];

	return a ? a : s->e->name[s->seat];
}

static int
by_player(const void *a, const void *b)
{
	const struct ss_seat *x = a, *y = b;
	bool ax = x->e->address[x->seat] != NULL, ay = y->e->address[y->seat] != NULL;
	int c = ax != ay ? (ax ? -1 : 1) : strcasecmp(who_of(x), who_of(y));

	return c != 0 ? c : strcmp(x->e->game, y->e->game);
}

static bool
matches(const struct ss_seat *s, const char *who)
{
	const char *a = s->e->address[s->seat];

	return who == NULL || (a && strcasecmp(a, who) == 0) ||
	       strcasecmp(s->e->name[s->seat], who) == 0;
}

/* Every seat of the running games, those of who only, sorted by player. */
static int
collect(const struct gi_list *l, const char *who, struct spool_status *s, int *n)
{
	int cap = 0;

	for (int i = 0; i < l->n; i++)
		cap += l->e[i].nseats;
	if ((s->seats = calloc((size_t)(cap ? cap : 1), sizeof(*s->seats))) == NULL)
		return -1;
	*n = 0;
	for (int i = 0; i < l->n; i++) {
		const struct gi_entry *e = &l->e[i];

		s->games++;
		s->count[e->state]++;
		for (int k = 0; k < e->nseats && e->state <= GI_PAUSED; k++) {
			s->seats[*n] = (struct ss_seat){e, k};
			if (matches(&s->seats[*n], who))
				(*n)++;
		}
	}
	qsort(s->seats, (size_t)*n, sizeof(*s->seats), by_player);
	return 0;
}

static bool
same_player(const struct ss_seat *x, const struct ss_seat *y)
{
	bool ax = x->e->address[x->seat] != NULL, ay = y->e->address[y->seat] != NULL;

	return ax == ay && strcasecmp(who_of(x), who_of(y)) == 0;
}

int
spool_status_make(const struct gi_list *l, const char *who, struct spool_status *s)
{
	int n;

	memset(s, 0, sizeof(*s));
	if (collect(l, who, s, &n) < 0 || (s->p = calloc((size_t)(n ? n : 1), sizeof(*s->p))) == NULL)
		return spool_status_free(s), -1;
	for (int i = 0; i < n; i++) {
		struct ss_seat *t = &s->seats[i];
		struct ss_player *p;

		if (s->n == 0 || !same_player(t, s->p[s->n - 1].seat)) {
			p = &s->p[s->n++];
			p->address = t->e->address[t->seat];
			p->name = t->e->name[t->seat];
			p->seat = t;
		}
		p = &s->p[s->n - 1];
		p->nseats++;
		p->waiting += t->e->seat == t->seat;
	}
	return 0;
}

void
spool_status_free(struct spool_status *s)
{
	free(s->seats);
	free(s->p);
	memset(s, 0, sizeof(*s));
}

/* s as a JSON string (jansson would build 10 values a game: too slow
 * for 10,000 games in 100 ms). */
static void
jstr(FILE *fp, const char *s)
{
	if (s == NULL) {
		fputs("null", fp);
		return;
	}
	fputc('"', fp);
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			fprintf(fp, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(fp, "\\u%04x", (unsigned)*s);
		else
			fputc(*s, fp);
	fputc('"', fp);
}

static void
jtime(FILE *fp, time_t t)
{
	char buf[21];

	meta_time_format(t, buf);
	jstr(fp, t == 0 ? NULL : buf);
}

static void
waiting_json(FILE *fp, const struct ss_seat *t)
{
	const struct gi_entry *e = t->e;

	fputs("{\"game\": ", fp);
	jstr(fp, e->game);
	fprintf(fp, ", \"seat\": %d, \"name\": ", t->seat + 1);
	jstr(fp, e->name[t->seat]);
	fputs(", \"decision\": ", fp);
	jstr(fp, e->decision);
	fprintf(fp, ", \"turn\": %d, \"since\": ", e->turn);
	jtime(fp, e->since);
	fputs(", \"deadline\": ", fp);
	jtime(fp, e->deadline);
	fprintf(fp, ", \"paused\": %s, \"away\": %s, \"bot\": %s, \"resigned\": %s}",
		e->state == GI_PAUSED ? "true" : "false", e->away ? "true" : "false",
		e->bot ? "true" : "false", e->resigned ? "true" : "false");
}

static void
player_json(FILE *fp, const struct ss_player *p)
{
	int n = 0;

	fputs("    {\"address\": ", fp);
	jstr(fp, p->address);
	fputs(", \"name\": ", fp);
	jstr(fp, p->name);
	fprintf(fp, ", \"games\": %d, \"waiting\": [", p->nseats);
	for (int i = 0; i < p->nseats; i++)
		if (p->seat[i].e->seat == p->seat[i].seat) {
			fputs(n++ ? ",\n      " : "\n      ", fp);
			waiting_json(fp, &p->seat[i]);
		}
	fputs(n ? "\n    ]}" : "]}", fp);
}

void
spool_status_json(FILE *fp, const struct spool_status *s)
{
	fputs("{\n  \"players\": [", fp);
	for (int i = 0; i < s->n; i++) {
		fputs(i ? ",\n" : "\n", fp);
		player_json(fp, &s->p[i]);
	}
	fprintf(fp, "%s],\n  \"games\": {\"total\": %d, \"active\": %d, \"paused\": %d, "
		"\"over\": %d, \"terminated\": %d},\n  \"waiting\": {",
		s->n ? "\n  " : "", s->games, s->count[GI_ACTIVE], s->count[GI_PAUSED],
		s->count[GI_OVER], s->count[GI_TERMINATED]);
	for (int i = 0; i < s->n; i++) {
		fputs(i ? ",\n    " : "\n    ", fp);
		jstr(fp, s->p[i].address ? s->p[i].address : s->p[i].name);
		fprintf(fp, ": %d", s->p[i].waiting);
	}
	fputs(s->n ? "\n  }\n}\n" : "}\n}\n", fp);
}
