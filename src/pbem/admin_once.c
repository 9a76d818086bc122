/* A host command by signed mail is carried out once (admin.h,
 * admin_command_mailed): its record names its command id, the history
 * is searched for that id under the history's lock before anything is
 * written (docs/mail.md, "Host commands by mail"). */
#include <stdio.h>
#include <string.h>

#include "admin_impl.h"
#include "hostrec.h"

void
admin_record_text(struct admin_job *a, const struct gamefile *gf,
		  const struct history_record *r)
{
	const struct admin_cmd *c = admin_find(r->command);
	struct admin_job b = *a;

	b.shown = &a->meta;
	b.seat = -1;
	b.notice = false;
	if (c == NULL || r->nargs != c->nargs || meta_time_parse(r->time, &b.now) < 0)
		return;
	c->meta(&b, gf, r); /* on the copy: a->meta has the change already */
	memcpy(a->what, b.what, sizeof(a->what));
	memcpy(a->detail, b.detail, sizeof(a->detail));
	a->notice = b.notice;
}

int
admin_once_check(const struct admin_mailed *m, const struct history *h, const char *verb,
		 const struct history_record **done, struct turn_error *err)
{
	(void)verb;
	(void)err;
	return (*done = history_find_command(h, m->id)) != NULL;
}

void
admin_once_mark(const struct admin_mailed *m, struct history_record *r)
{
	snprintf(r->command_id, sizeof(r->command_id), "%s", m->id);
	history_time(m->date, r->command_date);
}
