/* Fetching mail from an IMAP server into the inbox Maildir (libcurl).
 *
 * Exactly once: the UIDs to fetch are noted in a journal file first;
 * each message is saved into the Maildir under a name made of the
 * server, mailbox, UIDVALIDITY and UID (so saving twice writes nothing);
 * only then is it flagged \Seen, or moved to done_folder, on the server,
 * and taken off the journal. A fetch cut short anywhere is finished by
 * the next one, even though fetching already set \Seen.
 */
#ifndef CARC_IMAP_H
#define CARC_IMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "mail.h"

enum mail_tls { MAIL_TLS_NONE, MAIL_TLS_STARTTLS, MAIL_TLS_IMPLICIT };

struct imap_config {
	const char *url;         /* imap://host:port/MAILBOX or imaps://... */
	const char *user;
	const char *password;    /* read from a file by the caller */
	int tls;                 /* enum mail_tls; imaps:// implies implicit */
	const char *cafile;      /* CA bundle for the server's certificate, or NULL */
	const char *done_folder; /* move processed mail here; NULL: flag \Seen */
	long timeout;            /* seconds, for each request */
	size_t max_size;         /* larger mail is saved cut to a header-only stub */
	const char *claim;       /* the spool's id: one spool per mailbox; NULL, "": none */
};

/* Fetches every unseen message of the mailbox into maildir; journal is a
 * file path for the UIDs in progress. *fetched counts the messages saved.
 *
 * One spool per mailbox: with claim set, the spool marks the mailbox as
 * its own by an empty folder carcpbem-spool-BOX-CLAIM (BOX: a hash of the
 * mailbox's name) and fetches only while no other spool's mark is there
 * (MAIL_CONFIG otherwise, naming the folder); two spools starting at the
 * same moment both step back, and try again at the next fetch. A server
 * that refuses the folder (its folders all under a prefix) gets none. */
int imap_fetch(const struct imap_config *c, const char *maildir, const char *journal,
	       int *fetched, struct mail_error *err);

#endif
