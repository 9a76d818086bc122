/* Reading carcpbem.conf: lines and quotes, settings given twice, the
 * checks that need the whole file; and what follows from the settings.
 * The settings themselves are in config_table.c. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "imap.h" /* enum mail_tls */
#include "message.h"

#define SEEN_MAX 64 /* more than there are settings */
#define NAME_MAX_ 32

struct reader {
	const char *path;
	char dir[CONFIG_PATH_MAX]; /* where relative paths in the file start */
	int line;
	int nseen; /* the settings given so far, and where */
	char seen[SEEN_MAX][NAME_MAX_];
	int seen_line[SEEN_MAX];
	struct config_error *err;
};

static int cerr(struct config_error *err, const char *file, int line, const char *fmt,
		...) __attribute__((format(printf, 4, 5)));

static int
cerr(struct config_error *err, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	snprintf(err->file, sizeof(err->file), "%s", file);
	err->line = line;
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	return -1;
}

void
config_error_format(const struct config_error *e, char *buf, size_t n)
{
	if (e->file[0] == '\0')
		snprintf(buf, n, "%s", e->text);
	else if (e->line > 0)
		snprintf(buf, n, "%s:%d: %s", e->file, e->line, e->text);
	else
		snprintf(buf, n, "%s: %s", e->file, e->text);
}

/* ---- lines ---- */

