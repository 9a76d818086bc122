/* carcpbem apply: a player's signed turn, applied to a game directory. */
#include <stdlib.h>

#include "apply.h"
#include "cli.h"

static const struct cli_usage usage = {
	"apply",
	"GAME TURNFILE",
	"Applies the signed turn in TURNFILE (\"-\": standard input; a whole mail is\n"
	"fine) to the game directory GAME: checks the signature against the key\n"
	"registered for the turn's player, the game id, the turn number and the\n"
	"state hash, then the actions through the rules, all or none; records the\n"
	"turn in history.jsonl and saves state.json. A refusal exits with its own\n"
	"status: 3 malformed, 4 bad-signature, 5 unknown-key, 6 not-your-decision,\n"
	"7 wrong-game, 8 stale-state, 9 already-applied (the same turn again:\n"
	"nothing done), 10 illegal-action; 1 for other failures.",
	{NULL, NULL, NULL},
};

static void
report(const struct gamefile *gf, const struct apply_result *res)
{
	printf("Applied turn %ld of %s to game %s (record %ld): %s.\n", res->turn,
	       gf->name[res->player], gf->id, res->record, res->actions);
	report_events(stdout, gf, res->events_from, "");
	if (gf->game->over)
		report_final(stdout, gf);
	else
		report_decision(stdout, gf);
}

static int
apply(const char *game, const char *file)
{
	struct catalog *cat = cli_catalog();
	struct turn_error err = {0};
	struct gamefile *gf = NULL;
	struct apply_result res;
	struct gamedir gd;
	char *text = NULL;
	size_t len;
	int r = EXIT_FAIL;

	if (cat == NULL || cli_gamedir(game, &gd) < 0 ||
	    (text = cli_read_text(file, &len)) == NULL)
		goto done;
	if (archive_apply(&gd, cat, text, len, cli_now(), &gf, &res, &err) < 0)
		r = cli_turn_error(file, &err);
	else {
		report(gf, &res);
		r = EXIT_OK;
	}
done:
	free(text);
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}

int
cmd_apply(int argc, char **argv)
{
	const struct cli_store stores[] = {{0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, &usage, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 2)
		return usage_error(&usage, "give the game and the turn file");
	return apply(argv[1], argv[2]);
}
