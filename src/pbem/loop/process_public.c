/* The verbs that go by address: LIST (the sender's games), MAP (the map
 * as a picture, to the player's registered address), OBSERVE and
 * UNOBSERVE (public updates of a game, for the addresses the host's
 * config allows, once the address answered the code mailed to it). */
#include <ctype.h>
#include <dirent.h>
#include <fnmatch.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gamesindex.h"
#include "observe_code.h"
#include "players_index.h"
#include "process_verbs.h"
#include "report.h"

/* ---- LIST ---- */

/* Whether addr is among the game's addresses. */
static bool
plays_in(const struct gi_entry *e, const char *addr)
{
	for (int i = 0; i < e->nseats; i++)
		if (e->address[i] && strcasecmp(e->address[i], addr) == 0)
			return true;
	return false;
}

/* "  golden  turn 12  bob's decision (yours)" */
static void
list_game(const struct gi_entry *e, const char *addr, FILE *fp)
{
	char whose[256];

	if (e->state == GI_OVER || e->state == GI_TERMINATED)
		snprintf(whose, sizeof(whose), "%s",
			 e->state == GI_OVER ? "over" : "ended by the host");
	else
		snprintf(whose, sizeof(whose), "%s's decision%s%s", e->name[e->seat],
			 e->address[e->seat] && strcasecmp(e->address[e->seat], addr) == 0
				 ? " (yours)"
				 : "",
			 e->state == GI_PAUSED ? " (paused)" : "");
	fprintf(fp, "  %-20s turn %-4d %s\n", e->game, e->turn, whose);
}

/* The sender's games, from the spool's index (gamesindex.h), by id. */
void
verb_list(struct verb_call *c)
{
	struct job *j = c->j;
	char *text = NULL, why[600];
	struct gi_list l;
	size_t len = 0;
	int n = 0;
	FILE *fp;

	if (gamesindex_load(j->p->cfg.spool, j->p->cat, false, &l, why, sizeof(why)) < 0) {
		job_fail(j, "%s", why);
		return;
	}
	if ((fp = open_memstream(&text, &len)) == NULL) {
		job_fail(j, "out of memory");
		gamesindex_free(&l);
		return;
	}
	for (int i = 0; i < l.n; i++)
		if (plays_in(&l.e[i], j->reply.to))
			list_game(&l.e[i], j->reply.to, fp), n++;
	fclose(fp);
	if (n == 0)
		verb_answer(c, "your games: none", "No game on this host has %s as a "
			    "player's address.", j->reply.to);
	else
		verb_answer(c, "your games", "The games where %s plays (%d):\n%s",
			    j->reply.to, n, text);
	free(text);
	gamesindex_free(&l);
}

/* ---- MAP ---- */

void
verb_map(struct verb_call *c)
{
	struct template_error terr = {{0}};

	if (mails_map(&c->j->ctx, c->gf, c->seat, &c->j->reply, &c->j->out, &terr) < 0)
		job_fail(c->j, "cannot make the map: %s", terr.text);
	else
		c->j->st->replies++;
}

/* ---- OBSERVE, UNOBSERVE ---- */

