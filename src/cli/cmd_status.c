/* carcpbem status [PLAYER]: who the spool's games wait on, from the spool's
 * index SPOOL/games.index (src/pbem/spool/gamesindex.h), not from every game. */
#include <stdio.h>
#include <sys/stat.h>

#include "cli.h"
#include "deadline.h"
#include "host.h" /* host_become_user */
#include "spool_status.h"

enum { OPT_SCAN = 513 };

static const struct cli_opt status_opts[] = {
	{OPT_JSON, "json", 0, NULL, "print the same facts as one JSON object"},
	{OPT_SCAN, "scan", 0, NULL,
	 "read every game instead of the index (slow: what the index must say)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"status",
	"[-c FILE] [--spool DIR] [--json] [--scan] [PLAYER]",
	"Lists every player of the spool's running games (by address, or by\n"
	"seat name where a seat has none) with the games waiting on them: the\n"
	"game, the decision, since when, its deadline if one is set, and whether\n"
	"the game is paused or the computer plays the seat; then the number of\n"
	"games by state and of games waiting on each player. PLAYER (an address\n"
	"or a seat name, any case) lists that player only.",
	{config_opts, status_opts, NULL},
};

static void
print_seat(const struct ss_seat *t)
{
	const struct gi_entry *e = t->e;
	char since[64], at[64], deadline[80] = "no deadline";

	dl_format_utc(e->since, since, sizeof(since));
	if (e->deadline != 0) {
		dl_format_utc(e->deadline, at, sizeof(at));
		snprintf(deadline, sizeof(deadline), "due by %s", at);
	}
	cli_say(stdout, "  %-16s %-8s turn %-3d %-13s since %s, %s%s%s%s%s\n", e->game,
		e->name[t->seat], e->turn, e->decision, since, deadline,
		e->state == GI_PAUSED ? " (paused)" : "", e->away ? " (away)" : "",
		e->bot && !e->away ? " (the computer plays)" : "",
		e->resigned ? " (resigned)" : "");
}

static void
print_text(const struct spool_status *s)
{
	for (int i = 0; i < s->n; i++) {
		const struct ss_player *p = &s->p[i];

		if (p->address)
			cli_say(stdout, "%s (%s): ", p->address, p->name);
		else
			cli_say(stdout, "%s (no address): ", p->name);
		cli_say(stdout, "%d of %d game%s waiting\n", p->waiting, p->nseats,
			p->nseats == 1 ? "" : "s");
		for (int k = 0; k < p->nseats; k++)
			if (p->seat[k].e->seat == p->seat[k].seat)
				print_seat(&p->seat[k]);
	}
	cli_say(stdout, "Games: %d (%d active, %d paused, %d over, %d terminated)\n", s->games,
		s->count[GI_ACTIVE], s->count[GI_PAUSED], s->count[GI_OVER],
		s->count[GI_TERMINATED]);
}

static int
run(const struct config *c, const char *who, bool json, bool scan)
{
	struct catalog *cat = cli_catalog();
	struct spool_status s;
	struct gi_list l = {0};
	struct stat st;
	char why[600];
	int r = EXIT_FAIL;

	if (cat == NULL)
		return EXIT_FAIL;
	if (stat(c->spool, &st) < 0 || !S_ISDIR(st.st_mode))
		cli_error("there is no spool %s: name the host's config (-c FILE) or its "
			  "spool (--spool DIR)", c->spool);
	else if (gamesindex_load(c->spool, cat, scan, &l, why, sizeof(why)) < 0)
		cli_error("%s", why);
	else if (spool_status_make(&l, who, &s) < 0)
		cli_error("out of memory");
	else {
		if (json)
			spool_status_json(stdout, &s);
		else
			print_text(&s);
		spool_status_free(&s);
		r = EXIT_OK;
	}
	gamesindex_free(&l);
	catalog_free(cat);
	return r;
}

int
cmd_status(int argc, char **argv)
{
	const char *config = NULL, *spool = NULL, *json = NULL, *scan = NULL;
	const struct cli_store stores[] = {{'c', &config}, {OPT_SPOOL_DIR, &spool},
					   {OPT_JSON, &json}, {OPT_SCAN, &scan},
					   {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos), reader;
	struct config c;

	if (r != CLI_PROCEED)
		return r;
	if (npos > 1)
		return usage_error(&usage, "give at most one player");
	if (cli_config(config, spool, &c) < 0 || (reader = host_reader(&c)) < 0)
		return EXIT_FAIL;
	/* root reads the games, not the index, which it might have to write */
	return run(&c, npos == 1 ? argv[1] : NULL, json != NULL, scan != NULL || reader);
}
