/* The settings of carcpbem.conf in one table: name, type, field of struct
 * config, default and help. Setting a value, printing one, the defaults
 * and the file of defaults all read it. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "imap.h" /* enum mail_tls */

enum set_type { T_PATH, T_STRING, T_ENUM, T_SIZE, T_SECONDS, T_BOOL, T_COUNT };

struct enum_name {
	const char *name;
	int value;
};

struct setting {
	const char *name;
	enum set_type type;
	size_t off, size;              /* the field in struct config */
	const char *def;               /* the default, as written in the file */
	const char *example;           /* a value to show when one is missing */
	const struct enum_name *names; /* T_ENUM */
	long long min, max;            /* T_SIZE, T_SECONDS; T_PATH: longest */
	int (*check)(const char *value, char *why, size_t n);
	const char *help;
};

#define FIELD(m) .off = offsetof(struct config, m), .size = sizeof(((struct config *)0)->m)
/* Room under the spool for the files carcpbem puts there. */
#define SPOOL_MAX (CONFIG_PATH_MAX - 64)
#define KB 1024LL
#define MB (1024LL * 1024)

static int check_imap_url(const char *v, char *why, size_t n);
static int check_smtp_url(const char *v, char *why, size_t n);
static int check_domain(const char *v, char *why, size_t n);
static int check_user(const char *v, char *why, size_t n);
static int check_reminders(const char *v, char *why, size_t n);

static const struct enum_name inbox_names[] = {
	{"maildir", INBOX_MAILDIR}, {"imap", INBOX_IMAP}, {NULL, 0}};
static const struct enum_name outbox_names[] = {
	{"dir", OUTBOX_DIR}, {"smtp", OUTBOX_SMTP}, {NULL, 0}};
static const struct enum_name imap_tls_names[] = {{"none", MAIL_TLS_NONE},
						  {"starttls", MAIL_TLS_STARTTLS},
						  {"imaps", MAIL_TLS_IMPLICIT},
						  {NULL, 0}};
static const struct enum_name smtp_tls_names[] = {{"none", MAIL_TLS_NONE},
						  {"starttls", MAIL_TLS_STARTTLS},
						  {"smtps", MAIL_TLS_IMPLICIT},
						  {NULL, 0}};
static const struct enum_name log_names[] = {
	{"stderr", CONFIG_LOG_STDERR}, {"syslog", CONFIG_LOG_SYSLOG}, {NULL, 0}};
static const struct enum_name player_names[] = {{"random", PLAYER_RANDOM},
						{"greedy", PLAYER_GREEDY},
						{"mcts", PLAYER_MCTS},
						{NULL, 0}};
static const struct enum_name policy_names[] = {
	{"wait", POLICY_WAIT}, {"bot", POLICY_BOT}, {"skip", POLICY_SKIP}, {NULL, 0}};
#define DAY 86400LL

