/* Mail with no turn file: the verbs (process_verbs.h), one table of
 * words, who may use them and handlers; a word in the subject or as the
 * first word of the body, else "no turn file". Signed commands reach the
 * same table through process_commands.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "process_verbs.h"

static void run_help(struct verb_call *c);
static void run_status(struct verb_call *c);
static void run_history(struct verb_call *c);

static const struct verb verbs[] = {
	{"HELP", WHO_ANYONE, false, "HELP", run_help},
	{"STATUS", WHO_ADDRESS, true, "STATUS [GAME]", run_status},
	{"HISTORY", WHO_ADDRESS, true, "HISTORY [GAME]", run_history},
	{"LIST", WHO_ANYONE, false, "LIST", verb_list},
	{"MAP", WHO_ADDRESS, true, "MAP [GAME]", verb_map},
	{"OBSERVE", WHO_ANYONE, false, "OBSERVE GAME", verb_observe},
	{"UNOBSERVE", WHO_ANYONE, false, "UNOBSERVE GAME", verb_unobserve},
	{"RESIGN", WHO_SEAT, true, "RESIGN", verb_resign},
	{"SET NOTIFY", WHO_SEAT, true, "SET NOTIFY all|mine", verb_notify},
	{"SET TIMEZONE", WHO_SEAT, true, "SET TIMEZONE ZONE (e.g. Europe/Sofia)", verb_timezone},
	{"SET ABSENCE", WHO_SEAT, true, "SET ABSENCE YYYY-MM-DD TO YYYY-MM-DD", verb_absence},
	{"PAUSE", WHO_HOST, true, "PAUSE", verb_admin},
	{"RESUME", WHO_HOST, true, "RESUME", verb_admin},
	{"EXTEND", WHO_HOST, true, "EXTEND HOURS", verb_admin},
	{"REPLACE", WHO_HOST, true, "REPLACE SEAT KEY ADDRESS", verb_admin},
	{"KICK", WHO_HOST, true, "KICK SEAT", verb_admin},
	{"ROLLBACK", WHO_HOST, true, "ROLLBACK N", verb_admin},
	{"TERMINATE", WHO_HOST, true, "TERMINATE", verb_admin},
	{"CREATE", WHO_HOST, false, "CREATE GAME (With: player NAME ADDRESS KEY, ...)",
	 verb_create},
};

#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

/* Whether the n letters at w are word (any case), a ':' or '.' after
 * them ignored; end: after them. */
static bool
word_is(const char *w, const char *word, const char **end)
{
	size_t n = strcspn(w, " \t\r\n"), k = strlen(word);

	while (n > 0 && (w[n - 1] == ':' || w[n - 1] == '.'))
		n--;
	if (n != k || strncasecmp(w, word, k) != 0)
		return false;
	*end = w + strcspn(w, " \t\r\n");
	return true;
}

const struct verb *
verb_lookup(const char *text, const char **args)
{
	for (size_t i = 0; i < NVERBS; i++) {
		const char *w = text + strspn(text, " \t\r\n"), *vw = verbs[i].words, *end;
		bool match = true;
		while (match && *vw) {
			char one[32];
			size_t n = strcspn(vw, " ");
			snprintf(one, sizeof(one), "%.*s", (int)n, vw);
			match = word_is(w, one, &end);
			vw += n + (vw[n] == ' ');
			w = match ? end + strspn(end, " \t") : w;
		}
		if (match) {
			*args = w;
			return &verbs[i];
		}
	}
	return NULL;
}

void
verb_usages(int who, char *buf, size_t n)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NVERBS && at < n; i++)
		if (verbs[i].who == who)
			at += (size_t)snprintf(buf + at, n - at, "  %s\n", verbs[i].usage);
}