static int lexerr(char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int
lexerr(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Unquotes "..." in place (p at the opening quote). */
static int
lex_quoted(char *p, char **value, char *why, size_t n)
{
	char *in = p + 1, *out = p;

	*value = p;
	while (*in != '"') {
		if (*in == '\\' && in[1] != '\0') {
			if (in[1] != '"' && in[1] != '\\')
				return lexerr(why, n,
					      "unknown escape '\\%c': inside quotes only "
					      "\\\" and \\\\ are escapes",
					      in[1]);
			in++;
		} else if (*in == '\0' || *in == '\\') {
			return lexerr(why, n, "unterminated quote: end the value with '\"'");
		}
		*out++ = *in++;
	}
	*out = '\0';
	in++;
	in += strspn(in, " \t");
	if (*in != '\0' && *in != '#')
		return lexerr(why, n,
			      "text after the closing quote: put the whole value in quotes");
	return 0;
}

/* An unquoted value ends at a '#' after a blank, trailing blanks cut. */
static void
cut_unquoted(char *v)
{
	char *end;

	for (char *p = v + 1; *p; p++)
		if (*p == '#' && (p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			break;
		}
	end = v + strlen(v);
	while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
}

/* Splits a line into name and value: *name NULL for a blank line or a
 * comment, *value NULL when the value is missing. */
static int
lex_line(char *p, char **name, char **value, char *why, size_t n)
{
	char *eq;

	*name = *value = NULL;
	p += strspn(p, " \t");
	if (*p == '\0' || *p == '#')
		return 0;
	*name = p;
	p += strcspn(p, " \t=");
	eq = p + strspn(p, " \t");
	if (*eq == '=' && (eq == p || eq[1] == '\0' || eq[1] == ' ' || eq[1] == '\t')) {
		*p = '\0';
		return lexerr(why, n, "write '%.40s VALUE', without '='", *name);
	}
	if (*p != '\0')
		*p++ = '\0';
	p += strspn(p, " \t");
	if (*p == '\0' || *p == '#')
		return 0;
	if (*p == '"')
		return lex_quoted(p, value, why, n);
	*value = p;
	cut_unquoted(p);
	return 0;
}

static int
seen_line(const struct reader *r, const char *name)
{
	for (int i = 0; i < r->nseen; i++)
		if (strcmp(r->seen[i], name) == 0)
			return r->seen_line[i];
	return 0;
}

static int
do_line(struct reader *r, struct config *c, char *line)
{
	char *name, *value, why[400];
	int first;

	if (lex_line(line, &name, &value, why, sizeof(why)) < 0)
		return cerr(r->err, r->path, r->line, "%s", why);
	if (name == NULL)
		return 0;
	if ((first = seen_line(r, name)) > 0)
		return cerr(r->err, r->path, r->line,
			    "%s is given twice (first on line %d): keep one of them", name,
			    first);
	if (config_set(c, r->dir, name, value, why, sizeof(why)) < 0)
		return cerr(r->err, r->path, r->line, "%s", why);
	if (r->nseen < SEEN_MAX && strlen(name) < NAME_MAX_) {
		strcpy(r->seen[r->nseen], name);
		r->seen_line[r->nseen++] = r->line;
	}
	return 0;
}

static int
read_lines(struct reader *r, FILE *fp, struct config *c)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	while (rc == 0 && (len = getline(&buf, &cap, fp)) >= 0) {
		r->line++;
		if (strlen(buf) != (size_t)len) {
			rc = cerr(r->err, r->path, r->line,
				  "a NUL byte in the line: is this a text file?");
			break;
		}
		if (len > 0 && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (len > 0 && buf[len - 1] == '\r')
			buf[--len] = '\0';
		/* Some editors start a UTF-8 file with a byte order mark. */
		if (r->line == 1 && strncmp(buf, "\xef\xbb\xbf", 3) == 0)
			memmove(buf, buf + 3, (size_t)len - 2);
		rc = do_line(r, c, buf);
	}
	if (rc == 0 && ferror(fp))
		rc = cerr(r->err, r->path, 0, "cannot read the config file: %s",
			  strerror(errno));
	free(buf);
	return rc;
}

/* The config file's directory, absolute (the daemon may change
 * directory); -1 when it does not fit. */
static int
base_dir(const char *path, char *dir, size_t n)
{
	const char *slash = strrchr(path, '/');
	int len = slash ? (int)(slash - path) : 0, r;
	char cwd[CONFIG_PATH_MAX];

	if (slash == path)
		r = snprintf(dir, n, "/");
	else if (path[0] == '/')
		r = snprintf(dir, n, "%.*s", len, path);
	else if (getcwd(cwd, sizeof(cwd)) == NULL)
		r = snprintf(dir, n, "%.*s", slash ? len : 1, slash ? path : ".");
	else if (slash)
		r = snprintf(dir, n, "%s/%.*s", cwd, len, path);
	else
		r = snprintf(dir, n, "%s", cwd);
	return r < 0 || (size_t)r >= n ? -1 : 0;
}

/* ---- the whole file ---- */

/* The addr-spec of from: "a@b.c" or the one in "Name <a@b.c>". */
static int
from_address(const char *from, char *addr, size_t n)
{
	const char *lt = strrchr(from, '<'), *start = from, *end, *at;
	size_t len;

	if (lt) {
		start = lt + 1;
		end = strchr(start, '>');
		if (end == NULL || end[1 + strspn(end + 1, " ")] != '\0')
			return -1;
	} else {
		start += strspn(start, " ");
		end = start + strlen(start);
		while (end > start && end[-1] == ' ')
			end--;
	}
	len = (size_t)(end - start);
	if (len == 0 || len >= n)
		return -1;
	memcpy(addr, start, len);
	addr[len] = '\0';
	at = strrchr(addr, '@');
	if (at == NULL || at == addr || at[1] == '\0' || strpbrk(addr, " <>,;\"()[]\\"))
		return -1;
	if (strspn(at + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			   "0123456789.-") != strlen(at + 1))
		return -1;
	return 0;
}

struct need {
	const char *name, *example;
};

/* Each of need must be set, because of the line of setting "because". */
static int
need_all(const struct reader *r, const struct config *c, const char *because,
	 const char *what, const struct need *need, size_t nneed)
{
	char v[CONFIG_PATH_MAX];

	for (size_t i = 0; i < nneed; i++) {
		if (config_get(c, need[i].name, v, sizeof(v)) == 0 && v[0] != '\0')
			continue;
		return cerr(r->err, r->path, seen_line(r, because),
			    "%s needs %s: add a line like '%s %s'", what, need[i].name,
			    need[i].name, need[i].example);
	}
	return 0;
}

/* A login without a password, or the other way round. */
static int
check_login(const struct reader *r, const struct config *c)
{
	bool user = c->smtp_user[0] != '\0', pass = c->smtp_password_file[0] != '\0';

	if (user == pass)
		return 0;
	return cerr(r->err, r->path, seen_line(r, user ? "smtp-user" : "smtp-password-file"),
		    user ? "smtp-user needs smtp-password-file: add a line like "
			   "'smtp-password-file /etc/carcpbem/smtp.password'"
			 : "smtp-password-file needs smtp-user: add a line like "
			   "'smtp-user carcpbem@example.org'");
}

/* An imaps:// or smtps:// URL has TLS from the start; the others need
 * STARTTLS (or none) first. tls: the line of setting, if given. */
static int
check_tls(const struct reader *r, const char *url_setting, const char *url, int tls,
	  const char *setting, const char *scheme)
{
	bool implicit = strncasecmp(url, scheme, strlen(scheme)) == 0;
	int line = seen_line(r, setting);

	if (url[0] == '\0' || line == 0 || implicit == (tls == MAIL_TLS_IMPLICIT))
		return 0;
	if (implicit)
		return cerr(r->err, r->path, line,
			    "%s does not fit %s, an %s:// URL with TLS from the start: "
			    "write '%s %s' or remove the line",
			    setting, url_setting, scheme, setting, scheme);
	return cerr(r->err, r->path, line,
		    "%s %s needs an %s:// URL: change %s, or write '%s starttls'", setting,
		    scheme, scheme, url_setting, setting);
}

/* imaps:// and smtps:// URLs have TLS from the start, whatever the
 * default says: so that the struct says what will be done. */
static void
implicit_tls(struct config *c)
{
	if (strncasecmp(c->imap_url, "imaps://", 8) == 0)
		c->imap_tls = MAIL_TLS_IMPLICIT;
	if (strncasecmp(c->smtp_url, "smtps://", 8) == 0)
		c->smtp_tls = MAIL_TLS_IMPLICIT;
}

static int
check_whole(const struct reader *r, const struct config *c)
{
	static const struct need imap[] = {
		{"imap-url", "imaps://mail.example.org/INBOX"},
		{"imap-user", "carcpbem@example.org"},
		{"imap-password-file", "/etc/carcpbem/imap.password"},
	};
	static const struct need smtp[] = {{"smtp-url", "smtps://mail.example.org"}};
	char addr[sizeof(c->from)], why[300];

	if (c->inbox == INBOX_IMAP &&
	    need_all(r, c, "inbox", "inbox imap", imap, sizeof(imap) / sizeof(imap[0])) < 0)
		return -1;
	if (c->outbox == OUTBOX_SMTP &&
	    (need_all(r, c, "outbox", "outbox smtp", smtp, 1) < 0 || check_login(r, c) < 0))
		return -1;
	if (check_tls(r, "imap-url", c->imap_url, c->imap_tls, "imap-tls", "imaps") < 0 ||
	    check_tls(r, "smtp-url", c->smtp_url, c->smtp_tls, "smtp-tls", "smtps") < 0)
		return -1;
	if (from_address(c->from, addr, sizeof(addr)) < 0)
		return cerr(r->err, r->path, seen_line(r, "from"),
			    "from '%.80s' has no address: write e.g. "
			    "'from \"Carcassonne <carcpbem@example.org>\"'",
			    c->from);
	/* what every mail's From will be made of, read as the composer reads it */
	if (mail_address_check(c->from, true, why, sizeof(why)) < 0 ||
	    mail_address_check(addr, false, why, sizeof(why)) < 0)
		return cerr(r->err, r->path, seen_line(r, "from"), "from: %s", why);
	return 0;
}

/* A file without spool: the default, spool, beside the file, as its
 * relative paths are. Where only ./spool exists (a config run from its
 * spool's parent before the default followed the file), that one, with a
 * warning. */
static void
default_spool(const struct reader *r, struct config *c)
{
	char why[400];
	struct stat st;

	if (seen_line(r, "spool") > 0 ||
	    config_set(c, r->dir, "spool", "spool", why, sizeof(why)) < 0)
		return;
	if (stat(c->spool, &st) == 0 || stat("spool", &st) < 0 || !S_ISDIR(st.st_mode))
		return;
	snprintf(c->warning, sizeof(c->warning),
		 "%s names no spool, so its spool is %s, beside it, which does not "
		 "exist; the spool of the working directory, ./spool, is used: write "
		 "its full path in the config (spool /path/to/spool)",
		 r->path, c->spool);
	strcpy(c->spool, "spool");
}

int
config_load(const char *path, struct config *c, struct config_error *err)
{
	struct reader r = {.path = path, .err = err};
	FILE *fp;
	int rc;

	config_defaults(c);
	if (strlen(path) >= sizeof(c->file) || base_dir(path, r.dir, sizeof(r.dir)) < 0)
		return cerr(err, path, 0, "the path of the config file is too long");
	snprintf(c->file, sizeof(c->file), "%s", path);
	if ((fp = fopen(path, "r")) == NULL)
		return cerr(err, path, 0, "cannot read the config file: %s", strerror(errno));
	rc = read_lines(&r, fp, c);
	fclose(fp);
	if (rc == 0)
		default_spool(&r, c);
	if (rc == 0)
		rc = check_whole(&r, c);
	if (rc == 0)
		implicit_tls(c);
	return rc;
}

/* ---- what follows from the settings ---- */

static void
under_spool(char *field, const char *spool, const char *leaf)
{
	int r;

	if (field[0] != '\0')
		return;
	r = snprintf(field, CONFIG_PATH_MAX, "%s/%s", spool, leaf);
	if (r < 0 || r >= CONFIG_PATH_MAX)
		field[0] = '\0'; /* a spool that long was not read from a file */
}

bool
config_from_local(const struct config *c)
{
	char addr[sizeof(c->from)];
	const char *at;

	if (from_address(c->from, addr, sizeof(addr)) < 0)
		return false; /* refused by config_load already */
	at = strrchr(addr, '@') + 1;
	return strcasecmp(at, "localhost") == 0 || strchr(at, '.') == NULL;
}

void
config_finish(struct config *c)
{
	char addr[sizeof(c->from)];
	const char *at;

	if (c->domain[0] == '\0') {
		if (from_address(c->from, addr, sizeof(addr)) == 0 &&
		    strlen((at = strrchr(addr, '@'))) < sizeof(c->domain))
			strcpy(c->domain, at + 1);
		else
			strcpy(c->domain, "localhost");
	}
	under_spool(c->maildir, c->spool, "inbox");
	under_spool(c->outbox_dir, c->spool, "outbox");
	under_spool(c->pidfile, c->spool, "carcpbem.pid");
	under_spool(c->host_key, c->spool, "host.key");
	implicit_tls(c);
}
