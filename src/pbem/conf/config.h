/* carcpbem.conf (docs/carcpbem.conf.5): the host's settings.
 *
 * One setting a line, "name value"; blank lines and # comments skipped;
 * values may be "quoted" (with \" and \\ inside). Every error names the
 * file and line: "carcpbem.conf:12: unknown setting 'polll' (did you
 * mean 'poll'?)". Without a file, every setting has its default, which
 * runs games in ./spool with the Maildir inbox and the outbox directory.
 */
#ifndef CARC_CONFIG_H
#define CARC_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define CONFIG_PATH_MAX 1024

enum config_inbox { INBOX_MAILDIR, INBOX_IMAP };
enum config_outbox { OUTBOX_DIR, OUTBOX_SMTP };
enum config_log { CONFIG_LOG_STDERR, CONFIG_LOG_SYSLOG }; /* syslog.h owns LOG_* */
/* The non-response policies, as meta.h's enum meta_policy numbers them. */
enum config_policy { POLICY_WAIT, POLICY_BOT, POLICY_SKIP };
/* The host's computer player: the order of enum ai_kind (src/ai/ai.h). */
enum config_player { PLAYER_RANDOM, PLAYER_GREEDY, PLAYER_MCTS };
#define CONFIG_REMINDERS_LEN 64

struct config_error {
	char file[CONFIG_PATH_MAX];
	int line; /* 0: the file as a whole */
	char text[400];
};

struct config {
	char file[CONFIG_PATH_MAX];     /* where it was read from, or "" */
	char warning[CONFIG_PATH_MAX + 300]; /* for the user: "" = none */
	char spool[CONFIG_PATH_MAX];    /* "spool" */
	char from[320];                 /* "Carcassonne <carcpbem@localhost>" */
	char domain[256];               /* for Message-IDs: from's domain */
	char templates[CONFIG_PATH_MAX]; /* "" = the built-in templates */
	char admin_keys[CONFIG_PATH_MAX]; /* "" = no host commands by mail */
	char observers[512];            /* address patterns, "" = none */
	int verb_answers;               /* answers to verbs an address gets an hour: 10 */
	/* in */
	int inbox;                      /* enum config_inbox */
	char maildir[CONFIG_PATH_MAX];  /* "" = SPOOL/inbox */
	char imap_url[512];
	char imap_user[256];
	char imap_password_file[CONFIG_PATH_MAX];
	int imap_tls;                   /* enum mail_tls */
	char imap_done_folder[256];     /* "" = flag \Seen */
	/* out */
	int outbox;                     /* enum config_outbox */
	char outbox_dir[CONFIG_PATH_MAX]; /* "" = SPOOL/outbox */
	char smtp_url[512];
	char smtp_user[256];
	char smtp_password_file[CONFIG_PATH_MAX];
	int smtp_tls;                   /* enum mail_tls */
	char cafile[CONFIG_PATH_MAX];   /* for both, or "" */
	long timeout;                   /* seconds, network requests: 30 */
	/* limits and running */
	size_t max_message_size;        /* bytes: 1048576 ("1M") */
	long poll;                      /* seconds between polls: 60 */
	int group_commit;               /* messages made durable together: 64; 0 off */
	int log;                        /* enum config_log */
	char pidfile[CONFIG_PATH_MAX];  /* "" = SPOOL/carcpbem.pid */
	char user[33];                  /* run and daemon started as root drop to
					   this user; "" = none (refuse root) */
	char host_key[CONFIG_PATH_MAX]; /* "" = SPOOL/host.key */
	bool png;                       /* attach PNG maps: yes */
	/* deadlines (games may set their own: meta.json) */
	long deadline;                  /* seconds a decision may take; 0: none */
	char reminders[CONFIG_REMINDERS_LEN]; /* "24h,0": before the deadline */
	long grace;                     /* after the deadline, before the policy */
	int policy;                     /* enum config_policy */
	int bot_after;                  /* missed decisions before the bot keeps the seat */
	long absence_max;               /* the longest absence a player may set */
	int bot_player;                 /* enum config_player: the host's moves */
	long bot_think;                 /* seconds a decision, bot-player mcts */
};

/* The defaults. */
void config_defaults(struct config *c);
/* Reads path over the defaults: 0, or -1 with err. */
int config_load(const char *path, struct config *c, struct config_error *err);
/* Derived paths: SPOOL/inbox etc. when not set; the domain from from. */
void config_finish(struct config *c);
/* Whether from's address is of no domain players can mail (localhost, or
 * a name without a dot): the built-in default, never set. */
bool config_from_local(const struct config *c);
/* Reads a password file: the first line, no newline; the file must not be
 * readable by group or others. 0, or -1 with the reason in why. */
int config_read_secret(const char *path, char *out, size_t n, char *why, size_t nwhy);
/* "FILE:LINE: text" (or "FILE: text") into buf. */
void config_error_format(const struct config_error *e, char *buf, size_t n);

/* One setting by name, its value as in the file (unquoted): what a line
 * of the file does, for command-line overrides. Relative paths are taken
 * from dir, or kept as they are when dir is NULL. 0, or -1 with why. */
int config_set(struct config *c, const char *dir, const char *name, const char *value,
	       char *why, size_t nwhy);
/* The value of a setting as text ("1M", "60s", "imaps", "yes"): 0, or -1
 * for an unknown name. */
int config_get(const struct config *c, const char *name, char *buf, size_t n);
/* A list of durations ("24h,0", "none"): at most max, each 0..limit
 * seconds, longest first. The count, or -1 with why. */
int config_durations(const char *v, long *out, int max, long limit, char *why, size_t n);
/* A duration as the settings write it ("72h", "3d", "90s"). */
void config_format_duration(long seconds, char *buf, size_t n);
/* One duration, as a T_SECONDS setting reads it: 0, or -1 with why. */
int config_parse_duration(const char *v, long *out, char *why, size_t n);
/* Every setting, each after a comment saying what it is: a config file
 * (with the defaults: the file of defaults; "carcpbem daemon -n -v"). */
void config_write(const struct config *c, FILE *fp);

#endif
