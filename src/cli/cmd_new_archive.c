/* The signed-game side of carcpbem new: players' public keys and
 * addresses, and the game directory (state.json and history.jsonl) a
 * signed game lives in. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "act.h"
#include "apply.h"
#include "cli.h"
#include "hostkey.h"
#include "gamedir.h"
#include "key.h"
#include "loop.h"
#include "message.h"
#include "newgame.h"
#include "pbem.h"

enum { OPT_KEY = 600, OPT_ADDRESS, OPT_SPOOL, OPT_DIR, OPT_ID, OPT_NO_MAIL };

const struct cli_opt new_archive_opts[] = {
	{OPT_KEY, "key", 0, "[NAME=]PUBKEY",
	 "register NAME's public key (a file as carcpbem keygen\n"
	 "writes); without NAME=, each key line's name is a\n"
	 "player's; every player needs one with --spool/--dir"},
	{OPT_ADDRESS, "address", 0, "NAME=ADDRESS", "NAME's mail address (host only)"},
	{OPT_SPOOL, "spool", 0, "DIR",
	 "make a game directory DIR/games/ID for signed turns"},
	{OPT_DIR, "dir", 0, "DIR", "make the game directory DIR for signed turns"},
	{OPT_ID, "id", 0, "ID", "the game's id (default: from the seed)"},
	{'c', "config", 'c', "FILE",
	 "the host's config (carcpbem.conf(5)): the game goes\n"
	 "into its spool (unless --spool) and the start is\n"
	 "mailed from its address"},
	{OPT_NO_MAIL, "no-mail", 0, NULL,
	 "do not mail the players the start (a game in a\n"
	 "spool with addresses is mailed by default)"},
	{0, NULL, 0, NULL, NULL},
};

int
new_archive_opt(int id, const char *arg, struct new_archive *na)
{
	switch (id) {
	case OPT_KEY:
		if (na->nkey == NEW_ARCHIVE_MAX)
			return -1;
		na->key[na->nkey++] = arg;
		return 1;
	case OPT_ADDRESS:
		if (na->naddress == NEW_ARCHIVE_MAX)
			return -1;
		na->address[na->naddress++] = arg;
		return 1;
	case OPT_SPOOL:
		na->spool = arg;
		return 1;
	case OPT_DIR:
		na->dir = arg;
		return 1;
	case OPT_ID:
		na->id = arg;
		return 1;
	case 'c':
		na->config = arg;
		return 1;
	case OPT_NO_MAIL:
		na->no_mail = true;
		return 1;
	default:
		return 0;
	}
}

/* "NAME=rest" where NAME is a player: the seat, and rest in *rest. */
static int
named(const struct gamefile *gf, const char *arg, const char **rest)
{
	const char *eq = strchr(arg, '=');
	char name[GF_NAME_LEN + 1];

	if (eq == NULL || eq - arg > GF_NAME_LEN)
		return -1;
	snprintf(name, sizeof(name), "%.*s", (int)(eq - arg), arg);
	*rest = eq + 1;
	return gamefile_player(gf, name);
}

/* One key a seat, never replaced: a second --key for a seat is a
 * mistake or an attempt to take it. Each seat's key id is printed, for
 * the players to check. */
static int
set_key(struct gamefile *gf, int p, const struct pubkey *k, const char *arg)
{
	struct gf_error e = {0};
	char id[KEY_ID_HEX + 1];

	if (p < 0) {
		cli_error("--key %s: the key is named %s, which is no player's name: "
			  "write --key NAME=%s",
			  arg, k->label, arg);
		return -1;
	}
	key_id(gf->key[p], id);
	if (gf->has_key[p]) {
		cli_error("--key %s: %s has a key already (%s): give one key a player",
			  arg, gf->name[p], id);
		return -1;
	}
	if (key_register(gf, p, k, &e) < 0) {
		cli_error("--key %s: %s", arg, e.text);
		return -1;
	}
	key_id(k->pk, id);
	cli_say(stdout, "Key of %s: %s (from %s)\n", gf->name[p], id, arg);
	return 0;
}

static int
add_keys(struct gamefile *gf, const char *arg)
{
	struct turn_error err = {0};
	struct pubkey k;
	const char *file = arg;
	int p = named(gf, arg, &file);

	if (p < 0)
		file = arg;
	if (key_load_seat(file, p >= 0 ? gf->name[p] : NULL, &k, &err) < 0) {
		cli_error("--key: %s", err.text);
		return -1;
	}
	return set_key(gf, p >= 0 ? p : gamefile_player(gf, k.label), &k, arg);
}

static int
add_address(struct gamefile *gf, const char *arg)
{
	struct gf_error e = {0};
	char why[300];
	const char *addr;
	int p = named(gf, arg, &addr);

	if (p < 0) {
		cli_error("--address %s: write NAME=ADDRESS, NAME a player's name", arg);
		return -1;
	}
	if (mail_address_check(addr, false, why, sizeof(why)) < 0) {
		cli_error("--address %s: %s", arg, why);
		return -1;
	}
	if (gamefile_set_address(gf, p, addr, &e) < 0) {
		cli_error("--address %s: %s", arg, e.text);
		return -1;
	}
	return 0;
}

