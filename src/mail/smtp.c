/* Sending through an SMTP server with libcurl (smtp.h).
 *
 * The URL's path is the name said in EHLO (smtp://host:port/NAME). The
 * message goes as it is, except that bare line feeds become CRLF, as
 * SMTP wants. Every recipient must be accepted, or nothing is sent (curl
 * gives up at the first refused RCPT): a mail is then sent again whole,
 * later (4xx) or never (5xx), and nobody gets it twice.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#include "curl_error.h"
#include "safetext.h"
#include "smtp.h"

#define SMTP_DEFAULT_TIMEOUT 30

struct smtp {
	const struct smtp_config *c;
	const char *data;
	size_t len, pos;
	char reply[256]; /* the server's last 4xx or 5xx line */
	char sent[256];  /* our last command (not AUTH's lines) */
	char errbuf[CURL_ERROR_SIZE];
};

static size_t
on_read(char *buf, size_t size, size_t n, void *arg)
{
	struct smtp *s = arg;
	size_t k = size * n;

	if (k > s->len - s->pos)
		k = s->len - s->pos;
	memcpy(buf, s->data + s->pos, k);
	s->pos += k;
	return k;
}

/* The first line of data, each control or non-ASCII byte made '?'. */
static void
keep_line(char *dst, size_t cap, const char *data, size_t size)
{
	safe_ascii(dst, cap, data, size, SAFE_LINE);
}

/* Keeps the server's last refusal and our last command (AUTH without its
 * arguments, never the lines that follow it) for error messages. */
static int
on_debug(CURL *h, curl_infotype type, char *data, size_t size, void *arg)
{
	struct smtp *s = arg;
	static const char *const cmds[] = {"EHLO", "HELO", "STARTTLS",
	                                   "MAIL", "RCPT", "DATA"};
	size_t i, k;

	(void)h;
	if (type == CURLINFO_HEADER_IN) {
		/* Refusals only: not the 221 that ends the session after one. */
		if (size >= 3 && (data[0] == '4' || data[0] == '5'))
			keep_line(s->reply, sizeof(s->reply), data, size);
		return 0;
	}
	if (type != CURLINFO_HEADER_OUT)
		return 0;
	if (size >= 5 && strncasecmp(data, "AUTH ", 5) == 0) {
		snprintf(s->sent, sizeof(s->sent), "AUTH");
		return 0;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		k = strlen(cmds[i]);
		if (size >= k && strncasecmp(data, cmds[i], k) == 0 &&
		    (size == k || data[k] == ' ' || data[k] == '\r')) {
			keep_line(s->sent, sizeof(s->sent), data, size);
			break;
		}
	}
	return 0;
}

/* An addr-spec fit for MAIL FROM or RCPT TO: no line breaks, controls,
 * spaces or angle brackets, which would change the command. */
static bool
address_ok(const char *a)
{
	for (; *a; a++) {
		if ((unsigned char)*a <= ' ' || *a == 0x7f || *a == '<' || *a == '>')
			return false;
	}
	return true;
}

/* msg with every bare LF made CRLF; NULL if it has none (or no memory:
 * *nomem). */
static char *
to_crlf(const char *msg, size_t len, size_t *outlen, bool *nomem)
{
	size_t i, bare = 0, n = 0;
	char *out;

	*nomem = false;
	for (i = 0; i < len; i++) {
		if (msg[i] == '\n' && (i == 0 || msg[i - 1] != '\r'))
			bare++;
	}
	if (bare == 0)
		return NULL;
	out = malloc(len + bare);
	if (out == NULL) {
		*nomem = true;
		return NULL;
	}
	for (i = 0; i < len; i++) {
		if (msg[i] == '\n' && (i == 0 || msg[i - 1] != '\r'))
			out[n++] = '\r';
		out[n++] = msg[i];
	}
	*outlen = n;
	return out;
}

/* "smtps" for implicit TLS given with smtp://, else the URL as it is. */
static char *
smtp_url(const struct smtp_config *c)
{
	const char *url = c->url ? c->url : "";
	char *u;

	if (c->tls == MAIL_TLS_IMPLICIT && strncasecmp(url, "smtp://", 7) == 0) {
		u = malloc(strlen(url) + 2);
		if (u)
			sprintf(u, "smtps://%s", url + 7);
		return u;
	}
	return strdup(url);
}

static int
smtp_fail(struct smtp *s, CURLcode rc, long code, struct mail_error *err)
{
	static const struct mail_proto smtp = {"SMTP", "smtp", "smtp://HOST:PORT/EHLO-NAME"};
	const struct smtp_config *c = s->c;
	char detail[CURL_ERROR_SIZE + 600];
	const char *why = s->errbuf[0] ? s->errbuf : curl_easy_strerror(rc);

	if (s->reply[0] && code >= 400 && s->sent[0])
		snprintf(detail, sizeof(detail), "%s: the server answered %s with: %s",
		         why, s->sent, s->reply);
	else if (s->reply[0])
		snprintf(detail, sizeof(detail), "%s (the server said: %s)", why,
		         s->reply);
	else
		snprintf(detail, sizeof(detail), "%s", why);
	if (mail_curl_error(&smtp, rc, c->url, c->user, detail, err) < 0)
		return -1;
	/* 530: authentication required, which is for the settings to fix. */
	if (code == 530)
		return merr(
		    err, MAIL_CONFIG,
		    "SMTP %s wants a login: set smtp-user and smtp-password-file (%s)",
		    c->url, detail);
	if (code >= 500 && code < 600)
		return merr(err, MAIL_PERM, "SMTP %s refused the mail: %s", c->url,
		            detail);
	return merr(err, MAIL_TEMP, "SMTP %s: sending failed, will try again: %s", c->url,
	            detail);
}

