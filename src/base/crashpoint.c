/* Crash points for the exactly-once tests (crashpoint.h). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "crashpoint.h"

void
crashpoint(const char *where)
{
	static long reached; /* per process, like the tests count them */
	const char *at = getenv("CARCPBEM_CRASH_AT");
	const char *log = getenv("CARCPBEM_CRASH_LOG");

	if (at == NULL && log == NULL)
		return;
	reached++;
	if (log != NULL) {
		FILE *fp = fopen(log, "a");
		if (fp != NULL) {
			fprintf(fp, "%ld %s\n", reached, where);
			fclose(fp);
		}
	}
	if (at != NULL && strtol(at, NULL, 10) == reached) {
		fflush(NULL);
		raise(SIGKILL);
	}
}
