/* Host commands by signed mail (Player: host, signed by a key of the
 * config's admin-keys; process_commands.c checked that): the game
 * commands go to admin_command (admin.h), as typed at the keyboard;
 * CREATE makes a new game from the command's With lines, as carcpbem new
 * does (newgame.h), and mails its start. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "admin.h"
#include "hostkey.h"
#include "message.h"
#include "newgame.h"
#include "process_verbs.h"
#include "report.h"

#define ADMIN_ARGS 8

/* REPLACE SEAT KEY ADDRESS: the address is the last word and the key
 * every word between (a key line has blanks in it, and an OpenSSH key's
 * comment may have several), or with only SEAT ADDRESS the one With
 * line. buf holds the command's text. */
static int
split_replace(const struct command *cmd, char *buf, char *argv[ADMIN_ARGS])
{
	char *save = NULL, *rest, *end, *last;

	argv[0] = strtok_r(buf, " ", &save);
	if ((argv[1] = strtok_r(NULL, " ", &save)) == NULL)
		return 1;
	if ((rest = strtok_r(NULL, "", &save)) == NULL || !*(rest += strspn(rest, " ")))
		return 2;
	for (end = rest + strlen(rest); end > rest && end[-1] == ' ';)
		*--end = '\0';
	if ((last = strrchr(rest, ' ')) == NULL) { /* REPLACE SEAT ADDRESS */
		if (cmd->nwith != 1)
			return 3;
		argv[2] = (char *)cmd->with[0];
		argv[3] = rest;
		return 4;
	}
	argv[3] = last + 1;
	while (last > rest && last[-1] == ' ')
		last--;
	*last = '\0';
	argv[2] = rest;
	return 4;
}

