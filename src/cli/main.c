/* carcpbem: git-style dispatch to one subcommand per file (cmd_*.c). */
#include "build-config.h" /* autoconf's */

#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "message.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv); /* argv[0] is the command's name */
	const char *summary;
};

static const struct command commands[] = {
	{"new", cmd_new, "create a game file"},
	{"legal", cmd_legal, "list every legal action of the decision due"},
	{"play", cmd_play, "play actions, all or none of them"},
	{"hint", cmd_hint, "ask the computer player what to play, and why"},
	{"show", cmd_show, "show scores, figures, the decision due and the board"},
	{"render", cmd_render, "draw the board: a text map or a PNG picture"},
	{"selfplay", cmd_selfplay, "many games between random players, with statistics"},
	{"demo", cmd_demo, "play one game between computer players, turn by turn"},
	{"keygen", cmd_keygen, "make a key pair for signing turns"},
	{"view", cmd_view, "write the public view of a game, or a player's"},
	{"move", cmd_move, "make and sign your turn from your view of a game"},
	{"sign", cmd_sign, "sign a turn file"},
	{"command", cmd_command, "make a signed command for the host (SET ABSENCE, PAUSE ...)"},
	{"verify", cmd_verify, "check the signature of a turn file"},
	{"apply", cmd_apply, "apply a player's signed turn to a game directory"},
	{"replay", cmd_replay, "check a game's archive: every signature and hash"},
	{"export", cmd_export, "write the archive of a finished game"},
	{"run", cmd_run, "the host's mail loop: one pass with --once (cron)"},
	{"daemon", cmd_daemon, "the host's mail loop in the background"},
	{"bot", cmd_bot, "a computer player that plays by mail from its own mailbox"},
	{"admin", cmd_admin, "a host command: pause, resume, extend, kick, replace, ..."},
	{"status", cmd_status, "the games of the spool waiting on each player"},
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static const struct command *
find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void
print_usage(FILE *fp)
{
	fprintf(fp, "usage: carcpbem COMMAND [ARGUMENT...]\n"
		    "       carcpbem help COMMAND | --help | --version\n");
}

static int
help(void)
{
	print_usage(stdout);
	printf("\nHosts games of Carcassonne played by email.\n\ncommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		printf("  %-10s %s\n", commands[i].name, commands[i].summary);
	printf("\n\"carcpbem COMMAND --help\" or \"carcpbem help COMMAND\" describes "
	       "a command;\n\"man carcpbem\" describes them all, with the game file "
	       "and the actions.\n");
	return EXIT_OK;
}

static int
unknown(const char *name)
{
	char list[400] = "";

	if (name[0] == '-') {
		cli_error("unknown option %s (see carcpbem --help)", name);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < NCOMMANDS; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
			 i ? ", " : "", commands[i].name);
	cli_error("'%s' is not a command (the commands: %s; see carcpbem --help)", name,
		  list);
	return EXIT_USAGE;
}

/* "carcpbem help CMD" is "carcpbem CMD --help". */
static int
help_command(int argc, char **argv)
{
	const struct command *c;
	char *args[3];

	if (argc < 2)
		return help();
	if (argc > 2) {
		cli_error("help takes one command name");
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if ((c = find_command(argv[1])) == NULL)
		return unknown(argv[1]);
	args[0] = argv[1];
	args[1] = "--help";
	args[2] = NULL;
	return c->run(2, args);
}

int
main(int argc, char **argv)
{
	const struct command *c;
	int r;

	if (argc < 2) {
		cli_error("no command given");
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return help();
	if (strcmp(argv[1], "--version") == 0) {
		printf("carcpbem %s\n", PACKAGE_VERSION);
		return EXIT_OK;
	}
	if (sodium_init() < 0) {
		cli_error("cannot initialize libsodium");
		return EXIT_FAIL;
	}
	if (strcmp(argv[1], "help") == 0)
		return help_command(argc - 1, argv + 1);
	if ((c = find_command(argv[1])) == NULL)
		return unknown(argv[1]);
	mail_mime_init();
	r = c->run(argc - 1, argv + 1);
	mail_mime_shutdown();
	return r;
}
