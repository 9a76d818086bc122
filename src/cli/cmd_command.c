/* carcpbem command: makes a signed command block for the host (a
 * player's SET ABSENCE, RESIGN ...; the host admin's PAUSE, CREATE ...),
 * docs/turn-format.md "Signed commands". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "command.h"
#include "meta.h"

enum { OPT_KEY = 512, OPT_DATE };

static const struct cli_opt command_opts[] = {
	{OPT_KEY, "key", 'k', "KEY",
	 "your secret key file; without it the block is left unsigned,\n"
	 "to sign with ssh-keygen -Y sign -n carcassonne"},
	{'g', "game", 'g', "GAME", "the game the command is about (none: about no one game)"},
	{'p', "player", 'p', "NAME", "your player name in the game, or \"host\" for a host command"},
	{'w', "with", 'w', "LINE", "a further line (CREATE's players and options); repeatable"},
	{OPT_DATE, "date", 0, "TIME", "the Date (2026-11-25T06:00:00Z; default: now)"},
	{'o', "output", 'o', "FILE", "write the block to FILE too (mode 0644)"},
	{0, NULL, 0, NULL, NULL},
};

static const struct cli_usage usage = {
	"command",
	"[-k KEY] [-g GAME] -p NAME [-w LINE]... [-o FILE] WORD...",
	"Makes the command WORD... (e.g. SET ABSENCE 2026-12-20 TO 2027-01-03)\n"
	"as a command block for the host, signed with KEY, and prints it: mail\n"
	"it to the host as it is. The host carries a command out once, and only\n"
	"within a week of its Date.",
	{command_opts, NULL, NULL},
};

struct cmd_args {
	const char *key, *out, *date;
	struct command c;
};

static int
take(const struct cli_usage *u, struct cmd_args *a, int id, const char *arg)
{
	switch (id) {
	case OPT_KEY: a->key = arg; return 0;
	case OPT_DATE: a->date = arg; return 0;
	case 'o': a->out = arg; return 0;
	case 'g': snprintf(a->c.game, sizeof(a->c.game), "%s", arg); return 0;
	case 'p': snprintf(a->c.player, sizeof(a->c.player), "%s", arg); return 0;
	case 'w':
		if (a->c.nwith == CMD_MAX_WITH || strlen(arg) > CMD_TEXT_LEN)
			return usage_error(u, "at most %d --with lines of %d characters",
					   CMD_MAX_WITH, CMD_TEXT_LEN);
		snprintf(a->c.with[a->c.nwith++], CMD_TEXT_LEN + 1, "%s", arg);
		return 0;
	}
	return EXIT_USAGE;
}

/* The words joined by one space each. */
static int
join(const struct cli_usage *u, char **w, int n, char *out, size_t cap)
{
	size_t at = 0;

	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		int k = snprintf(out + at, cap - at, "%s%s", i ? " " : "", w[i]);
		if (k < 0 || (size_t)k >= cap - at)
			return usage_error(u, "the command is longer than %d characters",
					   CMD_TEXT_LEN);
		at += (size_t)k;
	}
	return 0;
}

/* The block, made and read back: what the host will read of it. */
static int
make(struct cmd_args *a)
{
	struct turn_error err = {0};
	struct command back;
	struct seckey k;
	char *block;
	int r;

	if (a->key != NULL) {
		if (key_load_secret(a->key, &k, &err) < 0)
			return cli_turn_error(a->key, &err);
		r = command_sign(&a->c, &k, &err);
		key_wipe(&k);
		if (r < 0)
			return cli_turn_error(a->key, &err);
	}
	if ((block = command_format(&a->c)) == NULL)
		return cli_error("out of memory"), EXIT_FAIL;
	if (command_parse(block, strlen(block), 0, &back, &err) < 0) {
		free(block);
		return cli_turn_error("the command", &err);
	}
	r = a->out ? cli_write_out(a->out, block, 0644, true) : EXIT_OK;
	if (r == EXIT_OK)
		r = cli_write_out(NULL, block, 0, false);
	if (r == EXIT_OK && a->key == NULL)
		cli_say(stderr, "carcpbem: not signed: save it as command.txt, sign it with "
			"ssh-keygen -Y sign -f ~/.ssh/id_ed25519 -n carcassonne command.txt "
			"and mail command.txt with command.txt.sig after it\n");
	free(block);
	return r;
}

int
cmd_command(int argc, char **argv)
{
	struct cmd_args *a = calloc(1, sizeof(*a));
	struct opt_iter it;
	const char *arg;
	char why[200];
	int id, r = EXIT_OK;

	if (a == NULL)
		return cli_error("out of memory"), EXIT_FAIL;
	opt_init(&it, argc, argv);
	while (r == EXIT_OK && (id = opt_next(&it, &usage, &arg)) != OPT_END)
		r = id == OPT_HELP ? (usage_help(&usage), -1)
		    : id == OPT_ERROR ? EXIT_USAGE : take(&usage, a, id, arg);
	if (r == -1)
		r = EXIT_OK;
	else if (r == EXIT_OK && it.npos == 0)
		r = usage_error(&usage, "which command? e.g. SET NOTIFY mine");
	else if (r == EXIT_OK && a->c.player[0] == '\0')
		r = usage_error(&usage, "say who you are: -p NAME (or -p host)");
	else if (r == EXIT_OK && gamefile_check_name(a->c.player, why, sizeof(why)) < 0)
		r = usage_error(&usage, "-p %s: %s", a->c.player, why);
	else if (r == EXIT_OK && a->c.game[0] && gamefile_check_id(a->c.game, why, sizeof(why)) < 0)
		r = usage_error(&usage, "-g %s: %s", a->c.game, why);
	else if (r == EXIT_OK && a->date && meta_time_parse(a->date, &a->c.date) < 0)
		r = usage_error(&usage, "--date %s: write it as 2026-11-25T06:00:00Z", a->date);
	else if (r == EXIT_OK &&
		 (r = join(&usage, argv + 1, it.npos, a->c.text, sizeof(a->c.text))) == 0) {
		if (a->date == NULL)
			a->c.date = cli_now();
		r = make(a);
	}
	free(a);
	return r;
}