/* The words of the command, argv[0] the verb. */
static int
split(const struct command *cmd, char *buf, char *argv[ADMIN_ARGS])
{
	int argc = 0;
	char *save = NULL;

	snprintf(buf, CMD_TEXT_LEN + 1, "%s", cmd->text);
	if (strncasecmp(buf, "replace ", 8) == 0)
		return split_replace(cmd, buf, argv);
	for (char *w = strtok_r(buf, " ", &save); w && argc < ADMIN_ARGS;
	     w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	return argc;
}

/* By mail REPLACE's key is a public key line, never a file of the host's
 * (carcpbem admin at the keyboard reads one): a file name would have the
 * host read its files for a mail and tell what exists. */
static int
mailed_key(struct verb_call *c, int argc, char *argv[])
{
	struct pubkey k;
	char why[300];

	if (argc != 4 || strcmp(argv[0], "replace") != 0 ||
	    key_parse_public(argv[2], &k, why, sizeof(why)) == 0)
		return 0;
	job_problem(c->j, "Write the new player's public key line (the one line of their "
		    ".pub file: \"carcpbem-ed25519 BASE64 NAME\" or \"ssh-ed25519 BASE64 "
		    "COMMENT\") between the seat and the address: REPLACE SEAT KEY ADDRESS, "
		    "or REPLACE SEAT ADDRESS with the key line as the one With line.",
		    "The host command REPLACE on game %s was refused: the new key is not a "
		    "public key line (%s); by mail only a key line is taken.", c->gf->id, why);
	return -1;
}

void
verb_mailed(const struct verb_call *c, bool ordered, char id[CMD_ID_HEX + 1],
	    struct admin_mailed *m)
{
	command_id(c->cmd, id);
	*m = (struct admin_mailed){.id = id, .date = c->cmd->date, .again = c->again,
				   .ordered = ordered};
}

void
verb_admin(struct verb_call *c)
{
	char buf[CMD_TEXT_LEN + 1], out[1024], why[1024], id[CMD_ID_HEX + 1];
	char *argv[ADMIN_ARGS];
	int argc = split(c->cmd, buf, argv), r;
	struct admin_mailed m;

	for (char *p = argv[0]; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (mailed_key(c, argc, argv) < 0)
		return;
	verb_mailed(c, true, id, &m);
	r = admin_command_mailed(c->j->p, c->gf->id, argc, argv, c->by, &m, out, sizeof(out),
				 why, sizeof(why));
	if (r == ADMIN_FAIL) {
		job_fail(c->j, "game %s: %s: %s", c->gf->id, c->cmd->text, why);
		return;
	}
	if (r == ADMIN_REFUSED) {
		job_problem(c->j, "Make the command again with carcpbem command -p host -g "
			    "GAME ... as the host's manual says (carcpbem(1), admin).",
			    "The host command \"%s\" on game %s was refused: %s",
			    c->cmd->text, c->gf->id, why);
		return;
	}
	verb_answer(c, "host command: done", "%s on game %s: done.\n%s", c->cmd->text,
		    c->gf->id, out);
}

/* ---- CREATE ID, With: player NAME ADDRESS KEY, with MODULES, ... ---- */

struct create {
	char id[GF_ID_LEN + 1];
	int n;
	char *name[MAX_PLAYERS];
	char address[MAX_PLAYERS][CMD_TEXT_LEN + 1];
	struct pubkey key[MAX_PLAYERS];
	struct game_setup setup;
};

/* "player NAME ADDRESS KEYLINE" */
static int
add_player(struct create *cr, char *rest, char *why, size_t n)
{
	char *save = NULL, kwhy[200];
	char *name = strtok_r(rest, " ", &save), *addr = strtok_r(NULL, " ", &save);
	char *key = strtok_r(NULL, "", &save);

	if (name == NULL || addr == NULL || key == NULL)
		return snprintf(why, n, "write each player as \"With: player NAME ADDRESS "
				"KEY\", KEY the line of their .pub file"), -1;
	if (cr->n == MAX_PLAYERS)
		return snprintf(why, n, "at most %d players", MAX_PLAYERS), -1;
	if (key_parse_public(key, &cr->key[cr->n], kwhy, sizeof(kwhy)) < 0)
		return snprintf(why, n, "%s's key: %s", name, kwhy), -1;
	if (mail_address_check(addr, false, kwhy, sizeof(kwhy)) < 0)
		return snprintf(why, n, "%s's address: %s", name, kwhy), -1;
	cr->name[cr->n] = name;
	snprintf(cr->address[cr->n++], CMD_TEXT_LEN + 1, "%s", addr);
	return 0;
}

/* One With line: player, with (the expansions), edition, farmers, first. */
static int
with_line(struct create *cr, char *line, char *why, size_t n)
{
	struct rules_options *o = &cr->setup.opt;
	char *rest = line + strcspn(line, " ");
	long first;

	if (*rest)
		*rest++ = '\0';
	if (strcasecmp(line, "player") == 0)
		return add_player(cr, rest, why, n);
	if (strcasecmp(line, "with") == 0)
		return module_parse_list(rest, &o->with, why, n);
	if (strcasecmp(line, "edition") == 0 && (!strcmp(rest, "1") || !strcmp(rest, "2")))
		return o->edition = rest[0] - '0', 0;
	if (strcasecmp(line, "farmers") == 0 && (!strcasecmp(rest, "yes") || !strcasecmp(rest, "no")))
		return o->farmers = strcasecmp(rest, "yes") == 0, 0;
	if (strcasecmp(line, "first") == 0 && (first = atol(rest)) >= 1 && first <= MAX_PLAYERS)
		return cr->setup.first_player = (int)first - 1, 0;
	return snprintf(why, n, "\"With: %.40s %.40s\" is not a line of CREATE (player "
			"NAME ADDRESS KEY, with MODULES, edition 1|2, farmers yes|no, first "
			"N)", line, rest), -1;
}

static int
read_create(const struct command *cmd, char with[][CMD_TEXT_LEN + 1], struct create *cr,
	    char *why, size_t n)
{
	struct rules_error re = {0};
	char word[16], id[CMD_TEXT_LEN + 1]; /* the whole word: a long id is refused, not cut */

	command_word(cmd, 1, id, sizeof(id));
	for (char *p = id; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	command_word(cmd, 2, word, sizeof(word));
	if (id[0] == '\0' || word[0] || gamefile_check_id(id, why, n) < 0)
		return id[0] && !word[0] ? -1 : (snprintf(why, n, "write CREATE GAMEID"), -1);
	memcpy(cr->id, id, strlen(id) + 1); /* checked: GF_ID_LEN at most */
	rules_options_default(&cr->setup.opt);
	cr->setup.start = -1;
	for (int i = 0; i < cmd->nwith; i++) {
		memcpy(with[i], cmd->with[i], CMD_TEXT_LEN + 1);
		if (with_line(cr, with[i], why, n) < 0)
			return -1;
	}
	if (cr->n == 0)
		return snprintf(why, n, "name the players: With: player NAME ADDRESS KEY"), -1;
	if (newgame_check_names(cr->name, cr->n, why, n) < 0)
		return -1;
	if (rules_options_check(&cr->setup.opt, cr->n, &re) < 0)
		return snprintf(why, n, "%s%s%s%s", re.text, re.rule[0] ? " (" : "", re.rule,
				re.rule[0] ? ")" : ""), -1;
	if (cr->setup.first_player >= cr->n)
		return snprintf(why, n, "first: a seat from 1 to %d", cr->n), -1;
	cr->setup.nplayers = cr->n;
	randombytes_buf(cr->setup.seed, SEED_BYTES);
	return 0;
}

/* The game, its keys and addresses. */
static struct gamefile *
make_game(struct job *j, struct create *cr, char *why, size_t n)
{
	struct gf_error e = {"", ""};
	struct gamefile *gf = gamefile_new(j->p->cat, &cr->setup, (const char *const *)cr->name, &e);

	if (gf == NULL || gamefile_set_id(gf, cr->id, &e) < 0)
		goto bad;
	for (int p = 0; p < cr->n; p++)
		if (key_register(gf, p, &cr->key[p], &e) < 0 ||
		    gamefile_set_address(gf, p, cr->address[p], &e) < 0)
			goto bad;
	if (newgame_check_seats(&j->p->cfg, gf, e.text, sizeof(e.text)) < 0)
		goto bad;
	return gf;
bad:
	snprintf(why, n, "%s", e.text);
	gamefile_free(gf);
	return NULL;
}

/* The host's key names the game's host records (newgame_host_fn). */
static int
host_key(void *ctx, uint8_t *pk, char *why, size_t n)
{
	const struct pbem *p = ctx;
	struct seckey k;

	if (pbem_host_key(&p->cfg, &k, why, n) < 0)
		return -1;
	memcpy(pk, k.pk, KEY_BYTES);
	key_wipe(&k);
	return 1;
}

static int
create_dir(struct job *j, struct gamefile *gf, const char *dir, char *why, size_t n)
{
	return newgame_dir(dir, gf, host_key, j->p, pbem_now(j->p), why, n);
}

/* The start mailed (queued); the answer lists the seats and key ids. */
static void
created(struct verb_call *c, struct gamefile *gf, const char *dir)
{
	char why[600], seats[MAX_PLAYERS * 96], id[KEY_ID_HEX + 1];
	struct gf_error e = {"", ""};
	struct gamedir gd;
	size_t at = 0;

	if (gamedir_of(dir, &gd, &e) < 0 || pbem_announce(c->j->p, &gd, gf, why, sizeof(why)) < 0) {
		job_fail(c->j, "game %s: %s", gf->id, e.text[0] ? e.text : why);
		return;
	}
	for (int p = 0; p < gf->nplayers; p++) {
		key_id(gf->key[p], id);
		at += (size_t)snprintf(seats + at, sizeof(seats) - at, "  %c %s <%s> key %s\n",
				       seat_letter(p), gf->name[p], gf->address[p], id);
	}
	verb_answer(c, "game created", "Game %s is made and its start mailed to the "
		    "players:\n%s", gf->id, seats);
}

void
verb_create(struct verb_call *c)
{
	char (*with)[CMD_TEXT_LEN + 1] = calloc(CMD_MAX_WITH, CMD_TEXT_LEN + 1);
	struct create *cr = calloc(1, sizeof(*cr));
	char why[1200], dir[CONFIG_PATH_MAX + 64];
	struct gamefile *gf = NULL;
	struct stat st;

	if (with == NULL || cr == NULL) {
		job_fail(c->j, "out of memory");
		goto out;
	}
	if (read_create(c->cmd, with, cr, why, sizeof(why)) < 0 ||
	    (gf = make_game(c->j, cr, why, sizeof(why))) == NULL) {
		job_problem(c->j, "Write the game as CREATE GAMEID with a line \"With: player "
			    "NAME ADDRESS KEY\" for each seat, in seat order.",
			    "The game was not created: %s", why);
		goto out;
	}
	snprintf(dir, sizeof(dir), "%s/%s", c->j->p->games, gf->id);
	if (stat(dir, &st) == 0 && c->again) { /* after a crash: the start once more */
		gamefile_free(gf);
		if (verb_load_game(c, cr->id) == 0)
			created(c, c->gf, dir);
		gf = NULL;
	} else if (stat(dir, &st) == 0)
		job_problem(c->j, "Choose another game id.", "There is a game %s already.",
			    gf->id);
	else if (create_dir(c->j, gf, dir, why, sizeof(why)) == 0)
		created(c, gf, dir);
	else
		job_fail(c->j, "game %s: %s", gf->id, why);
out:
	gamefile_free(gf);
	free(cr);
	free(with);
}
