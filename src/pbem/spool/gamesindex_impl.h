/* Shared by gamesindex.c and gamesindex_load.c. */
#ifndef CARC_GAMESINDEX_IMPL_H
#define CARC_GAMESINDEX_IMPL_H

#include <stddef.h>

#include "applog.h"
#include "gamesindex.h"

#define GAMESINDEX_TAG "carcpbem-games"

/* The log l (locked, open) rewritten with each game's last line; with
 * out, its entries parsed into it too. 0, or -1 with why. */
int gi_compact(struct applog *l, struct gi_list *out, char *why, size_t n);

#endif
