/* Command-line plumbing shared by the subcommands: a small option parser
 * (options may follow operands, as in "carcpbem legal g.json --json"),
 * usage messages, the rules options, seeds, errors. No global state, so
 * each subcommand parses its own argv from the start. */
#include <errno.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "safetext.h"

enum {
	OPT_EDITION = 256,
	OPT_FARMERS,
	OPT_NO_FARMERS,
	OPT_RIVER,
	OPT_ABBOT,
	OPT_UTURN,
	OPT_DRAGON_MOVES,
	OPT_WITH
};

const struct cli_opt rules_opts[] = {
	{OPT_EDITION, "edition", 0, "1|2", "tiles of the 1st (default) or 2nd edition"},
	{OPT_FARMERS, "farmers", 0, NULL, "play with farmers (the default)"},
	{OPT_NO_FARMERS, "no-farmers", 0, NULL, "play without farmers"},
	{OPT_WITH, "with", 0, "NAME,...",
	 "play with these rule modules: river, river2, gq11,\n"
	 "cathars, king-robber, count, abbey-mayor,\n"
	 "traders-builders, princess-dragon, tower, gifts,\n"
	 "abbot, inns-cathedrals (those not built yet are\n"
	 "refused)"},
	{OPT_RIVER, "river", 0, NULL, "add the River expansion (--with river)"},
	{OPT_ABBOT, "abbot", 0, NULL, "give each player an abbot (--with abbot)"},
	{OPT_UTURN, "river-uturn", 0, "curves|area",
	 "how the river is kept from turning back: no two\n"
	 "curves the same way in a row (curves, the default),\n"
	 "or free space ahead of it (area)"},
	{OPT_DRAGON_MOVES, "dragon-moves", 0, "each|current",
	 "who moves the dragon (princess-dragon): each player\n"
	 "in turn (each, the rules) or the turn's player\n"
	 "alone (current, a house rule)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_opt help_opt = {OPT_HELP, "help", 'h', NULL,
					"print this help and exit"};

/* Every message the command prints is formatted here first, then written
 * with its control characters shown (\x1b), so that no text from a turn,
 * key, game file or argument can drive the terminal. Text already made
 * safe passes unchanged: safe_text leaves backslashes alone. */
static void
say(FILE *fp, const char *fmt, va_list ap)
{
	char buf[1024], *text = buf, *safe;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	if (n >= (int)sizeof(buf) && (text = malloc((size_t)n + 1)) != NULL)
		vsnprintf(text, (size_t)n + 1, fmt, again);
	va_end(again);
	if (n < 0 || text == NULL)
		text = buf;
	safe = safe_text_dup(text, SAFE_LINES);
	fputs(safe ? safe : "(out of memory)", fp);
	free(safe);
	if (text != buf)
		free(text);
}

void
cli_say(FILE *fp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(fp, fmt, ap);
	va_end(ap);
}

void
cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("carcpbem: ", stderr);
	va_start(ap, fmt);
	say(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
cli_gf_error(const char *file, const struct gf_error *e)
{
	if (e->path[0])
		cli_error("%s: %s: %s", file, e->path, e->text);
	else
		cli_error("%s: %s", file, e->text);
}

int
usage_error(const struct cli_usage *u, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "carcpbem %s: ", u->cmd);
	va_start(ap, fmt);
	say(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: carcpbem %s %s\n", u->cmd, u->synopsis);
	return EXIT_USAGE;
}

static void
print_opt(const struct cli_opt *o)
{
	char left[64];
	const char *h = o->help, *nl;

	if (o->name == NULL) /* a short option only, such as run's -n */
		snprintf(left, sizeof(left), "-%c%s%s", o->letter, o->arg ? " " : "",
			 o->arg ? o->arg : "");
	else
		snprintf(left, sizeof(left), "%c%c%c --%s%s%s", o->letter ? '-' : ' ',
			 o->letter ? o->letter : ' ', o->letter ? ',' : ' ', o->name,
			 o->arg ? " " : "", o->arg ? o->arg : "");
	printf("  %-26s", left);
	if (strlen(left) > 26)
		printf("\n  %-26s", "");
	/* Help texts may run on several lines. */
	while ((nl = strchr(h, '\n')) != NULL) {
		printf(" %.*s\n  %-26s", (int)(nl - h), h, "");
		h = nl + 1;
	}
	printf(" %s\n", h);
}

int
usage_help(const struct cli_usage *u)
{
	printf("usage: carcpbem %s %s\n\n%s\n\noptions:\n", u->cmd, u->synopsis,
	       u->about);
	for (int t = 0; u->opts[t]; t++)
		for (const struct cli_opt *o = u->opts[t]; o->id; o++)
			print_opt(o);
	print_opt(&help_opt);
	return EXIT_OK;
}

void
opt_init(struct opt_iter *it, int argc, char **argv)
{
	*it = (struct opt_iter){.argc = argc, .argv = argv};
}

static const struct cli_opt *
find_opt(const struct cli_usage *u, const char *name, size_t len, char letter)
{
	if (letter ? letter == 'h' : len == 4 && strncmp(name, "help", 4) == 0)
		return &help_opt;
	for (int t = 0; u->opts[t]; t++)
		for (const struct cli_opt *o = u->opts[t]; o->id; o++)
			if (letter ? o->letter == letter
				   : o->name != NULL && strlen(o->name) == len &&
					 strncmp(o->name, name, len) == 0)
				return o;
	return NULL;
}

/* The option's argument: inline (--seed=x, -n5) or the next word. */
static int
opt_value(struct opt_iter *it, const struct cli_usage *u, const struct cli_opt *o,
	  const char *given, const char *inline_value, const char **arg)
{
	if (o->arg == NULL) {
		if (inline_value)
			return usage_error(u, "option %s takes no value", given),
			       OPT_ERROR;
		return o->id;
	}
	if (inline_value) {
		*arg = inline_value;
		return o->id;
	}
	if (it->i + 1 >= it->argc)
		return usage_error(u, "option %s needs a value (%s)", given, o->arg),
		       OPT_ERROR;
	*arg = it->argv[++it->i];
	return o->id;
}

static int
long_opt(struct opt_iter *it, const struct cli_usage *u, const char *word,
	 const char **arg)
{
	const char *eq = strchr(word, '=');
	size_t len = eq ? (size_t)(eq - word) : strlen(word);
	const struct cli_opt *o = find_opt(u, word, len, 0);

	char given[40];

	if (o == NULL)
		return usage_error(u, "unknown option --%.*s", (int)len, word), OPT_ERROR;
	snprintf(given, sizeof(given), "--%s", o->name);
	return opt_value(it, u, o, given, eq ? eq + 1 : NULL, arg);
}

static int
short_opt(struct opt_iter *it, const struct cli_usage *u, const char *word,
	  const char **arg)
{
	const struct cli_opt *o = find_opt(u, NULL, 0, word[0]);
	char given[3] = {'-', word[0], '\0'};

	if (o == NULL || (o->arg == NULL && word[1]))
		return usage_error(u, "unknown option %s", it->argv[it->i]), OPT_ERROR;
	return opt_value(it, u, o, given, word[1] ? word + 1 : NULL, arg);
}

int
opt_next(struct opt_iter *it, const struct cli_usage *u, const char **arg)
{
	while (++it->i < it->argc) {
		char *a = it->argv[it->i];
		if (it->only_operands || a[0] != '-' || a[1] == '\0') {
			it->argv[++it->npos] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			it->only_operands = true;
			continue;
		}
		return a[1] == '-' ? long_opt(it, u, a + 2, arg)
				   : short_opt(it, u, a + 1, arg);
	}
	return OPT_END;
}

int
parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return (errno || end == s || *end || *out < lo || *out > hi) ? -1 : 0;
}

/* --with NAME,...: the modules are checked with the player count when
 * the game is made (rules_options_check); names are checked here. */
static int
rules_opt_with(const struct cli_usage *u, const char *arg, struct rules_options *o)
{
	char why[320];

	if (module_parse_list(arg, &o->with, why, sizeof(why)) < 0)
		return usage_error(u, "--with %s: %s", arg, why), -1;
	return 1;
}

int
rules_opt(const struct cli_usage *u, int id, const char *arg, struct rules_options *o)
{
	switch (id) {
	case OPT_EDITION:
		if (strcmp(arg, "1") != 0 && strcmp(arg, "2") != 0)
			return usage_error(u, "--edition %s: the edition is 1 or 2", arg),
			       -1;
		o->edition = arg[0] - '0';
		return 1;
	case OPT_FARMERS:
	case OPT_NO_FARMERS:
		o->farmers = id == OPT_FARMERS;
		return 1;
	case OPT_RIVER:
	case OPT_ABBOT:
		module_set(o, id == OPT_RIVER ? MOD_RIVER : MOD_ABBOT, true);
		return 1;
	case OPT_WITH:
		return rules_opt_with(u, arg, o);
	case OPT_UTURN:
		if (strcmp(arg, "curves") != 0 && strcmp(arg, "area") != 0)
			return usage_error(u, "--river-uturn %s: use curves or area",
					   arg),
			       -1;
		o->river_uturn =
		    strcmp(arg, "area") == 0 ? RIVER_UTURN_AREA : RIVER_UTURN_CURVES;
		return 1;
	case OPT_DRAGON_MOVES:
		if (gamefile_dragon_moves_parse(arg, &o->dragon_moves) < 0)
			return usage_error(u, "--dragon-moves %s: use each or current", arg),
			       -1;
		return 1;
	default:
		return 0;
	}
}

int
rules_opt_check(const struct cli_usage *u, const struct rules_options *o, int nplayers,
		const char *prefix)
{
	struct rules_error re = {0};

	if (nplayers <= MAX_PLAYERS && rules_options_check(o, nplayers, &re) == 0)
		return 0;
	if (nplayers > MAX_PLAYERS)
		snprintf(re.text, sizeof(re.text), "at most %d players, not %d", MAX_PLAYERS,
			 nplayers);
	return usage_error(u, "%s%s%s%s%s", prefix, re.text, re.rule[0] ? " (" : "",
			   re.rule, re.rule[0] ? ")" : "");
}

/* A string of 32 or more hex digits that is not 64 long is most likely a
 * seed cut short in a copy and paste, not a pass phrase: refuse it. */
int
seed_from_text(const struct cli_usage *u, const char *text, uint8_t seed[SEED_BYTES])
{
	size_t len = strlen(text), hex = strspn(text, "0123456789abcdefABCDEF");

	if (len == 0)
		return usage_error(u, "--seed: the seed is empty; give 64 "
				      "hexadecimal digits or any other text"),
		       -1;
	if (hex == len && len == 2 * SEED_BYTES)
		return gamefile_seed_parse(text, seed);
	if (hex == len && len >= SEED_BYTES)
		return usage_error(u,
				   "--seed: %zu hexadecimal digits; a hexadecimal "
				   "seed has exactly 64 (was it cut short?)",
				   len),
		       -1;
	crypto_generichash(seed, SEED_BYTES, (const unsigned char *)text, len, NULL, 0);
	return 0;
}

void
seed_random(uint8_t seed[SEED_BYTES])
{
	randombytes_buf(seed, SEED_BYTES);
}

void
seed_derive(const uint8_t key[SEED_BYTES], const char *tag, uint32_t i,
	    uint8_t out[SEED_BYTES])
{
	crypto_generichash_state st;
	uint8_t le[4] = {(uint8_t)i, (uint8_t)(i >> 8), (uint8_t)(i >> 16),
			 (uint8_t)(i >> 24)};

	crypto_generichash_init(&st, key, SEED_BYTES, SEED_BYTES);
	crypto_generichash_update(&st, (const unsigned char *)tag, strlen(tag));
	crypto_generichash_update(&st, le, sizeof(le));
	crypto_generichash_final(&st, out, SEED_BYTES);
}

struct catalog *
cli_catalog(void)
{
	struct rules_error err = {0};
	struct catalog *cat = catalog_load_builtin(&err);

	if (cat == NULL)
		cli_error("cannot load the built-in tile sets: %s", err.text);
	return cat;
}

int
cli_parse_stores(int argc, char **argv, const struct cli_usage *u,
		 const struct cli_store *stores, int *npos)
{
	struct opt_iter it;
	const char *arg;
	int id;

	opt_init(&it, argc, argv);
	while ((arg = NULL, id = opt_next(&it, u, &arg)) != OPT_END) {
		if (id == OPT_ERROR)
			return EXIT_USAGE;
		if (id == OPT_HELP)
			return usage_help(u);
		for (const struct cli_store *st = stores; st->to; st++)
			if (st->id == id)
				*st->to = arg ? arg : "";
	}
	*npos = it.npos;
	return CLI_PROCEED;
}

int
cli_one_game(int argc, char **argv, const struct cli_usage *u,
	     int (*run)(const char *path, bool json))
{
	const char *json = NULL;
	const struct cli_store stores[] = {{OPT_JSON, &json}, {0, NULL}};
	int npos, r = cli_parse_stores(argc, argv, u, stores, &npos);

	if (r != CLI_PROCEED)
		return r;
	if (npos != 1)
		return usage_error(u, npos ? "one game file at a time"
					   : "which game? give its file");
	return run(argv[1], json != NULL);
}
