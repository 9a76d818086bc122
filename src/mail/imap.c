/* Fetching from an IMAP server with libcurl, exactly once (imap.h).
 *
 * One poll: STATUS gives the mailbox's UIDVALIDITY; the UIDs left in the
 * journal by an earlier poll cut short, and those of UID SEARCH UNSEEN,
 * are written to the journal; then each message is fetched whole into
 * memory, delivered into the Maildir under a name that says where it
 * came from, flagged \Seen or moved to the done folder, and taken off
 * the journal. The journal is a text file, written atomically:
 *
 *	imap-0123456789abcdef-0001795323651     the prefix of the names
 *	17                                      UIDs still to finish,
 *	18                                      one a line
 *
 * and delivered messages are named PREFIX-UID (UID with ten digits, so
 * that names sort in UID order); the hash is FNV-1a of the URL and the
 * user. A journal with another prefix (another server, or a new
 * UIDVALIDITY, which makes its UIDs meaningless) is dropped.
 *
 * Fetching a message sets \Seen on the server (curl fetches BODY[]), so
 * a message fetched but not yet delivered is unseen no more; the journal
 * is what brings it back. A message larger than max_size is not fetched:
 * its header is, and a stub made of it (X-Carcpbem-Truncated: yes) is
 * delivered instead, so that the sender can be told.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <curl/curl.h>

#include "crashpoint.h"
#include "curl_error.h"
#include "imap.h"
#include "imap_idle.h"
#include "maildir.h"
#include "safetext.h"

#define IMAP_HEADER_MAX 65536          /* the header kept for a stub */
#define IMAP_JOURNAL_MAX (1024 * 1024) /* longer is not a journal of ours */
#define IMAP_DEFAULT_TIMEOUT 30

struct imap_buf {
	char *p;
	size_t len, cap;
	size_t max;       /* abort the transfer beyond this (0: no limit) */
	curl_off_t total; /* the size the server announced, or -1 */
	bool over, nomem;
};

struct imap {
	const struct imap_config *c;
	CURL *curl;
	char *root;      /* scheme://authority/ */
	char *box_url;   /* root and the mailbox, as the URL has it */
	char *box;       /* the mailbox's name */
	char *box_q;     /* and quoted, for commands */
	char *done_q;    /* the done folder quoted, or NULL */
	char prefix[48]; /* imap-HASH-UIDVALIDITY */
	unsigned long uidvalidity;
	bool move, uidplus;
	bool logged_in; /* a request succeeded: the login is good */
	struct imap_buf out;
	char reply[256]; /* the server's last NO or BAD (or BYE) */
	char errbuf[CURL_ERROR_SIZE];
};

struct imap_uids {
	unsigned long *v;
	size_t n, cap;
};

/* ---- buffers and strings ---- */

static int
buf_add(struct imap_buf *b, const void *p, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		char *q;

		while (cap < b->len + n + 1)
			cap *= 2;
		q = realloc(b->p, cap);
		if (q == NULL) {
			b->nomem = true;
			return -1;
		}
		b->p = q;
		b->cap = cap;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

static int
buf_str(struct imap_buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

static void
buf_reset(struct imap_buf *b, size_t max)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
	b->max = max;
	b->total = -1;
	b->over = b->nomem = false;
}

static char *
str_cat(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 1);

	if (s) {
		memcpy(s, a, la);
		memcpy(s + la, b, lb + 1);
	}
	return s;
}

