/* Hidden information, the engine's side (rules.h, docs/architecture.md
 * "Hidden information"): tiles drawn in secret for one player, and the
 * blind game, replayed from a view without the seed.
 *
 * g->hid holds a head, a blind game's public log of the tiles drawn
 * (TILE_UNKNOWN where it says "?") and the list of secret draws. A game
 * that never draws in secret and is not blind has none (hid_size 0): the
 * base game pays nothing. A blind game's draws follow the log: before
 * each, the log's tile becomes the pile's next (hidden_blind_source, a
 * draw hook). A tile it does not know (a secret draw the log shows as
 * "?") is stood in for by the pile's next tile, counted as held, so the
 * counts of the tiles to come and the pile's emptiness stay exact. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

enum hid_flag {
	HD_RETURNED = 1, /* put back into the pile */
	HD_REVEALED = 2, /* shown to all (a kept tile placed) */
	HD_UNKNOWN = 4   /* blind: bag[pos] stands in for a tile not known */
};

struct hid_head {
	int nlog;    /* blind: entries of the public log */
	int ndraws;  /* secret draws so far */
	int cap;     /* room for draws */
	int fault;   /* blind: 1 + the first log entry the pile could not give */
};

struct hid_draw {
	int16_t pos; /* its place in the bag (among the drawn) */
	int8_t owner;
	uint8_t flags; /* enum hid_flag */
};

static bool
held(const struct hid_draw *d)
{
	return !(d->flags & (HD_RETURNED | HD_REVEALED));
}

static struct hid_head *
head(const struct game *g)
{
	return g->hid_size ? (struct hid_head *)(void *)g->hid : NULL;
}

static int16_t *
hid_log(struct hid_head *h)
{
	return (int16_t *)(void *)(h + 1);
}

static struct hid_draw *
hid_draws(struct hid_head *h)
{
	return (struct hid_draw *)(void *)(hid_log(h) + h->nlog + (h->nlog & 1));
}

static size_t
hid_bytes(int nlog, int cap)
{
	return sizeof(struct hid_head) + sizeof(int16_t) * (size_t)(nlog + (nlog & 1)) +
	       sizeof(struct hid_draw) * (size_t)cap;
}

/* Room for cap secret draws (the log kept); -1: no memory. */
static int
hid_reserve(struct game *g, int nlog, int cap)
{
	size_t size = hid_bytes(nlog, cap);
	struct hid_head *h;

	if (size > g->hid_cap) {
		uint8_t *p = realloc(g->hid, size);
		if (p == NULL)
			return -1;
		g->hid = p;
		g->hid_cap = size;
	}
	if (g->hid_size == 0)
		memset(g->hid, 0, sizeof(struct hid_head));
	g->hid_size = size;
	h = head(g);
	h->nlog = nlog;
	h->cap = cap;
	return 0;
}

int
hidden_init(struct game *g, const struct game_setup *setup)
{
	g->blind = setup->blind;
	g->viewer = (int8_t)(setup->blind ? setup->viewer : -1);
	g->hid_size = 0;
	if (!setup->blind)
		return 0;
	if (hid_reserve(g, setup->nlog, 4) < 0)
		return -1;
	for (int i = 0; i < setup->nlog; i++)
		hid_log(head(g))[i] = (int16_t)setup->log[i];
	return 0;
}

bool
game_blind(const struct game *g)
{
	return g->blind;
}

int
game_viewer(const struct game *g)
{
	return g->blind ? g->viewer : -1;
}

int
game_returned(const struct game *g)
{
	return g->bag_returned;
}

int
game_drawn_count(const struct game *g)
{
	return g->bag_next;
}

int
game_log_fault(const struct game *g)
{
	const struct hid_head *h = head(g);

	return h ? h->fault : 0;
}

/* A blind game's log entry for draw k: a type, TILE_UNKNOWN, or -1 past
 * the log (a computer player's playout: the pile's order is its deal). */
