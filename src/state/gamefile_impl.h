/* Declarations shared by the src/state files; not for other layers. */
#ifndef CARC_GAMEFILE_IMPL_H
#define CARC_GAMEFILE_IMPL_H

#include "gamefile.h"

/* Fills err (if not NULL) and returns -1. */
int gf_fail(struct gf_error *err, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Player names: each valid, no two alike whatever the case. */
int gf_check_names(const char *const *names, int n, struct gf_error *err);
struct gamefile *gf_alloc(const struct catalog *cat);
/* Creates gf->game from gf->setup and gf->bag. */
int gf_start(struct gamefile *gf, struct gf_error *err);
/* A blind replay's (a view's) first entry of drawn that its pile could
 * not give, as an error at that path; 0 when there is none. */
int gf_check_log(const struct gamefile *gf, struct gf_error *err);
/* Replays one action text at JSON path (loading, truncating). */
int gf_replay_action(struct gamefile *gf, const char *text, const char *path,
		     struct gf_error *err);
/* The multiset of tiles a shuffled bag holds under gf's rules and start
 * tile: counts[type] (ntypes entries; free() it), or NULL. */
int *gf_bag_counts(const struct gamefile *gf, struct gf_error *err);

/* The public part of the document: every key but format, version, view,
 * state_hash and the secrets, in document order. The state hash is the
 * hash of this object. */
json_t *gf_public_core(const struct gamefile *gf);
/* BLAKE2b-256 of the canonical text of the public core. */
int gf_core_hash(json_t *core, uint8_t out[GF_HASH_BYTES]);
/* The same for gf's core, from gf->memo when gf is as it was when last
 * hashed. */
int gf_state_hash_bytes(const struct gamefile *gf, uint8_t out[GF_HASH_BYTES]);
/* gf's public core and its hash, built once a state (gf->memo): a new
 * reference to a value shared with every view of this state, which no one
 * may change; NULL when out of memory. */
json_t *gf_shared_core(const struct gamefile *gf, uint8_t hash[GF_HASH_BYTES]);
/* A module's field as JSON: its number, or its list of numbers. */
json_t *gf_field_json(const struct rules_field *f);
/* The tiles drawn as viewer (-1: the public) may see them: GF_TILE_UNSEEN
 * for a tile drawn in secret that is not viewer's to see. */
#define GF_TILE_UNSEEN "?"
json_t *gf_drawn_json(const struct game *g, int viewer);

/* A given bag's tiles (a view cannot count them from the tile sets) are
 * in fair_draw.tiles once a view needs them: when tiles went back or
 * hidden information may count a tile twice in drawn and remaining. */
bool gf_given_tiles_shown(const struct gamefile *gf);
/* {"tile id": copies} of n tiles. */
json_t *gf_counts_json(const struct catalog *cat, const int *tiles, int n);

/* gamefile_secret.c: the modules' secrets of players. */
/* Whether viewer sees a tile drawn that the public does not. */
bool gf_sees_more(const struct game *g, int viewer);
/* {"module": {"key": n or [n...]}} of seat's secret fields, or NULL
 * (*ok still true) when no module keeps any. */
json_t *gf_seat_secrets_json(const struct game *g, int seat, bool *ok);
/* The host's: {"module": {"player": {...}}}, or NULL when none. */
json_t *gf_host_secrets_json(const struct gamefile *gf, bool *ok);
/* After the replay: the host view's secret.modules must be the game's;
 * a player view's you.secret goes to the modules (secret_load) and must
 * then be the game's. */
int gf_load_secrets(json_t *root, struct gamefile *gf, struct gf_error *err);

/* Names of the core's keys, in document order (NULL-terminated). */
extern const char *const gf_core_keys[];

#endif
