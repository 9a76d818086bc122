/* One inbox message's job (process_impl.h): the problems its answer
 * lists, the game it is about, a failure that leaves it for a later
 * pass; what every file of the loop notes on it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "process_impl.h"

void
job_problem(struct job *j, const char *fix, const char *fmt, ...)
{
	size_t used = strlen(j->what);
	va_list ap;

	if (used > 0 && used + 2 < sizeof(j->what))
		strcat(j->what, "\n\n"), used += 2;
	va_start(ap, fmt);
	vsnprintf(j->what + used, sizeof(j->what) - used, fmt, ap);
	va_end(ap);
	if (fix != NULL)
		j->fix = fix;
}

void
job_context(struct job *j, struct gamefile *gf)
{
	if (j->context != NULL && j->context != gf)
		gamefile_free(j->context);
	j->context = gf;
}

void
job_fail(struct job *j, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(j->st->error, sizeof(j->st->error), fmt, ap);
	va_end(ap);
	pbem_log(j->p, PBEM_ERR, "%s: %s (left in the inbox for the next run)", j->name,
		 j->st->error);
	j->temp_failure = true;
}
