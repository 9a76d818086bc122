/* IMAP IDLE on a CONNECT_ONLY libcurl connection (imap_idle.h). Every
 * wait is bounded (IDLE_WAIT seconds for an answer); a failure closes
 * the connection and sets a retry time with a doubling backoff. */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "imap_idle.h"

#define IDLE_WAIT 10 /* seconds for each answer of the server */

void
imap_idle_init(struct imap_idle *s, const struct imap_config *c)
{
	memset(s, 0, sizeof(*s));
	s->c = c;
	s->fd = -1;
}

void
imap_idle_close(struct imap_idle *s)
{
	if (s->curl)
		curl_easy_cleanup(s->curl);
	free(s->box_q);
	s->curl = NULL;
	s->box_q = NULL;
	s->fd = -1;
	s->len = 0;
}

/* Closes after a failure: the next try after the backoff. */
static int
idle_fail(struct imap_idle *s, long max_backoff)
{
	imap_idle_close(s);
	s->backoff = s->backoff ? s->backoff * 2 : 1;
	if (s->backoff > max_backoff)
		s->backoff = max_backoff > 0 ? max_backoff : 1;
	s->retry_at = time(NULL) + s->backoff;
	return -1;
}

static int
send_all(struct imap_idle *s, const char *text)
{
	size_t off = 0, len = strlen(text);

	while (off < len) {
		size_t sent = 0;
		CURLcode rc = curl_easy_send(s->curl, text + off, len - off, &sent);

		if (rc == CURLE_AGAIN) {
			struct pollfd p = {.fd = s->fd, .events = POLLOUT};

			if (poll(&p, 1, IDLE_WAIT * 1000) <= 0)
				return -1;
			continue;
		}
		if (rc != CURLE_OK)
			return -1;
		off += sent;
	}
	return 0;
}

/* Takes the next whole line off the buffer into line: 1, or 0 when there
 * is none yet. An untagged EXISTS is noted on the way. */
static int
next_line(struct imap_idle *s, char *line, size_t n)
{
	char *eol = memchr(s->buf, '\n', s->len);
	size_t k;

	if (eol == NULL) {
		if (s->len == sizeof(s->buf)) /* a line too long: not one we need */
			s->len = 0;
		return 0;
	}
	k = (size_t)(eol - s->buf) + 1;
	snprintf(line, n, "%.*s", (int)(k < n ? k : n - 1), s->buf);
	memmove(s->buf, s->buf + k, s->len - k);
	s->len -= k;
	if (line[0] == '*' && strstr(line, " EXISTS") != NULL)
		s->exists = true;
	return 1;
}

/* Reads what the socket has: 1 some, 0 none yet, -1 closed or broken. */
static int
fill(struct imap_idle *s)
{
	size_t got = 0;
	CURLcode rc;

	if (s->len == sizeof(s->buf))
		return 1;
	rc = curl_easy_recv(s->curl, s->buf + s->len, sizeof(s->buf) - s->len, &got);
	if (rc == CURLE_AGAIN)
		return 0;
	if (rc != CURLE_OK || got == 0)
		return -1;
	s->len += got;
	return 1;
}

/* Waits for the line that begins with want ("I3 ", "+" or "* NAME"): 1
 * when it says OK (or is the continuation or the untagged line), 0 for
 * NO/BAD, -1 on a timeout or a broken connection. The line is kept in
 * line. */
static int
wait_for_line(struct imap_idle *s, const char *want, char *line, size_t n)
{
	time_t end = time(NULL) + IDLE_WAIT;

	for (;;) {
		struct pollfd p = {.fd = s->fd, .events = POLLIN};
		int r;

		while (next_line(s, line, n))
			if (strncmp(line, want, strlen(want)) == 0)
				return want[0] == '+' || want[0] == '*' ||
				       strncasecmp(line + strlen(want), "OK", 2) == 0;
		r = fill(s);
		if (r < 0)
			return -1;
		if (r > 0)
			continue;
		if (time(NULL) >= end || poll(&p, 1, 1000) < 0)
			return -1;
	}
}