static int
logged(const struct game *g, int k)
{
	struct hid_head *h = head(g);

	return h && k < h->nlog ? hid_log(h)[k] : -1;
}

static struct hid_draw *stand_in(const struct game *g, int type);

/* A copy of type becomes the next tile of the pile; -1 if none is left.
 * A blind game may have made the last copy the stand-in of a tile drawn
 * in secret: the stand-in becomes another tile of the pile, alike to it. */
static int
to_front(struct game *g, int type)
{
	struct hid_draw *d;

	if (g->bag_next < g->bag_len && (d = stand_in(g, type)) != NULL) {
		bool in_pile = false;
		for (int i = g->bag_next; i < g->bag_len && !in_pile; i++)
			in_pile = g->bag[i] == type;
		if (!in_pile) {
			g->bag[d->pos] = g->bag[g->bag_next];
			g->bag[g->bag_next] = (int16_t)type;
			return 0;
		}
	}
	for (int i = g->bag_next; i < g->bag_len; i++)
		if (g->bag[i] == type) {
			memmove(&g->bag[g->bag_next + 1], &g->bag[g->bag_next],
				sizeof(*g->bag) * (size_t)(i - g->bag_next));
			g->bag[g->bag_next] = (int16_t)type;
			return 0;
		}
	return -1;
}

static void
note_fault(struct game *g, int k)
{
	if (head(g)->fault == 0)
		head(g)->fault = k + 1;
}

/* The draw hook of a blind game: it gives no tile of its own, it puts the
 * log's next in front of the pile. */
static int
blind_draw(struct game *g, int owner, int arg)
{
	int k = g->bag_next, want = logged(g, k);

	(void)owner, (void)arg;
	if (want == TILE_UNKNOWN || (want >= 0 && to_front(g, want) < 0))
		note_fault(g, k);
	return -1;
}

const struct rules_module hidden_blind_source = {
	.name = "blind",
	.draw = blind_draw,
};

static struct hid_draw *
draw_at(const struct game *g, int pos)
{
	struct hid_head *h = head(g);

	for (int i = 0; h && i < h->ndraws; i++)
		if (hid_draws(h)[i].pos == pos)
			return &hid_draws(h)[i];
	return NULL;
}

static int
add_draw(struct game *g, int pos, int owner, int flags)
{
	struct hid_head *h = head(g);

	if (h == NULL || h->ndraws == h->cap) {
		int nlog = h ? h->nlog : 0, cap = h ? 2 * h->cap : 4;
		if (hid_reserve(g, nlog, cap) < 0)
			return -1;
		h = head(g);
	}
	hid_draws(h)[h->ndraws++] =
	    (struct hid_draw){.pos = (int16_t)pos, .owner = (int8_t)owner, .flags = (uint8_t)flags};
	return 0;
}

int
game_draw_secret(struct game *g, int owner)
{
	int k = g->bag_next, want = g->blind ? logged(g, k) : -1, flags = 0;

	if (k >= g->bag_len)
		return -1;
	if (want == TILE_UNKNOWN)
		flags = HD_UNKNOWN; /* the pile's next stands in */
	else if (want >= 0 && to_front(g, want) < 0) {
		note_fault(g, k);
		return -1;
	}
	if (add_draw(g, k, owner, flags) < 0)
		return -1;
	g->bag_next++;
	return flags ? TILE_UNKNOWN : g->bag[k];
}

/* A secret draw still held that is type (for TILE_UNKNOWN: one this
 * game does not know, else any), of owner unless owner is -1; the latest
 * first. */
static struct hid_draw *
held_draw(const struct game *g, int owner, int type)
{
	struct hid_head *h = head(g);

	for (int i = h ? h->ndraws - 1 : -1; i >= 0; i--) {
		struct hid_draw *d = &hid_draws(h)[i];
		bool unknown = d->flags & HD_UNKNOWN;
		if (held(d) && (owner < 0 || d->owner == owner) &&
		    (type == TILE_UNKNOWN ? unknown : !unknown && g->bag[d->pos] == type))
			return d;
	}
	return NULL;
}