static const struct setting settings[] = {
	{.name = "spool", .type = T_PATH, FIELD(spool), .def = "spool", .max = SPOOL_MAX,
	 .help = "The directory of the games and the queue (and by default the\n"
		 "inbox, the outbox and the pid file)."},
	{.name = "from", .type = T_STRING, FIELD(from),
	 .def = "Carcassonne <carcpbem@localhost>",
	 .help = "The sender of the host's mails: an address, or \"Name <address>\"."},
	{.name = "domain", .type = T_STRING, FIELD(domain), .def = "",
	 .example = "example.org", .check = check_domain,
	 .help = "The domain of Message-IDs; empty: the domain of from."},
	{.name = "templates", .type = T_PATH, FIELD(templates), .def = "",
	 .example = "/etc/carcpbem/templates",
	 .help = "The directory of the host's own mail templates; empty: the\n"
		 "built-in ones."},
	{.name = "admin-keys", .type = T_PATH, FIELD(admin_keys), .def = "",
	 .example = "/etc/carcpbem/admin.pub",
	 .help = "The public keys (carcpbem or ssh-ed25519, one a line) whose signed\n"
		 "commands with Player: host the host carries out (PAUSE, CREATE\n"
		 "...); empty: host commands by mail are refused."},
	{.name = "observers", .type = T_STRING, FIELD(observers), .def = "",
	 .example = "*@example.org",
	 .help = "Who may OBSERVE a game by mail: address patterns (* and ?),\n"
		 "separated by commas or blanks; empty: nobody."},
	{.name = "verb-answers", .type = T_COUNT, FIELD(verb_answers), .def = "10",
	 .min = 1, .max = 1000,
	 .help = "The most answers to mail verbs (HELP, STATUS, MAP, OBSERVE ...) one\n"
		 "address gets an hour; the next ask is told so, the rest wait for\n"
		 "the hour to pass."},
	{.name = "inbox", .type = T_ENUM, FIELD(inbox), .def = "maildir",
	 .names = inbox_names,
	 .help = "Where mail comes in: maildir (a Maildir on this machine) or imap."},
	{.name = "maildir", .type = T_PATH, FIELD(maildir), .def = "",
	 .example = "/home/carcpbem/Maildir",
	 .help = "The inbox Maildir (IMAP mail is fetched into it too); empty:\n"
		 "SPOOL/inbox."},
	{.name = "imap-url", .type = T_STRING, FIELD(imap_url), .def = "",
	 .example = "imaps://mail.example.org/INBOX", .check = check_imap_url,
	 .help = "The IMAP mailbox: imaps://HOST[:PORT]/MAILBOX or imap://..."},
	{.name = "imap-user", .type = T_STRING, FIELD(imap_user), .def = "",
	 .example = "carcpbem@example.org", .help = "The IMAP login."},
	{.name = "imap-password-file", .type = T_PATH, FIELD(imap_password_file),
	 .def = "", .example = "/etc/carcpbem/imap.password",
	 .help = "A file holding the IMAP password on its first line, readable\n"
		 "by its owner only (chmod 600)."},
	{.name = "imap-tls", .type = T_ENUM, FIELD(imap_tls), .def = "starttls",
	 .names = imap_tls_names,
	 .help = "none, starttls, or imaps (TLS from the start, as an imaps:// URL\n"
		 "always is)."},
	{.name = "imap-done-folder", .type = T_STRING, FIELD(imap_done_folder),
	 .def = "", .example = "Done",
	 .help = "The IMAP folder processed mail is moved to; empty: it stays,\n"
		 "flagged \\Seen."},
	{.name = "outbox", .type = T_ENUM, FIELD(outbox), .def = "dir",
	 .names = outbox_names,
	 .help = "Where mail goes out: dir (files in outbox-dir) or smtp."},
	{.name = "outbox-dir", .type = T_PATH, FIELD(outbox_dir), .def = "",
	 .example = "/var/spool/carcpbem/outbox",
	 .help = "The directory of outgoing mails, one .eml file each; empty:\n"
		 "SPOOL/outbox."},
	{.name = "smtp-url", .type = T_STRING, FIELD(smtp_url), .def = "",
	 .example = "smtps://mail.example.org", .check = check_smtp_url,
	 .help = "The SMTP server: smtps://HOST[:PORT] or smtp://HOST[:PORT]."},
	{.name = "smtp-user", .type = T_STRING, FIELD(smtp_user), .def = "",
	 .example = "carcpbem@example.org",
	 .help = "The SMTP login; empty: no login."},
	{.name = "smtp-password-file", .type = T_PATH, FIELD(smtp_password_file),
	 .def = "", .example = "/etc/carcpbem/smtp.password",
	 .help = "A file holding the SMTP password on its first line, readable\n"
		 "by its owner only (chmod 600)."},
	{.name = "smtp-tls", .type = T_ENUM, FIELD(smtp_tls), .def = "starttls",
	 .names = smtp_tls_names,
	 .help = "none, starttls, or smtps (TLS from the start, as an smtps:// URL\n"
		 "always is)."},
	{.name = "cafile", .type = T_PATH, FIELD(cafile), .def = "",
	 .example = "/etc/ssl/certs/ca-certificates.crt",
	 .help = "CA certificates (PEM) to check the servers' certificates with;\n"
		 "empty: the system's."},
	{.name = "timeout", .type = T_SECONDS, FIELD(timeout), .def = "30s", .min = 1,
	 .max = 3600, .help = "The longest wait for the mail servers, each request."},
	{.name = "max-message-size", .type = T_SIZE, FIELD(max_message_size),
	 .def = "1M", .min = KB, .max = 1024 * MB,
	 .help = "The largest incoming mail carcpbem reads whole."},
	{.name = "poll", .type = T_SECONDS, FIELD(poll), .def = "60s", .min = 1,
	 .max = 86400, .help = "The daemon's pause between two passes over the mail."},
	{.name = "group-commit", .type = T_COUNT, FIELD(group_commit), .def = "64",
	 .min = 0, .max = 10000,
	 .help = "The most inbox messages a pass makes durable together, with one\n"
		 "sync of the file system per step instead of fsyncs for every\n"
		 "file; 0: every file synced on its own (docs/mail.md)."},
	{.name = "log", .type = T_ENUM, FIELD(log), .def = "stderr", .names = log_names,
	 .help = "Where messages go: stderr or syslog."},
	{.name = "pidfile", .type = T_PATH, FIELD(pidfile), .def = "",
	 .example = "/run/carcpbem/carcpbem.pid",
	 .help = "The daemon's pid file; empty: SPOOL/carcpbem.pid."},
	{.name = "user", .type = T_STRING, FIELD(user), .def = "", .example = "carcpbem",
	 .check = check_user,
	 .help = "The unprivileged user that run and daemon, started as root, switch\n"
		 "to once the spool and the log are open; empty: they refuse root."},
	{.name = "host-key", .type = T_PATH, FIELD(host_key), .def = "",
	 .example = "/var/spool/carcpbem/host.key",
	 .help = "The host's secret key (carcpbem keygen's form, mode 0600), which\n"
		 "signs the host's records and the moves it makes for players; made\n"
		 "when missing; empty: SPOOL/host.key."},
	{.name = "png", .type = T_BOOL, FIELD(png), .def = "yes",
	 .help = "Attach PNG maps to the mails: yes or no."},
	{.name = "deadline", .type = T_SECONDS, FIELD(deadline), .def = "0", .min = 0,
	 .max = 366 * DAY, .example = "72h",
	 .help = "How long a player has for a decision (e.g. 72h or 3d); 0: no\n"
		 "deadlines. A game may have its own (carcpbem new --deadline)."},
	{.name = "reminders", .type = T_STRING, FIELD(reminders), .def = "24h,0",
	 .check = check_reminders,
	 .help = "When to remind the player, before the deadline: a list such as\n"
		 "24h,0 (a day before, and at the deadline); none: no reminders."},
	{.name = "grace", .type = T_SECONDS, FIELD(grace), .def = "0", .min = 0,
	 .max = 30 * DAY, .example = "1h",
	 .help = "How long after the deadline the policy waits (mail in transit)."},
	{.name = "policy", .type = T_ENUM, FIELD(policy), .def = "wait",
	 .names = policy_names,
	 .help = "What happens when a deadline passes: wait (remind daily), bot\n"
		 "(the computer decides for the player) or skip (the default:\n"
		 "docs/rules-decisions.md, \"Deadlines\")."},
	{.name = "bot-after", .type = T_COUNT, FIELD(bot_after), .def = "3", .min = 1,
	 .max = 1000,
	 .help = "Under policy bot: after this many missed decisions in a row the\n"
		 "computer keeps the seat until the player sends a turn again."},
	{.name = "absence-max", .type = T_SECONDS, FIELD(absence_max), .def = "14d",
	 .min = 0, .max = 366 * DAY,
	 .help = "The longest absence a player may announce (SET ABSENCE)."},
	{.name = "bot-player", .type = T_ENUM, FIELD(bot_player), .def = "greedy",
	 .names = player_names,
	 .help = "The computer player that moves for a seat (policy bot, kick,\n"
		 "resign): greedy (the best immediate score, well under a\n"
		 "millisecond), mcts (a search of bot-think a decision, stronger)\n"
		 "or random."},
	{.name = "bot-think", .type = T_SECONDS, FIELD(bot_think), .def = "1s", .min = 1,
	 .max = 60, .help = "How long bot-player mcts thinks about a decision."},
};