/* Sends "TAG text" and waits for its tagged answer (or the
 * continuation, when plus). */
static int
command(struct imap_idle *s, const char *text, bool plus, char *line, size_t n)
{
	char cmd[600], tag[16];

	snprintf(tag, sizeof(tag), "I%u ", ++s->tag);
	snprintf(cmd, sizeof(cmd), "%s%s\r\n", tag, text);
	if (send_all(s, cmd) < 0)
		return -1;
	return wait_for_line(s, plus ? "+" : tag, line, n);
}

/* The word IDLE among the capabilities. */
static int
has_idle(const char *caps)
{
	const char *p = caps;

	while (*p) {
		size_t k = strcspn(p, " \r\n");

		if (k == 4 && strncasecmp(p, "IDLE", 4) == 0)
			return 1;
		p += k;
		p += strspn(p, " \r\n");
	}
	return 0;
}

int
imap_idle_start(struct imap_idle *s, long max_backoff, struct mail_error *err)
{
	char line[1024] = "", caps[1024] = "", sel[700], tag[16];
	curl_socket_t sock;

	imap_idle_close(s);
	if (imap_connect_handle(s->c, &s->curl, &s->box_q, err) < 0)
		return idle_fail(s, max_backoff);
	if (curl_easy_getinfo(s->curl, CURLINFO_ACTIVESOCKET, &sock) != CURLE_OK ||
	    sock == CURL_SOCKET_BAD) {
		merr(err, MAIL_TEMP, "IMAP %s: no socket for IDLE", s->c->url);
		return idle_fail(s, max_backoff);
	}
	s->fd = (int)sock;
	snprintf(tag, sizeof(tag), "I%u ", ++s->tag);
	snprintf(sel, sizeof(sel), "%sCAPABILITY\r\n", tag);
	if (send_all(s, sel) < 0 || wait_for_line(s, "* CAPABILITY", caps, sizeof(caps)) != 1 ||
	    wait_for_line(s, tag, line, sizeof(line)) != 1)
		goto broken;
	if (!has_idle(caps)) {
		imap_idle_close(s);
		s->unsupported = true;
		return merr(err, MAIL_CONFIG, "IMAP %s: the server offers no IDLE",
			    s->c->url);
	}
	snprintf(sel, sizeof(sel), "SELECT %s", s->box_q);
	if (command(s, sel, false, line, sizeof(line)) != 1 ||
	    command(s, "IDLE", true, line, sizeof(line)) != 1)
		goto broken;
	s->since = time(NULL);
	s->backoff = 0;
	s->exists = false;
	return 0;
broken:
	merr(err, MAIL_TEMP, "IMAP %s: IDLE: the server did not answer as expected%s%.200s",
	     s->c->url, line[0] ? ": " : "", line);
	return idle_fail(s, max_backoff);
}

int
imap_idle_read(struct imap_idle *s, long max_backoff, struct mail_error *err)
{
	char line[1024];
	int r;

	while ((r = fill(s)) > 0)
		while (next_line(s, line, sizeof(line)))
			if (strncmp(line, "* BYE", 5) == 0)
				r = -1;
	if (r < 0) {
		merr(err, MAIL_TEMP, "IMAP %s: the IDLE connection was closed", s->c->url);
		return idle_fail(s, max_backoff);
	}
	if (s->exists) {
		s->exists = false;
		return 1;
	}
	return 0;
}

int
imap_idle_renew(struct imap_idle *s, long max_backoff, struct mail_error *err)
{
	char line[1024] = "", tag[16];

	snprintf(tag, sizeof(tag), "I%u ", s->tag);
	if (send_all(s, "DONE\r\n") < 0 || wait_for_line(s, tag, line, sizeof(line)) != 1 ||
	    command(s, "IDLE", true, line, sizeof(line)) != 1) {
		merr(err, MAIL_TEMP, "IMAP %s: renewing IDLE failed", s->c->url);
		return idle_fail(s, max_backoff);
	}
	s->since = time(NULL);
	return 0;
}
