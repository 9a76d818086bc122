/* Opening key files safely (key_open.c): a FIFO, a device or a huge file
 * named as a key must be refused at once, not read for ever. */
#ifndef CARC_KEY_OPEN_H
#define CARC_KEY_OPEN_H

#include <stddef.h>

#include "turn.h"

enum {
	KEY_OPEN_SECRET = 1 /* no symlink; the user's own (or root's), mode 0600 */
};

/* Opens path for reading: a regular file of at most max bytes, opened
 * without blocking; the fd, or -1 with err (TURN_FAIL). */
int key_open(const char *path, int flags, size_t max, struct turn_error *err);

#endif
