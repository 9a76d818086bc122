/* IMAP IDLE (RFC 2177) on a connection of its own, so that the daemon
 * hears of new mail at once: libcurl has no IDLE command, so the
 * connection is made with CURLOPT_CONNECT_ONLY (greeting, STARTTLS or
 * implicit TLS, and login as the fetch does them) and the commands go
 * through curl_easy_send/curl_easy_recv. The fetch itself (imap.c) stays
 * as it is: IDLE only says when to run it. */
#ifndef CARC_IMAP_IDLE_H
#define CARC_IMAP_IDLE_H

#include <stdbool.h>
#include <time.h>

#include <curl/curl.h>

#include "imap.h"

#define IMAP_IDLE_RENEW (29 * 60) /* RFC 2177: re-IDLE before 30 min */

struct imap_idle {
	const struct imap_config *c;
	CURL *curl;
	char *box_q;      /* the mailbox, quoted */
	int fd;           /* the socket while idling, else -1 */
	unsigned tag;
	time_t since;     /* the IDLE began */
	time_t retry_at;  /* no new connection before */
	long backoff;     /* seconds, doubled on each failure up to poll */
	bool unsupported; /* the server offers no IDLE: the poll alone */
	bool exists;      /* an EXISTS came */
	char buf[2048];
	size_t len;
};

/* In imap.c: a libcurl handle set up as the fetch's own (TLS, login,
 * timeouts) and connected with CONNECT_ONLY, and the mailbox's name
 * quoted for commands. 0, or -1 with err. */
int imap_connect_handle(const struct imap_config *c, CURL **curl, char **box_q,
			struct mail_error *err);

void imap_idle_init(struct imap_idle *s, const struct imap_config *c);
void imap_idle_close(struct imap_idle *s);
/* Connects, selects the mailbox and starts IDLE. 0 idling, -1 not (err
 * says why; s->unsupported when the server has no IDLE, else a retry is
 * due at s->retry_at). */
int imap_idle_start(struct imap_idle *s, long max_backoff, struct mail_error *err);
/* The socket is readable: 1 when new mail came (an EXISTS), 0 nothing
 * new, -1 the connection is gone (closed; err says why). */
int imap_idle_read(struct imap_idle *s, long max_backoff, struct mail_error *err);
/* Ends the IDLE and starts the next (every IMAP_IDLE_RENEW seconds).
 * 0, or -1 with the connection closed. */
int imap_idle_renew(struct imap_idle *s, long max_backoff, struct mail_error *err);

#endif
