/* The host's context, what every part of the host works with: struct pbem
 * (the config, the spool's paths, the clock, the log, the queue's sink),
 * opened once per process; and the spool's small files (the lock, the
 * spool id, the limits, the players index). The mail loop that runs on it
 * is loop.h (docs/architecture.md, "Layers"). */
#ifndef CARC_PBEM_H
#define CARC_PBEM_H

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <time.h>

#include "config.h"
#include "imap.h"
#include "queue.h"
#include "rules.h"
#include "smtp.h"
#include "writers.h"

struct pbem {
	struct config cfg;
	const struct catalog *cat;
	char games[CONFIG_PATH_MAX + 8];
	char inbox[CONFIG_PATH_MAX];
	char queue[CONFIG_PATH_MAX + 8];
	char outbox[CONFIG_PATH_MAX];
	char journal[CONFIG_PATH_MAX + 16]; /* IMAP UIDs in progress */
	struct imap_config imap;
	struct smtp_config smtp;
	char imap_password[256], smtp_password[256];
	char spool_id[17]; /* with inbox imap: its mark on the mailbox (imap.h) */
	struct queue_sink sink;
	time_t fixed_now; /* $CARCPBEM_NOW for tests, else 0 */
	const char *now_file; /* $CARCPBEM_NOW_FILE for tests, else NULL */
	time_t file_now;      /* its time, read at the start of each pass */
	/* The boot this pass runs in and the seconds the machine had been up
	 * at its start (CLOCK_BOOTTIME): SPOOL/clock's evidence of the real
	 * time between passes. boot_id "" when not known (a fixed test
	 * clock); a test's $CARCPBEM_NOW_FILE may give "WALL UP [BOOT]". */
	char boot_id[40];
	long long boot_up;
	bool quiet;       /* log only warnings and errors */
	/* Every player address of the spool's games, sorted, for this pass. */
	char **players;
	int nplayers;
	bool players_read;
	char *players_file; /* the index read whole: players point into it */
	/* The history.jsonl whose lock (flock) the caller holds now (the
	 * host's catching up, admin_mails.c): the clock's writes to meta.json
	 * in that game do not take it a second time. */
	const char *history_held;
	/* The tile drawings of the maps, made once for the process's life. */
	struct render_cache *maps;
	/* The inbox messages acted on and not yet committed (process_group.c),
	 * or NULL outside a pass over the inbox. */
	struct msg_group *group;
	/* This process as one of the spool's writers (writers.h), from
	 * pbem_open to pbem_close. */
	struct writer writer;
	/* Set (by a signal handler) to stop after the current message. */
	volatile sig_atomic_t *stop;
};

struct pbem_stats {
	int messages;  /* taken from the inbox */
	int turns;     /* turns applied */
	int replies;   /* error replies and answers queued */
	int ignored;   /* never answered: bounces, auto-replies, lists, loops */
	int failed;    /* left in the inbox for a later try */
	int fetched;   /* from IMAP */
	struct queue_stats queue;
	char error[512]; /* the last failure, for the exit status */
};

/* Sets p up from cfg: paths, the inbox and outbox, password files read.
 * -1 with the reason in why. */
int pbem_open(struct pbem *p, const struct config *cfg, const struct catalog *cat,
	      char *why, size_t n);
void pbem_close(struct pbem *p);
/* After a struct pbem was copied (the daemon's SIGHUP): its pointers
 * into itself (IMAP and SMTP settings, the sink) point into the copy. */
void pbem_rebind(struct pbem *p);
time_t pbem_now(const struct pbem *p);
/* A pass begins: with $CARCPBEM_NOW_FILE its time is read now, once, so
 * that a whole pass sees one time (the test moving the clock on while a
 * pass runs changes the next pass's). */
void pbem_clock_tick(struct pbem *p);

/* Limits (limits.c): a mail that a stranger could make the host send
 * again and again (an answer to a made-up sender, a warning to a seat's
 * owner) goes once per key and period; within a period a group of keys
 * (the prefix group) has at most group_max of them. msg is the inbox
 * message's key. 1: send it (recorded in SPOOL/limits.json); 0: hold it
 * back; -1: the limits could not be written (why says why). */
#define PBEM_LIMIT_PERIOD 3600
#define PBEM_STRANGER_MAX 10 /* answers to strangers an hour, in all */
#define PBEM_FORGED_MAX 3    /* warnings to one seat an hour */
int pbem_limit(struct pbem *p, const char *key, const char *group, int group_max,
	       const char *msg, char *why, size_t n);
/* Whether addr is a player's address in any game of the spool (read
 * once per pass: pbem_players_forget starts over). */
bool pbem_is_player(struct pbem *p, const char *addr);
void pbem_players_forget(struct pbem *p);


/* The envelope sender: the address of the from setting. */
void pbem_envelope_from(const struct pbem *p, char *buf, size_t n);
/* Logging: stderr ("carcpbem: ...") or syslog, per the config. */
enum { PBEM_ERR, PBEM_WARN, PBEM_INFO };
void pbem_log(const struct pbem *p, int level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The spool lock (SPOOL/lock, flock): one run or daemon at a time. The
 * fd to keep open; -2 when another carcpbem holds it (who, in why); -1
 * when the lock cannot be taken at all (a read-only spool: the errno
 * text and the path in why). */
int pbem_lock(const char *spool, char *why, size_t n);
#define PBEM_SPOOL_ID_LEN 16
/* The spool's id (SPOOL/spool-id), made when missing: 0, or -1 with why
 * (spool_id.c). */
int pbem_spool_id(const char *spool, char id[PBEM_SPOOL_ID_LEN + 1], char *why, size_t n);
/* Notes the holder's role ("daemon", "run"; "" for none) in the lock
 * file, with the pid of the caller (after a fork: the child). */
void pbem_lock_note(int fd, const char *role);
struct pbem_lock_holder {
	long pid;
	char role[16]; /* "" when the holder noted none (yet) */
	time_t since;  /* when it took the lock (or noted its role) */
};
/* Who holds the spool's lock, from its note: 0, or -1 when there is no
 * note, or only a note of a process gone (the new holder's is not yet
 * written). */
int pbem_lock_holder(const char *spool, struct pbem_lock_holder *who);

#endif
