/* Rule modules by name: the ids a game is created with (`--with`, the
 * game file's rules keys), and which combinations of them may be played.
 * The data lives in one table in module_id.c; the modules' own code
 * (hooks, steps) lives elsewhere. */
#ifndef CARC_MODULE_ID_H
#define CARC_MODULE_ID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The order is part of the interface: a game's `with` has bit 1 << id. */
enum module_id {
	MOD_RIVER,
	MOD_RIVER2,
	MOD_GQ11,
	MOD_CATHARS,
	MOD_KING_ROBBER,
	MOD_COUNT,
	MOD_ABBEY_MAYOR,
	MOD_TRADERS_BUILDERS,
	MOD_PRINCESS_DRAGON,
	MOD_TOWER,
	MOD_GIFTS,
	MOD_ABBOT,
	MOD_INNS_CATHEDRALS,
	MODULE_COUNT
};

#define MODULE_BIT(id) ((uint32_t)1 << (id))
#define MODULE_ALL (MODULE_BIT(MODULE_COUNT) - 1)

struct module_info {
	const char *name;    /* `--with` word and game-file key: "river2" */
	const char *title;   /* "River II" */
	const char *rules;   /* RULES.md section id: "RIVER2" */
	const char *tileset; /* its tile set in the catalogue, or NULL */
	bool playable;       /* false: refused as not yet playable */
	uint8_t min_players; /* 0: no bound of its own */
	uint8_t max_players; /* 0: none; 6 raises the base game's 5 (UN-03) */
	uint8_t cap_players; /* 0: none; its pieces exist for this many colours */
};

struct rules_options;
struct rules_error;

const struct module_info *module_info(int id);
/* The id of a module name, or -1. */
int module_find(const char *name);
/* "river2,cathars" into bits added to *with; -1 with the reason in why
 * (an unknown name, with the known ones or the section it belongs to). */
int module_parse_list(const char *list, uint32_t *with, char *why, size_t n);
/* "river, abbot" (names of with's modules, in id order); "" for none. */
void module_names(uint32_t with, const char *sep, char *buf, size_t n);
/* The tile sets in play ("base" and the enabled modules'), for
 * catalog_copies; sets holds MODULE_COUNT + 1. */
int module_played_sets(const struct rules_options *opt, const char **sets);
/* Copies of a tile type in a game with these options (catalog_copies:
 * its set's, what sets in play bring or remove; catalog.c). */
struct catalog;
int module_tile_copies(const struct catalog *cat, const struct rules_options *opt, int type);
/* Whether a tile set of the catalogue is in play with these options. */
bool module_set_enabled(const struct rules_options *opt, const char *set);
/* Who brings a tile set: SET_OWNER_BASE, a module id, or SET_OWNER_NONE
 * (no module). Found once per tile type when the catalogue loads
 * (tile_type.set_owner), so that a new game tests bits, not names. */
#define SET_OWNER_BASE (-1)
#define SET_OWNER_NONE (-2)
int module_set_owner(const char *set);
/* module_set_enabled for a set's owner. */
bool module_owner_enabled(const struct rules_options *opt, int owner);
/* Refuses what cannot be played: a module not yet playable, a forbidden
 * or not yet playable combination, a player count outside the enabled
 * modules' limits. The error names the rule that forbids it. */
int module_check(const struct rules_options *opt, int nplayers, struct rules_error *err);
/* The combination part of module_check alone (tests reach it before the
 * modules themselves are playable). */
int module_combo_check(uint32_t with, struct rules_error *err);
/* The player limits of these options (BASE-COMP-3, UN-03). */
void module_player_limits(const struct rules_options *opt, int *min, int *max);
/* Keeps opt->river/opt->abbot and the bits of opt->with the same: each
 * side turns on what the other has on. */
void module_sync(struct rules_options *opt);
/* Turns one module on or off, keeping the short-form fields in step. */
void module_set(struct rules_options *opt, int id, bool on);
bool module_on(const struct rules_options *opt, int id);

#endif
