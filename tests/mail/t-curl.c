/* imap_fetch and smtp_send against real servers: the private Dovecot
 * and OpenSMTPD that tests/t3000-mail-servers.sh starts (tests/mailstack.sh)
 * and describes in the environment: IMAP_PORT, SMTP_PORT, SUBMISSION_PORT,
 * IMAPS_PORT, SUBMISSIONS_PORT, MAIL_TLS, MAILSTACK_CAFILE, MAILSTACK_DIR,
 * MAILSTACK_SH; T_CURL_WORK is a directory for Maildirs and journals.
 * Users USER@example.test, password "secret". */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "imap.h"
#include "maildir.h"
#include "smtp.h"
#include "tap.h"

#define DOMAIN "example.test"
#define PASSWORD "secret"

static const char *work, *stack_dir, *stack_sh, *cafile;
static int imap_port, smtp_port, submission_port, imaps_port, submissions_port;
static bool tls;

/* ---- helpers ---- */

static int
env_port(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? atoi(v) : 0;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Strings made by the helpers below live until the end (keep_free). */
static char **kept;
static size_t nkept, capkept;

static char *
keep(char *s)
{
	if (s != NULL && nkept == capkept) {
		char **k =
		    realloc(kept, (capkept = capkept ? 2 * capkept : 256) * sizeof(*k));

		if (k == NULL)
			free(s), s = NULL;
		kept = k;
	}
	if (s == NULL)
		bail_out("out of memory");
	return kept[nkept++] = s;
}

static void
keep_free(void)
{
	while (nkept > 0)
		free(kept[--nkept]);
	free(kept);
}

static __attribute__((format(printf, 1, 2))) char *
str(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = n < 0 ? NULL : malloc((size_t)n + 1);
	if (s) {
		va_start(ap, fmt);
		vsnprintf(s, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return keep(s);
}

static char *
path_of(const char *a, const char *b)
{
	return str("%s/%s", a, b);
}

static char *
addr(const char *user)
{
	return str("%s@%s", user, DOMAIN);
}

/* Files in dir (0 if it does not exist); the first name into first. */
static int
count_files(const char *dir, char *first, size_t n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int count = 0;

	if (first && n)
		first[0] = '\0';
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (count++ == 0 && first)
			snprintf(first, n, "%s", e->d_name);
	}
	closedir(d);
	return count;
}

static int
server_count(const char *user)
{
	char new[1024], cur[1024];

	snprintf(new, sizeof(new), "%s/mail/%s/%s/Maildir/new", stack_dir, DOMAIN, user);
	snprintf(cur, sizeof(cur), "%s/mail/%s/%s/Maildir/cur", stack_dir, DOMAIN, user);
	return count_files(new, NULL, 0) + count_files(cur, NULL, 0);
}

/* Waits up to 5 s until user's server Maildir holds n messages. */
static bool
wait_server(const char *user, int n)
{
	double end = now() + 5;

	while (server_count(user) < n) {
		if (now() > end) {
			diag("%s has %d messages on the server, not %d", user,
			     server_count(user), n);
			return false;
		}
		usleep(10000);
	}
	return true;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		} else if (buf) {
			buf[n] = '\0';
			if (len)
				*len = (size_t)n;
		}
	}
	fclose(f);
	return buf;
}

static int
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* ---- raw IMAP, to look at the server's side ---- */

struct rbuf {
	char text[8192];
	size_t len;
};

static size_t
on_raw(char *p, size_t size, size_t n, void *arg)
{
	struct rbuf *b = arg;
	size_t k = size * n, room = sizeof(b->text) - 1 - b->len;

	memcpy(b->text + b->len, p, k < room ? k : room);
	b->len += k < room ? k : room;
	b->text[b->len] = '\0';
	return k;
}

