/* The carcpbem command: declarations shared by main.c and the subcommands
 * (one cmd_NAME.c per subcommand). */
#ifndef CARC_CLI_H
#define CARC_CLI_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "gamefile.h"
#include "report.h" /* reports: the decision, events, scores (src/pbem) */
#include "rules.h"

/* Exit codes: success, a failure (refused move, bad file), a usage error. */
#define EXIT_OK 0
#define EXIT_FAIL 1
#define EXIT_USAGE 2

/* ---- options (opt.c) ---- */

struct cli_opt {
	int id;           /* what opt_next returns: the short letter, or >= 256 */
	const char *name; /* long name, without "--" */
	char letter;      /* short name, or 0 */
	const char *arg;  /* name of the argument, or NULL for a flag */
	const char *help;
};

struct cli_usage {
	const char *cmd;               /* "new" */
	const char *synopsis;          /* "[options] -o GAME NAME NAME..." */
	const char *about;             /* what the command does, a line or two */
	const struct cli_opt *opts[5]; /* option tables, the last one NULL;
					  each table ends with id 0 */
};

enum { OPT_END = -1, OPT_ERROR = -2, OPT_HELP = -3 };
/* --json, shared by the commands that print for programs too. */
enum { OPT_JSON = 512 };

/* Walks argv: options anywhere, "--" ends them; the operands end up in
 * argv[1..npos] in their order. */
struct opt_iter {
	int argc;
	char **argv;
	int i;
	int npos;
	bool only_operands;
};

void opt_init(struct opt_iter *it, int argc, char **argv);
/* An option id (its argument in *arg), OPT_HELP for -h/--help, OPT_END, or
 * OPT_ERROR after printing a usage error. */
int opt_next(struct opt_iter *it, const struct cli_usage *u, const char **arg);