/* Whether the config's observers patterns let addr observe. */
static bool
may_observe(const struct job *j, const char *addr)
{
	char pats[sizeof(j->p->cfg.observers)], low[META_ADDRESS_LEN + 1], *save = NULL;

	snprintf(pats, sizeof(pats), "%s", j->p->cfg.observers);
	snprintf(low, sizeof(low), "%s", addr);
	for (char *p = pats; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	for (char *pat = strtok_r(pats, ", \t", &save); pat; pat = strtok_r(NULL, ", \t", &save))
		if (fnmatch(pat, low, 0) == 0)
			return true;
	return false;
}

static int
observer_index(const struct meta *m, const char *addr)
{
	for (int i = 0; i < m->nobservers; i++)
		if (strcasecmp(m->observer[i], addr) == 0)
			return i;
	return -1;
}

static int
edit_observe(struct verb_call *c, struct meta *m, void *arg)
{
	const char *addr = c->j->reply.to;
	int i = observer_index(m, addr);

	if (arg == NULL) { /* UNOBSERVE */
		/* an observer until now, so no stranger: the answer goes out */
		c->j->verified_to = i >= 0;
		if (i >= 0)
			memmove(m->observer[i], m->observer[i + 1],
				sizeof(m->observer[0]) * (size_t)(--m->nobservers - i));
		return 0;
	}
	if (i >= 0)
		return 0;
	if (m->nobservers == META_OBSERVERS_MAX || strlen(addr) > META_ADDRESS_LEN) {
		job_problem(c->j, NULL, "Game %s has %d observers, as many as it takes.",
			    c->gf->id, m->nobservers);
		return -1;
	}
	snprintf(m->observer[m->nobservers++], META_ADDRESS_LEN + 1, "%s", addr);
	return 0;
}

/* The game named after the verb. */
static int
named_game(struct verb_call *c)
{
	char id[GF_ID_LEN + 8];

	snprintf(id, sizeof(id), "%.*s", (int)strcspn(c->args, " \t\r\n.,;"), c->args);
	for (char *p = id; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (id[0] == '\0') {
		job_problem(c->j, "Write the game after the verb: OBSERVE GAME.",
			    "Which game? Your mail does not name one.");
		return -1;
	}
	return verb_load_game(c, id);
}

/* The code written after the game (OBSERVE GAME CODE): a word of
 * OBSERVE_CODE_HEX hex digits, else "" (any other word asks anew). */
static void
given_code(const char *args, char code[OBSERVE_CODE_HEX + 1])
{
	const char *w = args + strcspn(args, " \t\r\n.,;");
	size_t k = 0;

	w += strspn(w, " \t");
	while (k < OBSERVE_CODE_HEX && isxdigit((unsigned char)w[k]))
		k++;
	if (k < OBSERVE_CODE_HEX || isalnum((unsigned char)w[k]))
		k = 0;
	snprintf(code, OBSERVE_CODE_HEX + 1, "%.*s", (int)k, w);
}

/* What the mail asking to confirm OBSERVE or UNOBSERVE says: the verb,
 * what it asks (before the game, then detail after it) and what
 * happens if nobody answers; fix: how to get a new code (kept by the
 * job until its answer is written, so a string that lasts). */
struct code_ask {
	const char *verb, *what, *detail, *otherwise, *fix;
};

static const struct code_ask observe_ask = {
    "OBSERVE", "observe", ": a mail after every turn with what happened, the scores and the map",
    "no update will come",
    "Send OBSERVE GAME for a new code, and answer the mail it brings from the same address."};
static const struct code_ask unobserve_ask = {
    "UNOBSERVE", "stop the updates of", "", "the updates go on",
    "Send UNOBSERVE GAME for a new code, and answer the mail it brings from the same address."};

/* The first step: a mail to the address with the code; nothing changes.
 * A From line is easy to forge: only the address's own reply carries
 * the code back. */
static void
ask_confirmation(struct verb_call *c, const struct code_ask *ask)
{
	char code[OBSERVE_CODE_HEX + 1], why[600], title[GF_ID_LEN + 64];

	if (observe_code(&c->j->p->cfg, c->gf->id, c->j->reply.to, pbem_now(c->j->p), code,
			 why, sizeof(why)) < 0) {
		job_fail(c->j, "%s", why);
		return;
	}
	snprintf(title, sizeof(title), "%s %s %s: reply to confirm", ask->verb, c->gf->id, code);
	verb_answer(c, title,
		    "Someone, perhaps you, asked this host from %s to %s game %s%s.\n\n"
		    "To confirm, reply to this mail and keep its subject, or send a mail "
		    "whose subject is\n\n  %s %s %s\n\nThe code is good for %d days. "
		    "If you did not ask, do nothing: %s.",
		    c->j->reply.to, ask->what, c->gf->id, ask->detail, ask->verb, c->gf->id,
		    code, OBSERVE_CODE_DAYS - 1, ask->otherwise);
}

/* The code after the game (VERB GAME CODE): 1 when it is the one this
 * host mailed the sender for the game within OBSERVE_CODE_DAYS; else the
 * sender is answered (asked to confirm when there is none, told when it
 * is wrong) and 0. */
static int
code_confirmed(struct verb_call *c, const struct code_ask *ask)
{
	char code[OBSERVE_CODE_HEX + 1], why[600];
	int r;

	given_code(c->args, code);
	if (code[0] == '\0') {
		ask_confirmation(c, ask);
		return 0;
	}
	r = observe_code_check(&c->j->p->cfg, c->gf->id, c->j->reply.to, pbem_now(c->j->p),
			       code, why, sizeof(why));
	if (r < 0)
		job_fail(c->j, "%s", why);
	if (r == 0) {
		job_problem(c->j, ask->fix,
			    "The code %s is not one this host mailed to %s for game %s, or "
			    "it is more than %d days old: %s.",
			    code, c->j->reply.to, c->gf->id, OBSERVE_CODE_DAYS - 1,
			    ask->otherwise);
	}
	return r > 0;
}

void
verb_observe(struct verb_call *c)
{
	if (!may_observe(c->j, c->j->reply.to)) {
		job_problem(c->j, "Ask the host to let your address observe games.",
			    "This host does not let %s observe games.", c->j->reply.to);
		return;
	}
	if (named_game(c) < 0 ||
	    !code_confirmed(c, &observe_ask))
		return;
	if (verb_meta_edit(c, edit_observe, c) < 0)
		return;
	c->j->verified_to = true; /* the code came back: the address reads its mail */
	players_index_game_changed(c->gd.dir); /* no stranger now */
	verb_answer(c, "observing", "You observe game %s now: after every turn you get "
		    "a mail with what happened, the scores and the map (what every player "
		    "sees, no one's secrets). Send UNOBSERVE %s to stop.",
		    c->gf->id, c->gf->id);
}

/* Whether the sender observes the game now. */
static bool
observes(struct verb_call *c)
{
	struct gf_error e = {0};
	struct meta m;

	return meta_load(c->gd.dir, c->gf, &m, &e) == 0 &&
	       observer_index(&m, c->j->reply.to) >= 0;
}

void
verb_unobserve(struct verb_call *c)
{
	if (named_game(c) < 0)
		return;
	if (!observes(c)) {
		verb_answer(c, "not observing", "%s does not observe game %s: no mails of it "
			    "go there.", c->j->reply.to, c->gf->id);
		return;
	}
	c->j->verified_to = true; /* an observer's address, no stranger's */
	if (!code_confirmed(c, &unobserve_ask) ||
	    verb_meta_edit(c, edit_observe, NULL) < 0)
		return;
	players_index_game_changed(c->gd.dir);
	verb_answer(c, "not observing", "You get no more mails of game %s.", c->gf->id);
}
