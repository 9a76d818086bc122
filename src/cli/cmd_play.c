/* carcpbem play: applies actions to a game file, all of them or none. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { OPT_DRY_RUN = 'n' };

static const struct cli_opt play_opts[] = {
	{OPT_DRY_RUN, "dry-run", 'n', NULL, "check and report the actions, save nothing"},
	{OPT_JSON, "json", 0, NULL,
	 "report as one JSON object: the actions played, their\n"
	 "scoring, every player's totals and the decision due"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"play",
	"[-n] GAME ACTION...",
	"Plays the actions in order, one action per argument, e.g.\n"
	"  carcpbem play game.json \"place 1 0 90\" \"thief N\"\n"
	"and saves GAME. If one action is refused, none is played and GAME stays\n"
	"as it was. carcpbem legal GAME lists the legal actions.",
	{play_opts, NULL, NULL},
};

static int
refuse(const char *path, const char *text, const struct rules_error *err, int done)
{
	cli_error("refused \"%s\": %s%s%s", text, err->rule, err->rule[0] ? ": " : "",
		  err->text);
	if (done)
		cli_error("nothing was played: not the %d action%s before it either",
			  done, done == 1 ? "" : "s");
	cli_error("run \"carcpbem legal %s\" for the legal actions", path);
	return EXIT_FAIL;
}

/* The host plays a game file; a view is a player's copy, and the players
 * of a signed game send turn files (carcpbem move, carcpbem apply). */
static bool
playable(const char *path, const struct gamefile *gf)
{
	if (gf->view != GF_VIEW_HOST)
		cli_error("%s is a %s view, a player's copy: make a turn from it with "
			  "carcpbem move",
			  path, gamefile_view_name(gf->view));
	else if (gamefile_signed(gf))
		cli_error("the players of game %s sign their turns: apply their turn "
			  "files with carcpbem apply",
			  gf->id);
	else
		return true;
	return false;
}

/* The actions joined as a turn joins them ("place 1 0 0; farmer SL"), for
 * the report to name places as written; free() it. NULL: out of memory. */
static char *
joined(char **actions, int n)
{
	size_t len = 1;
	char *s;

	for (int i = 0; i < n; i++)
		len += strlen(actions[i]) + 2;
	if ((s = malloc(len)) == NULL)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (i)
			strcat(s, "; ");
		strcat(s, actions[i]);
	}
	return s;
}

/* --json: the n actions just played as the game file keeps them, the
 * scoring they caused (from mark), the totals and the decision due. */
static int
play_json(const struct gamefile *gf, int n, int mark, bool dry_run)
{
	json_t *played = json_array(), *root;
	int r = EXIT_FAIL;

	for (int i = gf->naction - n; played && i < gf->naction; i++)
		json_array_append_new(played, json_string(gf->action[i]));
	root = json_pack("{s:o, s:o, s:o, s:b, s:o, s:b}", "played", played, "scoring",
			 score_events_json(gf, mark), "totals", score_totals_json(gf), "over",
			 gf->game->over, "decision", decision_json(gf), "dry_run", dry_run);
	if (root && json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0) {
		putchar('\n');
		r = EXIT_OK;
	} else
		cli_error("out of memory");
	json_decref(root);
	return r;
}

static int
play(const char *path, char **actions, int n, bool dry_run, bool json)
{
	struct catalog *cat = cli_catalog();
	struct gamefile *gf = cat ? cli_load(path, cat) : NULL;
	struct rules_error rerr = {0};
	struct gf_error gerr = {0};
	char *written = NULL;
	int mark, r = EXIT_FAIL;

	if (gf == NULL || !playable(path, gf))
		goto out;
	mark = gf->game->nevents;
	for (int i = 0; i < n; i++)
		if (gamefile_play(gf, actions[i], &rerr) < 0) {
			r = refuse(path, actions[i], &rerr, i);
			goto out;
		}
	if (!dry_run && gamefile_save(gf, path, true, &gerr) < 0) {
		cli_gf_error(path, &gerr);
		goto out;
	}
	if (json) {
		r = play_json(gf, n, mark, dry_run);
		goto out;
	}
	written = joined(actions, n);
	report_events(stdout, gf, mark, "", written);
	if (gf->game->over)
		report_final(stdout, gf);
	else
		report_decision(stdout, gf);
	if (dry_run)
		cli_say(stdout, "(dry run: %s not changed)\n", path);
	r = EXIT_OK;
out:
	free(written);
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}

int
cmd_play(int argc, char **argv)
{
	struct opt_iter it;
	const char *arg;
	bool dry_run = false, json = false;
	int id;

	opt_init(&it, argc, argv);
	while ((id = opt_next(&it, &usage, &arg)) != OPT_END) {
		if (id == OPT_ERROR)
			return EXIT_USAGE;
		if (id == OPT_HELP)
			return usage_help(&usage);
		dry_run |= id == OPT_DRY_RUN;
		json |= id == OPT_JSON;
	}
	if (it.npos < 2)
		return usage_error(&usage, it.npos ? "no action given"
						   : "which game? give its file");
	return play(argv[1], argv + 2, it.npos - 1, dry_run, json);
}
