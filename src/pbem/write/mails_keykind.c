/* The kind of key a seat signs its turns with, which decides the
 * commands its mails print: carcpbem's own, or OpenSSH's ssh-keygen. */
#include "mails.h"

bool
mails_seat_ssh(const struct gamefile *gf, int seat)
{
	return seat >= 0 && seat < gf->nplayers && gf->has_key[seat] &&
	       gf->key_kind[seat] == GF_KEY_SSH;
}