#define NSETTINGS (sizeof(settings) / sizeof(settings[0]))

/* ---- names ---- */

static const struct setting *
find_setting(const char *name)
{
	for (size_t i = 0; i < NSETTINGS; i++)
		if (strcmp(settings[i].name, name) == 0)
			return &settings[i];
	return NULL;
}

/* Levenshtein distance, on the first 63 bytes (names are shorter). */
static size_t
distance(const char *a, const char *b)
{
	size_t la = strnlen(a, 63), lb = strnlen(b, 63), row[64];

	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0], up;

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			up = row[j];
			row[j] = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < row[j])
				row[j] = up + 1;
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			diag = up;
		}
	}
	return row[lb];
}

/* The setting a mistyped name most likely meant, or NULL. */
static const char *
closest_name(const char *name)
{
	size_t best = (size_t)-1, len = strlen(name), limit = len / 3 > 2 ? len / 3 : 2;
	const char *found = NULL;

	for (size_t i = 0; i < NSETTINGS; i++) {
		size_t d = distance(name, settings[i].name);

		if (d < best) {
			best = d;
			found = settings[i].name;
		}
	}
	if (best <= limit)
		return found;
	for (size_t i = 0; i < NSETTINGS; i++)
		if (len >= 3 && strncmp(settings[i].name, name, len) == 0)
			return settings[i].name;
	return NULL;
}