/* Runs cmd (or fetches, with cmd NULL) on imap://.../path as user. */
static int
raw_imap(const char *user, const char *path, const char *cmd, struct rbuf *out)
{
	char url[512];
	CURL *c = curl_easy_init();
	CURLcode rc;

	out->len = 0;
	out->text[0] = '\0';
	snprintf(url, sizeof(url), "imap://127.0.0.1:%d/%s", imap_port, path);
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_USERNAME, addr(user));
	curl_easy_setopt(c, CURLOPT_PASSWORD, PASSWORD);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, 5L);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_raw);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, out);
	if (cmd)
		curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, cmd);
	rc = curl_easy_perform(c);
	curl_easy_cleanup(c);
	if (rc != CURLE_OK)
		diag("raw IMAP %s %s: %s", path, cmd ? cmd : "FETCH",
		     curl_easy_strerror(rc));
	return rc == CURLE_OK ? 0 : -1;
}

/* The UIDs of user's unseen messages in INBOX, as "1 2" ("" for none,
 * "?" on error). */
static const char *
unseen(const char *user)
{
	static struct rbuf b;
	char *p, *e;

	if (raw_imap(user, "INBOX", "UID SEARCH UNSEEN", &b) < 0)
		return "?";
	p = strstr(b.text, "* SEARCH");
	if (p == NULL)
		return "?";
	p += 8;
	while (*p == ' ')
		p++;
	e = p + strcspn(p, "\r\n");
	*e = '\0';
	return p;
}

static int
count_words(const char *s)
{
	int n = 0;

	while (*s) {
		s += strspn(s, " ");
		if (*s)
			n++;
		s += strcspn(s, " ");
	}
	return n;
}

/* MESSAGES of a mailbox, by STATUS; -1 on error. */
static long
messages(const char *user, const char *box)
{
	struct rbuf b;
	char cmd[128], *p;

	snprintf(cmd, sizeof(cmd), "STATUS \"%s\" (MESSAGES)", box);
	if (raw_imap(user, "", cmd, &b) < 0)
		return -1;
	p = strstr(b.text, "MESSAGES ");
	return p ? strtol(p + 9, NULL, 10) : -1;
}

/* ---- configurations ---- */

static struct imap_config
imap_for(const char *user, char *url, size_t n)
{
	struct imap_config c = {
	    .user = addr(user),
	    .password = PASSWORD,
	    .tls = MAIL_TLS_NONE,
	    .timeout = 30, /* an upper bound: a loaded CI machine (make -j) */
	    .max_size = 1024 * 1024,
	};

	snprintf(url, n, "imap://127.0.0.1:%d/INBOX", imap_port);
	c.url = url;
	return c;
}

static struct smtp_config
smtp_plain(char *url, size_t n)
{
	/* 30 s: an upper bound, met under make -j on a loaded machine (5 s
	 * once timed out before OpenSMTPD answered a RCPT for nobody) */
	struct smtp_config c = {.tls = MAIL_TLS_NONE, .timeout = 30};

	snprintf(url, n, "smtp://127.0.0.1:%d/t-curl.example.test", smtp_port);
	c.url = url;
	return c;
}

static char *
message(const char *to, const char *subject, const char *body)
{
	return str("From: Game <game@" DOMAIN ">\r\nTo: %s\r\nSubject: %s\r\n"
	           "Message-ID: <%s.%ld@t-curl.example.test>\r\n\r\n%s\r\n",
	           to, subject, subject, (long)getpid(), body);
}

static int
send_to(const char *const *rcpt, int n, const char *msg, struct mail_error *err)
{
	char url[256];
	struct smtp_config c = smtp_plain(url, sizeof(url));

	return smtp_send(&c, addr("game"), rcpt, n, msg, strlen(msg), err);
}

static void
show_err(int r, const struct mail_error *err)
{
	if (r < 0)
		diag("error (%s): %s", mail_code_name(err->code), err->text);
}

/* ---- the tests ---- */

