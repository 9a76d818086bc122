/* issue 24.1: the secrecy check of the shared base (secrecy.h), one for
 * secret keys and password files: a file open to group or others, or
 * another user's, is refused with what is wrong and the command that
 * fixes it; the owner's own (or root's) private file passes. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "secrecy.h"
#include "tap.h"

static struct stat
file_stat(uid_t uid, mode_t mode)
{
	struct stat st;

	memset(&st, 0, sizeof(st));
	st.st_uid = uid;
	st.st_mode = S_IFREG | mode;
	return st;
}

static void
test_modes(void)
{
	static const unsigned refused[] = {0640, 0604, 0620, 0602, 0610, 0601, 0644, 0666, 0770};
	char why[400], want[400];
	struct stat st;

	st = file_stat(geteuid(), 0600);
	is_int(secrecy_check(&st, "a.key", "secret key", why, sizeof(why)), 0, "0600 passes");
	st = file_stat(geteuid(), 0400);
	is_int(secrecy_check(&st, "a.key", "secret key", why, sizeof(why)), 0, "0400 passes");
	st = file_stat(0, 0600);
	is_int(secrecy_check(&st, "a.key", "secret key", why, sizeof(why)), 0,
	       "root's file passes");
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		st = file_stat(geteuid(), refused[i]);
		is_int(secrecy_check(&st, "a.key", "secret key", why, sizeof(why)), -1,
		       "mode %04o refused", refused[i]);
		snprintf(want, sizeof(want),
			 "a.key is open to group or others (mode %04o): a secret key must be "
			 "private; run chmod 600 a.key",
			 refused[i]);
		is_str(why, want, "the message names the mode and says chmod 600 FILE");
	}
	st = file_stat(geteuid(), 0644);
	secrecy_check(&st, "/etc/pw", "password file", why, sizeof(why));
	is_str(why,
	       "/etc/pw is open to group or others (mode 0644): a password file must be "
	       "private; run chmod 600 /etc/pw",
	       "the same words for a password file");
}

static void
test_owner(void)
{
	char why[400], want[400];
	uid_t other = geteuid() == 65534 ? 65533 : 65534;
	struct stat st = file_stat(other, 0600);

	is_int(secrecy_check(&st, "pw", "password file", why, sizeof(why)), -1,
	       "another user's file refused");
	snprintf(want, sizeof(want),
		 "pw belongs to uid %ld, not to the user carcpbem runs as (uid %ld): a "
		 "password file must be that user's own; run chown %ld pw",
		 (long)other, (long)geteuid(), (long)geteuid());
	is_str(why, want, "the message names both users and says chown");
	st = file_stat(other, 0644);
	secrecy_check(&st, "pw", "password file", why, sizeof(why));
	ok(strstr(why, "belongs to uid") != NULL, "the owner is said first");
}

/* A message cut to fit why stays a string. */
static void
test_short(void)
{
	char why[16];
	struct stat st = file_stat(geteuid(), 0644);

	is_int(secrecy_check(&st, "a.key", "secret key", why, sizeof(why)), -1, "refused");
	is_int((long long)strlen(why), 15, "cut to the room given");
}

int
main(void)
{
	test_modes();
	test_owner();
	test_short();
	return done_testing();
}
