/* What a libcurl error means to a mail protocol (IMAP, SMTP): whether to
 * try again later, and a message that says what to fix. */
#ifndef CARC_CURL_ERROR_H
#define CARC_CURL_ERROR_H

#include <curl/curl.h>

#include "mail.h"

struct mail_proto {
	const char *name;     /* "IMAP" */
	const char *setting;  /* "imap": its settings are imap-user, ... */
	const char *url_form; /* "imap://HOST:PORT/MAILBOX" */
};

/* Fills err for the errors every protocol shares (login refused, TLS,
 * certificate, URL, server unreachable) and returns -1; 0 for the others,
 * which the caller maps itself. detail: curl's and the server's words. */
int mail_curl_error(const struct mail_proto *p, CURLcode rc, const char *url,
		    const char *user, const char *detail, struct mail_error *err);

/* Why libcurl could not be loaded (curl_lib.c: it is loaded when first
 * used), or "" once it is. */
const char *mail_curl_why(void);

#endif
