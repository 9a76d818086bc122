/* Declarations shared by the gamefile_*.c files; not for other layers. */
#ifndef CARC_GAMEFILE_IMPL_H
#define CARC_GAMEFILE_IMPL_H

#include "gamefile.h"

/* Fills err (if not NULL) and returns -1. */
int gf_fail(struct gf_error *err, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Player names: each valid, no two alike whatever the case. */
int gf_check_names(const char *const *names, int n, struct gf_error *err);
struct gamefile *gf_alloc(const struct catalog *cat);
/* Creates gf->game from gf->setup, gf->order and gf->norder. */
int gf_start(struct gamefile *gf, struct gf_error *err);

#endif