static void
unknown(const char *name, char *why, size_t n)
{
	const char *guess = closest_name(name);

	if (guess)
		snprintf(why, n, "unknown setting '%.60s' (did you mean '%s'?)", name,
			 guess);
	else
		snprintf(why, n,
			 "unknown setting '%.60s': carcpbem.conf(5) lists the settings",
			 name);
}

/* ---- checks of strings ---- */

static int
check_url(const char *v, const char *plain, const char *tls, char *why, size_t n)
{
	size_t lp = strlen(plain), lt = strlen(tls);
	const char *host = NULL;

	if (strncasecmp(v, tls, lt) == 0)
		host = v + lt;
	else if (strncasecmp(v, plain, lp) == 0)
		host = v + lp;
	if (host && host[0] != '\0' && host[0] != '/' && host[0] != ':' &&
	    strpbrk(v, " \t") == NULL)
		return 0;
	snprintf(why, n, "'%.80s' is not a server URL: write %sHOST[:PORT]... or %sHOST...",
		 v, tls, plain);
	return -1;
}

static int
check_imap_url(const char *v, char *why, size_t n)
{
	return check_url(v, "imap://", "imaps://", why, n);
}

static int
check_smtp_url(const char *v, char *why, size_t n)
{
	return check_url(v, "smtp://", "smtps://", why, n);
}

static int
check_domain(const char *v, char *why, size_t n)
{
	if (v[0] != '.' && v[0] != '-' && strspn(v, "abcdefghijklmnopqrstuvwxyz"
						     "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
						     "0123456789.-") == strlen(v))
		return 0;
	snprintf(why, n,
		 "'%.80s' is not a domain name: write letters, digits, '-' and '.', "
		 "e.g. domain example.org",
		 v);
	return -1;
}

/* A user name as useradd takes it: no path, quote or blank can hide in it. */
static int
check_user(const char *v, char *why, size_t n)
{
	if (v[0] == '\0' || (v[0] != '-' && strspn(v, "abcdefghijklmnopqrstuvwxyz"
						      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
						      "0123456789_.-") == strlen(v)))
		return 0;
	snprintf(why, n,
		 "'%.80s' is not a user name: write letters, digits, '_', '.' and '-', "
		 "e.g. user carcpbem",
		 v);
	return -1;
}

/* ---- numbers ---- */

/* A number with an optional unit from units (mult[i] each): 0, -1 when
 * it is not such a number, -2 when it is too large. */
