/* The host commands' table (act/admin.c): what each command checks and
 * records (fill), and what its record changes in meta.json and tells the
 * players (meta), from the record alone: the carrying out (admin/), the
 * catching up after a crash (admin_mails.c, the clock's repair) and
 * the texts of a record done before all read it. */
#ifndef CARC_HOSTCMD_H
#define CARC_HOSTCMD_H

#include <stdbool.h>

#include "act.h"
#include "apply.h"
#include "gamedir.h"
#include "history.h"
#include "meta.h"
#include "pbem.h"

#define ADMIN_EXTEND_MAX 8760 /* hours: a year */

struct record_run;

/* One command being carried out. */
struct admin_job {
	struct pbem *p;
	const char *game;
	int argc;
	char *const *argv; /* argv[0]: the command */
	struct gamedir gd;
	struct meta meta;  /* read under the lock, written after the record */
	time_t now;
	long hours;        /* extend: hours; rollback: decisions */
	int seat;          /* the seat a command is about, or -1 */
	bool notice;       /* mail the notice of the decision due too */
	const struct meta *shown; /* the deadline the texts show, if not meta's
				     (the record's change is in it already) */
	unsigned also;     /* seats the computer plays told too (host_news) */
	unsigned joined;   /* seats of a new player, who get a start mail */
	char key_name[META_KEY_NAME_LEN + 1]; /* replace: the new key's label */
	char what[200];    /* the players' mail: what the host did */
	char detail[600];
};

struct admin_cmd {
	const char *name;
	int nargs;
	const char *usage;
	bool when_over; /* also once the game is over */
	/* checks the command against the game (rr, meta read) and fills the
	 * record's args and was; a refusal: TURN_ILLEGAL */
	int (*fill)(struct admin_job *a, const struct record_run *rr,
		    struct history_record *r, struct turn_error *err);
	/* once the record r is written (or found not yet in meta.json after a
	 * crash): meta.json's change and the mail's text, from r alone (its
	 * arguments; a->now is its time) */
	void (*meta)(struct admin_job *a, const struct gamefile *gf,
		     const struct history_record *r);
};

const struct admin_cmd *admin_find(const char *name);
/* "pause, resume, extend HOURS, ..." */
void admin_usage(char *buf, size_t n);
/* The players' texts (a->what, a->detail, a->notice) of host record r,
 * whose change a->meta holds already: its command's meta change made on
 * a copy (admin.c). */
void admin_record_text(struct admin_job *a, const struct gamefile *gf,
		       const struct history_record *r);
/* The directory of game in p's spool; ADMIN_REFUSED with why if none
 * (admin_play.c). */
int admin_game_dir(struct pbem *p, const char *game, struct gamedir *gd, char *why,
		   size_t n);
/* A seat by name (any case) or number from 1; -1 with a refusal. */
int admin_seat(const struct gamefile *gf, const char *arg, struct turn_error *err);
/* The decision due starts now (a rollback, a seat replaced): its clock
 * is the deadline helper's to set again (deadline_at 0). */
void admin_new_decision(struct admin_job *a);
/* a->detail: lead, then the deadline of the decision due if one is set. */
void admin_deadline_text(struct admin_job *a, const char *lead);

/* set NAME VALUE: a game's own deadline setting (admin_set.c). */
int admin_set_fill(struct admin_job *a, const struct record_run *rr,
		   struct history_record *r, struct turn_error *err);
void admin_set_meta(struct admin_job *a, const struct gamefile *gf,
		    const struct history_record *r);

int admin_replace_fill(struct admin_job *a, const struct record_run *rr,
		       struct history_record *r, struct turn_error *err);
void admin_replace_meta(struct admin_job *a, const struct gamefile *gf,
			const struct history_record *r);
/* meta.json catches up with the host records after meta->host_record (a
 * crash between a record and meta.json): each one's change, in order;
 * true when there was one. */
bool admin_meta_catch_up(struct admin_job *a, const struct gamefile *gf,
			 const struct history *h);

/* The mails of host records and host moves after the game's mailed mark
 * (a crash before they were queued), queued now (admin_mails.c); none
 * while a player's turn there awaits the mail loop. 0, or -1 with why. */
int admin_mails_catch_up(struct pbem *p, const struct gamedir *gd, const struct gamefile *gf,
			 const struct history *h, char *why, size_t n);

#endif
