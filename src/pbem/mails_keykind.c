/* The kind of key a seat signs its turns with, which decides the
 * commands its mails print: carcpbem's own, or OpenSSH's ssh-keygen. */
#include "mails.h"

bool
mails_seat_ssh(const struct gamefile *gf, int seat)
{
	(void)gf;
	(void)seat;
	return false; /* until the game file records SSH keys */
}
