/* The players of a spool and the games waiting on them (spool_status.h). */
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

static json_t *
time_json(time_t t)
{
	char buf[21];

	if (t == 0)
		return json_null();
	meta_time_format(t, buf);
	return json_string(buf);
}

static json_t *
waiting_json(const struct ss_seat *t)
{
	const struct gi_entry *e = t->e;

	return json_pack("{s:s, s:i, s:s, s:s, s:i, s:o, s:o, s:b, s:b, s:b, s:b}", "game",
			 e->game, "seat", t->seat + 1, "name", e->name[t->seat], "decision",
			 e->decision, "turn", e->turn, "since", time_json(e->since),
			 "deadline", time_json(e->deadline), "paused", e->state == GI_PAUSED,
			 "away", e->away, "bot", e->bot, "resigned", e->resigned);
}

static json_t *
player_json(const struct ss_player *p)
{
	json_t *w = json_array();

	for (int i = 0; i < p->nseats; i++)
		if (p->seat[i].e->seat == p->seat[i].seat)
			json_array_append_new(w, waiting_json(&p->seat[i]));
	return json_pack("{s:o, s:s, s:i, s:o}", "address",
			 p->address ? json_string(p->address) : json_null(), "name", p->name,
			 "games", p->nseats, "waiting", w);
}

json_t *
spool_status_json(const struct spool_status *s)
{
	json_t *players = json_array(), *waiting = json_object();

	for (int i = 0; i < s->n; i++) {
		json_array_append_new(players, player_json(&s->p[i]));
		json_object_set_new(waiting, s->p[i].address ? s->p[i].address : s->p[i].name,
				    json_integer(s->p[i].waiting));
	}
	return json_pack("{s:o, s:{s:i, s:i, s:i, s:i, s:i}, s:o}", "players", players, "games",
			 "total", s->games, "active", s->count[GI_ACTIVE], "paused",
			 s->count[GI_PAUSED], "over", s->count[GI_OVER], "terminated",
			 s->count[GI_TERMINATED], "waiting", waiting);
}