static char *
str_ndup(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* A mailbox name as an IMAP quoted string; NULL (with why) when it
 * cannot be one: control characters, 8 bits (modified UTF-7 is the
 * user's business), or the LIST wildcards. */
static char *
imap_quote(const char *name, const char **why)
{
	size_t n = 0;
	const unsigned char *p;
	char *q, *d;

	if (name[0] == '\0') {
		*why = "is empty";
		return NULL;
	}
	for (p = (const unsigned char *)name; *p; p++) {
		if (*p < 0x20 || *p >= 0x7f) {
			*why =
			    "has a control or non-ASCII character (use modified UTF-7)";
			return NULL;
		}
		if (*p == '*' || *p == '%') {
			*why = "has a wildcard (* or %)";
			return NULL;
		}
		n += (*p == '"' || *p == '\\') ? 2 : 1;
	}
	q = d = malloc(n + 3);
	if (q == NULL) {
		*why = "out of memory";
		return NULL;
	}
	*d++ = '"';
	for (p = (const unsigned char *)name; *p; p++) {
		if (*p == '"' || *p == '\\')
			*d++ = '\\';
		*d++ = (char)*p;
	}
	*d++ = '"';
	*d = '\0';
	return q;
}

static uint64_t
fnv1a(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= UINT64_C(1099511628211);
	}
	return h;
}

/* ---- curl ---- */

static size_t
on_data(char *p, size_t size, size_t n, void *arg)
{
	struct imap *s = arg;
	struct imap_buf *b = &s->out;
	size_t k = size * n;

	if (b->max > 0) {
		curl_off_t total = -1;

		if (curl_easy_getinfo(s->curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T,
		                      &total) == CURLE_OK &&
		    total >= 0)
			b->total = total;
		if ((b->total >= 0 && (uint64_t)b->total > b->max) ||
		    b->len + k > b->max) {
			b->over = true;
			if (b->len < b->max)
				buf_add(b, p, b->max - b->len < k ? b->max - b->len : k);
			return 0; /* abort the transfer */
		}
	}
	if (buf_add(b, p, k) < 0)
		return 0;
	return k;
}

/* Keeps the server's last NO or BAD (or a BYE when there is none), for
 * error messages: "A004 NO [NONEXISTENT] Mailbox doesn't exist: X". */
static int
on_debug(CURL *h, curl_infotype type, char *data, size_t size, void *arg)
{
	struct imap *s = arg;
	size_t tag = 0, left;
	const char *word;

	(void)h;
	if (type != CURLINFO_HEADER_IN)
		return 0;
	while (tag < size && data[tag] != ' ' && data[tag] != '\r' && data[tag] != '\n')
		tag++;
	if (tag + 1 >= size)
		return 0;
	word = data + tag + 1;
	left = size - tag - 1;
	if (!(left >= 3 && memcmp(word, "NO ", 3) == 0) &&
	    !(left >= 4 && memcmp(word, "BAD ", 4) == 0) &&
	    !(left >= 4 && memcmp(word, "BYE ", 4) == 0 && s->reply[0] == '\0'))
		return 0;
	safe_ascii(s->reply, sizeof(s->reply), data, size, SAFE_LINE);
	return 0;
}

static CURLcode
imap_request(struct imap *s, const char *url, const char *cmd, size_t max)
{
	CURLcode rc;

	buf_reset(&s->out, max);
	s->reply[0] = s->errbuf[0] = '\0';
	curl_easy_setopt(s->curl, CURLOPT_URL, url);
	curl_easy_setopt(s->curl, CURLOPT_CUSTOMREQUEST, cmd);
	rc = curl_easy_perform(s->curl);
	if (rc == CURLE_OK)
		s->logged_in = true;
	return rc;
}

/* Fails with the right code and a text saying what went wrong. */
static int
imap_fail(struct imap *s, CURLcode rc, const char *what, struct mail_error *err)
{
	const struct imap_config *c = s->c;
	char detail[CURL_ERROR_SIZE + sizeof(s->reply) + 32];
	const char *why = s->errbuf[0] ? s->errbuf : curl_easy_strerror(rc);

	if (s->reply[0])
		snprintf(detail, sizeof(detail), "%s (the server said: %s)", why,
		         s->reply);
	else
		snprintf(detail, sizeof(detail), "%s", why);
	if (s->out.nomem)
		return merr(err, MAIL_TEMP, "IMAP %s: %s: out of memory", c->url, what);
	static const struct mail_proto imap = {"IMAP", "imap", "imap://HOST:PORT/MAILBOX"};

	if (rc == CURLE_LOGIN_DENIED && s->logged_in) /* a refused SELECT */
		return merr(err, MAIL_CONFIG, "IMAP %s: %s: cannot select %s: %s", c->url,
			    what, s->box, detail);
	if (mail_curl_error(&imap, rc, c->url, c->user, detail, err) < 0)
		return -1;
	return merr(err, MAIL_TEMP, "IMAP %s: %s failed: %s", c->url, what, detail);
}

/* Splits the URL: root (scheme://authority/), the mailbox (INBOX when
 * the URL has none). Implicit TLS asked for makes imap:// imaps://. */
static int
imap_parse_url(struct imap *s, struct mail_error *err)
{
	const struct imap_config *c = s->c;
	const char *url = c->url ? c->url : "";
	const char *sep = strstr(url, "://"), *auth, *path, *end;
	const char *scheme = NULL, *why = NULL;
	char *root_tail = NULL, *path_enc = NULL;
	int outlen = 0;

	if (sep == NULL)
		goto bad;
	if ((size_t)(sep - url) == 4 && strncasecmp(url, "imap", 4) == 0)
		scheme = c->tls == MAIL_TLS_IMPLICIT ? "imaps" : "imap";
	else if ((size_t)(sep - url) == 5 && strncasecmp(url, "imaps", 5) == 0)
		scheme = "imaps";
	else
		goto bad;
	auth = sep + 3;
	path = auth + strcspn(auth, "/?#");
	if (path == auth)
		goto bad;
	root_tail = str_ndup(auth, (size_t)(path - auth));
	if (*path == '/')
		path++;
	else
		path = "";
	end = path + strcspn(path, ";?#");
	while (end > path && end[-1] == '/')
		end--;
	path_enc =
	    end > path ? str_ndup(path, (size_t)(end - path)) : str_cat("INBOX", "");
	if (root_tail == NULL || path_enc == NULL)
		goto nomem;
	s->root = malloc(strlen(scheme) + 3 + strlen(root_tail) + 2);
	s->box_url =
	    malloc(strlen(scheme) + 3 + strlen(root_tail) + 1 + strlen(path_enc) + 1);
	if (s->root == NULL || s->box_url == NULL)
		goto nomem;
	sprintf(s->root, "%s://%s/", scheme, root_tail);
	sprintf(s->box_url, "%s%s", s->root, path_enc);
	{
		char *dec = curl_easy_unescape(s->curl, path_enc, 0, &outlen);

		if (dec == NULL)
			goto nomem;
		s->box = (memchr(dec, '\0', (size_t)outlen) == NULL)
		             ? str_ndup(dec, (size_t)outlen)
		             : NULL;
		curl_free(dec);
		if (s->box == NULL)
			goto bad;
	}
	s->box_q = imap_quote(s->box, &why);
	if (s->box_q == NULL) {
		merr(err, MAIL_CONFIG, "IMAP URL %s: the mailbox name %s", url, why);
		goto fail;
	}
	if (c->done_folder != NULL && c->done_folder[0] != '\0') {
		if (strcmp(c->done_folder, s->box) == 0) {
			merr(err, MAIL_CONFIG,
			     "IMAP done folder %s is the mailbox polled: choose another "
			     "one",
			     c->done_folder);
			goto fail;
		}
		s->done_q = imap_quote(c->done_folder, &why);
		if (s->done_q == NULL) {
			merr(err, MAIL_CONFIG, "IMAP done folder '%s' %s", c->done_folder,
			     why);
			goto fail;
		}
	}
	free(root_tail);
	free(path_enc);
	return 0;
bad:
	merr(err, MAIL_CONFIG,
	     "IMAP URL '%s' is not usable: it should look like imap://HOST:PORT/MAILBOX "
	     "or imaps://HOST:PORT/MAILBOX",
	     url);
	goto fail;
nomem:
	merr(err, MAIL_TEMP, "out of memory");
fail:
	free(root_tail);
	free(path_enc);
	return -1;
}

static int
imap_open(struct imap *s, const struct imap_config *c, struct mail_error *err)
{
	long timeout = c->timeout > 0 ? c->timeout : IMAP_DEFAULT_TIMEOUT;

	s->c = c;
	s->curl = curl_easy_init();
	if (s->curl == NULL)
		return merr(err, MAIL_TEMP, "cannot start libcurl: %s",
			    mail_curl_why()[0] ? mail_curl_why() : "out of memory");
	if (imap_parse_url(s, err) < 0)
		return -1;
	curl_easy_setopt(s->curl, CURLOPT_NOSIGNAL, 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(s->curl, CURLOPT_PROTOCOLS_STR, "imap,imaps");
#else
	curl_easy_setopt(s->curl, CURLOPT_PROTOCOLS,
	                 (long)(CURLPROTO_IMAP | CURLPROTO_IMAPS));
#endif
	curl_easy_setopt(s->curl, CURLOPT_ERRORBUFFER, s->errbuf);
	curl_easy_setopt(s->curl, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(s->curl, CURLOPT_WRITEDATA, s);
	curl_easy_setopt(s->curl, CURLOPT_DEBUGFUNCTION, on_debug);
	curl_easy_setopt(s->curl, CURLOPT_DEBUGDATA, s);
	curl_easy_setopt(s->curl, CURLOPT_VERBOSE, 1L);
	curl_easy_setopt(s->curl, CURLOPT_CONNECTTIMEOUT, timeout);
	curl_easy_setopt(s->curl, CURLOPT_TIMEOUT, timeout);
	if (c->user)
		curl_easy_setopt(s->curl, CURLOPT_USERNAME, c->user);
	if (c->password)
		curl_easy_setopt(s->curl, CURLOPT_PASSWORD, c->password);
	if (c->tls == MAIL_TLS_STARTTLS || c->tls == MAIL_TLS_IMPLICIT)
		curl_easy_setopt(s->curl, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	if (c->cafile && c->cafile[0])
		curl_easy_setopt(s->curl, CURLOPT_CAINFO, c->cafile);
	return 0;
}

static void
imap_close(struct imap *s)
{
	if (s->curl)
		curl_easy_cleanup(s->curl);
	free(s->root);
	free(s->box_url);
	free(s->box);
	free(s->box_q);
	free(s->done_q);
	free(s->out.p);
}

/* ---- commands ---- */

/* The number after "NAME " in text, or 0. */
static unsigned long
find_number(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = text; (p = strstr(p, name)) != NULL; p += n) {
		if ((p == text || p[-1] == '(' || p[-1] == ' ') && p[n] == ' ')
			return strtoul(p + n + 1, NULL, 10);
	}
	return 0;
}

static int
imap_status(struct imap *s, struct mail_error *err)
{
	char cmd[600];
	CURLcode rc;
	uint64_t h = UINT64_C(14695981039346656037);

	if ((size_t)snprintf(cmd, sizeof(cmd), "STATUS %s (UIDVALIDITY)", s->box_q) >=
	    sizeof(cmd))
		return merr(err, MAIL_CONFIG, "IMAP mailbox name %s is too long", s->box);
	rc = imap_request(s, s->root, cmd, 0);
	if (rc == CURLE_QUOTE_ERROR)
		return merr(err, MAIL_CONFIG,
		            "IMAP %s: there is no mailbox %s (the server said: %s)",
		            s->c->url, s->box, s->reply);
	if (rc != CURLE_OK)
		return imap_fail(s, rc, "STATUS", err);
	s->uidvalidity = s->out.p ? find_number(s->out.p, "UIDVALIDITY") : 0;
	if (s->uidvalidity == 0)
		return merr(err, MAIL_TEMP, "IMAP %s: STATUS of %s gave no UIDVALIDITY",
		            s->c->url, s->box);
	h = fnv1a(h, s->c->url);
	h = fnv1a(h, "\n");
	h = fnv1a(h, s->c->user ? s->c->user : "");
	snprintf(s->prefix, sizeof(s->prefix), "imap-%016" PRIx64 "-%010lu", h,
	         s->uidvalidity);
	return 0;
}

static bool
has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = text; (p = strstr(p, word)) != NULL; p += n) {
		if (p > text && p[-1] == ' ' &&
		    (p[n] == ' ' || p[n] == '\r' || p[n] == '\n' || !p[n]))
			return true;
	}
	return false;
}

static int
imap_capability(struct imap *s, struct mail_error *err)
{
	CURLcode rc = imap_request(s, s->root, "CAPABILITY", 0);

	if (rc != CURLE_OK)
		return imap_fail(s, rc, "CAPABILITY", err);
	s->move = s->out.p && has_word(s->out.p, "MOVE");
	s->uidplus = s->out.p && has_word(s->out.p, "UIDPLUS");
	return 0;
}

/* The done folder exists, or is created. */
static int
imap_done_folder(struct imap *s, struct mail_error *err)
{
	char cmd[600];
	CURLcode rc;
	int tries;

	for (tries = 0; tries < 2; tries++) {
		snprintf(cmd, sizeof(cmd), "LIST \"\" %s", s->done_q);
		rc = imap_request(s, s->root, cmd, 0);
		if (rc != CURLE_OK)
			return imap_fail(s, rc, "LIST", err);
		if (s->out.p && strstr(s->out.p, "* LIST ") != NULL)
			return 0;
		if (tries > 0)
			break;
		snprintf(cmd, sizeof(cmd), "CREATE %s", s->done_q);
		rc = imap_request(s, s->root, cmd, 0);
		if (rc == CURLE_OK)
			return 0;
		if (rc != CURLE_QUOTE_ERROR)
			return imap_fail(s, rc, "CREATE", err);
		/* Perhaps made meanwhile: LIST again. */
	}
	return merr(err, MAIL_CONFIG, "IMAP %s: cannot create the done folder %s: %s",
	            s->c->url, s->c->done_folder,
	            s->reply[0] ? s->reply : "no reason given");
}

static int
uids_add(struct imap_uids *u, unsigned long uid)
{
	if (u->n == u->cap) {
		size_t cap = u->cap ? 2 * u->cap : 64;
		unsigned long *v = realloc(u->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		u->v = v;
		u->cap = cap;
	}
	u->v[u->n++] = uid;
	return 0;
}

static int
cmp_uid(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static void
uids_sort(struct imap_uids *u)
{
	size_t i, n = 0;

	if (u->n == 0)
		return;
	qsort(u->v, u->n, sizeof(*u->v), cmp_uid);
	for (i = 0; i < u->n; i++) {
		if (n == 0 || u->v[n - 1] != u->v[i])
			u->v[n++] = u->v[i];
	}
	u->n = n;
}

/* Adds the numbers of every "* SEARCH" line of text. */
static int
parse_search(const char *text, struct imap_uids *u)
{
	const char *p = text;

	while ((p = strstr(p, "* SEARCH")) != NULL) {
		p += 8;
		for (;;) {
			char *end;
			unsigned long uid;

			while (*p == ' ')
				p++;
			if (*p < '0' || *p > '9')
				break;
			uid = strtoul(p, &end, 10);
			if (uid > 0 && uids_add(u, uid) < 0)
				return -1;
			p = end;
		}
	}
	return 0;
}

static int
imap_search(struct imap *s, struct imap_uids *u, struct mail_error *err)
{
	CURLcode rc = imap_request(s, s->box_url, "UID SEARCH UNSEEN", 0);

	if (rc != CURLE_OK)
		return imap_fail(s, rc, "UID SEARCH UNSEEN", err);
	if (s->out.p && parse_search(s->out.p, u) < 0)
		return merr(err, MAIL_TEMP, "out of memory");
	return 0;
}

/* ---- one spool per mailbox: the claim ---- */

#define CLAIM_PREFIX "carcpbem-spool-"

/* The claim folders of this mailbox: *n of them, *mine when ours is
 * among them, the others' names in *names (", " between; free it): 0,
 * or -1. */
static int
claims_list(struct imap *s, const char *pattern, const char *ours, char **names,
	    int *n, bool *mine, struct mail_error *err)
{
	char cmd[200];
	const char *p;
	CURLcode rc;
	struct imap_buf b = {0};

	snprintf(cmd, sizeof(cmd), "LIST \"\" \"%s*\"", pattern);
	rc = imap_request(s, s->root, cmd, 0);
	if (rc != CURLE_OK)
		return imap_fail(s, rc, "LIST", err);
	*n = 0;
	*mine = false;
	for (p = s->out.p ? s->out.p : ""; (p = strstr(p, "* LIST ")) != NULL;) {
		const char *eol = p + strcspn(p, "\r\n"), *name = eol;
		size_t len;

		while (name > p && name[-1] != ' ')
			name--;
		len = (size_t)(eol - name);
		if (len > 1 && name[0] == '"' && name[len - 1] == '"')
			name++, len -= 2;
		if (len > strlen(pattern) && strncmp(name, pattern, strlen(pattern)) == 0) {
			++*n;
			if (strlen(ours) == len && strncmp(name, ours, len) == 0)
				*mine = true;
			else {
				if (b.len > 0)
					buf_str(&b, ", ");
				buf_add(&b, name, len);
			}
		}
		p = eol;
	}
	if (b.nomem) {
		free(b.p);
		return merr(err, MAIL_TEMP, "out of memory");
	}
	*names = b.p;
	return 0;
}

static int
claims_refuse(struct imap *s, const char *others, struct mail_error *err)
{
	return merr(err, MAIL_CONFIG,
		    "IMAP %s: the mailbox %s of %s is served by another carcpbem spool "
		    "(its mark: the folder %s): one spool reads a mailbox, or each "
		    "takes mail of the other's games. Give this spool a mailbox of its "
		    "own (imap-url), or, if that spool no longer reads this one, delete "
		    "that folder",
		    s->c->url, s->box, s->c->user ? s->c->user : "the user", others);
}

/* Fetches only while this spool's mark is the mailbox's only one: made
 * when there is none, after which the list is read again, since another
 * spool may have made its own meanwhile (then both step back). */
static int
imap_claim(struct imap *s, struct mail_error *err)
{
	char pattern[64], ours[128], cmd[200], *others = NULL;
	bool mine;
	int n, r = 0;
	CURLcode rc;

	snprintf(pattern, sizeof(pattern), CLAIM_PREFIX "%08lx-",
		 (unsigned long)(fnv1a(UINT64_C(14695981039346656037), s->box) &
				 0xffffffffUL));
	snprintf(ours, sizeof(ours), "%s%s", pattern, s->c->claim);
	if (claims_list(s, pattern, ours, &others, &n, &mine, err) < 0)
		return -1;
	if (n > (int)mine)
		r = claims_refuse(s, others, err);
	free(others);
	if (r < 0 || mine)
		return r;
	snprintf(cmd, sizeof(cmd), "CREATE \"%s\"", ours);
	rc = imap_request(s, s->root, cmd, 0);
	if (rc != CURLE_OK && rc != CURLE_QUOTE_ERROR) /* QUOTE: there already */
		return imap_fail(s, rc, "CREATE", err);
	if (claims_list(s, pattern, ours, &others, &n, &mine, err) < 0)
		return -1;
	/* Another's mark, made at the same moment: both step back. Neither
	 * ours nor another's (a server whose folders all live under a prefix,
	 * such as INBOX.): no mark can be, so none is checked. */
	if (n > (int)mine) {
		snprintf(cmd, sizeof(cmd), "DELETE \"%s\"", ours);
		if (mine)
			imap_request(s, s->root, cmd, 0);
		r = claims_refuse(s, others, err);
	}
	free(others);
	return r;
}

/* ---- the journal ---- */

static int
journal_read(const char *path, const char *prefix, struct imap_uids *u,
             struct mail_error *err)
{
	size_t len, plen = strlen(prefix);
	char *text, *p, *line;

	if (access(path, F_OK) < 0 && errno == ENOENT)
		return 0;
	text = mail_read_file(path, IMAP_JOURNAL_MAX, &len, err);
	if (text == NULL)
		return -1;
	/* Another server or UIDVALIDITY: its UIDs mean nothing here. */
	if (len < plen + 1 || memcmp(text, prefix, plen) != 0 || text[plen] != '\n') {
		free(text);
		return 0;
	}
	for (p = text + plen + 1; (line = strsep(&p, "\n")) != NULL;) {
		char *end;
		unsigned long uid = strtoul(line, &end, 10);

		if (uid > 0 && *end == '\0' && line[0] >= '0' && line[0] <= '9' &&
		    uids_add(u, uid) < 0) {
			free(text);
			return merr(err, MAIL_TEMP, "out of memory");
		}
	}
	free(text);
	return 0;
}

static int
journal_write(const char *path, const char *prefix, const unsigned long *uid, size_t n,
              struct mail_error *err)
{
	struct imap_buf b = {0};
	char line[32];
	size_t i;
	int r;

	if (n == 0) {
		if (unlink(path) < 0 && errno != ENOENT)
			return merr(err, MAIL_TEMP,
			            "cannot remove the IMAP journal %s: %s", path,
			            strerror(errno));
		return 0;
	}
	buf_str(&b, prefix);
	buf_str(&b, "\n");
	for (i = 0; i < n; i++) {
		snprintf(line, sizeof(line), "%lu\n", uid[i]);
		buf_str(&b, line);
	}
	if (b.nomem) {
		free(b.p);
		return merr(err, MAIL_TEMP, "out of memory");
	}
	r = mail_write_atomic(path, b.p, b.len, 0600, true, err);
	free(b.p);
	return r;
}

/* ---- one message ---- */

/* Is the header line (its field name) one to leave out of a stub? */
static bool
stub_drops(const char *line, size_t n)
{
	static const char *const names[] = {
	    "Content-",
	    "MIME-Version:",
	    "X-Carcpbem-Truncated:",
	    "X-Carcpbem-Original-Size:",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t k = strlen(names[i]);

		if (n >= k && strncasecmp(line, names[i], k) == 0)
			return true;
	}
	return false;
}

/* A stub for a message too large to fetch: our mark, its header
 * (without the MIME fields, which described the body left out), and a
 * line of text. */
static int
make_stub(const char *hdr, size_t hlen, curl_off_t size, size_t max, struct imap_buf *b)
{
	const char *p = hdr, *end = hdr + hlen;
	bool dropping = false;
	char line[200];

	buf_str(b, "X-Carcpbem-Truncated: yes\r\n");
	if (size >= 0) {
		snprintf(line, sizeof(line),
		         "X-Carcpbem-Original-Size: %" CURL_FORMAT_CURL_OFF_T "\r\n",
		         size);
		buf_str(b, line);
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n;

		if (nl == NULL)
			break; /* a line cut short */
		n = (size_t)(nl - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n == 0)
			break; /* the end of the header */
		if (p[0] != ' ' && p[0] != '\t')
			dropping = stub_drops(p, n);
		if (!dropping) {
			buf_add(b, p, n);
			buf_add(b, "\r\n", 2);
		}
		p = nl + 1;
	}
	buf_str(
	    b, "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\n");
	snprintf(
	    line, sizeof(line),
	    "This message was larger than %zu bytes: only its header was fetched.\r\n",
	    max);
	buf_str(b, line);
	return b->nomem ? -1 : 0;
}

/* Flags the message \Seen, or moves it to the done folder. */
static int
imap_mark(struct imap *s, unsigned long uid, struct mail_error *err)
{
	char cmd[640];
	CURLcode rc;

	if (s->done_q == NULL) {
		snprintf(cmd, sizeof(cmd), "UID STORE %lu +FLAGS.SILENT (\\Seen)", uid);
		rc = imap_request(s, s->box_url, cmd, 0);
		return rc == CURLE_OK ? 0 : imap_fail(s, rc, "UID STORE \\Seen", err);
	}
	if (s->move) {
		snprintf(cmd, sizeof(cmd), "UID MOVE %lu %s", uid, s->done_q);
		rc = imap_request(s, s->box_url, cmd, 0);
		return rc == CURLE_OK ? 0 : imap_fail(s, rc, "UID MOVE", err);
	}
	snprintf(cmd, sizeof(cmd), "UID COPY %lu %s", uid, s->done_q);
	rc = imap_request(s, s->box_url, cmd, 0);
	if (rc != CURLE_OK)
		return imap_fail(s, rc, "UID COPY", err);
	snprintf(cmd, sizeof(cmd), "UID STORE %lu +FLAGS.SILENT (\\Seen \\Deleted)", uid);
	rc = imap_request(s, s->box_url, cmd, 0);
	if (rc != CURLE_OK)
		return imap_fail(s, rc, "UID STORE \\Deleted", err);
	if (s->uidplus)
		snprintf(cmd, sizeof(cmd), "UID EXPUNGE %lu", uid);
	else
		snprintf(cmd, sizeof(cmd), "EXPUNGE");
	rc = imap_request(s, s->box_url, cmd, 0);
	return rc == CURLE_OK ? 0 : imap_fail(s, rc, "EXPUNGE", err);
}

/* Fetches, delivers and marks one message: 1, or 0 when the server has
 * it no longer (finished by an earlier poll, or removed), or -1. */
static int
imap_take(struct imap *s, unsigned long uid, const char *maildir, struct mail_error *err)
{
	size_t max = s->c->max_size;
	char url[1200], name[MAILDIR_NAME_MAX + 1], what[64];
	struct imap_buf stub = {0};
	const char *data;
	size_t len;
	CURLcode rc;
	int r;

	snprintf(what, sizeof(what), "fetching UID %lu", uid);
	if ((size_t)snprintf(url, sizeof(url), "%s;UID=%lu", s->box_url, uid) >=
	    sizeof(url))
		return merr(err, MAIL_CONFIG, "IMAP URL %s is too long", s->c->url);
	rc = imap_request(s, url, NULL, max);
	if (rc == CURLE_REMOTE_FILE_NOT_FOUND)
		return 0;
	if (rc == CURLE_WRITE_ERROR && s->out.over) {
		curl_off_t size = s->out.total;

		snprintf(url, sizeof(url), "%s;UID=%lu;SECTION=HEADER", s->box_url, uid);
		rc = imap_request(s, url, NULL,
		                  max < IMAP_HEADER_MAX && max > 0 ? max
		                                                   : IMAP_HEADER_MAX);
		if (rc == CURLE_REMOTE_FILE_NOT_FOUND)
			return 0;
		if (rc != CURLE_OK && !(rc == CURLE_WRITE_ERROR && s->out.over))
			return imap_fail(s, rc, what, err);
		if (make_stub(s->out.p ? s->out.p : "", s->out.len, size, max, &stub) <
		    0) {
			free(stub.p);
			return merr(err, MAIL_TEMP, "out of memory");
		}
		data = stub.p;
		len = stub.len;
	} else if (rc != CURLE_OK) {
		return imap_fail(s, rc, what, err);
	} else {
		data = s->out.p ? s->out.p : "";
		len = s->out.len;
	}
	snprintf(name, sizeof(name), "%s-%010lu", s->prefix, uid);
	r = maildir_deliver(maildir, data, len, name, NULL, err);
	free(stub.p);
	if (r < 0)
		return -1;
	crashpoint("IMAP message saved, not marked");
	return imap_mark(s, uid, err) < 0 ? -1 : 1;
}

int
imap_fetch(const struct imap_config *c, const char *maildir, const char *journal,
           int *fetched, struct mail_error *err)
{
	struct imap s = {0};
	struct imap_uids u = {0};
	size_t i;
	int ret = -1, r;

	if (fetched)
		*fetched = 0;
	if (c == NULL || maildir == NULL || journal == NULL)
		return merr(err, MAIL_CONFIG,
		            "imap_fetch needs a configuration, a Maildir "
		            "and a journal file");
	if (imap_open(&s, c, err) < 0 || maildir_create(maildir, err) < 0 ||
	    imap_status(&s, err) < 0 || (c->claim && c->claim[0] && imap_claim(&s, err) < 0) ||
	    journal_read(journal, s.prefix, &u, err) < 0 ||
	    imap_search(&s, &u, err) < 0)
		goto out;
	uids_sort(&u);
	if (journal_write(journal, s.prefix, u.v, u.n, err) < 0)
		goto out;
	if (u.n > 0 && s.done_q != NULL &&
	    (imap_capability(&s, err) < 0 || imap_done_folder(&s, err) < 0))
		goto out;
	for (i = 0; i < u.n; i++) {
		r = imap_take(&s, u.v[i], maildir, err);
		if (r < 0)
			goto out;
		if (r > 0 && fetched)
			++*fetched;
		crashpoint("IMAP message marked, still in the journal");
		if (journal_write(journal, s.prefix, u.v + i + 1, u.n - i - 1, err) < 0)
			goto out;
	}
	ret = 0;
out:
	free(u.v);
	imap_close(&s);
	return ret;
}

/* ---- a connection for IMAP IDLE (imap_idle.c) ---- */

int
imap_connect_handle(const struct imap_config *c, CURL **curl, char **box_q,
		    struct mail_error *err)
{
	struct imap s = {0};
	CURLcode rc;

	if (imap_open(&s, c, err) < 0) {
		imap_close(&s);
		return -1;
	}
	/* s lives on this stack only: nothing of libcurl may point into it */
	curl_easy_setopt(s.curl, CURLOPT_VERBOSE, 0L);
	curl_easy_setopt(s.curl, CURLOPT_DEBUGFUNCTION, NULL);
	curl_easy_setopt(s.curl, CURLOPT_WRITEFUNCTION, NULL);
	curl_easy_setopt(s.curl, CURLOPT_URL, s.root);
	curl_easy_setopt(s.curl, CURLOPT_CONNECT_ONLY, 1L);
	rc = curl_easy_perform(s.curl); /* greeting, STARTTLS, login */
	curl_easy_setopt(s.curl, CURLOPT_ERRORBUFFER, NULL);
	if (rc != CURLE_OK) {
		imap_fail(&s, rc, "connecting for IDLE", err);
		imap_close(&s);
		return -1;
	}
	*curl = s.curl;
	*box_q = s.box_q;
	s.curl = NULL;
	s.box_q = NULL;
	imap_close(&s);
	return 0;
}
