/* carcpbem.conf: the cases of tests/pbem/config/ (a directory each, with
 * a carcpbem.conf and what loading it must give: see README there), then
 * the defaults, config_set, password files, the example config of
 * contrib/ and the man page. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* By path: the build directory has autoconf's config.h. */
#include "../../src/mail/imap.h"
#include "../../src/mail/message.h"
#include "../../src/pbem/conf/config.h"
#include "tap.h"

#ifndef CONFIG_DATA_DIR
#define CONFIG_DATA_DIR "tests/pbem/config"
#endif
#ifndef CONTRIB_DIR
#define CONTRIB_DIR "contrib"
#endif
#ifndef MAN_DIR
#define MAN_DIR "docs"
#endif
#define MAX_CASES 256
#define MAX_NAMES 64

static char tmpdir[] = "/tmp/t-config.XXXXXX";

static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, len = 0, r;

	if (fp == NULL)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			cap = 2 * cap + 4096 + 1;
			buf = realloc(buf, cap);
		}
		r = fread(buf + len, 1, cap - len - 1, fp);
		len += r;
	} while (r > 0);
	buf[len] = '\0';
	fclose(fp);
	return buf;
}

static void
write_file(const char *path, const char *text, int mode)
{
	FILE *fp = fopen(path, "w");

	if (fp == NULL)
		bail_out("cannot write %s: %s", path, strerror(errno));
	fputs(text, fp);
	fclose(fp);
	chmod(path, (mode_t)mode);
}

static void
tmp_path(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", tmpdir, name);
}

/* ---- the cases ---- */

/* text with every @DIR@ replaced by dir */
static void
expand(const char *text, const char *dir, char *out, size_t n)
{
	const char *at;
	size_t len = 0;

	out[0] = '\0';
	while ((at = strstr(text, "@DIR@")) != NULL && len < n) {
		len += (size_t)snprintf(out + len, n - len, "%.*s%s", (int)(at - text), text,
					dir);
		text = at + 5;
	}
	if (len < n)
		snprintf(out + len, n - len, "%s", text);
}

/* "error: carcpbem.conf:LINE: TEXT" or "error: carcpbem.conf: TEXT" */
static void
check_error(const char *name, const char *path, const char *want)
{
	struct config c;
	struct config_error err = {0};
	char msg[2048], prefix[1200];
	int line = 0;
	const char *text;
	char *end;

	if (strncmp(want, "error: carcpbem.conf:", 21) != 0)
		bail_out("%s: bad expect line: %s", name, want);
	text = want + 21;
	if (*text >= '0' && *text <= '9') {
		line = (int)strtol(text, &end, 10);
		text = end + 1;
	}
	text += strspn(text, " ");
	if (!is_int(config_load(path, &c, &err), -1, "%s: refused", name))
		return;
	config_error_format(&err, msg, sizeof(msg));
	if (line > 0)
		snprintf(prefix, sizeof(prefix), "%s:%d: ", path, line);
	else
		snprintf(prefix, sizeof(prefix), "%s: ", path);
	if (!ok(strncmp(msg, prefix, strlen(prefix)) == 0 && strstr(msg, text) != NULL,
		"%s: %s", name, want + 7))
		diag("got: %s", msg);
}

/* "ok", then "key = value" lines, checked after config_finish */
static void
check_ok(const char *name, const char *path, const char *dir, char *expect)
{
	struct config c;
	struct config_error err = {0};
	char msg[2048], got[CONFIG_PATH_MAX], want[CONFIG_PATH_MAX];
	char *line, *save = NULL, *eq;

	if (!is_int(config_load(path, &c, &err), 0, "%s: loads", name)) {
		config_error_format(&err, msg, sizeof(msg));
		diag("%s", msg);
		return;
	}
	config_finish(&c);
	for (line = strtok_r(expect, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || strcmp(line, "ok") == 0)
			continue;
		eq = strstr(line, " =");
		if (eq == NULL || (eq[2] != '\0' && eq[2] != ' '))
			bail_out("%s: not 'key = value' in expect: %s", name, line);
		*eq = '\0';
		expand(eq[2] ? eq + 3 : eq + 2, dir, want, sizeof(want));
		if (config_get(&c, line, got, sizeof(got)) < 0)
			bail_out("%s: unknown setting in expect: %s", name, line);
		is_str(got, want, "%s: %s", name, line);
	}
}

