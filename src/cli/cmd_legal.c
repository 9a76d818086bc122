/* carcpbem legal: every legal action of the decision due, in the text
 * carcpbem play accepts. */
#include <stdlib.h>

#include "cli.h"

static const struct cli_opt legal_opts[] = {
	{OPT_JSON, "json", 0, NULL,
	 "print {\"decision\": {...}, \"actions\": [...]} instead of text"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"legal",
	"GAME [--json]",
	"Lists every legal action of the decision due in GAME, one a line, in the\n"
	"text carcpbem play accepts: placements by y, x and rotation, then figures\n"
	"by slot, recall and pass. Lines starting with # describe the decision.",
	{legal_opts, NULL, NULL},
};

static int
print_json(const struct gamefile *gf, const struct action *a, int n)
{
	json_t *root = json_pack("{s:o, s:[]}", "decision", decision_json(gf), "actions");
	json_t *list = json_object_get(root, "actions");
	char buf[64];

	for (int i = 0; i < n; i++) {
		action_format(gf->game, &a[i], buf, sizeof(buf));
		json_array_append_new(list, json_string(buf));
	}
	if (json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) < 0) {
		json_decref(root);
		return EXIT_FAIL;
	}
	putchar('\n');
	json_decref(root);
	return EXIT_OK;
}

static int
print_text(const struct gamefile *gf, const struct action *a, int n)
{
	char buf[64];

	fputs("# ", stdout);
	report_decision(stdout, gf);
	if (n)
		printf("# %d legal action%s:\n", n, n == 1 ? "" : "s");
	for (int i = 0; i < n; i++) {
		action_format(gf->game, &a[i], buf, sizeof(buf));
		puts(buf);
	}
	return EXIT_OK;
}

static int
legal(const char *path, bool json)
{
	struct catalog *cat = cli_catalog();
	struct gamefile *gf = cat ? cli_load(path, cat) : NULL;
	struct action *a = NULL;
	int n, r = EXIT_FAIL;

	if (gf && (n = gamefile_legal_sorted(gf->game, &a)) >= 0)
		r = json ? print_json(gf, a, n) : print_text(gf, a, n);
	else if (gf)
		cli_error("out of memory");
	free(a);
	gamefile_free(gf);
	catalog_free(cat);
	return r;
}

int
cmd_legal(int argc, char **argv)
{
	return cli_one_game(argc, argv, &usage, legal);
}
