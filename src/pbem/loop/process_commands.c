/* A mail holding a signed command (command.h): read, its signer checked
 * (a seat's registered key, or a key of the config's admin-keys for
 * Player: host), its Date within the window, carried out once (the ids
 * seen are kept in SPOOL/commands.seen), then handed to its verb. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "atomic.h"
#include "crashpoint.h"
#include "process_verbs.h"

#define SEEN_FILE "commands.seen"
#define ADMIN_KEYS_MAX 16

static const char *const fix_command =
	"Make the command with carcpbem command -k YOURKEY -g GAME -p YOURNAME WORDS... "
	"and mail the block it prints as it is.";

/* ---- the ids seen: "ID DATE MSGKEY" lines (DATE: the command's; lines
 * of older versions have the time it was carried out) ---- */

struct seen {
	char id[CMD_ID_HEX + 1];
	long long when;
	char key[JOB_KEY_LEN + 1];
};

/* Every line of the file into *s (realloc'd); how many, or -1. Ids are
 * dropped by age only, never by number: a dropped id could be replayed. */
static int
seen_read(const struct job *j, struct seen **s)
{
	char path[CONFIG_PATH_MAX + 32], line[160];
	int n = 0, cap = 0;
	struct seen *more;
	FILE *fp;

	*s = NULL;
	snprintf(path, sizeof(path), "%s/%s", j->p->cfg.spool, SEEN_FILE);
	if ((fp = fopen(path, "r")) == NULL)
		return errno == ENOENT ? 0 : -1;
	while (fgets(line, sizeof(line), fp)) {
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			if ((more = realloc(*s, sizeof(**s) * (size_t)cap)) == NULL) {
				n = -1;
				break;
			}
			*s = more;
		}
		if (sscanf(line, "%32s %lld %26s", (*s)[n].id, &(*s)[n].when, (*s)[n].key) == 3)
			n++;
	}
	fclose(fp);
	return n;
}

/* 0: a new command; 1: this very message's, before a crash (do it again:
 * the verbs are idempotent); -1: a replay (a problem noted) or a failure. */
static int
seen_check(struct job *j, const char *id, struct seen **sp, int *n)
{
	struct seen *s;

	if ((*n = seen_read(j, sp)) < 0) {
		job_fail(j, "cannot read %s/%s", j->p->cfg.spool, SEEN_FILE);
		return -1;
	}
	s = *sp;
	for (int i = 0; i < *n; i++)
		if (strcmp(s[i].id, id) == 0) {
			if (strcmp(s[i].key, j->key) == 0)
				return 1;
			job_problem(j, "Nothing to do: a command is carried out once. To do it "
				    "again, make a new one with carcpbem command.",
				    "This command (id %s) was carried out already: it is a copy "
				    "of a mail the host has read.",
				    id);
			return -1;
		}
	return 0;
}

/* Adds id of a command dated date, dropping the ids whose Date is out of
 * the window (their commands are refused by date now, whenever they were
 * carried out). Ids of host records stay in the history for good. */
static int
seen_add(struct job *j, const char *id, time_t date, struct seen *s, int n)
{
	char path[CONFIG_PATH_MAX + 32];
	long long now = (long long)pbem_now(j->p);
	size_t cap = (size_t)(n + 1) * 80, at = 0;
	char *buf = malloc(cap);
	const char *what = "";
	int r;

	if (buf == NULL)
		return job_fail(j, "out of memory"), -1;
	for (int i = 0; i < n; i++)
		if (s[i].when >= now - CMD_WINDOW_PAST - CMD_WINDOW_FUTURE)
			at += (size_t)snprintf(buf + at, cap - at, "%s %lld %s\n", s[i].id,
					       s[i].when, s[i].key);
	at += (size_t)snprintf(buf + at, cap - at, "%s %lld %s\n", id, (long long)date,
			       j->key);
	snprintf(path, sizeof(path), "%s/%s", j->p->cfg.spool, SEEN_FILE);
	if ((r = atomic_write(path, buf, at, 0600, true, &what)) < 0)
		job_fail(j, "%s %s: %s", what, path, strerror(errno));
	free(buf);
	return r;
}

/* ---- the signer ---- */

static int
check_admin(struct verb_call *c)
{
	struct pubkey keys[ADMIN_KEYS_MAX];
	struct turn_error err = {0};
	const char *file = c->j->p->cfg.admin_keys;
	char id[KEY_ID_HEX + 1];
	int n;

	if (file[0] == '\0') {
		job_problem(c->j, "Ask the host to add your key to the admin-keys file of "
			    "the host's config.",
			    "This host takes no host commands by mail (its config has no "
			    "admin-keys file).");
		return -1;
	}
	if ((n = key_load_public(file, keys, ADMIN_KEYS_MAX, &err)) < 0) {
		job_fail(c->j, "%s", err.text);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		key_id(keys[i].pk, id);
		if (strcmp(id, c->cmd->key) == 0 && command_verify(c->cmd, keys[i].pk) == 0) {
			snprintf(c->by, sizeof(c->by), "admin key %s", id);
			return 0;
		}
	}
	job_problem(c->j, "Sign host commands with a key of the host's admin-keys file.",
		    "The host command is not signed by an admin key of this host (it is "
		    "signed with key %s, or was changed after it was signed): nothing "
		    "was done.",
		    c->cmd->key);
	return -1;
}