static int
check_keys(const struct gamefile *gf, const struct new_archive *na)
{
	bool any = false;

	for (int p = 0; p < gf->nplayers; p++)
		any |= gf->has_key[p];
	if (any && !na->spool && !na->dir) {
		cli_error("--key: signed turns are applied to a game directory: add "
			  "--spool DIR or --dir DIR");
		return -1;
	}
	for (int p = 0; p < gf->nplayers && (na->spool || na->dir); p++)
		if (!gf->has_key[p]) {
			cli_error(
			    "%s has no key: a game directory takes signed turns only; "
			    "add --key %s=PUBKEY (carcpbem keygen makes one)",
			    gf->name[p], gf->name[p]);
			return -1;
		}
	return 0;
}

/* A game in a spool, against its host: no address the host's own or
 * two seats', no key the host's or an admin's (newgame.h). */
static int
check_seats(const struct gamefile *gf, const struct new_archive *na)
{
	char why[600];
	struct config c;

	if (na->spool == NULL)
		return 0;
	if (cli_config(na->config, na->spool, &c) < 0)
		return -1;
	if (newgame_check_seats(&c, gf, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return -1;
	}
	return 0;
}

int
new_archive_setup(struct gamefile *gf, const struct new_archive *na)
{
	struct gf_error e = {0};

	if (na->id && gamefile_set_id(gf, na->id, &e) < 0) {
		cli_error("--id: %s", e.text);
		return -1;
	}
	for (int i = 0; i < na->nkey; i++)
		if (add_keys(gf, na->key[i]) < 0)
			return -1;
	for (int i = 0; i < na->naddress; i++)
		if (add_address(gf, na->address[i]) < 0)
			return -1;
	return check_keys(gf, na) < 0 ? -1 : check_seats(gf, na);
}

struct host_ask {
	const struct gamefile *gf;
	const struct new_archive *na;
};

/* A game by mail (in a spool, with addresses) names the host's key in
 * its created record; the key is made when missing (hostkey.c). */
static int
host_public_key(void *ctx, uint8_t *pk, char *why, size_t n)
{
	const struct host_ask *h = ctx;
	struct seckey k;
	struct config c;
	int naddr = 0;

	for (int i = 0; i < h->gf->nplayers; i++)
		naddr += h->gf->address[i] != NULL;
	if (h->na->dir || naddr == 0)
		return 0;
	if (cli_config(h->na->config, h->na->spool, &c) < 0)
		return snprintf(why, n, "cannot read the host's config"), -1;
	if (pbem_host_key(&c, &k, why, n) < 0)
		return -1;
	memcpy(pk, k.pk, KEY_BYTES);
	key_wipe(&k);
	return 1;
}

int
new_archive_create(struct gamefile *gf, const struct new_archive *na, char *where,
		   size_t n)
{
	struct host_ask h = {gf, na};
	char dir[GAMEDIR_PATH], why[1200];

	if (na->dir)
		snprintf(dir, sizeof(dir), "%s", na->dir);
	else if (snprintf(dir, sizeof(dir), "%s/games/%s", na->spool, gf->id) >=
		 (int)sizeof(dir)) {
		cli_error("%s: the path is too long", na->spool);
		return -1;
	}
	if (newgame_dir(dir, gf, host_public_key, &h, cli_now(), why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return -1;
	}
	snprintf(where, n, "%s", dir);
	return 0;
}

/* The start's mails out now, as the mail loop sends them: only under the
 * spool's lock (two flushes at once would send a mail twice). While the
 * loop holds the spool they wait in the queue for its pass, which a
 * daemon is asked for at once (SIGUSR1). */
static void
send_start(struct pbem *p, int naddr)
{
	struct pbem_stats st = {0};
	struct pbem_lock_holder who;
	char why[600];
	int fd = pbem_lock(p->cfg.spool, why, sizeof(why));

	if (fd == -2 && pbem_lock_holder(p->cfg.spool, &who) == 0 &&
	    strcmp(who.role, "daemon") == 0 && kill((pid_t)who.pid, SIGUSR1) == 0)
		cli_say(stdout, "The start is queued; the daemon (pid %ld) sends it now.\n",
			who.pid);
	else if (fd == -2)
		cli_say(stdout, "The start is queued in %s; the mail loop at work on the "
			"spool sends it.\n", p->queue);
	else if (fd < 0 || pbem_flush(p, true, &st) < 0)
		cli_error("%s%sthe start is queued in %s; it goes out with the next run",
			  fd < 0 ? why : "", fd < 0 ? ": " : "", p->queue);
	else
		cli_say(stdout, "Mailed the start to %d player%s.\n", naddr, naddr == 1 ? "" : "s");
	if (fd >= 0)
		close(fd);
}

int
new_archive_announce(const struct gamefile *gf, const struct new_archive *na,
		     const char *where)
{
	struct gf_error e = {"", ""};
	struct gamedir gd;
	struct config c;
	struct pbem p;
	char why[600];
	int naddr = 0, r;

	for (int i = 0; i < gf->nplayers; i++)
		naddr += gf->address[i] != NULL;
	if (na->dir || na->no_mail || naddr == 0)
		return 0;
	if (cli_config(na->config, na->spool, &c) < 0)
		return -1;
	if (gamedir_of(where, &gd, &e) < 0 || pbem_open(&p, &c, gf->cat, why, sizeof(why)) < 0) {
		cli_error("%s", e.text[0] ? e.text : why);
		return -1;
	}
	p.quiet = true;
	if ((r = pbem_announce(&p, &gd, gf, why, sizeof(why))) < 0)
		cli_error("%s", why);
	else
		send_start(&p, naddr);
	pbem_close(&p);
	return r < 0 ? -1 : 1;
}