/* The subject without "Re:", "Fwd:" and the like, and without our tag. */
static const char *
subject_words(const char *s)
{
	static const char *const prefixes[] = {"re:", "fwd:", "fw:", "aw:", "sv:", "tr:"};
	bool again = true;

	while (again) {
		again = false;
		s += strspn(s, " \t");
		for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
			if (strncasecmp(s, prefixes[i], strlen(prefixes[i])) == 0) {
				s += strlen(prefixes[i]);
				again = true;
			}
		if (strncasecmp(s, "[carcassonne ", 13) == 0 && strchr(s, ']') != NULL) {
			s = strchr(s, ']') + 1;
			again = true;
		}
	}
	return s;
}

/* The game id of the subject's "[carcassonne ID]" tag, if any. */
static void
subject_game(const char *subject, char *id, size_t n)
{
	const char *tag = strstr(subject, "[carcassonne ");

	id[0] = '\0';
	if (tag != NULL) {
		tag += strlen("[carcassonne ");
		snprintf(id, n, "%.*s", (int)strcspn(tag, "] \t"), tag);
		for (char *c = id; *c; c++)
			*c = (char)tolower((unsigned char)*c);
	}
}

void
job_tag_game(const struct job *j, char *id, size_t n)
{
	char why[160];

	subject_game(j->in.subject, id, n);
	if (id[0] != '\0' && gamefile_check_id(id, why, sizeof(why)) < 0)
		id[0] = '\0';
}

/* Whether the (lower-case) word after a verb names a game: there is one
 * of that name, or it looks like an id rather than a word (a digit or a
 * '-' in it). "history please" is about the tagged game, "status g9"
 * about g9, which is then said not to exist. */
static bool
names_game(const struct job *j, const char *w)
{
	char dir[CONFIG_PATH_MAX + 64], why[160];
	struct stat st;

	if (w[0] == '\0' || gamefile_check_id(w, why, sizeof(why)) < 0)
		return false;
	snprintf(dir, sizeof(dir), "%s/%s", j->p->games, w);
	return stat(dir, &st) == 0 || strpbrk(w, "0123456789-") != NULL;
}

/* The game a verb is about: the word after it if that names a game (other
 * words are ignored), else the subject's tag; loaded if the sender plays
 * in it, else a problem is noted. */
