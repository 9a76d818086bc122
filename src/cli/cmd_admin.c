/* carcpbem admin GAME COMMAND [ARG...]: the host's commands at the
 * keyboard (src/pbem/admin/admin_run.c), with the spool locked as the mail loop
 * locks it; the players' mails are queued and sent as apply sends them. */
#include <stdio.h>
#include <unistd.h>

#include "admin.h"
#include "cli.h"
#include "host.h" /* EXIT_LOCKED, host_become_user */
#include "pbem.h"

static const struct cli_usage usage = {
	"admin",
	"[-c FILE] [--spool DIR] GAME COMMAND [ARG...]",
	"Carries out a host command on the game GAME of the spool: pause,\n"
	"resume, extend HOURS (the deadline of the decision due), kick SEAT (the\n"
	"computer plays the seat), resign SEAT (the player leaves; the computer\n"
	"plays the seat), replace SEAT KEY ADDRESS (a new player takes\n"
	"the seat: KEY a public key line or file), rollback N (undo the last N\n"
	"decisions), terminate (end the game as it stands, unscored). Each is a\n"
	"record of the game's history signed with the host key (host-key, made\n"
	"when missing), which carcpbem replay checks; the players are told by\n"
	"mail. Exit status 0, 1 when refused or failed (the reason on stderr),\n"
	"75 when the mail loop holds the spool.",
	{config_opts, NULL, NULL},
};

static int
run(struct pbem *p, const char *game, int argc, char **argv)
{
	struct pbem_stats st = {0};
	char out[1200], why[1000];
	int r = admin_command(p, game, argc, argv, "keyboard", out, sizeof(out), why,
			      sizeof(why));

	if (out[0])
		cli_say(stdout, "%s\n", out);
	if (r < 0) {
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	if (pbem_flush(p, false, &st) < 0)
		cli_say(stdout, "The mails are queued in %s; they go out with the next run.\n",
			p->queue);
	else if (st.queue.sent > 0)
		cli_say(stdout, "Mailed the players (%d mail%s).\n", st.queue.sent,
			st.queue.sent == 1 ? "" : "s");
	return EXIT_OK;
}

int
cmd_admin(int argc, char **argv)
{
	const char *config = NULL, *spool = NULL;
	const struct cli_store stores[] = {
		{'c', &config}, {OPT_SPOOL_DIR, &spool}, {0, NULL}};
	int npos, lock, r = cli_parse_stores(argc, argv, &usage, stores, &npos);
	struct catalog *cat;
	struct config c;
	struct pbem p;
	char why[600];

	if (r != CLI_PROCEED)
		return r;
	if (npos < 2)
		return usage_error(&usage, "give the game and a command");
	if (cli_config(config, spool, &c) < 0 || host_become_user(&c) < 0 ||
	    (cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	if (pbem_open(&p, &c, cat, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		catalog_free(cat);
		return EXIT_FAIL;
	}
	p.quiet = true;
	if ((lock = pbem_lock(c.spool, why, sizeof(why))) < 0) {
		cli_error("%s: try again once the mail loop is done", why);
		r = lock == -2 ? EXIT_LOCKED : EXIT_FAIL;
	} else {
		r = run(&p, argv[1], npos - 1, argv + 2);
		close(lock);
	}
	pbem_close(&p);
	catalog_free(cat);
	return r;
}