static void
test_send_and_fetch(void)
{
	const char *rcpt[] = {addr("alice"), addr("bob")};
	char url[256], name[256], *local = path_of(work, "alice"), *text;
	struct imap_config c = imap_for("alice", url, sizeof(url));
	const char *journal = path_of(work, "alice.journal");
	struct mail_error err = {0};
	int r, fetched = -1;
	double t0;

	t0 = now();
	r = send_to(rcpt, 2,
	            message("alice@" DOMAIN ", bob@" DOMAIN, "two-users", "Hello, both."),
	            &err);
	show_err(r, &err);
	ok(r == 0, "smtp_send to alice and bob (%.3f s)", now() - t0);
	ok(wait_server("alice", 1) && wait_server("bob", 1),
	   "the mail is delivered to both server mailboxes");
	is_str(unseen("alice"), "1", "alice has it unseen over IMAP (UID 1)");

	t0 = now();
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 1, "imap_fetch saves alice's mail (%d fetched, %.3f s)",
	   fetched, now() - t0);
	is_int(count_files(path_of(local, "new"), name, sizeof(name)), 1,
	       "one message in new/");
	ok(strncmp(name, "imap-", 5) == 0 && strlen(name) == 5 + 16 + 1 + 10 + 1 + 10 &&
	       strcmp(name + strlen(name) - 11, "-0000000001") == 0,
	   "named imap-HASH-UIDVALIDITY-UID: %s", name);
	text = slurp(path_of(path_of(local, "new"), name), NULL);
	ok(text && strstr(text, "Subject: two-users\r\n") &&
	       strstr(text, "\r\n\r\nHello, both.\r\n") &&
	       strstr(text, "Delivered-To: alice@" DOMAIN),
	   "its content is the mail as the server has it (CRLF)");
	free(text);
	is_str(unseen("alice"), "", "it is \\Seen on the server afterwards");
	ok(access(journal, F_OK) < 0 && errno == ENOENT,
	   "the journal is gone when all is done");

	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 0, "the next imap_fetch fetches nothing (%d)", fetched);
	is_int(count_files(path_of(local, "new"), NULL, 0), 1,
	       "still one message in new/");

	/* Unseen again on the server (a crash before the flag): saved again
	 * under the same name, which writes nothing. */
	{
		struct rbuf b;

		raw_imap("alice", "INBOX", "UID STORE 1 -FLAGS (\\Seen)", &b);
	}
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 1 && count_files(path_of(local, "new"), NULL, 0) == 1,
	   "a message fetched twice is saved once (same name)");
}

static void
test_done_folder(void)
{
	char url[256], name[256], *local = path_of(work, "bob");
	struct imap_config c = imap_for("bob", url, sizeof(url));
	const char *journal = path_of(work, "bob.journal");
	const char *rcpt[] = {addr("bob")};
	struct mail_error err = {0};
	int r, fetched = -1;

	c.done_folder = "Processed";
	ok(messages("bob", "INBOX") == 1, "bob has one message in INBOX");
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 1, "imap_fetch with a done folder (created) fetches it");
	is_int(messages("bob", "INBOX"), 0, "INBOX is empty afterwards");
	is_int(messages("bob", "Processed"), 1, "the message is in the done folder");
	is_int(count_files(path_of(local, "new"), name, sizeof(name)), 1,
	       "and in the Maildir");

	r = send_to(rcpt, 1, message(addr("bob"), "second", "Again."), &err);
	show_err(r, &err);
	ok(r == 0 && wait_server("bob", 1), "a second mail for bob (INBOX)");
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 1 && messages("bob", "INBOX") == 0 &&
	       messages("bob", "Processed") == 2,
	   "the done folder existing already is fine");
	r = imap_fetch(&c, local, journal, &fetched, &err);
	ok(r == 0 && fetched == 0 && count_files(path_of(local, "new"), NULL, 0) == 2,
	   "nothing is fetched twice");

	c.done_folder = "INBOX";
	r = imap_fetch(&c, local, journal, &fetched, &err);
	ok(r < 0 && err.code == MAIL_CONFIG && strstr(err.text, "done folder"),
	   "the done folder cannot be the mailbox: %s", err.text);
}

