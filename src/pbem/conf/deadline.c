/* The decision clock's arithmetic (deadline.h): no files, no mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "deadline.h"

_Static_assert((int)POLICY_WAIT == (int)META_POLICY_WAIT &&
		       (int)POLICY_BOT == (int)META_POLICY_BOT &&
		       (int)POLICY_SKIP == (int)META_POLICY_SKIP,
	       "config and meta.json number the policies alike");

void
dl_settings(const struct config *c, const struct meta *m, struct dl_settings *s)
{
	char why[200];

	s->deadline = m->deadline != META_UNSET ? m->deadline : c->deadline;
	s->grace = m->grace != META_UNSET ? m->grace : c->grace;
	s->policy = m->policy != META_POLICY_UNSET ? m->policy : c->policy;
	s->bot_after = m->bot_after != META_UNSET ? m->bot_after : c->bot_after;
	s->absence_max = m->absence_max != META_UNSET ? m->absence_max : c->absence_max;
	if (m->nreminders >= 0) {
		s->nreminders = m->nreminders;
		memcpy(s->reminder, m->reminder, sizeof(s->reminder));
	} else {
		/* checked when the config was read */
		s->nreminders = config_durations(c->reminders, s->reminder, META_REMINDERS_MAX,
						 366 * DL_DAY, why, sizeof(why));
		if (s->nreminders < 0)
			s->nreminders = 0;
	}
}

/* The seat's absences sorted by start (a handful at most): n. */
static int
sorted_absences(const struct meta_seat *seat, struct meta_period *p)
{
	int n = seat ? seat->nabsences : 0;

	if (n > 0)
		memcpy(p, seat->absence, (size_t)n * sizeof(p[0]));
	for (int i = 1; i < n; i++)
		for (int k = i; k > 0 && p[k].from < p[k - 1].from; k--) {
			struct meta_period x = p[k];
			p[k] = p[k - 1], p[k - 1] = x;
		}
	return n;
}

time_t
dl_deadline_from(const struct meta_seat *seat, time_t since, long duration)
{
	struct meta_period p[META_ABSENCES_MAX];
	int n = sorted_absences(seat, p);
	time_t t = since;
	long left = duration;

	for (int i = 0; i < n; i++) {
		if (p[i].to <= t)
			continue;
		if (p[i].from > t) {
			if (p[i].from - t >= left)
				break;
			left -= (long)(p[i].from - t);
		}
		t = p[i].to;
	}
	return t + left;
}

long
dl_seat_time(const struct meta_seat *seat, time_t from, time_t to)
{
	struct meta_period p[META_ABSENCES_MAX];
	int n = sorted_absences(seat, p);
	time_t t = from; /* counted up to t */
	long run = 0;

	for (int i = 0; i < n && t < to; i++) {
		if (p[i].to <= t)
			continue;
		if (p[i].from > t)
			run += (long)((p[i].from < to ? p[i].from : to) - t);
		t = p[i].to; /* overlapping absences: their union is skipped once */
	}
	return t < to ? run + (long)(to - t) : run;
}

void
dl_start(struct meta *m, const struct dl_settings *s, int seat, long record, time_t now)
{
	m->decision_record = record;
	m->decision_since = now;
	m->reminded = 0;
	m->deadline_at = 0;
	if (s->deadline <= 0 || seat < 0)
		return;
	m->deadline_at = dl_deadline_from(seat < m->nseats ? &m->seat[seat] : NULL, now,
					  s->deadline);
	/* a reminder that would come before the notice it reminds of: none */
	while (m->reminded < s->nreminders &&
	       m->deadline_at - s->reminder[m->reminded] <= now && s->reminder[m->reminded] > 0)
		m->reminded++;
}

/* A clock that does not run: paused, or the game ended by the host. */
static bool
stopped(const struct meta *m)
{
	return m->paused || m->terminated || m->deadline_at == 0;
}

time_t
dl_next(const struct meta *m, const struct dl_settings *s)
{
	if (stopped(m))
		return 0;
	if (m->reminded < s->nreminders)
		return m->deadline_at - s->reminder[m->reminded];
	return m->deadline_at + s->grace + (time_t)(m->reminded - s->nreminders) * DL_DAY;
}

int
dl_reminder_due(const struct meta *m, const struct dl_settings *s, time_t now)
{
	int k = -1;

	if (stopped(m))
		return -1;
	for (int i = m->reminded; i < s->nreminders; i++)
		if (m->deadline_at - s->reminder[i] <= now)
			k = i;
	return k;
}

bool
dl_passed(const struct meta *m, const struct dl_settings *s, time_t now)
{
	return !stopped(m) && now >= m->deadline_at + s->grace;
}

void
dl_absence_added(struct meta *m, int seat, int owner, const struct meta_period *p,
		 time_t now)
{
	struct meta_seat before;
	int k = 0;

	if (seat != owner || seat < 0 || seat >= m->nseats || stopped(m) ||
	    m->deadline_at <= now)
		return;
	before = m->seat[seat]; /* the absences deadline_at counts already */
	for (int i = 0; i < before.nabsences; i++)
		if (k < i || before.absence[i].from != p->from || before.absence[i].to != p->to)
			before.absence[k++] = before.absence[i];
	before.nabsences = k;
	m->deadline_at = dl_deadline_from(&m->seat[seat], now,
					  dl_seat_time(&before, now, m->deadline_at));
}

/* ---- how mails write a deadline ---- */

void
dl_format_utc(time_t t, char *buf, size_t n)
{
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL || strftime(buf, n, "%A %d %B %Y %H:%M UTC", &tm) == 0)
		snprintf(buf, n, "%lld (seconds since 1970, UTC)", (long long)t);
}

bool
dl_zone_known(const char *zone)
{
	char path[256];
	struct stat st;

	if (zone[0] == '\0' || zone[0] == '/' || zone[0] == '.' || strstr(zone, "..") ||
	    strspn(zone, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_+-") !=
		    strlen(zone))
		return false;
	snprintf(path, sizeof(path), "/usr/share/zoneinfo/%s", zone);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* localtime_r under a TZ set for the call (the host is single-threaded). */
void
dl_format_local(time_t t, const char *zone, char *buf, size_t n)
{
	const char *old = getenv("TZ");
	char *saved = old ? strdup(old) : NULL;
	struct tm tm;
	bool ok;

	buf[0] = '\0';
	if (!dl_zone_known(zone) || (old && !saved))
		return;
	setenv("TZ", zone, 1);
	tzset();
	ok = localtime_r(&t, &tm) != NULL && strftime(buf, n, "%A %d %B %Y %H:%M %Z", &tm) > 0;
	if (saved)
		setenv("TZ", saved, 1);
	else
		unsetenv("TZ");
	tzset();
	free(saved);
	if (ok)
		snprintf(buf + strlen(buf), n - strlen(buf), " (%s)", zone);
	else
		buf[0] = '\0';
}