static void
verb_game_id(const struct job *j, const char *arg, char *id, size_t n)
{
	char word[GF_ID_LEN + 8];

	snprintf(word, sizeof(word), "%.*s", (int)strcspn(arg, ".,;:!?"), arg);
	for (char *c = word; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	subject_game(j->in.subject, id, n);
	if (names_game(j, word))
		snprintf(id, n, "%s", word);
}

static struct gamefile *
verb_game(struct job *j, const char *arg, struct gamedir *gd)
{
	struct gf_error err = {"", ""};
	struct gamefile *gf;
	char id[GF_ID_LEN + 8];

	verb_game_id(j, arg, id, sizeof(id));
	if (id[0] == '\0') {
		job_problem(j, "Answer a mail of the game (its subject says [carcassonne "
			    "GAME]), or write the game after the verb: STATUS GAME.",
			    "Which game? Your mail does not name one.");
		return NULL;
	}
	if (job_game(j, id, gd) < 0)
		return NULL;
	if ((gf = gamefile_load(gd->state, j->p->cat, &err)) == NULL) {
		job_fail(j, "%s: %s", gd->state, err.text);
		return NULL;
	}
	if (!job_is_player(gf, j->reply.to)) {
		job_problem(j, "Write from the address you gave the host.",
			    "%s is not the address of a player of game %s.", j->reply.to,
			    gf->id);
		gamefile_free(gf);
		return NULL;
	}
	return gf;
}

/* For HELP, quietly: the game of the subject's tag when the sender plays
 * in it (the help then speaks of their kind of key), else NULL. */
static struct gamefile *
help_game(struct job *j)
{
	struct gf_error err = {"", ""};
	char id[GF_ID_LEN + 8], why[160], dir[CONFIG_PATH_MAX + 64];
	struct gamefile *gf;
	struct gamedir gd;

	subject_game(j->in.subject, id, sizeof(id));
	if (id[0] == '\0' || gamefile_check_id(id, why, sizeof(why)) < 0)
		return NULL;
	snprintf(dir, sizeof(dir), "%s/%s", j->p->games, id);
	if (gamedir_of(dir, &gd, &err) < 0 ||
	    (gf = gamefile_load(gd.state, j->p->cat, &err)) == NULL)
		return NULL;
	if (!job_is_player(gf, j->reply.to)) {
		gamefile_free(gf);
		return NULL;
	}
	return gf;
}

static void
run_help(struct verb_call *c)
{
	struct template_error terr = {{0}};
	struct gamefile *gf = help_game(c->j);

	if (mails_help(&c->j->ctx, gf, &c->j->reply, &c->j->out, &terr) < 0)
		job_fail(c->j, "cannot make the answer: %s", terr.text);
	else
		c->j->st->replies++;
	gamefile_free(gf);
}

static void
run_status(struct verb_call *c)
{
	struct template_error terr = {{0}};

	if (mails_status(&c->j->ctx, c->gf, &c->j->reply, &c->j->out, &terr) < 0)
		job_fail(c->j, "cannot make the answer: %s", terr.text);
	else
		c->j->st->replies++;
}

static void
run_history(struct verb_call *c)
{
	struct template_error terr = {{0}};

	if (mails_history(&c->j->ctx, &c->gd, c->gf, &c->j->reply, &c->j->out, &terr) < 0)
		job_fail(c->j, "cannot make the answer: %s", terr.text);
	else
		c->j->st->replies++;
}

/* A verb that changes something, written as a word: say how to sign it. */
static void
needs_signature(struct job *j, const struct verb *v)
{
	job_problem(j,
		    v->who == WHO_HOST
			? "Make the command with carcpbem command -k ADMINKEY -g GAME -p host "
			  "..., and mail the block it prints."
			: "Make the command with carcpbem command -k YOURKEY -g GAME -p "
			  "YOURNAME ..., and mail the block it prints (or sign it with "
			  "ssh-keygen -Y sign -n carcassonne).",
		    "%s changes the game, so it must come as a signed command, not as a "
		    "word in a mail: %s",
		    v->words, v->usage);
}

/* Whether the mail names no game, by a word after the verb or a tag. */
static bool
no_game(const struct job *j, const char *arg)
{
	char id[GF_ID_LEN + 8];

	verb_game_id(j, arg, id, sizeof(id));
	return id[0] == '\0';
}

static void
plain_verb(struct job *j, const struct verb *v, const char *args)
{
	struct verb_call c = {.j = j, .v = v, .args = args, .seat = -1};
	char arg[GF_ID_LEN + 8];

	pbem_log(j->p, PBEM_INFO, "%s: %s asks for %s", j->name, j->reply.to, v->words);
	if (v->who == WHO_SEAT || v->who == WHO_HOST) {
		needs_signature(j, v);
		return;
	}
	snprintf(arg, sizeof(arg), "%.*s", (int)strcspn(args, " \t\r\n"), args);
	if (v->run == run_status && no_game(j, arg)) {
		verb_list(&c); /* STATUS of no game: the sender's games */
		return;
	}
	if (v->game) {
		if ((c.gf = verb_game(j, arg, &c.gd)) == NULL)
			return;
		c.seat = mails_seat_of(c.gf, j->reply.to);
	}
	v->run(&c);
	gamefile_free(c.gf);
}

void
job_verbs(struct job *j)
{
	const char *args;
	const struct verb *v = verb_lookup(subject_words(j->in.subject), &args);

	j->by_address = true;
	if (v == NULL)
		v = verb_lookup(j->in.text, &args);
	if (v != NULL)
		plain_verb(j, v, args);
	else if (j->in.html_only)
		job_problem(j,
			    "Send the turn file as plain text (most mail programs have a "
			    "plain-text mode), or attach it as a file.",
			    "Your mail has only an HTML part, and no turn file was found "
			    "in it.");
	else
		job_problem(j,
			    "Put the signed turn (from -----BEGIN CARCASSONNE TURN----- to "
			    "-----END CARCASSONNE TURN-----) in the body, or attach it as a "
			    "text file. Write HELP to get the instructions.",
			    "No turn file was found in your mail.");
}