static void
test_journal(void)
{
	char url[256], name[256], prefix[256], jtext[512],
	    *local = path_of(work, "carol");
	struct imap_config c = imap_for("carol", url, sizeof(url));
	const char *journal = path_of(work, "carol.journal");
	const char *rcpt[] = {addr("carol")};
	struct mail_error err = {0};
	struct rbuf b;
	int r, fetched = -1;
	char *text;

	r = send_to(rcpt, 1, message(addr("carol"), "first", "One."), &err);
	ok(r == 0 && wait_server("carol", 1), "a first mail for carol");
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 1 &&
	       count_files(path_of(local, "new"), name, sizeof(name)) == 1,
	   "fetched (its name gives the journal's prefix)");
	snprintf(prefix, sizeof(prefix), "%.*s", (int)(strlen(name) - 11), name);

	r = send_to(rcpt, 1, message(addr("carol"), "second", "Two."), &err);
	ok(r == 0 && wait_server("carol", 2), "a second mail for carol");
	/* A poll cut short: the UID noted, the message fetched (so \Seen),
	 * then nothing more. */
	raw_imap("carol", "INBOX;UID=2", NULL, &b);
	is_str(unseen("carol"), "", "fetched by hand: it is \\Seen now");
	snprintf(jtext, sizeof(jtext), "%s\n2\n99\n", prefix);
	write_file(journal, jtext);
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 1,
	   "imap_fetch finishes the UID in the journal (%d fetched)", fetched);
	snprintf(jtext, sizeof(jtext), "%s/new/%s-0000000002", local, prefix);
	text = slurp(jtext, NULL);
	ok(text && strstr(text, "Subject: second\r\n"),
	   "the message is in new/ as %s-0000000002", prefix);
	free(text);
	ok(access(journal, F_OK) < 0,
	   "the journal is gone (UID 99, not on the server, dropped)");

	/* A journal of another server or UIDVALIDITY is ignored. */
	raw_imap("carol", "INBOX", "UID STORE 1:2 -FLAGS (\\Seen)", &b);
	raw_imap("carol", "INBOX;UID=1", NULL, &b);
	raw_imap("carol", "INBOX;UID=2", NULL, &b);
	write_file(journal, "imap-0000000000000000-0000000001\n1\n2\n");
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 0 && access(journal, F_OK) < 0,
	   "a journal with another prefix is dropped");
}

static void
test_too_large(void)
{
	char url[256], name[256], *local = path_of(work, "dave"), *text, *big, *p;
	struct imap_config c = imap_for("dave", url, sizeof(url));
	const char *journal = path_of(work, "dave.journal");
	const char *rcpt[] = {addr("dave")};
	struct mail_error err = {0};
	size_t size = 300000, len = 0;
	int r, fetched = -1;

	big = malloc(size + 1024);
	p = big +
	    sprintf(
	        big,
	        "From: game@" DOMAIN "\r\nTo: dave@" DOMAIN "\r\nSubject: big one\r\n"
	        "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n"
	        "\r\n--b\r\nContent-Type: text/plain\r\n\r\n");
	while ((size_t)(p - big) < size)
		p += sprintf(p, "01234567890123456789012345678901234567890123456789012345"
		                "67890123456789\r\n");
	p += sprintf(p, "--b--\r\n");
	{
		char surl[256];
		struct smtp_config s = smtp_plain(surl, sizeof(surl));

		r = smtp_send(&s, addr("game"), rcpt, 1, big, (size_t)(p - big), &err);
	}
	show_err(r, &err);
	ok(r == 0 && wait_server("dave", 1), "a mail of %zu bytes for dave",
	   (size_t)(p - big));
	free(big);

	c.max_size = 10000;
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 1, "imap_fetch with max_size 10000 saves something");
	count_files(path_of(local, "new"), name, sizeof(name));
	text = slurp(path_of(path_of(local, "new"), name), &len);
	ok(text && strncmp(text, "X-Carcpbem-Truncated: yes\r\n", 27) == 0,
	   "a stub marked X-Carcpbem-Truncated: yes");
	ok(text && strstr(text, "\r\nSubject: big one\r\n") &&
	       strstr(text, "\r\nFrom: game@") &&
	       strstr(text, "\r\nX-Carcpbem-Original-Size: 30"),
	   "with the original header and size");
	ok(text && len < 10000 && !strstr(text, "0123456789") &&
	       !strstr(text, "multipart"),
	   "without the body or its MIME fields (%zu bytes)", len);
	for (p = text; p && *p;) {
		size_t n = strcspn(p, "\r\n");

		diag("stub: %.*s", (int)n, p);
		p += n;
		p += strspn(p, "\r\n");
	}
	free(text);
	is_str(unseen("dave"), "", "the large message is \\Seen on the server");
}

