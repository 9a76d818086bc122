/* A game directory's "mailed" mark (mailed.c): the last record of its
 * history whose mails were queued, and the inbox message that applied it
 * (docs/mail.md, "Exactly once"). */
#ifndef CARC_MAILED_H
#define CARC_MAILED_H

#include "gamedir.h"

#define MAILED_KEY_LEN 26 /* an inbox message's key, as in its mails' names */

/* games/ID/mailed: the last record whose mails were queued, and the
 * inbox message that applied it. */
int mailed_read(const struct gamedir *gd, long *record, char key[MAILED_KEY_LEN + 1]);
int mailed_write(const struct gamedir *gd, long record, const char *key);

#endif
