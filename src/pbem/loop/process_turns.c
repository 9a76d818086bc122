/* The turn blocks of a message: each applied to its game in order, and
 * the mails that follow made; refusals become the error reply. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "atomic.h"
#include "crashpoint.h"
#include "durable.h"
#include "deadline_pass.h"
#include "meta.h"
#include "process_impl.h"
#include "turnfile.h"
#include "turn_steps.h"

/* How to fix a refused turn, by its code (turn.h); the refusal's own
 * text already says what was wrong. */
static const char *const fixes[TURN_CODE_COUNT] = {
	[TURN_MALFORMED] = "Send the turn file as carcpbem move or carcpbem sign wrote it, "
			   "in the body or as a text attachment.",
	[TURN_BAD_SIGNATURE] = "The turn was changed after it was signed: make it again "
			       "with carcpbem move (or sign it again) and send it as it is.",
	[TURN_UNKNOWN_KEY] = "Sign with the key whose public half you gave the host. If "
			     "you lost it, ask the host to register a new one.",
	[TURN_NOT_YOUR_DECISION] = "Wait for the mail that says it is your decision.",
	[TURN_WRONG_GAME] = "Check the Game: line: use the view from this game's latest "
			    "mail.",
	[TURN_STALE] = "The game has moved on: make your turn from the view attached to "
		       "the latest notice.",
	[TURN_DUPLICATE] = "Nothing to do: that turn counts already.",
	[TURN_ILLEGAL] = "Pick one of the legal actions listed below.",
};

/* The same for a turn signed with ssh-keygen (its block has sig_where). */
static const char *const ssh_fixes[TURN_CODE_COUNT] = {
	[TURN_MALFORMED] = "Save the turn block as turn.txt, sign it with \"ssh-keygen -Y "
			   "sign -f ~/.ssh/id_ed25519 -n carcassonne turn.txt\" and attach "
			   "turn.txt and turn.txt.sig as they are.",
	[TURN_BAD_SIGNATURE] = "Delete the old signature first (rm turn.txt.sig: ssh-keygen "
			       "keeps it if you answer its \"Overwrite (y/n)?\" with Enter), "
			       "then sign turn.txt again with \"ssh-keygen -Y sign -f "
			       "~/.ssh/id_ed25519 -n carcassonne turn.txt\" and attach both "
			       "files as they are.",
	[TURN_UNKNOWN_KEY] = "Sign with the SSH key whose .pub you gave the host. If you "
			     "lost it, ask the host to register a new one.",
};

static const char *
fix_of(const struct mail_block *b, int code)
{
	if (b->sig_where[0] != '\0' && ssh_fixes[code] != NULL)
		return ssh_fixes[code];
	return fixes[code];
}

bool
job_is_player(const struct gamefile *gf, const char *addr)
{
	return mails_seat_of(gf, addr) >= 0;
}

/* The temporary files that a killed write left in the game's directory:
 * removed when the game is opened for a turn, under the spool's lock,
 * rather than by a scan of every game at every pass. */
static void
clean_game(struct job *j, const char *dir)
{
	int n = atomic_clean_temp(dir, pbem_now(j->p) - PBEM_TEMP_AGE);

	if (n > 0)
		pbem_log(j->p, PBEM_INFO, "%s: removed %d temporary file%s left by a killed run",
			 dir, n, n == 1 ? "" : "s");
}

static void
note_seen(struct job *j, const char *dir)
{
	for (int i = 0; i < j->nseen; i++)
		if (strcmp(j->seen[i], dir) == 0)
			return;
	if (j->nseen < JOB_MAX_GAMES)
		snprintf(j->seen[j->nseen++], GAMEDIR_PATH, "%s", dir);
	else
		j->alone = true; /* more games than it can list: commit it alone */
}

int
job_game(struct job *j, const char *id, struct gamedir *gd)
{
	char dir[CONFIG_PATH_MAX + 64], why[160];
	struct gf_error err = {"", ""};
	struct stat st;

	if (gamefile_check_id(id, why, sizeof(why)) < 0) {
		job_problem(j, fixes[TURN_WRONG_GAME], "'%s' is no game id: %s", id, why);
		return -1;
	}
	snprintf(dir, sizeof(dir), "%s/%s", j->p->games, id);
	if (stat(dir, &st) < 0 || gamedir_of(dir, gd, &err) < 0) {
		job_problem(j, fixes[TURN_WRONG_GAME], "There is no game '%s' on this host.",
			    id);
		return -1;
	}
	if (pbem_group_has_game(j->p, gd->dir))
		pbem_group_commit(j->p, j->st); /* the messages before it first */
	note_seen(j, gd->dir);
	clean_game(j, dir);
	return 0;
}

/* Remembers that gd's mails up to record are queued by this message,
 * and whether the host is to play the decision that follows. */
static void
note_mailed(struct job *j, const struct gamedir *gd, long record, bool forced)
{
	for (int i = 0; i < j->ngames; i++)
		if (strcmp(j->game_dir[i], gd->dir) == 0) {
			j->game_record[i] = record;
			j->game_forced[i] = forced;
			return;
		}
	if (j->ngames < JOB_MAX_GAMES) {
		snprintf(j->game_dir[j->ngames], GAMEDIR_PATH, "%s", gd->dir);
		j->game_forced[j->ngames] = forced;
		j->game_record[j->ngames++] = record;
	}
}