static void
test_errors(void)
{
	char url[256], *local = path_of(work, "errors");
	struct imap_config c = imap_for("alice", url, sizeof(url));
	const char *journal = path_of(work, "errors.journal");
	struct mail_error err = {0};
	int r, fetched = -1;
	double t0;

	c.password = "wrong";
	t0 = now();
	r = imap_fetch(&c, local, journal, &fetched, &err);
	ok(r < 0 && err.code == MAIL_CONFIG &&
	       strstr(err.text, "IMAP login refused for alice@" DOMAIN " at imap://") &&
	       strstr(err.text, "check imap-user and imap-password-file"),
	   "wrong password: MAIL_CONFIG (%.2f s): %s", now() - t0, err.text);

	c.password = PASSWORD;
	snprintf(url, sizeof(url), "imap://127.0.0.1:%d/Nowhere", imap_port);
	r = imap_fetch(&c, local, journal, &fetched, &err);
	ok(r < 0 && err.code == MAIL_CONFIG && strstr(err.text, "no mailbox Nowhere"),
	   "no such mailbox: MAIL_CONFIG: %s", err.text);

	/* The block's 8th port has no server. */
	snprintf(url, sizeof(url), "imap://127.0.0.1:%d/INBOX", imap_port + 7);
	r = imap_fetch(&c, local, journal, &fetched, &err);
	ok(r < 0 && err.code == MAIL_TEMP && strstr(err.text, "cannot be reached"),
	   "IMAP server down: MAIL_TEMP: %s", err.text);

	snprintf(url, sizeof(url), "pop3://127.0.0.1:%d/INBOX", imap_port);
	r = imap_fetch(&c, local, journal, &fetched, &err);
	ok(r < 0 && err.code == MAIL_CONFIG, "not an IMAP URL: MAIL_CONFIG: %s",
	   err.text);
}

static void
test_smtp_errors(void)
{
	const char *nobody[] = {addr("alice"), addr("nobody")};
	const char *elsewhere[] = {"someone@elsewhere.invalid"};
	const char *alice[] = {addr("alice")};
	const char *bad[] = {"x@" DOMAIN ">\r\nRSET"};
	char url[256], cmd[2048];
	struct smtp_config c = smtp_plain(url, sizeof(url));
	struct mail_error err = {0};
	const char *msg = message(addr("alice"), "refused", "No.");
	int r, before = server_count("alice");
	double t0;

	r = smtp_send(&c, addr("game"), nobody, 2, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_PERM &&
	       strstr(err.text, "RCPT TO:<nobody@" DOMAIN ">"),
	   "unknown recipient: MAIL_PERM: %s", err.text);
	r = smtp_send(&c, addr("game"), elsewhere, 1, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_PERM && strstr(err.text, "550"),
	   "another domain: MAIL_PERM: %s", err.text);
	r = smtp_send(&c, addr("game"), bad, 1, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_PERM, "an address with a line break: MAIL_PERM: %s",
	   err.text);
	r = smtp_send(&c, addr("game"), alice, 0, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_PERM, "no recipients: MAIL_PERM: %s", err.text);
	usleep(200000);
	is_int(server_count("alice"), before, "alice got none of them (all or nothing)");

	snprintf(cmd, sizeof(cmd), "bash '%s' stop-smtp '%s' 2>&1 | sed 's/^/# /'",
	         stack_sh, stack_dir);
	ok(system(cmd) == 0, "OpenSMTPD stopped");
	t0 = now();
	r = queue_sink_smtp(&c, "name", addr("game"), alice, 1, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_TEMP && strstr(err.text, "cannot be reached"),
	   "SMTP server down: MAIL_TEMP (%.3f s): %s", now() - t0, err.text);
	snprintf(cmd, sizeof(cmd), "bash '%s' start-smtp '%s' 2>&1 | sed 's/^/# /'",
	         stack_sh, stack_dir);
	ok(system(cmd) == 0, "OpenSMTPD started again");
	r = queue_sink_smtp(&c, "name", addr("game"), alice, 1, msg, strlen(msg), &err);
	show_err(r, &err);
	ok(r == 0 && wait_server("alice", before + 1), "queue_sink_smtp sends again");

	/* Bare LF in the message: sent as CRLF. */
	r = send_to(alice, 1, "Subject: lf\nTo: alice@" DOMAIN "\n\nline one\nline two\n",
	            &err);
	show_err(r, &err);
	ok(r == 0 && wait_server("alice", before + 2), "a message with bare LF is sent");
	{
		char lurl[256], name[64];
		struct imap_config ic = imap_for("alice", lurl, sizeof(lurl));
		char *local = path_of(work, "alice-lf"), *text;
		int fetched = 0;
		size_t n = 0;

		r = imap_fetch(&ic, local, path_of(work, "alice-lf.journal"), &fetched,
		               &err);
		show_err(r, &err);
		snprintf(name, sizeof(name), "%s", "");
		text = NULL;
		{
			DIR *d = opendir(path_of(local, "new"));
			struct dirent *e;

			while (d && (e = readdir(d)) != NULL) {
				char *t;

				if (e->d_name[0] == '.')
					continue;
				t = slurp(path_of(path_of(local, "new"), e->d_name), &n);
				if (t && strstr(t, "Subject: lf")) {
					free(text);
					text = t;
				} else
					free(t);
			}
			if (d)
				closedir(d);
		}
		ok(text && strstr(text, "\r\n\r\nline one\r\nline two\r\n"),
		   "and arrives with CRLF line ends");
		free(text);
	}
}

