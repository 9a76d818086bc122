/* games/ID/meta.json: what the host keeps about a game besides its rules
 * state and history (docs/state-format.md, "meta.json"): the game's
 * settings for deadlines and absent players, the clock of the decision
 * being waited for, each seat's preferences and standing, observers.
 *
 * It is the host's bookkeeping, never part of the state hash nor of any
 * view; anything that changes the course of the game (a rollback, a seat
 * handed to a new key, a move made by the host for a player) is a record
 * of history.jsonl instead. A game without meta.json has every default.
 *
 * The fields are rows of one table (meta.c): adding a field is a member
 * here and a row there; load and save read the table.
 */
#ifndef CARC_META_H
#define CARC_META_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "gamefile.h" /* MAX_PLAYERS, GF_NAME_LEN, struct gf_error */

#define META_FILE "meta.json"
#define META_REMINDERS_MAX 4
#define META_ABSENCES_MAX 4
#define META_OBSERVERS_MAX 16
#define META_ADDRESS_LEN 255
#define META_TZ_LEN 63
#define META_KEY_NAME_LEN 64 /* a key's label (KEY_LABEL_MAX) */
#define META_UNSET (-1) /* a setting the game leaves to the host's config */

enum meta_policy { META_POLICY_UNSET = -1, META_POLICY_WAIT, META_POLICY_BOT, META_POLICY_SKIP };
enum meta_notify { META_NOTIFY_ALL, META_NOTIFY_MINE };

struct meta_period {
	time_t from, to; /* [from, to), UTC */
};

struct meta_seat {
	char name[GF_NAME_LEN + 1];
	char timezone[META_TZ_LEN + 1]; /* an IANA zone name, "" for UTC only */
	int notify;                     /* enum meta_notify */
	int nabsences;
	struct meta_period absence[META_ABSENCES_MAX];
	int missed;    /* decisions in a row the seat let pass its deadline */
	bool bot;      /* the computer plays the seat (kicked, or missed too many) */
	bool resigned; /* the player left the game */
	bool away;     /* bot for missed deadlines: the player's next turn ends it */
	/* the label of the key a replace gave the seat ("carol": carol.key),
	   for the commands in its mails; "" for the seat's name */
	char key_name[META_KEY_NAME_LEN + 1];
	/* The Date of the seat's last SET NOTIFY and SET TIMEZONE carried
	 * out, so that an older one mailed again (a copy after a clock jump,
	 * commands.seen lost) does not undo a later one (docs/mail.md). 0:
	 * none. */
	time_t notify_date, timezone_date;
};

struct meta {
	/* Settings: per-game values, META_UNSET (or META_POLICY_UNSET, or
	 * nreminders -1) for the config's. Durations in seconds. */
	long deadline;
	int nreminders;
	long reminder[META_REMINDERS_MAX]; /* seconds before the deadline */
	long grace;
	int policy; /* enum meta_policy */
	int bot_after;
	long absence_max;
	/* Standing */
	bool paused;
	time_t paused_at;
	bool terminated; /* the host ended the game (a terminate record) */
	long host_record; /* the last host record whose change is in here, -1 */
	/* The clock of the decision being waited for */
	long decision_record; /* the history record it follows, -1: none yet */
	time_t decision_since;
	time_t deadline_at; /* 0: no deadline */
	int reminded;       /* reminders sent for this decision */
	time_t clock_seen;  /* the latest host time seen (clock jumps) */
	/* People */
	int nseats;
	struct meta_seat seat[MAX_PLAYERS];
	int nobservers;
	char observer[META_OBSERVERS_MAX][META_ADDRESS_LEN + 1];
};

/* The defaults, for a game whose players are names[0..n-1]. */
void meta_init(struct meta *m, const char *const *names, int n);
/* Reads dir/meta.json; a missing file gives meta_init's defaults for the
 * players of gf. -1 with the file, the JSON path and the fault in err. */
int meta_load(const char *dir, const struct gamefile *gf, struct meta *m, struct gf_error *err);
/* dir/meta.json without its game: as many seats as the file lists, their
 * names the file's own. For a quick look (does the computer play a seat?)
 * before the game is loaded; -1 with err when the file is unreadable. */
int meta_peek(const char *dir, struct meta *m, struct gf_error *err);
/* Writes dir/meta.json atomically (mode 0600). */
int meta_save(const char *dir, const struct meta *m, struct gf_error *err);
/* The seat of a player name (any case), or -1. */
int meta_seat_of(const struct meta *m, const char *name);

/* RFC 3339 UTC ("2026-11-25T06:37:53Z") and back; -1 when s is not one. */
void meta_time_format(time_t t, char out[21]);
int meta_time_parse(const char *s, time_t *t);

#endif