int
smtp_send(const struct smtp_config *c, const char *from, const char *const *rcpt,
          int nrcpt, const char *msg, size_t len, struct mail_error *err)
{
	struct smtp s = {.c = c};
	long timeout = c->timeout > 0 ? c->timeout : SMTP_DEFAULT_TIMEOUT;
	struct curl_slist *to = NULL, *t;
	char *url = NULL, *mail_from = NULL, *crlf = NULL, bad[128];
	size_t crlf_len = 0;
	bool nomem;
	long code = 0;
	CURLcode rc;
	CURL *curl;
	int i, ret = -1;

	if (nrcpt <= 0)
		return merr(err, MAIL_PERM, "a mail without recipients cannot be sent");
	if (!address_ok(from ? from : "")) {
		safe_ascii(bad, sizeof(bad), from, strlen(from), SAFE_LINES);
		return merr(err, MAIL_PERM, "'%s' cannot be a sender address", bad);
	}
	for (i = 0; i < nrcpt; i++) {
		if (rcpt[i] == NULL || rcpt[i][0] == '\0' || !address_ok(rcpt[i])) {
			safe_ascii(bad, sizeof(bad), rcpt[i] ? rcpt[i] : "",
				   rcpt[i] ? strlen(rcpt[i]) : 0, SAFE_LINES);
			return merr(err, MAIL_PERM, "'%s' cannot be a recipient address",
			            bad);
		}
	}
	curl = curl_easy_init();
	if (curl == NULL)
		return merr(err, MAIL_TEMP, "cannot start libcurl: %s",
			    mail_curl_why()[0] ? mail_curl_why() : "out of memory");
	url = smtp_url(c);
	mail_from = malloc(strlen(from ? from : "") + 3);
	crlf = to_crlf(msg, len, &crlf_len, &nomem);
	if (url == NULL || mail_from == NULL || nomem)
		goto nomem;
	sprintf(mail_from, "<%s>", from ? from : "");
	for (i = 0; i < nrcpt; i++) {
		char *r = malloc(strlen(rcpt[i]) + 3);

		if (r == NULL)
			goto nomem;
		sprintf(r, "<%s>", rcpt[i]);
		t = curl_slist_append(to, r);
		free(r);
		if (t == NULL)
			goto nomem;
		to = t;
	}
	s.data = crlf ? crlf : msg;
	s.len = crlf ? crlf_len : len;

	curl_easy_setopt(curl, CURLOPT_URL, url);
	curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
#else
	curl_easy_setopt(curl, CURLOPT_PROTOCOLS,
	                 (long)(CURLPROTO_SMTP | CURLPROTO_SMTPS));
#endif
	curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, s.errbuf);
	curl_easy_setopt(curl, CURLOPT_DEBUGFUNCTION, on_debug);
	curl_easy_setopt(curl, CURLOPT_DEBUGDATA, &s);
	curl_easy_setopt(curl, CURLOPT_VERBOSE, 1L);
	curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout);
	curl_easy_setopt(curl, CURLOPT_TIMEOUT, timeout);
	curl_easy_setopt(curl, CURLOPT_MAIL_FROM, mail_from);
	curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, to);
	curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(curl, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(curl, CURLOPT_READDATA, &s);
	curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)s.len);
	if (c->user && c->user[0]) {
		curl_easy_setopt(curl, CURLOPT_USERNAME, c->user);
		curl_easy_setopt(curl, CURLOPT_PASSWORD, c->password ? c->password : "");
	}
	if (c->tls == MAIL_TLS_STARTTLS || c->tls == MAIL_TLS_IMPLICIT)
		curl_easy_setopt(curl, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	if (c->cafile && c->cafile[0])
		curl_easy_setopt(curl, CURLOPT_CAINFO, c->cafile);

	rc = curl_easy_perform(curl);
	if (rc == CURLE_OK) {
		ret = 0;
	} else {
		curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
		smtp_fail(&s, rc, code, err);
	}
	goto out;
nomem:
	merr(err, MAIL_TEMP, "out of memory");
out:
	curl_slist_free_all(to);
	curl_easy_cleanup(curl);
	free(url);
	free(mail_from);
	free(crlf);
	return ret;
}

int
queue_sink_smtp(void *ctx, const char *name, const char *from, const char *const *rcpt,
                int nrcpt, const char *msg, size_t len, struct mail_error *err)
{
	(void)name;
	return smtp_send(ctx, from, rcpt, nrcpt, msg, len, err);
}