static void
test_submission(void)
{
	const char *alice[] = {addr("alice")};
	char url[256];
	struct smtp_config c = {.url = url, .timeout = 30, .tls = MAIL_TLS_NONE};
	struct mail_error err = {0};
	const char *msg = message(addr("alice"), "submitted", "With AUTH.");
	int r, before = server_count("alice");

	if (submission_port == 0) {
		diag("no SUBMISSION_PORT: no submission tests");
		return;
	}
	snprintf(url, sizeof(url), "smtp://127.0.0.1:%d/t-curl.example.test",
	         submission_port);
	r = smtp_send(&c, addr("game"), alice, 1, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_CONFIG && strstr(err.text, "530"),
	   "submission without login: MAIL_CONFIG: %s", err.text);
	c.user = addr("game");
	c.password = "wrong";
	r = smtp_send(&c, addr("game"), alice, 1, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_CONFIG &&
	       strstr(err.text, "SMTP login refused for game@"),
	   "submission with a wrong password: MAIL_CONFIG: %s", err.text);
	c.password = PASSWORD;
	r = smtp_send(&c, addr("game"), alice, 1, msg, strlen(msg), &err);
	show_err(r, &err);
	ok(r == 0 && wait_server("alice", before + 1), "submission with AUTH delivers");
}

