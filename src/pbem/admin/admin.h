/* The host's commands on a game (docs/carcpbem.1, "admin"): pause,
 * resume, extend, kick, resign, replace, rollback, terminate, each one
 * carried out under the game's history lock, recorded in history.jsonl as a record
 * signed with the host's key (docs/state-format.md, "Host records"), and
 * told to the players by mail (queued). The same table serves the
 * keyboard (carcpbem admin GAME COMMAND ...) and signed mail. The table
 * itself and the host's move for a seat are acting on a game, which the
 * mail loop and the clock do too: act/hostcmd.h, act/act.h.
 */
#ifndef CARC_ADMIN_H
#define CARC_ADMIN_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "act.h"

struct pbem;


/* One host command on game (an id in p's spool): argv[0] the command's
 * name in any case ("pause", "EXTEND"), its arguments after it, as typed
 * or mailed. by says who gave it ("keyboard", "admin key 38f3..."): it
 * goes into the record (its first 127 bytes). out: what to tell the one
 * who gave it (a line or a few). 0, or ADMIN_FAIL / ADMIN_REFUSED with
 * the reason (and what to do) in why. The players' mails are queued, not
 * flushed; the caller holds the spool's lock (the mail loop does;
 * carcpbem admin takes it). */
int admin_command(struct pbem *p, const char *game, int argc, char *const argv[],
		  const char *by, char *out, size_t nout, char *why, size_t n);

/* A command that came by signed mail: its id goes into its record, so
 * that the history holds one record a command id. */
struct admin_mailed {
	const char *id;  /* command_id's 32 hex digits */
	time_t date;     /* its Date */
	bool again;      /* this very message carried it out before a crash */
	bool ordered;    /* refused when dated before the game's last command
			    by mail (host commands: docs/mail.md) */
};

/* admin_command for a mailed command m. Found in the history already:
 * with m->again, 0 and out as the first run answered (what the crash
 * left undone is finished: meta.json, mails, the computer's move);
 * without, ADMIN_REFUSED: a copy of a mail carried out before. */
int admin_command_mailed(struct pbem *p, const char *game, int argc, char *const argv[],
			 const char *by, const struct admin_mailed *m, char *out,
			 size_t nout, char *why, size_t n);

#endif