/* Prints "carcpbem CMD: message" and the usage line; returns EXIT_USAGE. */
int usage_error(const struct cli_usage *u, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Prints the full usage and options on stdout; returns EXIT_OK. */
int usage_help(const struct cli_usage *u);
/* An option that only stores its argument (a flag stores ""). */
struct cli_store {
	int id;
	const char **to;
};
#define CLI_PROCEED (-1)
/* Walks argv for a command whose options only store values (stores ends
 * with {0, NULL}): CLI_PROCEED with the operands in argv[1..*npos], or
 * the exit status to return (help printed, or a usage error). */
int cli_parse_stores(int argc, char **argv, const struct cli_usage *u,
		     const struct cli_store *stores, int *npos);
/* The whole of a command that reads one game file and has only --json
 * (legal, show): parses argv, then run(path, json). */
int cli_one_game(int argc, char **argv, const struct cli_usage *u,
		 int (*run)(const char *path, bool json));
/* printf to fp with control characters shown, not obeyed (safe_text):
 * for every message that may hold text from outside. */
void cli_say(FILE *fp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "carcpbem: message" on stderr, made safe as cli_say. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_gf_error(const char *file, const struct gf_error *e);
int parse_long(const char *s, long lo, long hi, long *out);

/* Rules options shared by new, selfplay and demo: --edition, --farmers,
 * --no-farmers, --with, --river, --abbot, --river-uturn. */
extern const struct cli_opt rules_opts[];
/* 1 if id was a rules option (applied), 0 if not one, -1 on a bad value
 * (usage error printed). */
int rules_opt(const struct cli_usage *u, int id, const char *arg,
	      struct rules_options *o);
/* The options and the player count as the rules check them (modules
 * playable, combinations, player limits): 0, or EXIT_USAGE with the
 * reason and its rule id printed after prefix. */
int rules_opt_check(const struct cli_usage *u, const struct rules_options *o, int nplayers,
		    const char *prefix);
/* --seed: 64 hex digits as they are, other text hashed to 32 bytes. */
int seed_from_text(const struct cli_usage *u, const char *text, uint8_t seed[SEED_BYTES]);
void seed_random(uint8_t seed[SEED_BYTES]);
/* A seed of its own for each (tag, i) under one key (BLAKE2b keyed hash),
 * e.g. the bag and the players' choices of selfplay's game i. */
void seed_derive(const uint8_t key[SEED_BYTES], const char *tag, uint32_t i,
		 uint8_t out[SEED_BYTES]);
/* Room for the legal actions of any decision of g (computer players). */
static inline int
legal_cap(const struct game *g)
{
	return game_legal_cap(g);
}

/* --player KIND, --think DURATION, --playouts N (ai_opt.c): the computer
 * player of bot, hint and selfplay. */
struct ai_params;
enum { OPT_AI_PLAYER = 880, OPT_AI_THINK, OPT_AI_PLAYOUTS };
extern const struct cli_opt ai_opts[];
/* 1 if id was one of them (applied to p), 0 if not, -1 on a bad value
 * (usage error printed). */
int ai_opt(const struct cli_usage *u, int id, const char *arg, struct ai_params *p);

/* Loads the built-in tiles, or says why not (NULL). */
struct catalog *cli_catalog(void);

/* ---- the board as text (textboard.c) ---- */

/* The text map with its legend, in pages of 78 columns; free() it. */
char *textboard(const struct gamefile *gf);

/* ---- the host's config (cli_config.c) ---- */

#include "config.h"
enum { OPT_SPOOL_DIR = 700 };
/* -c/--config FILE and --spool DIR. */
extern const struct cli_opt config_opts[];
/* Reads the config (file, else $CARCPBEM_CONFIG, else defaults), spool
 * (if not NULL) overriding its spool; says why not (-1). */
int cli_config(const char *file, const char *spool, struct config *c);

/* ---- subcommands ---- */

int cmd_new(int argc, char **argv);
int cmd_legal(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
int cmd_demo(int argc, char **argv);
/* keys, turn files and the archive (cmd_keygen.c ... cmd_export.c) */
int cmd_keygen(int argc, char **argv);
int cmd_admin(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_command(int argc, char **argv); /* signed commands (cmd_command.c) */
int cmd_verify(int argc, char **argv);
int cmd_view(int argc, char **argv);
int cmd_move(int argc, char **argv);
int cmd_apply(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_export(int argc, char **argv);
/* the mail loop (cmd_run.c, cmd_daemon.c) */
int cmd_run(int argc, char **argv);
int cmd_daemon(int argc, char **argv);
int cmd_bot(int argc, char **argv); /* a player by mail (cmd_bot.c) */
int cmd_hint(int argc, char **argv); /* the computer player's advice */

/* ---- carcpbem new's game directories (cmd_new_archive.c) ---- */

#define NEW_ARCHIVE_MAX 16
struct new_archive {
	const char *spool, *dir, *id;
	const char *config; /* -c: the host's config (spool, from) */
	bool no_mail;       /* --no-mail: do not mail the start */
	const char *key[NEW_ARCHIVE_MAX], *address[NEW_ARCHIVE_MAX];
	int nkey, naddress;
};
/* --key, --address, --spool, --dir, --id */
extern const struct cli_opt new_archive_opts[];
/* 1 if id was one of them (kept), 0 if not, -1 if too many. */
int new_archive_opt(int id, const char *arg, struct new_archive *na);
/* The id, keys and addresses of a new game; says why not (-1). */
int new_archive_setup(struct gamefile *gf, const struct new_archive *na);
/* Makes its game directory (where: its path); says why not (-1). */
int new_archive_create(struct gamefile *gf, const struct new_archive *na, char *where,
		       size_t n);
/* Mails the start to the players with an address (a game in a spool),
 * through the host's queue: 1 when it did (sent or queued), 0 when the
 * game is not mailed, -1 (said why) when it failed. */
int new_archive_announce(const struct gamefile *gf, const struct new_archive *na,
			 const char *where);

/* ---- carcpbem new's deadline settings (cmd_new_deadline.c) ---- */

struct new_deadline {
	bool set; /* any of them given */
	long deadline, grace, absence_max; /* -1: the config's */
	int policy, bot_after, nreminders; /* -1: the config's */
	long reminder[4];
};
/* --deadline, --reminders, --grace, --policy, --bot-after, --absence-max */
extern const struct cli_opt new_deadline_opts[];
void new_deadline_init(struct new_deadline *nd);
/* 1 if id was one of them (kept), 0 if not, -1 (said why) if its value
 * is wrong. */
int new_deadline_opt(int id, const char *arg, struct new_deadline *nd);
/* The game's own settings into its meta.json in dir (when any were
 * given), before the start is mailed. -1 (said why) on failure. */
int new_deadline_save(const struct new_deadline *nd, const struct gamefile *gf,
		      const char *dir);

/* ---- games, files and turns for those commands (gameio.c) ---- */

struct gamedir;
struct turn_error;
/* The spool: $CARCPBEM_SPOOL, or "spool". */
const char *cli_spool(void);
/* GAME as a command names it: a game directory, its state.json, a game
 * file, or a game id in the spool; says why not (-1). */
int cli_gamedir(const char *arg, struct gamedir *gd);
/* Loads a game file (or a game directory's, or a game id's in the
 * spool), or says why not (NULL). */
struct gamefile *cli_load(const char *path, const struct catalog *cat);
/* The time now, or $CARCPBEM_NOW (seconds since 1970, for tests). */
time_t cli_now(void);
/* A whole text file ("-": standard input); free() it. NULL: said why. */
char *cli_read_text(const char *path, size_t *len);
/* A turn file's text, with its SSH signature when there is one: the
 * file sig, or else PATH.sig beside it (docs/turn-format.md); free() it.
 * NULL: said why. */
char *cli_read_turn(const char *path, const char *sig, size_t *len);
/* Writes text to path (atomically, with mode) or to stdout if path is
 * NULL; says why not (EXIT_FAIL). */
int cli_write_out(const char *path, const char *text, int mode, bool replace);
/* "carcpbem: FILE: CODE: text"; returns the code's exit status. */
int cli_turn_error(const char *file, const struct turn_error *e);

#endif