static int
parse_scaled(const char *v, const char *units, const long long *mult, long long *out)
{
	long long x = 0;
	const char *p = v, *u;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (x > (1LL << 50))
			return -2;
		x = x * 10 + (*p - '0');
	}
	if (*p == '\0') {
		*out = x;
		return 0;
	}
	if (p[1] != '\0' || (u = strchr(units, p[0] | 0x20)) == NULL)
		return -1;
	if (x > LLONG_MAX / mult[u - units])
		return -2;
	*out = x * mult[u - units];
	return 0;
}

/* "1M", "512K", "100": sizes are shown in the largest exact unit. */
static void
format_scaled(long long x, const char *units, const long long *mult, int nunits,
	      char *buf, size_t n)
{
	for (int i = nunits - 1; i > 0; i--)
		if (x >= mult[i] && x % mult[i] == 0) {
			snprintf(buf, n, "%lld%c", x / mult[i], units[i]);
			return;
		}
	snprintf(buf, n, "%lld%s", x, units[0] == 's' ? "s" : "");
}

static const long long size_mult[] = {1, KB, MB};
static const long long time_mult[] = {1, 60, 3600, DAY};

static void
format_number(const struct setting *s, long long x, char *buf, size_t n)
{
	if (s->type == T_SIZE)
		format_scaled(x, " KM", size_mult, 3, buf, n);
	else if (s->type == T_COUNT)
		snprintf(buf, n, "%lld", x);
	else /* days for the settings that may last days */
		format_scaled(x, "smhd", time_mult, s->max > DAY ? 4 : 3, buf, n);
}

static int
set_number(struct config *c, const struct setting *s, const char *v, char *why, size_t n)
{
	bool size = s->type == T_SIZE;
	char lo[32], hi[32];
	long long x;
	int r = parse_scaled(v, s->type == T_COUNT ? "" : size ? "km" : "smhd",
			     size ? size_mult + 1 : time_mult, &x);

	if (r == -1) {
		if (s->type == T_COUNT)
			snprintf(why, n, "'%.40s' is not a number: write e.g. %s %s", v,
				 s->name, s->def);
		else if (size)
			snprintf(why, n,
				 "'%.40s' is not a size: write a number of bytes with K or M "
				 "after it, e.g. %s 1M",
				 v, s->name);
		else
			snprintf(why, n,
				 "'%.40s' is not a duration: write a number of seconds, or "
				 "one with s, m, h or d after it, e.g. %s %s",
				 v, s->name, s->example ? s->example : "60s");
		return -1;
	}
	if (r == -2 || x < s->min || x > s->max) {
		format_number(s, s->min, lo, sizeof(lo));
		format_number(s, s->max, hi, sizeof(hi));
		snprintf(why, n, "%s %.40s is out of range: use %s to %s", s->name, v, lo, hi);
		return -1;
	}
	if (size)
		*(size_t *)((char *)c + s->off) = (size_t)x;
	else if (s->type == T_COUNT)
		*(int *)((char *)c + s->off) = (int)x;
	else
		*(long *)((char *)c + s->off) = (long)x;
	return 0;
}

/* ---- words, text, paths ---- */

static const struct enum_name bool_names[] = {{"yes", 1}, {"no", 0}, {NULL, 0}};

static const struct enum_name *
names_of(const struct setting *s)
{
	return s->type == T_BOOL ? bool_names : s->names;
}

/* "a or b", "a, b or c" */
static void
join_names(const struct enum_name *e, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; e[i].name && len < n; i++) {
		const char *sep = i == 0 ? "" : e[i + 1].name ? ", " : " or ";

		len += (size_t)snprintf(buf + len, n - len, "%s%s", sep, e[i].name);
	}
}

static int
set_enum(struct config *c, const struct setting *s, const char *v, char *why, size_t n)
{
	char list[128];

	for (const struct enum_name *e = names_of(s); e->name; e++)
		if (strcasecmp(e->name, v) == 0) {
			if (s->type == T_BOOL)
				*(bool *)((char *)c + s->off) = e->value;
			else
				*(int *)((char *)c + s->off) = e->value;
			return 0;
		}
	join_names(names_of(s), list, sizeof(list));
	snprintf(why, n, "'%.40s' is not a value of %s: use %s", v, s->name, list);
	return -1;
}