/* Someone else's name on a command: refused, and the seat's owner told
 * (within the limits of job_warn_seat). */
static void
forged(struct verb_call *c, const char *what)
{
	job_problem(c->j,
		    "Sign with your own key (the one whose public half you gave the "
		    "host), as carcpbem command -k YOURKEY does.",
		    "%s", what);
	job_warn_seat(c->j, c->gf, c->seat, c->cmd->key, what);
}

static int
check_seat(struct verb_call *c)
{
	char what[400], id[KEY_ID_HEX + 1];

	if (c->cmd->game[0] == '\0') {
		job_problem(c->j, fix_command, "The command %s has no Game line: say which "
			    "game it is about (carcpbem command -g GAME).",
			    c->v->words);
		return -1;
	}
	if (verb_load_game(c, c->cmd->game) < 0)
		return -1;
	job_context(c->j, NULL);
	if ((c->seat = gamefile_player(c->gf, c->cmd->player)) < 0) {
		job_problem(c->j, fix_command, "%s is not a player of game %s.", c->cmd->player,
			    c->gf->id);
		return -1;
	}
	if (c->gf->has_key[c->seat])
		key_id(c->gf->key[c->seat], id);
	if (!c->gf->has_key[c->seat] || strcmp(id, c->cmd->key) != 0 ||
	    command_verify(c->cmd, c->gf->key[c->seat]) < 0) {
		snprintf(what, sizeof(what),
			 "The command \"%s\" in %s's name (game %s) is not signed with %s's "
			 "registered key, or was changed after it was signed: nothing was "
			 "done.",
			 c->cmd->text, c->gf->name[c->seat], c->gf->id, c->gf->name[c->seat]);
		forged(c, what);
		return -1;
	}
	return 0;
}

/* ---- the command ---- */

static int
read_command(struct job *j, struct command *cmd)
{
	struct turn_error err = {0};

	if (command_parse(j->in.text, strlen(j->in.text), CMD_NEED_SIGNATURE, cmd, &err) < 0) {
		job_problem(j, fix_command, "Your command was not read: %s", err.text);
		return -1;
	}
	if (command_check_date(cmd, pbem_now(j->p), &err) < 0) {
		job_problem(j, fix_command, "Your command was refused: %s", err.text);
		return -1;
	}
	return 0;
}

static const struct verb *
command_verb(struct job *j, const struct command *cmd, const char **args)
{
	const struct verb *v = verb_lookup(cmd->text, args);
	bool host = strcasecmp(cmd->player, CMD_HOST) == 0;
	char list[1024];

	if (v != NULL && (v->who == WHO_HOST) == host)
		return v;
	verb_usages(host ? WHO_HOST : WHO_SEAT, list, sizeof(list));
	job_problem(j, fix_command,
		    "\"%s\" is not a command %s can send. The commands:\n%s", cmd->text,
		    host ? "the host" : "a player", list);
	return NULL;
}

/* Whether the answer to a command carried out goes to an address its
 * signature vouches for: the signing seat's registered address, or an
 * admin's (the admin-keys file has no addresses: a host command carried
 * out now, never a replay, is answered wherever it came from). The From
 * of any other signed mail is anyone's, so its answer is limited as a
 * stranger's (limit_strangers). */
static bool
answer_verified(const struct verb_call *c)
{
	const char *mine = c->seat >= 0 ? c->gf->address[c->seat] : NULL;

	if (c->v->who == WHO_HOST)
		return true;
	return mine != NULL && strcasecmp(mine, c->j->reply.to) == 0;
}

static void
carry_out(struct job *j, struct command *cmd)
{
	struct verb_call c = {.j = j, .cmd = cmd, .seat = -1};
	char id[CMD_ID_HEX + 1];
	struct seen *seen = NULL;
	int n = 0, r;

	if ((c.v = command_verb(j, cmd, &c.args)) == NULL)
		return;
	if ((c.v->who == WHO_HOST ? check_admin(&c) : check_seat(&c)) < 0)
		goto out;
	if (c.v->who == WHO_HOST && c.v->game && verb_load_game(&c, cmd->game) < 0)
		goto out;
	command_id(cmd, id);
	if ((r = seen_check(j, id, &seen, &n)) < 0 ||
	    (r == 0 && seen_add(j, id, cmd->date, seen, n) < 0))
		goto out;
	j->verified_to = answer_verified(&c);
	c.again = r == 1;
	crashpoint("command seen");
	pbem_log(j->p, PBEM_INFO, "%s: %s: command %s by %s: %s", j->name, j->reply.to, id,
		 c.by[0] ? c.by : cmd->player, cmd->text);
	c.v->run(&c);
out:
	free(seen);
	gamefile_free(c.gf);
}

void
job_commands(struct job *j)
{
	struct command *cmd = malloc(sizeof(*cmd));

	if (cmd == NULL) {
		job_fail(j, "out of memory");
		return;
	}
	if (read_command(j, cmd) == 0)
		carry_out(j, cmd);
	free(cmd);
}