/* A held draw this game does not know whose stand-in is type. */
static struct hid_draw *
stand_in(const struct game *g, int type)
{
	struct hid_head *h = head(g);

	for (int i = 0; h && i < h->ndraws; i++) {
		struct hid_draw *d = &hid_draws(h)[i];
		if ((d->flags & HD_UNKNOWN) && held(d) && g->bag[d->pos] == type)
			return d;
	}
	return NULL;
}

int
game_put_back(struct game *g, int type)
{
	struct hid_draw *d = held_draw(g, -1, type);
	int pos;

	for (int t = 0; d == NULL && type == TILE_UNKNOWN && t < g->cat->ntypes; t++)
		d = held_draw(g, -1, t); /* the caller's copy was dealt unknown */
	if (type == TILE_UNKNOWN) {
		if (d == NULL)
			return -1;
		type = g->bag[d->pos]; /* the stand-in goes back */
	}
	if ((pos = bag_put_back(g, type)) < 0)
		return -1;
	if (d)
		d->flags |= HD_RETURNED;
	g->bag_returned++;
	return pos;
}

int
game_reveal(struct game *g, int owner, int type)
{
	struct hid_draw *d = held_draw(g, owner, type);

	if (d == NULL && type == TILE_UNKNOWN) /* a blind game knows it from the log */
		for (int t = 0; d == NULL && t < g->cat->ntypes; t++)
			d = held_draw(g, owner, t);
	if (d == NULL)
		return -1;
	d->flags |= HD_REVEALED;
	return g->bag[d->pos];
}

int
game_shuffle_back_aside(struct game *g)
{
	int n = 0;

	while (g->bag_aside > 0) {
		int type = g->bag[g->bag_len + g->bag_aside - 1];
		/* a tile set aside after its draw counted as returned then */
		if (bag_take_aside(g, type) < 0 || bag_put_back(g, type) < 0)
			return -1;
		n++;
	}
	return n;
}

int
game_drawn_seen(const struct game *g, int i, int viewer)
{
	const struct hid_draw *d = draw_at(g, i);

	if (d == NULL)
		return g->bag[i];
	if (d->flags & HD_UNKNOWN)
		return TILE_UNKNOWN;
	if (g->over || (d->flags & HD_REVEALED) || (viewer == d->owner && held(d)))
		return g->bag[i];
	return TILE_UNKNOWN;
}

void
game_remaining_counts(const struct game *g, int *count)
{
	struct hid_head *h = head(g);

	memset(count, 0, sizeof(*count) * (size_t)g->cat->ntypes);
	for (int i = g->bag_next; i < g->bag_len + g->bag_aside; i++)
		count[g->bag[i]]++;
	for (int i = 0; h && i < h->ndraws; i++)
		if (held(&hid_draws(h)[i]))
			count[g->bag[hid_draws(h)[i].pos]]++;
}

void
hidden_swap_held(struct game *g, int seat)
{
	struct hid_head *h = head(g);
	int k = 0;

	for (int i = 0; h && i < h->ndraws; i++) {
		struct hid_draw *d = &hid_draws(h)[i];
		bool seen = !(d->flags & HD_UNKNOWN) &&
			    ((d->flags & HD_REVEALED) || (d->owner == seat && held(d)));
		int j = g->bag_len - 1 - k;
		if (seen || !held(d) || j < g->bag_next)
			continue;
		int16_t t = g->bag[d->pos];
		g->bag[d->pos] = g->bag[j];
		g->bag[j] = t;
		k++;
	}
}

bool
game_has_secrets(const struct game *g)
{
	const struct hid_head *h = head(g);

	for (int i = 0; i < g->nmods; i++)
		if (g->mods[i]->redeal)
			return true;
	return h && h->ndraws > 0;
}
