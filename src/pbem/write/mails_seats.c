/* Seats in the mails. Which are mailed about the game's turns: a seat
 * the computer plays (resigned, kicked, or kept for missed deadlines)
 * has nobody at its keyboard, so it gets no notice and no update
 * (docs/mail.md, "Who is mailed while the computer plays a seat"); the
 * others are told that the computer moved, a long run of its moves in
 * short. And the key file a seat's commands name. */
#include <stdio.h>

#include "mails_impl.h"

bool
mails_seat_computer(const struct mail_ctx *c, const struct gamefile *gf, int p)
{
	int s = c && c->meta && p >= 0 && p < gf->nplayers
			? meta_seat_of(c->meta, gf->name[p])
			: -1;

	return s >= 0 && (c->meta->seat[s].bot || c->meta->seat[s].resigned);
}

int
mails_computer_names(const struct mail_ctx *c, const struct gamefile *gf, int events_from,
		     char *buf, size_t n)
{
	const struct game *g = gf->game;
	unsigned moved = 0;
	int turns = 0;

	for (int i = events_from < 0 ? g->nevents : events_from; i < g->nevents; i++)
		if (g->events[i].kind == EV_PLACE_TILE && g->events[i].player >= 0 &&
		    mails_seat_computer(c, gf, g->events[i].player)) {
			moved |= 1u << g->events[i].player;
			turns++;
		}
	mails_seat_names(gf, moved, buf, n);
	return turns;
}

void
mails_key_file(const struct mail_ctx *c, const struct gamefile *gf, int seat, char *buf,
	       size_t n)
{
	int s = c && c->meta ? meta_seat_of(c->meta, gf->name[seat]) : -1;
	const char *name = s >= 0 && c->meta->seat[s].key_name[0] ? c->meta->seat[s].key_name
								     : gf->name[seat];

	snprintf(buf, n, "%s.key", name);
}

int
mails_run_tail(const struct gamefile *gf, int events_from, int *omitted)
{
	const struct game *g = gf->game;
	int tiles = 0, i;

	*omitted = 0;
	if (events_from < 0)
		return events_from;
	for (i = g->nevents - 1; i >= events_from; i--)
		if (g->events[i].kind == EV_PLACE_TILE && ++tiles == MAILS_RUN_TILES)
			break;
	if (i <= events_from)
		return events_from;
	for (int k = events_from; k < i; k++)
		*omitted += g->events[k].kind == EV_PLACE_TILE;
	return i;
}

void
mails_seat_names(const struct gamefile *gf, unsigned set, char *buf, size_t n)
{
	int count = __builtin_popcount(set), k = 0;
	size_t at = 0;

	buf[0] = '\0';
	for (int p = 0; p < gf->nplayers && at < n; p++)
		if (set >> p & 1) {
			k++;
			at += (size_t)snprintf(buf + at, n - at, "%s%s",
					       k == 1 ? "" : k == count ? " and " : ", ",
					       gf->name[p]);
		}
}
