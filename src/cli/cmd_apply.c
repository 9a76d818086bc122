/* carcpbem apply: a player's signed turn, applied to a game directory;
 * in a game by mail, the mails that follow are queued and sent as the
 * mail loop sends them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act.h"
#include "apply.h"
#include "cli.h"
#include "gamesindex.h"
#include "host.h" /* EXIT_LOCKED, host_become_user */
#include "pbem.h"

enum { OPT_NO_MAIL = 512 };

static const struct cli_opt apply_opts[] = {
	{'c', "config", 'c', "FILE",
	 "the host's config, for a game by mail (default:\n"
	 "$CARCPBEM_CONFIG, else built-in defaults)"},
	{OPT_NO_MAIL, "no-mail", 0, NULL,
	 "in a game by mail, apply the turn without mailing\n"
	 "the players (they hear of it with the next turn)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"apply",
	"[-c FILE] [--no-mail] GAME TURNFILE [SIGFILE]",
	"Applies the signed turn in TURNFILE (\"-\": standard input; a whole mail is\n"
	"fine) to the game directory GAME; a turn signed with ssh-keygen -Y sign\n"
	"has its signature in SIGFILE, or in TURNFILE.sig beside it, or pasted\n"
	"after the turn. Checks the signature against the key\n"
	"registered for the turn's player, the game id, the turn number and the\n"
	"state hash, then the actions through the rules, all or none; records the\n"
	"turn in history.jsonl and saves state.json. In a game by mail (made by\n"
	"carcpbem new with addresses) the notice and the updates are mailed as\n"
	"the mail loop would, through the queue of the game's spool. A refusal\n"
	"exits with its own status: 3 malformed, 4 bad-signature, 5 unknown-key,\n"
	"6 not-your-decision, 7 wrong-game, 8 stale-state, 9 already-applied (the\n"
	"same turn again: nothing done), 10 illegal-action; 75 when the mail loop\n"
	"holds the spool; 1 for other failures.",
	{apply_opts, NULL, NULL},
};

struct apply_args {
	const char *config, *no_mail;
};

/* A game by mail: the host of its spool (SPOOL/games/ID), locked. */
struct mailer {
	bool on;
	struct pbem p;
	int lock_fd;
};

static int
mailer_open(struct mailer *m, const struct gamedir *gd, const struct catalog *cat,
	    const struct apply_args *a)
{
	char spool[GAMEDIR_PATH], why[600];
	struct config c;
	char *slash;

	m->on = false;
	m->lock_fd = -1;
	if (a->no_mail || !gd->is_dir || !pbem_game_by_mail(gd))
		return EXIT_OK;
	snprintf(spool, sizeof(spool), "%s", gd->dir);
	for (int up = 0; up < 2; up++)
		if ((slash = strrchr(spool, '/')) != NULL)
			*slash = '\0';
		else
			snprintf(spool, sizeof(spool), ".");
	if (cli_config(a->config, spool, &c) < 0 || host_become_user(&c) < 0)
		return EXIT_FAIL; /* root: as the host's user, as the loop would */
	if (pbem_open(&m->p, &c, cat, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	m->p.quiet = true;
	if ((m->lock_fd = pbem_lock(spool, why, sizeof(why))) < 0) {
		cli_error("%s: the mail loop is at work on game %s; try again once it is "
			  "done",
			  why, gd->dir);
		pbem_close(&m->p);
		return m->lock_fd == -2 ? EXIT_LOCKED : EXIT_FAIL;
	}
	m->on = true;
	return EXIT_OK;
}

static int
mailer_send(struct mailer *m, const struct gamedir *gd, const struct gamefile *gf,
	    const struct apply_result *res)
{
	struct pbem_stats st = {0};
	char why[600];

	if (!m->on)
		return EXIT_OK;
	if (pbem_mail_turn(&m->p, gd, gf, res->record, res->events_from, res->actions,
			   res->player >= 0 && res->player < gf->nplayers ? gf->name[res->player]
									   : NULL,
			   why, sizeof(why)) < 0) {
		cli_error("the turn is applied, but its mails are not queued: %s", why);
		return EXIT_FAIL;
	}
	if (pbem_flush(&m->p, false, &st) < 0)
		cli_say(stdout, "The mails are queued in %s; they go out with the next run.\n",
		       m->p.queue);
	else
		cli_say(stdout, "Mailed the players (%d mail%s).\n", st.queue.sent,
		       st.queue.sent == 1 ? "" : "s");
	return EXIT_OK;
}

static void
mailer_close(struct mailer *m)
{
	if (!m->on)
		return;
	pbem_close(&m->p);
	close(m->lock_fd);
}

static void
report(const struct gamefile *gf, const struct apply_result *res)
{
	cli_say(stdout, "Applied turn %ld of %s to game %s (record %ld): %s.\n", res->turn,
	       gf->name[res->player], gf->id, res->record, res->actions);
	if (res->note[0] != '\0') /* answers the turn did not ask for */
		cli_say(stdout, "Not used: %s\n", res->note);
	report_events(stdout, gf, res->events_from, "", res->actions);
	if (gf->game->over)
		report_final(stdout, gf);
	else
		report_decision(stdout, gf);
}

static int
apply(const char *game, const char *file, const char *sig, const struct apply_args *a)
{
	struct catalog *cat = cli_catalog();
	struct turn_error err = {0};
	struct gamefile *gf = NULL;
	struct mailer m = {0};
	struct apply_result res;
	struct gamedir gd;
	char *text = NULL;
	size_t len;
	int r = EXIT_FAIL;

	if (cat == NULL || cli_gamedir(game, &gd) < 0 ||
	    (text = cli_read_turn(file, sig, &len)) == NULL ||
	    (r = mailer_open(&m, &gd, cat, a)) != EXIT_OK)
		goto done;
	struct writer w = WRITER_NONE; /* not mailed: the spool's index here */
	if (!m.on && gd.is_dir)
		writers_enter_game(gd.dir, &w);
	if (archive_apply(&gd, cat, text, len, cli_now(), &gf, &res, &err) < 0)
		r = cli_turn_error(file, &err);
	else {
		report(gf, &res);
		if (!m.on && gd.is_dir)
			gamesindex_put(gd.dir, gf, NULL);
		r = mailer_send(&m, &gd, gf, &res);
	}
	writers_leave(&w);
	mailer_close(&m);
done:
	free(text);
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}

int
cmd_apply(int argc, char **argv)
{
	struct apply_args a = {0};
	const struct cli_store stores[] = {
	    {'c', &a.config}, {OPT_NO_MAIL, &a.no_mail}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 2 && npos != 3)
		return usage_error(&usage, "give the game and the turn file (and its "
					   "SSH signature file)");
	return apply(argv[1], argv[2], npos == 3 ? argv[3] : NULL, &a);
}
