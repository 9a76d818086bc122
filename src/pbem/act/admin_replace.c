/* REPLACE SEAT KEY ADDRESS: a new person takes a seat. The record keeps
 * the seat's key and address before ("was"), so that replay starts the
 * game with the keys it was made with and the turns signed before still
 * check. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "hostcmd.h"
#include "hostrec.h"
#include "newgame.h"
#include "players_index.h"

/* KEY: a public key line, or (at the keyboard) a file holding one. */
static int
read_key(const char *arg, const char *name, struct pubkey *k, struct turn_error *err)
{
	char why[200];

	if (key_parse_public(arg, k, why, sizeof(why)) == 0)
		return 0;
	if (access(arg, R_OK) == 0)
		return key_load_seat(arg, name, k, err);
	return terr(err, TURN_ILLEGAL, "the new key is neither a public key line (\"%s "
		    "BASE64 NAME\" or \"ssh-ed25519 BASE64 NAME\") nor a file: %s",
		    KEY_PUBLIC_TAG, why);
}

/* The seat's new key and address, checked as a new game's are
 * (newgame.h): an address the mails can be made for, not the host's nor
 * another seat's; a key not the host's, an admin's or another seat's. */
static int
check_new_seat(const struct admin_job *a, const struct gamefile *gf, const struct pubkey *k,
	       const char *addr, struct turn_error *err)
{
	char why[600];

	if (newgame_check_address(&a->p->cfg, addr, why, sizeof(why)) < 0)
		return terr(err, TURN_ILLEGAL, "the new address: %s", why);
	for (int p = 0; p < gf->nplayers; p++) {
		if (gf->has_key[p] && memcmp(gf->key[p], k->pk, KEY_BYTES) == 0)
			return terr(err, TURN_ILLEGAL, "that key is %s's already: the new "
				    "player needs a key of their own", gf->name[p]);
		if (p != a->seat && gf->address[p] && strcasecmp(gf->address[p], addr) == 0)
			return terr(err, TURN_ILLEGAL, "%s is %s's address already: each seat "
				    "needs an address of its own", addr, gf->name[p]);
	}
	if (newgame_check_key(&a->p->cfg, k->pk, why, sizeof(why)) < 0)
		return terr(err, TURN_ILLEGAL, "the new key: %s", why);
	return 0;
}

int
admin_replace_fill(struct admin_job *a, const struct record_run *rr,
		   struct history_record *r, struct turn_error *err)
{
	const struct gamefile *gf = rr->gf;
	struct pubkey k;
	const char *addr = a->argv[3];

	if ((a->seat = admin_seat(gf, a->argv[1], err)) < 0 ||
	    read_key(a->argv[2], gf->name[a->seat], &k, err) < 0)
		return -1;
	if (check_new_seat(a, gf, &k, addr, err) < 0)
		return -1;
	snprintf(r->args[0], HISTORY_ARG_LEN, "%s", gf->name[a->seat]);
	gamefile_key_text(k.kind, k.pk, r->args[1], HISTORY_ARG_LEN);
	/* carcpbem keygen NAME names the files after the label: NAME.key */
	snprintf(a->key_name, sizeof(a->key_name), "%s",
		 k.kind == GF_KEY_SSH ? "" : k.label);
	snprintf(r->args[2], HISTORY_ARG_LEN, "%s", addr);
	r->nargs = 3;
	if (gf->has_key[a->seat])
		gamefile_key_text(gf->key_kind[a->seat], gf->key[a->seat], r->was[0],
				  HISTORY_ARG_LEN);
	snprintf(r->was[1], HISTORY_ARG_LEN, "%s",
		 gf->address[a->seat] ? gf->address[a->seat] : "");
	r->nwas = 2;
	return 0;
}

/* The record holds no key label: a run again after a crash takes it from
 * the command's own key line when that is the record's key (a mailed
 * REPLACE read twice), else the mails say the seat's name. */
static void
label_again(struct admin_job *a, const struct history_record *r)
{
	char text[HISTORY_ARG_LEN], why[200];
	struct pubkey k;

	if (a->key_name[0] || a->argv == NULL || a->argc < 3 ||
	    strcasecmp(a->argv[0], "replace") != 0 ||
	    key_parse_public(a->argv[2], &k, why, sizeof(why)) < 0 || k.kind == GF_KEY_SSH)
		return;
	gamefile_key_text(k.kind, k.pk, text, sizeof(text));
	if (strcmp(text, r->args[1]) == 0)
		snprintf(a->key_name, sizeof(a->key_name), "%s", k.label);
}

void
admin_replace_meta(struct admin_job *a, const struct gamefile *gf,
		   const struct history_record *r)
{
	struct meta_seat *s;
	struct decision d;

	if ((a->seat = gamefile_player(gf, r->args[0])) < 0)
		return;
	players_index_game_changed(a->gd.dir); /* the seat's new address */
	s = &a->meta.seat[a->seat];
	s->bot = s->resigned = false;
	s->missed = 0;
	s->nabsences = 0;
	label_again(a, r);
	snprintf(s->key_name, sizeof(s->key_name), "%s", a->key_name);
	game_decision(gf->game, &d);
	if (d.player == a->seat)
		admin_new_decision(a);
	a->joined = 1u << a->seat;
	snprintf(a->what, sizeof(a->what), "%s's seat has a new player", gf->name[a->seat]);
	if (gf->game->over || d.player < 0) {
		snprintf(a->detail, sizeof(a->detail),
			 "The host gave the seat %s to %s, who signs with a new key; the "
			 "turns played before stay as they were.",
			 gf->name[a->seat], gf->address[a->seat] ? gf->address[a->seat] : "");
		return;
	}
	/* the seat's key is part of the game's state, which every turn names:
	 * a turn made before this record no longer fits */
	a->notice = true;
	snprintf(a->detail, sizeof(a->detail),
		 "The host gave the seat %s to %s, who signs with a new key; the turns "
		 "played before stay as they were. The new key changes the game's "
		 "state, so the decision due (%s's) needs a turn made from now on: %s "
		 "gets a new notice with this mail, and a turn made before it is refused.",
		 gf->name[a->seat], gf->address[a->seat] ? gf->address[a->seat] : "",
		 gf->name[d.player], gf->name[d.player]);
}