/* Control characters would end up in mail headers and file names. */
static int
check_text(const struct setting *s, const char *v, char *why, size_t n)
{
	for (const char *p = v; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			snprintf(why, n,
				 "the value of %s holds a control character (tab, new "
				 "line...): write it without",
				 s->name);
			return -1;
		}
	return 0;
}

static int
too_long(const struct setting *s, size_t len, size_t max, bool joined, char *why,
	 size_t n)
{
	snprintf(why, n, "the value of %s is too long (%zu bytes%s; at most %zu)", s->name,
		 len, joined ? " with the config file's directory before it" : "", max);
	return -1;
}

static int
set_string(struct config *c, const struct setting *s, const char *v, char *why, size_t n)
{
	size_t len = strlen(v);

	if (len >= s->size)
		return too_long(s, len, s->size - 1, false, why, n);
	if (v[0] != '\0' && s->check && s->check(v, why, n) < 0)
		return -1;
	memcpy((char *)c + s->off, v, len + 1);
	return 0;
}

/* A relative path is taken from dir (the config file's directory). */
static int
set_path(struct config *c, const struct setting *s, const char *dir, const char *v,
	 char *why, size_t n)
{
	size_t max = s->max ? (size_t)s->max : s->size - 1;
	bool join = dir != NULL && v[0] != '\0' && v[0] != '/';
	const char *sep = join && dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "";
	char path[2 * CONFIG_PATH_MAX];
	int len;

	if (v[0] == '\0' && s->def[0] != '\0') {
		snprintf(why, n, "%s cannot be empty: write e.g. '%s %s'", s->name, s->name,
			 s->def);
		return -1;
	}
	while (join && v[0] == '.' && v[1] == '/')
		v += 2;
	if (!join)
		len = snprintf(path, sizeof(path), "%s", v);
	else if (v[0] == '\0' || strcmp(v, ".") == 0)
		len = snprintf(path, sizeof(path), "%s", dir);
	else
		len = snprintf(path, sizeof(path), "%s%s%s", dir, sep, v);
	if (len < 0 || (size_t)len > max)
		return too_long(s, len < 0 ? 0 : (size_t)len, max, join, why, n);
	memcpy((char *)c + s->off, path, (size_t)len + 1);
	return 0;
}

static int
set_value(struct config *c, const struct setting *s, const char *dir, const char *v,
	  char *why, size_t n)
{
	if (check_text(s, v, why, n) < 0)
		return -1;
	switch (s->type) {
	case T_PATH:
		return set_path(c, s, dir, v, why, n);
	case T_STRING:
		return set_string(c, s, v, why, n);
	case T_ENUM:
	case T_BOOL:
		return set_enum(c, s, v, why, n);
	case T_SIZE:
	case T_SECONDS:
	case T_COUNT:
		return set_number(c, s, v, why, n);
	}
	return -1;
}

static void
format_value(const struct config *c, const struct setting *s, char *buf, size_t n)
{
	const char *field = (const char *)c + s->off;
	int v;

	switch (s->type) {
	case T_PATH:
	case T_STRING:
		snprintf(buf, n, "%s", field);
		return;
	case T_SIZE:
		format_number(s, (long long)*(const size_t *)field, buf, n);
		return;
	case T_SECONDS:
		format_number(s, *(const long *)field, buf, n);
		return;
	case T_COUNT:
		format_number(s, *(const int *)field, buf, n);
		return;
	case T_ENUM:
	case T_BOOL:
		v = s->type == T_BOOL ? *(const bool *)field : *(const int *)field;
		for (const struct enum_name *e = names_of(s); e->name; e++)
			if (e->value == v) {
				snprintf(buf, n, "%s", e->name);
				return;
			}
		snprintf(buf, n, "%d", v);
		return;
	}
}