static void
queue_turn_mails(struct job *j, const struct gamedir *gd, struct gamefile *gf,
		 const struct apply_result *res)
{
	struct template_error terr = {{0}};
	struct mail_ctx c = j->ctx;
	struct meta m;
	char why[600];

	if (deadline_begin(j->p, gd, gf, res->record, res->player, &m, why, sizeof(why)) < 0) {
		job_fail(j, "game %s: %s", gf->id, why);
		return;
	}
	c.meta = &m;
	c.mover = res->player >= 0 && res->player < gf->nplayers ? gf->name[res->player] : NULL;
	/* The last mails read the game back from its files (the archive): its
	 * state.json, staged until the group's barrier, is put in place now. */
	if (gf->game->over && durable_barrier() < 0) {
		job_fail(j, "game %s: cannot sync the spool: %s", gf->id, strerror(errno));
		return;
	}
	if (mails_turn(&c, gd, gf, res->record, pbem_events_of_turn(gf->game, res->turn),
		       res->actions, &j->reply, &j->out, &terr) < 0) {
		job_fail(j, "cannot make the mails of game %s: %s", gf->id, terr.text);
		return;
	}
	struct action only;
	note_mailed(j, gd, res->record, turn_forced(gf->game, &only));
}

/* A turn applied with lines it did not use (answers to decisions that
 * did not come, or past the player's decisions): its sender is told which
 * and why, in a mail of its own (MSGKEY-told-note), not a refusal. */
static void
tell_unused(struct job *j, const struct gamefile *gf, const struct apply_result *res)
{
	struct template_error terr = {{0}};
	char title[120], text[600];

	if (res->note[0] == '\0')
		return;
	snprintf(title, sizeof(title), "your turn %ld in game %s is applied, with a note",
		 res->turn, gf->id);
	snprintf(text, sizeof(text),
		 "your turn %ld in game %s is applied. %s The rest of the turn counts as "
		 "it was sent; nothing needs to be sent again.",
		 res->turn, gf->id, res->note);
	if (mails_told(&j->ctx, gf, res->player, j->reply.to, "note", &j->reply, title, text,
		       &j->out, &terr) < 0)
		job_fail(j, "cannot make the note on game %s: %s", gf->id, terr.text);
}

/* A turn found applied already: ours before a crash (queue its mails if
 * that did not happen yet, else nothing), or one sent twice (say so, with
 * the game as it stands: the reply keeps gf, and true is returned). */
static bool
applied_before(struct job *j, const struct gamedir *gd, struct gamefile *gf,
	       const struct apply_result *res, const struct turn_error *err)
{
	char key[JOB_KEY_LEN + 1];
	long mailed;

	mailed_read(gd, &mailed, key);
	if (res->record > mailed) {
		if (res->record == gf->archive.records - 1) {
			queue_turn_mails(j, gd, gf, res);
			tell_unused(j, gf, res);
		}
		j->st->turns++;
	} else if (strcmp(key, j->key) != 0) {
		job_problem(j, fixes[TURN_DUPLICATE], "%s", err->text);
		if (job_is_player(gf, j->reply.to)) {
			job_context(j, gf);
			return true;
		}
	}
	return false;
}

/* A turn made from an out-of-date view, said in the player's terms (the
 * turn layer's text names state hashes); the reply gets the sender's
 * current view (mails_stale). */
static void
stale(struct job *j, const struct gamedir *gd, const struct gamefile *gf, const struct turn *t)
{
	static const char fix[] = "Make your turn again from the view attached to this "
				  "mail: it is the game as it stands.";
	char now[160], cause[300];

	turn_describe_decision(gf, now, sizeof(now));
	job_stale_cause(gd, cause, sizeof(cause));
	if (cause[0] != '\0')
		job_problem(j, fix, "Your turn for game %s was made for turn %ld, but %s; "
			    "the game is at %s.", gf->id, t->number, cause, now);
	else if (t->number == gf->game->turn)
		job_problem(j, fix,
			    "Your turn for game %s was made for turn %ld from an earlier "
			    "view of it; the game has moved on since, to %s.",
			    gf->id, t->number, now);
	else
		job_problem(j, fix,
			    "Your turn for game %s was made for turn %ld, but the game has "
			    "moved on to %s.",
			    gf->id, t->number, now);
	j->view_seat = mails_seat_of(gf, j->reply.to);
}

/* A figure (or a later decision) refused after a placement that stood:
 * the fix names the choices that placement leaves, which the reply's
 * list of legal actions (the placements, the turn undone) does not. The
 * turn layer's refusal ends with them: "...; legal here: knight N, pass". */