static void
run_case(const char *name)
{
	char dir[CONFIG_PATH_MAX], path[CONFIG_PATH_MAX + 32], epath[CONFIG_PATH_MAX + 32];
	char *expect;

	snprintf(dir, sizeof(dir), "%s/%s", CONFIG_DATA_DIR, name);
	snprintf(path, sizeof(path), "%s/carcpbem.conf", dir);
	snprintf(epath, sizeof(epath), "%s/expect", dir);
	if ((expect = slurp(epath)) == NULL)
		bail_out("%s: no expect file", name);
	if (strncmp(expect, "error:", 6) == 0) {
		expect[strcspn(expect, "\n")] = '\0';
		check_error(name, path, expect);
	} else if (strncmp(expect, "ok", 2) == 0)
		check_ok(name, path, dir, expect);
	else
		bail_out("%s: expect starts with neither 'error:' nor 'ok'", name);
	free(expect);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
test_cases(void)
{
	DIR *d = opendir(CONFIG_DATA_DIR);
	char *names[MAX_CASES], path[CONFIG_PATH_MAX + 300];
	struct dirent *e;
	struct stat st;
	int n = 0;

	if (d == NULL)
		bail_out("%s: %s", CONFIG_DATA_DIR, strerror(errno));
	while ((e = readdir(d)) != NULL && n < MAX_CASES) {
		snprintf(path, sizeof(path), "%s/%s", CONFIG_DATA_DIR, e->d_name);
		if (e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), by_name);
	diag("%d cases in %s", n, CONFIG_DATA_DIR);
	ok(n >= 40, "the cases are there");
	for (int i = 0; i < n; i++) {
		run_case(names[i]);
		free(names[i]);
	}
}

/* ---- defaults and the API ---- */

/* The names of the settings, in the table's order, from config_write. */
static int
setting_names(char names[][32], int max)
{
	struct config c;
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	int n = 0;

	config_defaults(&c);
	config_write(&c, fp);
	fclose(fp);
	for (line = strtok_r(text, "\n", &save); line && n < max;
	     line = strtok_r(NULL, "\n", &save))
		if (line[0] != '#')
			snprintf(names[n++], 32, "%.*s", (int)strcspn(line, " "), line);
	free(text);
	return n;
}

static void
test_defaults(void)
{
	static const char *const want[][2] = {
		{"spool", "spool"},
		{"from", "Carcassonne <carcpbem@localhost>"},
		{"domain", ""},
		{"templates", ""},
		{"admin-keys", ""},
		{"observers", ""},
		{"verb-answers", "10"},
		{"inbox", "maildir"},
		{"maildir", ""},
		{"imap-url", ""},
		{"imap-user", ""},
		{"imap-password-file", ""},
		{"imap-tls", "starttls"},
		{"imap-done-folder", ""},
		{"outbox", "dir"},
		{"outbox-dir", ""},
		{"smtp-url", ""},
		{"smtp-user", ""},
		{"smtp-password-file", ""},
		{"smtp-tls", "starttls"},
		{"cafile", ""},
		{"timeout", "30s"},
		{"max-message-size", "1M"},
		{"poll", "1m"},
		{"group-commit", "64"},
		{"log", "stderr"},
		{"pidfile", ""},
		{"user", ""},
		{"host-key", ""},
		{"png", "yes"},
		{"deadline", "0s"},
		{"reminders", "24h,0"},
		{"grace", "0s"},
		{"policy", "wait"},
		{"bot-after", "3"},
		{"absence-max", "14d"},
		{"bot-player", "greedy"},
		{"bot-think", "1s"},
	};
	char names[MAX_NAMES][32], got[CONFIG_PATH_MAX];
	int n = setting_names(names, MAX_NAMES);
	struct config c;

	is_int(n, sizeof(want) / sizeof(want[0]), "%zu settings", sizeof(want) / sizeof(want[0]));
	for (int i = 0; i < n && i < (int)(sizeof(want) / sizeof(want[0])); i++) {
		is_str(names[i], want[i][0], "setting %d is %s", i + 1, want[i][0]);
		config_defaults(&c);
		config_get(&c, want[i][0], got, sizeof(got));
		is_str(got, want[i][1], "default %s", want[i][0]);
	}
	config_defaults(&c);
	ok(c.file[0] == '\0' && c.inbox == INBOX_MAILDIR && c.outbox == OUTBOX_DIR &&
		   c.imap_tls == MAIL_TLS_STARTTLS && c.smtp_tls == MAIL_TLS_STARTTLS &&
		   c.log == CONFIG_LOG_STDERR && c.png,
	   "default enums and bool in the struct");
	ok(c.timeout == 30 && c.poll == 60 && c.max_message_size == 1048576,
	   "default numbers in the struct");
	config_finish(&c);
	is_str(c.maildir, "spool/inbox", "finish: maildir");
	is_str(c.outbox_dir, "spool/outbox", "finish: outbox-dir");
	is_str(c.pidfile, "spool/carcpbem.pid", "finish: pidfile");
	is_str(c.domain, "localhost", "finish: domain from from");
	config_finish(&c);
	is_str(c.maildir, "spool/inbox", "finish twice changes nothing");
}

static void
test_set(void)
{
	struct config c;
	char why[400], got[CONFIG_PATH_MAX];

	config_defaults(&c);
	is_int(config_set(&c, NULL, "spool", "games", why, sizeof(why)), 0, "set spool");
	is_str(c.spool, "games", "no dir: a relative path stays");
	config_set(&c, "/srv/carc", "spool", "games", why, sizeof(why));
	is_str(c.spool, "/srv/carc/games", "dir: a relative path is taken from it");
	config_set(&c, "/srv/carc/", "spool", "./games", why, sizeof(why));
	is_str(c.spool, "/srv/carc/games", "dir with '/', ./ dropped");
	config_set(&c, "/srv/carc", "spool", ".", why, sizeof(why));
	is_str(c.spool, "/srv/carc", "'.': the dir itself");
	config_set(&c, "/srv/carc", "spool", "/var/spool/carcpbem", why, sizeof(why));
	is_str(c.spool, "/var/spool/carcpbem", "an absolute path stays");
	is_int(config_set(&c, NULL, "poll", "5m", why, sizeof(why)), 0, "set poll");
	is_int(c.poll, 300, "5m is 300 seconds");
	is_int(config_set(&c, NULL, "max-message-size", "64k", why, sizeof(why)), 0,
	       "set a size");
	is_int(c.max_message_size, 65536, "64k is 65536 bytes");
	config_get(&c, "max-message-size", got, sizeof(got));
	is_str(got, "64K", "and reads back as 64K");
	is_int(config_set(&c, NULL, "from", "a\nBcc: x@y", why, sizeof(why)), -1,
	       "a new line in a value is refused");
	ok(strstr(why, "control character") != NULL, "why: %s", why);
	is_str(c.from, "Carcassonne <carcpbem@localhost>", "and the field is unchanged");
	is_int(config_set(&c, NULL, "imap_user", "x", why, sizeof(why)), -1, "unknown name");
	is_str(why, "unknown setting 'imap_user' (did you mean 'imap-user'?)", "why: %s",
	       why);
	is_int(config_set(&c, NULL, "png", NULL, why, sizeof(why)), -1, "no value");
	is_str(why, "missing value for png: use yes or no", "why: %s", why);
	is_int(config_get(&c, "nope", got, sizeof(got)), -1, "config_get: unknown name");
	/* the deadline settings (t3300-deadlines.sh plays them) */
	is_int(config_set(&c, NULL, "deadline", "3d", why, sizeof(why)), 0, "deadline 3d");
	is_int(c.deadline, 3 * 86400, "3d is 259200 seconds");
	config_get(&c, "deadline", got, sizeof(got));
	is_str(got, "3d", "and reads back as 3d");
	is_int(config_set(&c, NULL, "reminders", "48h,1h,0", why, sizeof(why)), 0,
	       "reminders 48h,1h,0");
	is_int(config_set(&c, NULL, "reminders", "1h,24h", why, sizeof(why)), -1,
	       "reminders not longest first: refused");
	ok(strstr(why, "longest first") != NULL, "why: %s", why);
	is_int(config_set(&c, NULL, "bot-after", "2", why, sizeof(why)), 0, "bot-after 2");
	is_int(c.bot_after, 2, "a count");
	is_int(config_set(&c, NULL, "bot-after", "two", why, sizeof(why)), -1,
	       "bot-after two: refused");
	is_int(config_set(&c, NULL, "policy", "skip", why, sizeof(why)), 0, "policy skip");
	is_int(c.policy, POLICY_SKIP, "policy skip");
	is_int(config_set(&c, NULL, "policy", "never", why, sizeof(why)), -1, "policy never");
	is_str(why, "'never' is not a value of policy: use wait, bot or skip", "why: %s", why);
}

static void
test_errors(void)
{
	struct config c;
	struct config_error err = {0}, e = {.line = 3};
	char msg[2048];

	is_int(config_load("/nonexistent/carcpbem.conf", &c, &err), -1, "no such file");
	is_int(err.line, 0, "no line");
	config_error_format(&err, msg, sizeof(msg));
	is_str(msg,
	       "/nonexistent/carcpbem.conf: cannot read the config file: No such file "
	       "or directory",
	       "says which file and why");
	is_int(config_load(CONFIG_DATA_DIR, &c, &err), -1, "a directory");
	config_error_format(&err, msg, sizeof(msg));
	ok(strstr(msg, "Is a directory") != NULL, "%s", msg);
	strcpy(e.file, "x.conf");
	strcpy(e.text, "boom");
	config_error_format(&e, msg, sizeof(msg));
	is_str(msg, "x.conf:3: boom", "FILE:LINE: text");
	e.line = 0;
	config_error_format(&e, msg, sizeof(msg));
	is_str(msg, "x.conf: boom", "FILE: text");
	e.file[0] = '\0';
	config_error_format(&e, msg, sizeof(msg));
	is_str(msg, "boom", "text alone");
	ok(config_load("/nonexistent/x.conf", &c, NULL) == -1, "err may be NULL");
}

/* A relative config path: its directory is made absolute. */
static void
test_relative_file(void)
{
	char sub[CONFIG_PATH_MAX], conf[CONFIG_PATH_MAX + 16], cwd[CONFIG_PATH_MAX],
		want[CONFIG_PATH_MAX + 16], old[CONFIG_PATH_MAX];
	struct config c;
	struct config_error err = {0};

	tmp_path(sub, sizeof(sub), "sub");
	mkdir(sub, 0700);
	snprintf(conf, sizeof(conf), "%s/c.conf", sub);
	write_file(conf, "spool data\ntemplates ../tpl\n", 0600);
	if (getcwd(old, sizeof(old)) == NULL || chdir(tmpdir) < 0 ||
	    getcwd(cwd, sizeof(cwd)) == NULL)
		bail_out("chdir %s: %s", tmpdir, strerror(errno));
	is_int(config_load("sub/c.conf", &c, &err), 0, "loads sub/c.conf");
	snprintf(want, sizeof(want), "%s/sub/data", cwd);
	is_str(c.spool, want, "spool: absolute, from the file's directory");
	snprintf(want, sizeof(want), "%s/sub/../tpl", cwd);
	is_str(c.templates, want, "templates: ../ kept");
	is_str(c.file, "sub/c.conf", "file: as given");
	is_int(config_load("c.conf", &c, &err), -1, "c.conf is not here");
	if (chdir("sub") < 0)
		bail_out("chdir sub");
	is_int(config_load("c.conf", &c, &err), 0, "a bare file name");
	snprintf(want, sizeof(want), "%s/sub/data", cwd);
	is_str(c.spool, want, "spool: from the working directory");
	if (chdir(old) < 0)
		bail_out("chdir back");
	unlink(conf);
	rmdir(sub);
}

/* ---- password files ---- */

/* Reads the file written with text and mode; the result or "ERROR: why". */
static void
secret(const char *text, int mode, size_t n, char *out, size_t nout)
{
	char path[CONFIG_PATH_MAX], buf[256], why[400];

	tmp_path(path, sizeof(path), "password");
	write_file(path, text, mode);
	memset(buf, 'X', sizeof(buf));
	if (config_read_secret(path, buf, n, why, sizeof(why)) == 0)
		snprintf(out, nout, "%s", buf);
	else if (buf[0] != '\0')
		snprintf(out, nout, "ERROR: out not cleared");
	else
		snprintf(out, nout, "ERROR: %s", why);
	unlink(path);
}

static void
test_secret_modes(void)
{
	char got[600], path[CONFIG_PATH_MAX], want[3 * CONFIG_PATH_MAX];

	tmp_path(path, sizeof(path), "password");
	secret("hunter2\nsecond line\n", 0600, 64, got, sizeof(got));
	is_str(got, "hunter2", "0600: the first line");
	secret("hunter2", 0400, 64, got, sizeof(got));
	is_str(got, "hunter2", "0400, no new line at the end");
	secret("hunter2\r\n", 0600, 64, got, sizeof(got));
	is_str(got, "hunter2", "CR LF cut");
	secret("hunter2\n", 0644, 64, got, sizeof(got));
	snprintf(want, sizeof(want),
		 "ERROR: %s is open to group or others (mode 0644): a password file must be "
		 "private; run chmod 600 %s",
		 path, path);
	is_str(got, want, "0644 refused");
	secret("hunter2\n", 0640, 64, got, sizeof(got));
	ok(strstr(got, "(mode 0640)") && strstr(got, "chmod 600"), "0640 refused: %s", got);
	secret("hunter2\n", 0620, 64, got, sizeof(got));
	ok(strstr(got, "(mode 0620)") != NULL, "0620 (group may write) refused");
	secret("hunter2\n", 0604, 64, got, sizeof(got));
	ok(strstr(got, "(mode 0604)") != NULL, "0604 refused");
}

static void
test_secret_contents(void)
{
	char got[600], path[CONFIG_PATH_MAX], why[400], buf[64];

	secret("", 0600, 64, got, sizeof(got));
	ok(strstr(got, "is empty: write the password on its first line") != NULL,
	   "empty file: %s", got);
	secret("\nhunter2\n", 0600, 64, got, sizeof(got));
	ok(strstr(got, "is empty") != NULL, "empty first line");
	secret("\r\n", 0600, 64, got, sizeof(got));
	ok(strstr(got, "is empty") != NULL, "CR LF only");
	secret("1234567\n", 0600, 8, got, sizeof(got));
	is_str(got, "1234567", "exactly fits");
	secret("1234567", 0600, 8, got, sizeof(got));
	is_str(got, "1234567", "exactly fits, no new line");
	secret("12345678\n", 0600, 8, got, sizeof(got));
	ok(strstr(got, "is too long (more than 7 bytes)") != NULL, "too long: %s", got);
	tmp_path(path, sizeof(path), "password");
	write_file(path, "pw\nSECOND\n", 0600);
	memset(buf, 'X', sizeof(buf));
	config_read_secret(path, buf, sizeof(buf), why, sizeof(why));
	ok(memchr(buf, 'S', sizeof(buf)) == NULL && memchr(buf, 'X', sizeof(buf)) == NULL,
	   "the rest of out is zeroed");
	unlink(path);
}

static void
test_secret_files(void)
{
	char path[CONFIG_PATH_MAX], why[400], buf[64];

	tmp_path(path, sizeof(path), "missing");
	is_int(config_read_secret(path, buf, sizeof(buf), why, sizeof(why)), -1,
	       "no such file");
	ok(strstr(why, "No such file") != NULL, "why: %s", why);
	is_int(config_read_secret(tmpdir, buf, sizeof(buf), why, sizeof(why)), -1,
	       "a directory");
	ok(strstr(why, "not a regular file") != NULL, "why: %s", why);
	tmp_path(path, sizeof(path), "fifo");
	if (mkfifo(path, 0600) == 0) {
		is_int(config_read_secret(path, buf, sizeof(buf), why, sizeof(why)), -1,
		       "a FIFO, without hanging");
		unlink(path);
	}
	if (geteuid() != 0) {
		diag("not root: cannot give a file to another user");
		return;
	}
	tmp_path(path, sizeof(path), "theirs");
	write_file(path, "hunter2\n", 0600);
	if (chown(path, 65534, 65534) < 0)
		bail_out("chown: %s", strerror(errno));
	is_int(config_read_secret(path, buf, sizeof(buf), why, sizeof(why)), -1,
	       "another user's file");
	ok(strstr(why, "belongs to uid 65534") != NULL, "why: %s", why);
	unlink(path);
}

/* ---- writing, the example, the man page ---- */

static void
write_config(const struct config *c, const char *path)
{
	FILE *fp = fopen(path, "w");

	if (fp == NULL)
		bail_out("%s: %s", path, strerror(errno));
	config_write(c, fp);
	fclose(fp);
}

/* Every setting of a and b the same, but those named in skip. */
static int
same_settings(const struct config *a, const struct config *b, const char *skip)
{
	char names[MAX_NAMES][32], va[CONFIG_PATH_MAX], vb[CONFIG_PATH_MAX];
	int n = setting_names(names, MAX_NAMES), same = 1;

	for (int i = 0; i < n; i++) {
		if (skip && strstr(skip, names[i]))
			continue;
		config_get(a, names[i], va, sizeof(va));
		config_get(b, names[i], vb, sizeof(vb));
		if (strcmp(va, vb) != 0) {
			diag("%s: '%s' then '%s'", names[i], va, vb);
			same = 0;
		}
	}
	return same;
}

static void
test_example(void)
{
	const char *path = CONTRIB_DIR "/carcpbem.conf.example";
	struct config c, back;
	struct config_error err = {0};
	char msg[2048], copy[CONFIG_PATH_MAX];
	struct stat st;

	if (!is_int(config_load(path, &c, &err), 0, "contrib/carcpbem.conf.example loads")) {
		config_error_format(&err, msg, sizeof(msg));
		diag("%s", msg);
		return;
	}
	ok(c.inbox == INBOX_IMAP && c.outbox == OUTBOX_SMTP, "example: IMAP in, SMTP out");
	ok(c.imap_tls == MAIL_TLS_IMPLICIT && c.smtp_tls != MAIL_TLS_NONE,
	   "example: with TLS");
	ok(c.imap_password_file[0] == '/' && stat(c.imap_password_file, &st) < 0,
	   "example: its password file need not exist to load (%s)", c.imap_password_file);
	tmp_path(copy, sizeof(copy), "written.conf");
	write_config(&c, copy);
	is_int(config_load(copy, &back, &err), 0, "config_write's file loads");
	ok(same_settings(&c, &back, NULL), "and gives the same settings");
	unlink(copy);
	config_defaults(&c);
	write_config(&c, copy);
	is_int(config_load(copy, &back, &err), 0, "the file of defaults loads");
	ok(same_settings(&c, &back, "spool"), "with the defaults");
	unlink(copy);
}

/* Each setting has its entry in carcpbem.conf(5): ".B name" ('-' as "\-"). */
static void
test_man_page(void)
{
	char names[MAX_NAMES][32], entry[80], *p;
	char *man = slurp(MAN_DIR "/carcpbem.conf.5");
	int n = setting_names(names, MAX_NAMES), missing = 0;

	if (!ok(man != NULL, "docs/carcpbem.conf.5 is there"))
		return;
	for (int i = 0; i < n; i++) {
		p = entry + snprintf(entry, sizeof(entry), "\n.B ");
		for (const char *s = names[i]; *s; s++)
			p += *s == '-' ? sprintf(p, "\\-") : sprintf(p, "%c", *s);
		sprintf(p, " ");
		if (strstr(man, entry) == NULL) {
			diag("no entry for %s", names[i]);
			missing++;
		}
	}
	is_int(missing, 0, "the man page has an entry for each of the %d settings", n);
	free(man);
}

int
main(void)
{
	mail_mime_init(); /* the from setting is read by GMime's parser */
	if (mkdtemp(tmpdir) == NULL)
		bail_out("mkdtemp: %s", strerror(errno));
	umask(077);
	test_cases();
	test_defaults();
	test_set();
	test_errors();
	test_relative_file();
	test_secret_modes();
	test_secret_contents();
	test_secret_files();
	test_example();
	test_man_page();
	rmdir(tmpdir);
	return done_testing();
}