static void
test_tls(void)
{
	const char *alice[] = {addr("alice")};
	char url[256], surl[256], name[64];
	struct imap_config c = imap_for("alice", url, sizeof(url));
	struct smtp_config s = {.url = surl, .timeout = 30}; /* TLS and AUTH under make -j */
	struct mail_error err = {0};
	const char *msg = message(addr("alice"), "tls", "Private.");
	const char *local = path_of(work, "alice-tls"),
	           *journal = path_of(work, "tls.journal");
	int r, fetched = -1, want, before = server_count("alice");

	if (!tls) {
		diag("MAIL_TLS is not yes: no TLS tests");
		return;
	}
	/* Submission over STARTTLS, then submissions (implicit TLS). */
	s.user = addr("game");
	s.password = PASSWORD;
	s.cafile = cafile;
	s.tls = MAIL_TLS_STARTTLS;
	snprintf(surl, sizeof(surl), "smtp://127.0.0.1:%d/t-curl.example.test",
	         submission_port);
	r = smtp_send(&s, addr("game"), alice, 1, msg, strlen(msg), &err);
	show_err(r, &err);
	ok(r == 0, "submission with STARTTLS and AUTH");
	s.tls = MAIL_TLS_IMPLICIT;
	snprintf(surl, sizeof(surl), "smtp://localhost:%d/t-curl.example.test",
	         submissions_port);
	r = smtp_send(&s, addr("game"), alice, 1, msg, strlen(msg), &err);
	show_err(r, &err);
	ok(r == 0, "submissions (implicit TLS, smtp:// made smtps://, host localhost)");
	ok(wait_server("alice", before + 2), "both delivered");
	s.cafile = NULL;
	r = smtp_send(&s, addr("game"), alice, 1, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_CONFIG && strstr(err.text, "not trusted"),
	   "submissions without the CA file: MAIL_CONFIG: %s", err.text);
	s.cafile = cafile;
	s.tls = MAIL_TLS_STARTTLS;
	snprintf(surl, sizeof(surl), "smtp://127.0.0.1:%d/t-curl.example.test",
	         smtp_port);
	r = smtp_send(&s, addr("game"), alice, 1, msg, strlen(msg), &err);
	ok(r < 0 && err.code == MAIL_CONFIG && strstr(err.text, "STARTTLS"),
	   "STARTTLS required where it is not offered: MAIL_CONFIG: %s", err.text);

	c.cafile = cafile;
	c.tls = MAIL_TLS_STARTTLS;
	want = count_words(unseen("alice"));
	r = imap_fetch(&c, local, journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && want >= 2 && fetched == want,
	   "imap_fetch over STARTTLS (%d fetched of %d)", fetched, want);
	snprintf(url, sizeof(url), "imaps://127.0.0.1:%d/INBOX", imaps_port);
	c.tls = MAIL_TLS_NONE;
	{
		struct rbuf b;

		raw_imap("alice", "INBOX", "UID STORE 1:* -FLAGS (\\Seen)", &b);
	}
	r = imap_fetch(&c, path_of(work, "alice-imaps"), journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched >= 2, "imap_fetch over imaps:// (%d fetched)", fetched);
	snprintf(url, sizeof(url), "imap://localhost:%d/INBOX", imaps_port);
	c.tls = MAIL_TLS_IMPLICIT;
	r = imap_fetch(&c, path_of(work, "alice-imaps"), journal, &fetched, &err);
	show_err(r, &err);
	ok(r == 0 && fetched == 0, "imap:// with implicit TLS goes to imaps://");
	c.cafile = NULL;
	r = imap_fetch(&c, path_of(work, "alice-imaps"), journal, &fetched, &err);
	ok(r < 0 && err.code == MAIL_CONFIG && strstr(err.text, "not trusted"),
	   "imaps without the CA file: MAIL_CONFIG: %s", err.text);
	(void)name;
}

int
main(void)
{
	double t0 = now();

	work = getenv("T_CURL_WORK");
	stack_dir = getenv("MAILSTACK_DIR");
	stack_sh = getenv("MAILSTACK_SH");
	cafile = getenv("MAILSTACK_CAFILE");
	imap_port = env_port("IMAP_PORT");
	smtp_port = env_port("SMTP_PORT");
	submission_port = env_port("SUBMISSION_PORT");
	imaps_port = env_port("IMAPS_PORT");
	submissions_port = env_port("SUBMISSIONS_PORT");
	tls = getenv("MAIL_TLS") && strcmp(getenv("MAIL_TLS"), "yes") == 0 && cafile &&
	      *cafile && imaps_port && submission_port && submissions_port;
	if (!work || !stack_dir || !stack_sh || !imap_port || !smtp_port)
		skip_all("needs the mail stack: run tests/t3000-mail-servers.sh");
	mkdir(work, 0700);
	curl_global_init(CURL_GLOBAL_DEFAULT);

	test_send_and_fetch();
	test_done_folder();
	test_journal();
	test_too_large();
	test_errors();
	test_smtp_errors();
	test_submission();
	test_tls();

	curl_global_cleanup();
	keep_free();
	diag("t-curl: %.2f s", now() - t0);
	return done_testing();
}
