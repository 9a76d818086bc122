/* Setting up the mail loop from the config: paths, sink, passwords. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include <sys/stat.h>
#include <syslog.h>

#include "maildir.h"
#include "pbem.h"
#include "render.h"
#include "safetext.h"

static int
read_password(const char *file, char *out, size_t n, const char *what, char *why,
	      size_t nwhy)
{
	char reason[300];

	if (file[0] == '\0')
		return 0;
	if (config_read_secret(file, out, n, reason, sizeof(reason)) == 0)
		return 0;
	snprintf(why, nwhy, "%s: %s", what, reason);
	return -1;
}

static void
setup_imap(struct pbem *p)
{
	const struct config *c = &p->cfg;

	p->imap.url = c->imap_url;
	p->imap.user = c->imap_user;
	p->imap.password = p->imap_password;
	p->imap.tls = c->imap_tls;
	p->imap.cafile = c->cafile[0] ? c->cafile : NULL;
	p->imap.done_folder = c->imap_done_folder[0] ? c->imap_done_folder : NULL;
	p->imap.timeout = c->timeout;
	p->imap.max_size = c->max_message_size;
	p->imap.claim = p->spool_id; /* "" until pbem_open reads it: no claim */
}

static void
setup_sink(struct pbem *p)
{
	const struct config *c = &p->cfg;

	if (c->outbox == OUTBOX_SMTP) {
		p->smtp.url = c->smtp_url;
		p->smtp.user = c->smtp_user[0] ? c->smtp_user : NULL;
		p->smtp.password = p->smtp_password;
		p->smtp.tls = c->smtp_tls;
		p->smtp.cafile = c->cafile[0] ? c->cafile : NULL;
		p->smtp.timeout = c->timeout;
		p->sink.send = queue_sink_smtp;
		p->sink.ctx = &p->smtp;
		p->sink.take = NULL;
		p->sink.files = false;
	} else {
		p->sink.send = queue_sink_dir;
		p->sink.ctx = p->outbox;
		p->sink.take = queue_take_dir;
		p->sink.files = true;
	}
}

void
pbem_rebind(struct pbem *p)
{
	setup_imap(p);
	setup_sink(p);
}

/* The spool and its parents (mode 0700: it holds the games' seeds). */
static int
make_spool(const char *spool, struct mail_error *err)
{
	char path[CONFIG_PATH_MAX];

	snprintf(path, sizeof(path), "%s", spool);
	for (char *s = strchr(path + 1, '/'); s != NULL; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(path, 0700);
		*s = '/';
	}
	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return merr(err, MAIL_TEMP, "cannot create the spool %s: %s", path,
			    strerror(errno));
	return 0;
}

int
pbem_open(struct pbem *p, const struct config *cfg, const struct catalog *cat, char *why,
	  size_t n)
{
	struct mail_error err = {0};
	const char *now = getenv("CARCPBEM_NOW");

	memset(p, 0, sizeof(*p));
	p->writer = WRITER_NONE;
	p->cfg = *cfg;
	config_finish(&p->cfg);
	p->cat = cat;
	p->fixed_now = now ? (time_t)strtoll(now, NULL, 10) : 0;
	p->now_file = getenv("CARCPBEM_NOW_FILE");
	pbem_clock_tick(p);
	snprintf(p->games, sizeof(p->games), "%s/games", p->cfg.spool);
	snprintf(p->queue, sizeof(p->queue), "%s/queue", p->cfg.spool);
	snprintf(p->inbox, sizeof(p->inbox), "%s", p->cfg.maildir);
	snprintf(p->outbox, sizeof(p->outbox), "%s", p->cfg.outbox_dir);
	snprintf(p->journal, sizeof(p->journal), "%s/imap-journal", p->cfg.spool);
	if (read_password(p->cfg.imap_password_file, p->imap_password,
			  sizeof(p->imap_password), "imap-password-file", why, n) < 0 ||
	    read_password(p->cfg.smtp_password_file, p->smtp_password,
			  sizeof(p->smtp_password), "smtp-password-file", why, n) < 0)
		return -1;
	setup_imap(p);
	setup_sink(p);
	p->maps = render_cache_new(cat); /* NULL: each map makes its own */
	if (make_spool(p->cfg.spool, &err) < 0 || maildir_create(p->inbox, &err) < 0) {
		snprintf(why, n, "%s", err.text);
		return -1;
	}
	if (p->cfg.inbox == INBOX_IMAP &&
	    pbem_spool_id(p->cfg.spool, p->spool_id, why, n) < 0)
		return -1;
	writers_enter(p->cfg.spool, &p->writer); /* none: a read-only spool */
	return 0;
}

