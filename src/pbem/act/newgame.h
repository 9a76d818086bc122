/* A new game's directory and checks, shared by carcpbem new (src/cli)
 * and the mailed host command CREATE (process_host.c). */
#ifndef CARC_NEWGAME_H
#define CARC_NEWGAME_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "config.h"
#include "gamefile.h"
#include "key.h"

/* The players' names: each valid, no two alike (any case). 0, or -1
 * with why. */
int newgame_check_names(char *const *names, int n, char *why, size_t nwhy);
/* seat_check.c: an address a seat may be given: one mailbox as the mail
 * composer reads it (mail_address_check), one a game file takes, and not
 * the host's own (cfg's from). 0, or -1 with why. */
int newgame_check_address(const struct config *cfg, const char *addr, char *why, size_t n);
/* A key a seat may be given: not the host's key, not one of admin-keys
 * (a seat's signed commands would be taken for the host's, and the host
 * could play the seat). 0, or -1 with why. */
int newgame_check_key(const struct config *cfg, const uint8_t pk[KEY_BYTES], char *why,
		      size_t n);
/* Every seat of gf: its address and key as above, no two addresses alike
 * (any case). 0, or -1 with why naming the seat. */
int newgame_check_seats(const struct config *cfg, const struct gamefile *gf, char *why,
			size_t n);
/* The host's public key for a new game, asked for once the game's
 * directory is there (the key is made in the spool when missing): 1 and
 * pk set, 0 for a game without one, -1 with why. */
typedef int (*newgame_host_fn)(void *ctx, uint8_t *pk, char *why, size_t nwhy);
/* Makes the game directory dir for gf: state.json and history.jsonl with
 * its created record, naming the key host gives (if any) as the key of
 * its host records. A directory made in part is removed again. 0, or -1
 * with why. */
int newgame_dir(const char *dir, struct gamefile *gf, newgame_host_fn host, void *ctx,
		time_t now, char *why, size_t nwhy);

#endif
