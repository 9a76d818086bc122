/* The host's signing key (docs/carcpbem.conf.5, host-key). */
#ifndef CARC_HOSTKEY_H
#define CARC_HOSTKEY_H

#include <stddef.h>

#include "config.h"
#include "key.h"

/* Reads cfg's host key, making it (and its .pub beside it) when the file
 * is missing. key_wipe it after use. 0, or -1 with why. */
int pbem_host_key(const struct config *cfg, struct seckey *k, char *why, size_t n);

#endif
