/* What a seat may be given, checked alike wherever a seat is made or
 * given to someone (carcpbem new, CREATE and REPLACE by mail, carcpbem
 * admin replace), before anything is written (newgame.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "hostkey.h"
#include "mails.h"
#include "message.h"
#include "newgame.h"

#define ADMIN_KEYS_CHECKED 64

int
newgame_check_address(const struct config *cfg, const char *addr, char *why, size_t n)
{
	char host[sizeof(cfg->from)];

	if (mail_address_check(addr, false, why, n) < 0)
		return -1;
	if (strlen(addr) > GF_ADDRESS_LEN || strpbrk(addr, " \t<>,;\"") != NULL)
		return snprintf(why, n, "\"%.80s\" is not an address a game takes: at most "
				"%d characters, without blanks, quotes or <>,;", addr,
				GF_ADDRESS_LEN), -1;
	host_address(cfg->from, host, sizeof(host));
	if (strcasecmp(addr, host) == 0)
		return snprintf(why, n, "%s is the host's own address (the from setting): "
				"a seat needs its player's address", addr), -1;
	return 0;
}

int
newgame_check_key(const struct config *cfg, const uint8_t pk[KEY_BYTES], char *why,
		  size_t n)
{
	struct pubkey admin[ADMIN_KEYS_CHECKED];
	struct turn_error err = {0};
	struct seckey host;
	bool same;
	int na;

	/* no host key yet: the one made later is new, no seat's */
	if (access(cfg->host_key, F_OK) < 0 && errno == ENOENT)
		same = false;
	else if (pbem_host_key(cfg, &host, why, n) < 0)
		return -1;
	else {
		same = memcmp(host.pk, pk, KEY_BYTES) == 0;
		key_wipe(&host);
	}
	if (same)
		return snprintf(why, n, "that is the host's own key (host-key): a seat "
				"needs its player's key (carcpbem keygen makes one)"), -1;
	if (cfg->admin_keys[0] == '\0')
		return 0;
	if ((na = key_load_public(cfg->admin_keys, admin, ADMIN_KEYS_CHECKED, &err)) < 0)
		return snprintf(why, n, "%s", err.text), -1;
	for (int i = 0; i < na; i++)
		if (memcmp(admin[i].pk, pk, KEY_BYTES) == 0)
			return snprintf(why, n, "that is an admin key of this host (admin-keys): "
					"a seat needs its player's own key, or the seat's "
					"commands would be taken for the host's"), -1;
	return 0;
}

int
newgame_check_seats(const struct config *cfg, const struct gamefile *gf, char *why, size_t n)
{
	char w[500];

	for (int p = 0; p < gf->nplayers; p++) {
		const char *a = gf->address[p];
		if (a && newgame_check_address(cfg, a, w, sizeof(w)) < 0)
			return snprintf(why, n, "%s's address: %s", gf->name[p], w), -1;
		for (int q = 0; q < p && a; q++)
			if (gf->address[q] && strcasecmp(a, gf->address[q]) == 0)
				return snprintf(why, n, "%s and %s have the same address %s: each "
						"seat needs an address of its own",
						gf->name[q], gf->name[p], a), -1;
		if (gf->has_key[p] && newgame_check_key(cfg, gf->key[p], w, sizeof(w)) < 0)
			return snprintf(why, n, "%s's key: %s", gf->name[p], w), -1;
	}
	return 0;
}