static const char *
illegal_fix(struct job *j, const struct turn *t, const struct turn_error *err,
	    const char *fix)
{
	static const char mark[] = "; legal here: ";
	const char *legal = strstr(err->text, mark);

	if (err->code != TURN_ILLEGAL || strncmp(err->text, "action 1 ", 9) == 0 ||
	    legal == NULL)
		return fix;
	snprintf(j->fix_text, sizeof(j->fix_text),
		 "Keep your placement (%s) and choose one of the choices it leaves: %s. "
		 "Or choose another placement from the legal actions below.",
		 t->action[0], legal + strlen(mark));
	return j->fix_text;
}

static void
refused(struct job *j, const struct gamedir *gd, struct gamefile *gf, const struct turn *t,
	const struct turn_error *err, const struct mail_block *b)
{
	if (err->code == TURN_BAD_SIGNATURE || err->code == TURN_UNKNOWN_KEY)
		job_warn_seat(j, gf, gamefile_player(gf, t->player), t->key, err->text);
	if (err->code == TURN_STALE && !gf->game->over && job_is_player(gf, j->reply.to))
		stale(j, gd, gf, t);
	else
		job_problem(j, illegal_fix(j, t, err, fix_of(b, err->code)),
			    "Your turn %ld for game %s was refused (%s): %s", t->number,
			    t->game, turn_code_name(err->code), err->text);
	if (job_is_player(gf, j->reply.to))
		job_context(j, gf);
	else
		gamefile_free(gf);
}

static void
apply_block(struct job *j, const struct mail_block *b, const struct turn *t)
{
	struct apply_result res = {0};
	struct turn_error err = {0};
	struct gamefile *gf = NULL;
	struct gamedir gd;

	if (job_game(j, t->game, &gd) < 0 || job_seat_left(j, &gd, t))
		return;
	if (archive_apply(&gd, j->p->cat, b->text, b->len, j->ctx.now, &gf, &res, &err) == 0) {
		crashpoint("turn applied");
		pbem_log(j->p, PBEM_INFO, "%s: game %s turn %ld by %s: %s", j->name, gf->id,
			 res.turn, t->player, res.actions);
		j->st->turns++;
		queue_turn_mails(j, &gd, gf, &res);
		tell_unused(j, gf, &res);
	} else if (gf == NULL || err.code == TURN_FAIL) {
		job_fail(j, "game %s: %s", t->game, err.text);
	} else if (err.code == TURN_DUPLICATE) {
		if (applied_before(j, &gd, gf, &res, &err))
			return; /* gf is the reply's now */
	} else {
		char why[600];

		/* signed by the seat's key, only late: its player is back */
		if (err.code == TURN_STALE &&
		    deadline_came_back(j->p, &gd, gf, gamefile_player(gf, t->player), why,
				       sizeof(why)) < 0)
			pbem_log(j->p, PBEM_ERR, "%s", why);
		refused(j, &gd, gf, t, &err, b);
		return;
	}
	gamefile_free(gf);
}

/* Whether block i repeats an earlier signed block (a reply quoting the
 * turn it answers, say). */
static bool
seen_before(const struct turn *t, int i)
{
	uint8_t a[32], b[32];

	turn_id(&t[i], a);
	for (int k = 0; k < i; k++) {
		if (!t[k].is_signed)
			continue;
		turn_id(&t[k], b);
		if (memcmp(a, b, sizeof(a)) == 0)
			return true;
	}
	return false;
}

void
job_turns(struct job *j)
{
	struct turn t[MAIL_MAX_BLOCKS];
	struct turn_error err[MAIL_MAX_BLOCKS];
	bool ok[MAIL_MAX_BLOCKS];
	int nsigned = 0;

	if (j->in.too_many_blocks)
		job_problem(j, "Send one turn, or a few, a mail.",
			    "Your mail holds more than %d turn files; only the first %d "
			    "were read.",
			    MAIL_MAX_BLOCKS, MAIL_MAX_BLOCKS);
	if (j->in.too_many_sigs)
		job_problem(j, "Send each turn file with its one signature (ssh-keygen -Y "
			    "sign makes FILE.sig), a few turns a mail.",
			    "Your mail holds more than %d SSH signatures (SSH SIGNATURE "
			    "blocks, in the text or attached); only the first %d were "
			    "read.",
			    MAIL_MAX_SIGS, MAIL_MAX_SIGS);
	for (int i = 0; i < j->in.nblocks; i++) {
		const struct mail_block *b = &j->in.block[i];
		memset(&err[i], 0, sizeof(err[i]));
		ok[i] = turn_parse(b->text, b->len, 0, &t[i], &err[i]) == 0;
		nsigned += ok[i] && t[i].is_signed;
	}
	for (int i = 0; i < j->in.nblocks && !j->temp_failure; i++) {
		if (!ok[i] && nsigned == 0)
			job_problem(j, fix_of(&j->in.block[i], TURN_MALFORMED), "The turn file in the %s cannot "
				    "be read: %s", j->in.block[i].where, err[i].text);
		else if (t[i].is_signed && !seen_before(t, i))
			apply_block(j, &j->in.block[i], &t[i]);
		else if (!t[i].is_signed && nsigned == 0 && j->in.nsigs == 0)
			job_unsigned(j, &j->in.block[i], &t[i], true);
	}
	job_sig_problems(j);
}
