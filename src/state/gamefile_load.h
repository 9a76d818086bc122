/* The steps of reading a game document, shared by gamefile_load.c,
 * gamefile_bag.c and gamefile_check.c; not for other layers. */
#ifndef CARC_GAMEFILE_LOAD_H
#define CARC_GAMEFILE_LOAD_H

#include "gamefile_impl.h"

/* The catalogue index of the tile id v, usable with gf's rules. */
int gf_tile_at(const struct gamefile *gf, json_t *v, const char *path,
	       struct gf_error *err);
/* The bag: the secret one (host view) or the tiles drawn and the counts of
 * those left (other views); checked against the tile sets and, in the
 * host view, the commitment and the shuffle. */
int gf_load_bag(json_t *root, struct gamefile *gf, struct gf_error *err);
/* The form of the stored state (players' scores and supplies, board,
 * figures, decision): types, ranges, references. */
int gf_check_form(json_t *root, const struct gamefile *gf, struct gf_error *err);
/* The stored state is the replayed one, and the state hash is its hash. */
int gf_check_replayed(json_t *root, const struct gamefile *gf, struct gf_error *err);
/* What the view adds: "you" (player), "archive" (host). */
int gf_load_extras(json_t *root, struct gamefile *gf, struct gf_error *err);

#endif
