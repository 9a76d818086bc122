/* Inside the carrying out of the host's commands (admin/). */
#ifndef CARC_ADMIN_IMPL_H
#define CARC_ADMIN_IMPL_H

#include "admin.h"
#include "hostcmd.h"

/* Carries out c (arguments counted already): admin_command's work. */
int admin_run(struct pbem *p, const char *game, const struct admin_cmd *c, int argc,
	      char *const argv[], const char *by, const struct admin_mailed *m, char *out,
	      size_t nout, char *why, size_t n);
/* A mailed command m against the history h, under its lock: 1 when a
 * record has its id (*done), 0 when it is to be carried out, -1 when it
 * is refused (err: out of order). */
int admin_once_check(const struct admin_mailed *m, const struct history *h,
		     const char *verb, const struct history_record **done,
		     struct turn_error *err);
/* r's command_id and command_date from m. */
void admin_once_mark(const struct admin_mailed *m, struct history_record *r);

#endif
