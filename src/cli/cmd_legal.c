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

/* Placements, figures, recall, pass. */
static int
kind_rank(const struct action *a)
{
	static const int rank[ACT_KIND_COUNT] = {
	    [ACT_PLACE_TILE] = 0, [ACT_FIGURE] = 1, [ACT_RECALL] = 2, [ACT_PASS] = 3};

	return rank[a->kind];
}

static int
cmp_int(int a, int b)
{
	return (a > b) - (a < b);
}

static int
cmp_actions(const void *pa, const void *pb)
{
	const struct action *a = pa, *b = pb;
	int c = cmp_int(kind_rank(a), kind_rank(b));

	if (c == 0 && a->kind == ACT_PLACE_TILE)
		c = cmp_int(a->y, b->y)   ? cmp_int(a->y, b->y)
		    : cmp_int(a->x, b->x) ? cmp_int(a->x, b->x)
					  : cmp_int(a->rot, b->rot);
	if (c == 0 && a->kind == ACT_FIGURE)
		c = cmp_int(a->slot, b->slot) ? cmp_int(a->slot, b->slot)
					      : cmp_int(a->figure, b->figure);
	return c;
}

/* The legal actions, sorted, in *out (free() it); their number or -1. */
static int
legal_sorted(const struct game *g, struct action **out)
{
	int n = game_legal_actions(g, NULL, 0);

	if ((*out = malloc(sizeof(**out) * (n ? n : 1))) == NULL)
		return -1;
	n = game_legal_actions(g, *out, n);
	qsort(*out, n, sizeof(**out), cmp_actions);
	return n;
}

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

	if (gf && (n = legal_sorted(gf->game, &a)) >= 0)
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
