/* Mail with no turn file: the verbs HELP, STATUS and HISTORY (in the
 * subject or as the first word of the body), else "no turn file". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "process_impl.h"

enum verb { VERB_NONE, VERB_HELP, VERB_STATUS, VERB_HISTORY };

static const struct {
	const char *word;
	int verb;
} verbs[] = {
	{"help", VERB_HELP},
	{"status", VERB_STATUS},
	{"history", VERB_HISTORY},
};

/* The verb a word is, ignoring case and a trailing ':' or '.'. */
static int
verb_of(const char *w, size_t n)
{
	while (n > 0 && (w[n - 1] == ':' || w[n - 1] == '.'))
		n--;
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (strlen(verbs[i].word) == n && strncasecmp(w, verbs[i].word, n) == 0)
			return verbs[i].verb;
	return VERB_NONE;
}

/* The verb that the first word of the first non-blank line of s is;
 * the word after it, if any, in arg. */
static int
find_verb(const char *s, char *arg, size_t n)
{
	size_t w;
	int v;

	s += strspn(s, " \t\r\n");
	w = strcspn(s, " \t\r\n");
	if (w == 0 || (v = verb_of(s, w)) == VERB_NONE)
		return VERB_NONE;
	s += w + strspn(s + w, " \t");
	snprintf(arg, n, "%.*s", (int)strcspn(s, " \t\r\n"), s);
	return v;
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
static struct gamefile *
verb_game(struct job *j, const char *arg, struct gamedir *gd)
{
	struct gf_error err = {"", ""};
	struct gamefile *gf;
	char id[GF_ID_LEN + 8], word[GF_ID_LEN + 8];

	snprintf(word, sizeof(word), "%.*s", (int)strcspn(arg, ".,;:!?"), arg);
	for (char *c = word; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	subject_game(j->in.subject, id, sizeof(id));
	if (names_game(j, word))
		snprintf(id, sizeof(id), "%s", word);
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
answer(struct job *j, int verb, const char *arg)
{
	struct template_error terr = {{0}};
	struct gamefile *gf = NULL;
	struct gamedir gd;
	int r = 0;

	if (verb == VERB_HELP)
		r = mails_help(&j->ctx, gf = help_game(j), &j->reply, &j->out, &terr);
	else if ((gf = verb_game(j, arg, &gd)) == NULL)
		return;
	else if (verb == VERB_STATUS)
		r = mails_status(&j->ctx, gf, &j->reply, &j->out, &terr);
	else
		r = mails_history(&j->ctx, &gd, gf, &j->reply, &j->out, &terr);
	if (r < 0)
		job_fail(j, "cannot make the answer: %s", terr.text);
	else
		j->st->replies++;
	gamefile_free(gf);
}

void
job_verbs(struct job *j)
{
	char arg[GF_ID_LEN + 8] = "";
	int verb = find_verb(subject_words(j->in.subject), arg, sizeof(arg));

	if (verb == VERB_NONE)
		verb = find_verb(j->in.text, arg, sizeof(arg));
	if (verb != VERB_NONE) {
		pbem_log(j->p, PBEM_INFO, "%s: %s asks for %s", j->name, j->reply.to,
			 verbs[verb - 1].word);
		answer(j, verb, arg);
	} else if (j->in.html_only)
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
