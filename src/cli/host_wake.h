/* What ends the daemon's nap between passes (docs/architecture.md,
 * "Latency"): a mail arriving in the inbox Maildir (inotify on new/) or
 * in the IMAP mailbox (IDLE, where the server offers it), a signal, the next deadline wake-up in SPOOL/timers, or the poll, which
 * stays as the fallback for whatever inotify does not see. */
#ifndef CARC_HOST_WAKE_H
#define CARC_HOST_WAKE_H

#include <signal.h>

#include "imap_idle.h"
#include "pbem.h"

struct host_wake {
	int fd; /* the inotify fd, or -1 */
	bool imap; /* IDLE wanted (inbox imap) */
	struct imap_idle idle;
};

/* Watches p's inbox new/ when the inbox is a Maildir the loop reads
 * directly (without inotify it logs why and the poll does the work);
 * with inbox imap, the first nap opens the IDLE connection. */
void host_wake_open(struct host_wake *w, struct pbem *p);
void host_wake_close(struct host_wake *w);
/* Sleeps until something needs a pass: 1 when a mail arrived, else 0.
 * flags: the loop's signal flags; any set ends the nap at once. */
int host_wake_nap(struct host_wake *w, struct pbem *p, volatile sig_atomic_t *const *flags,
		  int nflags);

#endif
