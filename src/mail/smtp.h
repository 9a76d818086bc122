/* Sending mail through an SMTP server (libcurl): a queue sink. */
#ifndef CARC_SMTP_H
#define CARC_SMTP_H

#include <stddef.h>

#include "imap.h" /* enum mail_tls */
#include "mail.h"

struct smtp_config {
	const char *url;      /* smtp://host:port/EHLO-NAME or smtps://... */
	const char *user;     /* AUTH when the server offers it; or NULL */
	const char *password;
	int tls;              /* enum mail_tls */
	const char *cafile;
	long timeout;
};

/* Sends msg from "from" (an addr-spec) to rcpt. A 4xx reply, a refused
 * connection or a timeout is MAIL_TEMP; a 5xx reply MAIL_PERM; a refused
 * login MAIL_CONFIG. */
int smtp_send(const struct smtp_config *c, const char *from, const char *const *rcpt,
	      int nrcpt, const char *msg, size_t len, struct mail_error *err);
/* queue_sink adapter: ctx is a struct smtp_config. */
int queue_sink_smtp(void *ctx, const char *name, const char *from, const char *const *rcpt,
		    int nrcpt, const char *msg, size_t len, struct mail_error *err);

#endif
