/* A seat's whole turns: the current decision's legal actions, each
 * followed by the seat's next decisions while the turn goes on (the tile,
 * then the figure or pass, then any module decision of the seat's), each
 * evaluated on the copy it leads to. Depth-first, one copy per action. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_impl.h"

#define TURNS_MAX 20000 /* whole turns listed at most */

struct walk {
	int seat;
	struct ai_turns *out;
	struct ai_turn cur;
	struct action *buf; /* one legal-action buffer per depth */
	int cap;
	struct game *copy[AI_TURN_MAX]; /* one game per depth, copied into */
};

bool
ai_turn_goes_on(const struct game *before, const struct game *after, int seat)
{
	struct decision d;

	game_decision(after, &d);
	return d.player == seat && !after->over && after->turn == before->turn &&
	       after->bag_next == before->bag_next && after->bag_aside == before->bag_aside;
}

static int
add_turn(struct ai_turns *out, const struct ai_turn *t)
{
	if (out->n == out->cap) {
		int cap = out->cap ? 2 * out->cap : 256;
		struct ai_turn *n = realloc(out->t, sizeof(*n) * (size_t)cap);
		if (n == NULL)
			return -1;
		out->t = n;
		out->cap = cap;
	}
	out->t[out->n++] = *t;
	return 0;
}

static int walk_from(struct walk *w, const struct game *g, int depth);

/* Plays a on a copy of g: a leaf (evaluated) or deeper. */
static int
walk_action(struct walk *w, const struct game *g, const struct action *a, int depth)
{
	struct game *c = w->copy[depth];

	if (c == NULL && (c = w->copy[depth] = game_clone(g)) == NULL)
		return -1;
	if (game_copy(c, g) < 0)
		return -1;
	if (game_apply(c, a, NULL) < 0)
		return 0; /* refused: a bug, leave it out */
	w->cur.a[depth] = *a;
	w->cur.n = depth + 1;
	if (depth + 1 < AI_TURN_MAX && ai_turn_goes_on(g, c, w->seat))
		return walk_from(w, c, depth + 1);
	if (w->out->n < TURNS_MAX) {
		w->cur.value = ai_eval(c, w->seat);
		return add_turn(w->out, &w->cur);
	}
	return 0;
}

static int
walk_from(struct walk *w, const struct game *g, int depth)
{
	struct action *buf = w->buf + (size_t)depth * (size_t)w->cap;
	int n = game_legal_actions(g, buf, w->cap);

	if (n > w->cap)
		n = w->cap;
	for (int i = 0; i < n; i++)
		if (walk_action(w, g, &buf[i], depth) < 0)
			return -1;
	return 0;
}

static int
by_value(const void *a, const void *b)
{
	const struct ai_turn *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? 1 : -1;
	return (x->order > y->order) - (x->order < y->order);
}

int
ai_turns_list(const struct game *g, int seat, struct ai_turns *out)
{
	struct walk w = {.seat = seat, .out = out, .cap = game_legal_cap(g)};
	struct decision d;
	int r;

	memset(out, 0, sizeof(*out));
	game_decision(g, &d);
	if (d.player != seat || g->over)
		return -1;
	if ((w.buf = malloc(sizeof(*w.buf) * (size_t)w.cap * AI_TURN_MAX)) == NULL)
		return -1;
	r = walk_from(&w, g, 0);
	free(w.buf);
	for (int i = 0; i < AI_TURN_MAX; i++)
		game_free(w.copy[i]);
	if (r < 0 || out->n == 0) {
		ai_turns_free(out);
		return -1;
	}
	for (int i = 0; i < out->n; i++)
		out->t[i].order = i; /* equal values: the legal order decides */
	qsort(out->t, (size_t)out->n, sizeof(*out->t), by_value);
	return out->n;
}

void
ai_turns_free(struct ai_turns *t)
{
	free(t->t);
	memset(t, 0, sizeof(*t));
}

void
ai_turn_text(const struct game *g, const struct ai_turn *t, char *buf, size_t n)
{
	struct game *c = game_clone(g);
	size_t o = 0;

	buf[0] = '\0';
	for (int i = 0; c && i < t->n && o < n; i++) {
		char one[64];
		action_format(c, &t->a[i], one, sizeof(one));
		o += (size_t)snprintf(buf + o, n - o, "%s%s", i ? "; " : "", one);
		if (game_apply(c, &t->a[i], NULL) < 0)
			break;
	}
	game_free(c);
}

int
ai_greedy_pick(const struct ai_turns *turns, struct ai_rng *rng)
{
	int n = 1;

	while (n < turns->n && turns->t[n].value == turns->t[0].value)
		n++;
	return n > 1 ? (int)ai_rng_below(rng, (uint32_t)n) : 0;
}
