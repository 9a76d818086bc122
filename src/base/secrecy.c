/* Secret files closed to everyone else (secrecy.h). */
#include <stdio.h>
#include <unistd.h>

#include "secrecy.h"

int
secrecy_check(const struct stat *st, const char *path, const char *noun, char *why,
	      size_t n)
{
	/* the effective uid: the one the kernel checks when the file is read */
	long me = (long)geteuid();

	if (st->st_uid != 0 && (long)st->st_uid != me) {
		snprintf(why, n,
			 "%s belongs to uid %ld, not to the user carcpbem runs as (uid %ld): "
			 "a %s must be that user's own; run chown %ld %s",
			 path, (long)st->st_uid, me, noun, me, path);
		return -1;
	}
	if (st->st_mode & (S_IRWXG | S_IRWXO)) {
		snprintf(why, n,
			 "%s is open to group or others (mode %04o): a %s must be private; "
			 "run chmod 600 %s",
			 path, (unsigned)(st->st_mode & 07777), noun, path);
		return -1;
	}
	return 0;
}