/* ---- the API ---- */

void
config_defaults(struct config *c)
{
	char why[300];

	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < NSETTINGS; i++)
		set_value(c, &settings[i], NULL, settings[i].def, why, sizeof(why));
}

int
config_set(struct config *c, const char *dir, const char *name, const char *value,
	   char *why, size_t nwhy)
{
	const struct setting *s = find_setting(name);
	char list[128];

	if (s == NULL) {
		unknown(name, why, nwhy);
		return -1;
	}
	if (value != NULL)
		return set_value(c, s, dir, value, why, nwhy);
	if (s->type == T_ENUM || s->type == T_BOOL) {
		join_names(names_of(s), list, sizeof(list));
		snprintf(why, nwhy, "missing value for %s: use %s", s->name, list);
	} else {
		snprintf(why, nwhy, "missing value for %s: write e.g. '%s %s'", s->name,
			 s->name, s->example ? s->example : s->def);
	}
	return -1;
}

int
config_get(const struct config *c, const char *name, char *buf, size_t n)
{
	const struct setting *s = find_setting(name);

	if (s == NULL)
		return -1;
	format_value(c, s, buf, n);
	return 0;
}

/* Quoted when the value would not read back as it is. */
static void
write_value(FILE *fp, const char *v)
{
	if (v[0] != '\0' && strpbrk(v, " \t\"\\#") == NULL) {
		fputs(v, fp);
		return;
	}
	fputc('"', fp);
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			fputc('\\', fp);
		fputc(*v, fp);
	}
	fputc('"', fp);
}

void
config_write(const struct config *c, FILE *fp)
{
	char value[CONFIG_PATH_MAX];

	fputs("# carcpbem.conf: one setting a line, \"name value\" (carcpbem.conf(5)).\n",
	      fp);
	for (size_t i = 0; i < NSETTINGS; i++) {
		const struct setting *s = &settings[i];

		fputs("\n# ", fp);
		for (const char *h = s->help; *h; h++) {
			fputc(*h, fp);
			if (*h == '\n')
				fputs("# ", fp);
		}
		fprintf(fp, "\n%s ", s->name);
		format_value(c, s, value, sizeof(value));
		write_value(fp, value);
		fputc('\n', fp);
	}
}

/* ---- durations for the deadlines ---- */

int
config_parse_duration(const char *v, long *out, char *why, size_t n)
{
	long long x;
	int r = parse_scaled(v, "smhd", time_mult, &x);

	if (r < 0 || x > 366 * DAY) {
		snprintf(why, n, "'%.40s' is not a duration of at most a year: write a number "
			 "with s, m, h or d after it, e.g. 72h or 3d", v);
		return -1;
	}
	*out = (long)x;
	return 0;
}

void
config_format_duration(long seconds, char *buf, size_t n)
{
	format_scaled(seconds, "smhd", time_mult, 4, buf, n);
}

int
config_durations(const char *v, long *out, int max, long limit, char *why, size_t n)
{
	char one[32];
	int k = 0;

	if (v[0] == '\0' || strcasecmp(v, "none") == 0)
		return 0;
	for (const char *p = v;; k++) {
		size_t len = strcspn(p, ",");

		if (k == max) {
			snprintf(why, n, "'%.60s' lists more than %d reminders", v, max);
			return -1;
		}
		snprintf(one, sizeof(one), "%.*s", (int)(len < 31 ? len : 31), p);
		if (len >= sizeof(one) || config_parse_duration(one, &out[k], why, n) < 0)
			return -1;
		if (out[k] > limit || (k > 0 && out[k] >= out[k - 1])) {
			snprintf(why, n, "'%.60s': write the reminders longest first, each "
				 "at most %ld seconds before the deadline, e.g. 24h,0", v, limit);
			return -1;
		}
		if (p[len] == '\0')
			return k + 1;
		p += len + 1;
	}
}

static int
check_reminders(const char *v, char *why, size_t n)
{
	long r[4];

	return config_durations(v, r, 4, 366 * DAY, why, n) < 0 ? -1 : 0;
}
