/* A host command by signed mail is carried out once (admin.h,
 * admin_command_mailed): its record names its command id, the history
 * is searched for that id under the history's lock before anything is
 * written, and a command dated before the game's last command by mail is
 * refused as out of order (docs/mail.md, "Host commands by mail"). */
#include <stdio.h>
#include <string.h>

#include "admin_impl.h"
#include "hostrec.h"

/* The game's last record of a command by mail, or NULL. */
static const struct history_record *
last_mailed(const struct history *h)
{
	for (int i = h->n - 1; i >= 0; i--)
		if (h->rec[i].event == HISTORY_HOST && h->rec[i].command_date[0])
			return &h->rec[i];
	return NULL;
}

int
admin_once_check(const struct admin_mailed *m, const struct history *h, const char *verb,
		 const struct history_record **done, struct turn_error *err)
{
	const struct history_record *last;
	char date[HISTORY_TIME_LEN + 1];
	time_t t;

	if ((*done = history_find_command(h, m->id)) != NULL)
		return 1;
	if (!m->ordered || (last = last_mailed(h)) == NULL ||
	    meta_time_parse(last->command_date, &t) < 0 || m->date >= t)
		return 0;
	history_time(m->date, date);
	return terr(err, TURN_ILLEGAL,
		    "this %s is dated %s, before the %s dated %s that the host carried "
		    "out already (record %ld): host commands on a game are carried out "
		    "in the order they were made, and this one came late. If it is still "
		    "wanted after the %s, make it again with carcpbem command (it is "
		    "dated now) and mail that",
		    verb, date, last->command, last->command_date, last->seq, last->command);
}

void
admin_once_mark(const struct admin_mailed *m, struct history_record *r)
{
	snprintf(r->command_id, sizeof(r->command_id), "%s", m->id);
	history_time(m->date, r->command_date);
}
