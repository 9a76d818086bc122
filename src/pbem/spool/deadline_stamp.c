/* SPOOL/clock's stamps and the jumps they show (deadline_stamp.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deadline.h"
#include "deadline_stamp.h"

bool
dl_time_plausible(long long t)
{
	return t > 0 && t <= DL_TIME_MAX;
}

/* A decimal number at *s (spaces before it skipped): true, *s past it;
 * false when there is none or it does not fit a long long. */
static bool
number(const char **s, long long *v)
{
	char *end;

	while (**s == ' ' || **s == '\t')
		(*s)++;
	if ((**s < '0' || **s > '9') && **s != '-')
		return false;
	errno = 0;
	*v = strtoll(*s, &end, 10);
	if (errno == ERANGE || end == *s)
		return false;
	*s = end;
	return true;
}

static bool
at_end(const char *s)
{
	return s[strspn(s, " \t\r\n")] == '\0';
}

int
dl_times_parse(const char *text, long long *t, int max)
{
	const char *s = text;
	int n = 0;

	while (n < max && !at_end(s)) {
		if (!number(&s, &t[n]) || !dl_time_plausible(t[n]))
			return -1;
		n++;
	}
	return at_end(s) ? n : -1;
}

/* " BOOT UP" at s: true with them in st. */
static bool
boot_part(const char *s, struct dl_stamp *st)
{
	size_t k;

	s += strspn(s, " \t");
	k = strspn(s, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-");
	if (k == 0 || k >= sizeof(st->boot) || (s[k] != ' ' && s[k] != '\t'))
		return false;
	memcpy(st->boot, s, k);
	st->boot[k] = '\0';
	s += k;
	return number(&s, &st->up) && st->up >= 0 && st->up <= DL_TIME_MAX && at_end(s);
}

bool
dl_stamp_parse(const char *text, struct dl_stamp *s)
{
	const char *p = text;

	memset(s, 0, sizeof(*s));
	if (!number(&p, &s->wall) || !dl_time_plausible(s->wall) ||
	    (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r'))
		return false;
	if (!at_end(p) && !boot_part(p, s))
		s->boot[0] = '\0', s->up = 0; /* no evidence, the time still good */
	return true;
}

void
dl_stamp_format(const struct dl_stamp *s, char *buf, size_t n)
{
	if (s->boot[0])
		snprintf(buf, n, "%lld %s %lld\n", s->wall, s->boot, s->up);
	else
		snprintf(buf, n, "%lld\n", s->wall);
}

static bool
same_boot(const struct dl_stamp *a, const struct dl_stamp *b)
{
	return a->boot[0] && strcmp(a->boot, b->boot) == 0 && b->up >= a->up;
}

bool
dl_jumped(const struct dl_stamp *last, const struct dl_stamp *now, long long *from)
{
	long long wall, real, drift;

	if (!dl_time_plausible(last->wall) || !dl_time_plausible(now->wall))
		return false;
	wall = now->wall - last->wall; /* both plausible: no overflow */
	if (same_boot(last, now) && (real = now->up - last->up) <= DL_JUMP_FORWARD) {
		drift = wall - real;
		*from = now->wall - drift;
		return drift > DL_DRIFT || drift < -DL_DRIFT;
	}
	*from = last->wall;
	return wall < -DL_JUMP_BACK || wall > DL_JUMP_FORWARD;
}