void
pbem_close(struct pbem *p)
{
	sodium_memzero(p->imap_password, sizeof(p->imap_password));
	sodium_memzero(p->smtp_password, sizeof(p->smtp_password));
	pbem_players_forget(p);
	writers_leave(&p->writer);
	render_cache_free(p->maps);
	p->maps = NULL;
}

/* The fake clock of a test that moves it while a daemon runs: the number
 * in the file (read at the start of each pass: pbem_clock_tick), and the
 * machine's time up and its boot when the test gives them ("WALL UP
 * [BOOT]"; without them, no evidence of the real time between passes). */
static time_t
now_from_file(struct pbem *p)
{
	long long t = 0, up = -1;
	char boot[sizeof(p->boot_id)] = "test";
	FILE *f = fopen(p->now_file, "r");

	p->boot_id[0] = '\0';
	if (f != NULL) {
		if (fscanf(f, "%lld %lld %39s", &t, &up, boot) < 1)
			t = 0;
		fclose(f);
	}
	if (up >= 0)
		snprintf(p->boot_id, sizeof(p->boot_id), "%s", boot), p->boot_up = up;
	return t > 0 ? (time_t)t : time(NULL);
}

/* The boot this process runs in (read once: it cannot change) and the
 * time up now; the boot "" when either cannot be read. */
static void
boot_clock(struct pbem *p)
{
	struct timespec ts;
	FILE *f;

	if (p->boot_id[0] == '\0' && (f = fopen("/proc/sys/kernel/random/boot_id", "r"))) {
		if (fscanf(f, "%39s", p->boot_id) != 1)
			p->boot_id[0] = '\0';
		fclose(f);
	}
	if (clock_gettime(CLOCK_BOOTTIME, &ts) == 0)
		p->boot_up = (long long)ts.tv_sec;
	else
		p->boot_id[0] = '\0';
}

void
pbem_clock_tick(struct pbem *p)
{
	if (p->now_file != NULL)
		p->file_now = now_from_file(p);
	else if (p->fixed_now)
		p->boot_id[0] = '\0'; /* a fixed test time: no real time to set it against */
	else
		boot_clock(p);
}

time_t
pbem_now(const struct pbem *p)
{
	if (p->now_file != NULL)
		return p->file_now;
	return p->fixed_now ? p->fixed_now : time(NULL);
}

void
pbem_log(const struct pbem *p, int level, const char *fmt, ...)
{
	static const int prio[] = {LOG_ERR, LOG_WARNING, LOG_INFO};
	char raw[1024], line[2048];
	va_list ap;

	if (p->quiet && level == PBEM_INFO)
		return;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* Log lines quote mail and turns: ESC or BEL in them must not act. */
	safe_text(line, sizeof(line), raw, SAFE_LINE);
	if (p->cfg.log == CONFIG_LOG_SYSLOG)
		syslog(prio[level], "%s", line);
	else
		fprintf(stderr, "carcpbem: %s%s\n",
			level == PBEM_ERR ? "error: " : level == PBEM_WARN ? "warning: " : "",
			line);
}

void
pbem_envelope_from(const struct pbem *p, char *buf, size_t n)
{
	const char *lt = strchr(p->cfg.from, '<');

	if (lt == NULL)
		snprintf(buf, n, "%s", p->cfg.from);
	else
		snprintf(buf, n, "%.*s", (int)strcspn(lt + 1, ">"), lt + 1);
}
