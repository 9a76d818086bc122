/* Benchmark: turn mails through the host's Maildir path (docs/PERFORMANCE.md).
 *
 *	bench-mail [-n MESSAGES] [-g GAMES] [-t TURNS] [-d DIR] [-k] [-p] [-v]
 *
 * Makes a spool in a new directory under DIR (default $TMPDIR or /tmp:
 * its file system counts, for fsync) with GAMES games (default 20) of
 * two computer players each (bot.h; keys made in memory), announces them
 * and has the players answer their notices. Then, round after round:
 * one signed answer per game waits in inbox/new (made before the clock
 * starts), and the host's pbem_process_inbox (read, parse, verify, apply,
 * save, compose and queue the mails that follow) and pbem_flush (the
 * queue to the outbox directory) run over them, timed. PNG maps are off
 * (-p: on, as carcpbem.conf has them by default, a picture in every
 * notice). The players then read the outbox and answer, untimed; a game
 * that ends is replaced by a new one, so GAMES stay active. Rounds go on
 * until at least MESSAGES (default 2000; 0: none) were measured. -t plays
 * TURNS rounds first, untimed (counted in mail.setup_s): games in
 * mid-game, whose state.json is larger and replays more actions (with
 * TURNS of 70 or more, some games end and new ones start).
 * -k keeps the spool, with the next round's answers waiting in its inbox
 * (for daemon-rss.sh) and SPOOL/timers made, as a pass leaves them, and
 * prints where it is. -v prints each round's times on stderr.
 *
 * make bench passes BENCH_ARGS to every benchmark: -n is taken as
 * MESSAGES; bench-playout's -b -r -c are ignored, and so is its
 * "-k TIMES" (a number after -k), so that it does not keep a spool.
 * Prints "key: value" lines and one line for people.
 */
#define _XOPEN_SOURCE 700 /* nftw, to remove the spool */
#include <ctype.h>
#include <errno.h>
#include <dirent.h>
#include <ftw.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/vfs.h>
#endif

#include "apply.h"
#include "bot.h"
#include "deadline_pass.h"
#include "gamedir.h"
#include "maildir.h"
#include "message.h"
#include "pbem.h"

static const char *const names[2] = {"alice", "bob"};

/* One active game and its two players. */
struct table {
	char id[GF_ID_LEN + 1];
	struct bot bot[2];
};

struct bench {
	const struct catalog *cat;
	char spool[CONFIG_PATH_MAX];
	struct pbem p;
	struct table *table;
	int ngames;
	unsigned started; /* games made, for their seeds */
	long over;        /* games played to the end */
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const char *spool_made; /* named when a failure leaves it */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bench-mail: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (spool_made != NULL)
		fprintf(stderr, "bench-mail: the spool is left in %s\n", spool_made);
	exit(1);
}

/* A seed of its own for every game and key: the same run every time. */
static void
make_seed(const char *what, unsigned n, uint8_t seed[SEED_BYTES])
{
	char text[64];

	snprintf(text, sizeof(text), "bench-mail %s %u", what, n);
	crypto_generichash(seed, SEED_BYTES, (const unsigned char *)text, strlen(text), NULL,
			   0);
}

/* A new game at table t: keys, the game directory, the start mails queued. */
static void
new_game(struct bench *b, struct table *t)
{
	struct game_setup setup = {.nplayers = 2, .start = -1};
	struct gf_error e = {"", ""};
	struct turn_error terr = {0};
	char dir[CONFIG_PATH_MAX + 64], why[600];
	struct gamedir gd;
	struct gamefile *gf;
	unsigned n = b->started++;

	rules_options_default(&setup.opt);
	make_seed("game", n, setup.seed);
	if ((gf = gamefile_new(b->cat, &setup, names, &e)) == NULL)
		die("new game: %s", e.text);
	for (int i = 0; i < 2; i++) {
		struct bot *bot = &t->bot[i];
		uint8_t seed[SEED_BYTES];
		make_seed(names[i], n, seed);
		crypto_sign_seed_keypair(bot->key.pk, bot->key.sk, seed);
		snprintf(bot->key.label, sizeof(bot->key.label), "%s", names[i]);
		snprintf(bot->address, sizeof(bot->address), "%s@players.invalid", names[i]);
		bot->cat = b->cat;
		make_seed("rng", 2 * n + (unsigned)i, seed);
		ai_rng_seed(&bot->rng, seed);
		if (gamefile_set_key(gf, i, bot->key.pk, &e) < 0 ||
		    gamefile_set_address(gf, i, bot->address, &e) < 0)
			die("new game: %s", e.text);
	}
	snprintf(dir, sizeof(dir), "%s/%s", b->p.games, gf->id);
	if (gamedir_of(dir, &gd, &e) < 0 || gamedir_create(dir, &e) < 0)
		die("new game: %s", e.text);
	if (archive_create(&gd, gf, pbem_now(&b->p), &terr) < 0)
		die("new game: %s", terr.text);
	if (pbem_announce(&b->p, &gd, gf, why, sizeof(why)) < 0)
		die("announce: %s", why);
	snprintf(t->id, sizeof(t->id), "%s", gf->id);
	gamefile_free(gf);
}

static struct table *
table_of(struct bench *b, const char *id)
{
	for (int i = 0; i < b->ngames; i++)
		if (strcmp(b->table[i].id, id) == 0)
			return &b->table[i];
	return NULL;
}

/* Splits an outbox name "ID-rRECORD-KIND-SEAT.eml" (mails.h); 0 or -1. */
static int
split_name(char *name, char **kind, int *seat)
{
	char *dot = strrchr(name, '.'), *dash;

	if (dot == NULL || strcmp(dot, ".eml") != 0)
		return -1;
	*dot = '\0';
	if ((dash = strrchr(name, '-')) == NULL)
		return -1;
	*seat = atoi(dash + 1);
	*dash = '\0';
	if ((dash = strrchr(name, '-')) == NULL)
		return -1;
	*kind = dash + 1;
	*dash = '\0';
	if ((dash = strrchr(name, '-')) == NULL || dash[1] != 'r')
		return -1;
	*dash = '\0';
	return 0;
}

/* Player seat (1 or 2) of table t answers the notice at path into the inbox. */
static void
answer(struct bench *b, struct table *t, int seat, const char *path)
{
	struct mail_error err = {0};
	char why[300];
	size_t len, rlen;
	char *raw = mail_read_file(path, 0, &len, &err), *reply;

	if (raw == NULL)
		die("%s", err.text);
	if (seat < 1 || seat > 2 ||
	    bot_answer(&t->bot[seat - 1], raw, len, time(NULL), &reply, &rlen, why,
		       sizeof(why)) < 0)
		die("a player cannot answer: %s", seat < 1 || seat > 2 ? path : why);
	if (reply == NULL)
		die("a notice without a decision: %s", path);
	if (maildir_deliver(b->p.inbox, reply, rlen, NULL, NULL, &err) < 0)
		die("%s", err.text);
	free(reply);
	free(raw);
}

/* One read of the outbox: notices answered, a game over replaced by a new
 * one (its start mails queued); every mail read is removed. The number
 * of games started. */
static int
read_outbox(struct bench *b)
{
	char path[CONFIG_PATH_MAX + 300], name[300], *kind;
	DIR *dp = opendir(b->p.outbox);
	struct dirent *de;
	struct table *t;
	int seat, started = 0;

	if (dp == NULL)
		die("cannot read the outbox %s", b->p.outbox);
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", b->p.outbox, de->d_name);
		snprintf(name, sizeof(name), "%s", de->d_name);
		if (split_name(name, &kind, &seat) < 0)
			die("an unexpected mail in the outbox: %s", path);
		if ((t = table_of(b, name)) != NULL && strcmp(kind, "notice") == 0) {
			answer(b, t, seat, path);
		} else if (t != NULL && strcmp(kind, "over") == 0) {
			new_game(b, t);
			b->over++;
			started++;
		}
		if (unlink(path) < 0)
			die("cannot remove %s", path);
	}
	closedir(dp);
	return started;
}

static void
flush(struct bench *b)
{
	struct pbem_stats st = {0};

	if (pbem_flush(&b->p, true, &st) < 0)
		die("flush: %s", st.error);
}

/* The players read their mail until every game has its next turn
 * waiting in the inbox. */
static void
players(struct bench *b)
{
	while (read_outbox(b) > 0)
		flush(b);
}

struct round {
	int messages, mails;
	double process_s, flush_s;
};

static void
one_round(struct bench *b, struct round *r)
{
	struct pbem_stats st = {0};
	double t0, t1, t2;

	t0 = now();
	if (pbem_process_inbox(&b->p, &st) < 0)
		die("process: %s", st.error);
	t1 = now();
	if (pbem_flush(&b->p, true, &st) < 0)
		die("flush: %s", st.error);
	t2 = now();
	/* Every message must be a turn applied, or the numbers mean little. */
	if (st.messages == 0)
		die("no mail in the inbox");
	if (st.turns != st.messages || st.replies + st.failed + st.ignored > 0)
		die("a turn was refused: the players and the host disagree");
	r->messages = st.messages;
	r->mails = st.queue.sent;
	r->process_s = t1 - t0;
	r->flush_s = t2 - t1;
}

static int
by_rate(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The file system's name, as stat -f -c %T says it. */
static const char *
fs_type(const char *dir)
{
#ifdef __linux__
	static const struct {
		unsigned long magic;
		const char *name;
	} known[] = {
		{0xEF53, "ext2/ext3"}, /* ext4 too */
		{0x01021994, "tmpfs"},
		{0x58465342, "xfs"},
		{0x9123683E, "btrfs"},
		{0x794C7630, "overlayfs"},
		{0x6969, "nfs"},
		{0x2FC12FC1, "zfs"},
		{0xF2F52010, "f2fs"},
	};
	static char other[32];
	struct statfs sf;

	if (statfs(dir, &sf) < 0)
		return "unknown";
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if ((unsigned long)sf.f_type == known[i].magic)
			return known[i].name;
	snprintf(other, sizeof(other), "0x%lx", (unsigned long)sf.f_type);
	return other;
#else
	(void)dir;
	return "unknown";
#endif
}

static int
remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb, (void)flag, (void)ftw;
	return remove(path);
}

static void
open_host(struct bench *b, const char *dir, bool png)
{
	struct config c;
	char why[600];

	snprintf(b->spool, sizeof(b->spool), "%s/carcpbem-bench-mail.XXXXXX", dir);
	if (mkdtemp(b->spool) == NULL)
		die("cannot create a directory in %s", dir);
	spool_made = b->spool;
	config_defaults(&c);
	snprintf(c.spool, sizeof(c.spool), "%s", b->spool);
	snprintf(c.from, sizeof(c.from), "Carcassonne bench <host@bench.invalid>");
	c.png = png;
	config_finish(&c);
	if (pbem_open(&b->p, &c, b->cat, why, sizeof(why)) < 0)
		die("%s", why);
	b->p.quiet = true;
}

static void
usage(void)
{
	fprintf(stderr, "usage: bench-mail [-n MESSAGES] [-g GAMES] [-t TURNS] [-d DIR] [-k] [-p] "
			"[-v]\n");
	exit(2);
}

static void
print_results(const struct bench *b, const char *dir, struct round *r, int nr, double setup_s)
{
	double *rate = malloc(sizeof(*rate) * (size_t)(nr > 0 ? nr : 1));
	double process = 0, fl = 0;
	long messages = 0, mails = 0;
	struct rusage ru;

	if (rate == NULL)
		die("out of memory");
	for (int i = 0; i < nr; i++) {
		rate[i] = r[i].messages / (r[i].process_s + r[i].flush_s);
		messages += r[i].messages;
		mails += r[i].mails;
		process += r[i].process_s;
		fl += r[i].flush_s;
	}
	qsort(rate, (size_t)nr, sizeof(*rate), by_rate);
	getrusage(RUSAGE_SELF, &ru);
	printf("mail.fs: %s\nmail.dir: %s\nmail.png: %s\nmail.games: %d\nmail.setup_s: %.2f\n",
	       fs_type(dir), dir, b->p.cfg.png ? "yes" : "no", b->ngames, setup_s);
	printf("mail.rounds: %d\nmail.messages: %ld\nmail.games_over: %ld\n", nr, messages,
	       b->over);
	if (nr > 0) {
		double med = nr % 2 ? rate[nr / 2] : (rate[nr / 2 - 1] + rate[nr / 2]) / 2;
		double mean = 1e6 * (process + fl) / messages;
		printf("mail.msgs_per_s: %.0f\nmail.msgs_per_s_min: %.0f\n"
		       "mail.msgs_per_s_max: %.0f\nmail.us_per_msg: %.0f\n"
		       "mail.us_per_msg_mean: %.0f\n",
		       med, rate[0], rate[nr - 1], 1e6 / med, mean);
		printf("mail.process_us_per_msg: %.0f\nmail.flush_us_per_msg: %.0f\n"
		       "mail.mails_per_msg: %.2f\n",
		       1e6 * process / messages, 1e6 * fl / messages, (double)mails / messages);
		printf("# %ld turn mails, %d games (%ld ended), spool on %s (%s), png %s: median "
		       "round %.0f messages/s (%.0f-%.0f), %.0f us each; mean %.0f us: "
		       "process %.0f (verify, apply, save, compose, queue), flush %.0f "
		       "(%.2f mails to the outbox)\n",
		       messages, b->ngames, b->over, fs_type(dir), dir,
		       b->p.cfg.png ? "yes" : "no", med, rate[0],
		       rate[nr - 1], 1e6 / med, mean, 1e6 * process / messages,
		       1e6 * fl / messages, (double)mails / messages);
	}
	printf("peak_rss_kb: %ld\n", ru.ru_maxrss);
	free(rate);
}

int
main(int argc, char **argv)
{
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	struct bench b = {.ngames = 20};
	struct rules_error re = {0};
	struct catalog *cat;
	struct round *r = NULL;
	long want = 2000, done = 0;
	int c, nr = 0, cap = 0, turns = 0;
	bool keep = false, verbose = false, png = false;
	double t0;

	/* "+": stop at the first operand, so that optind may skip the
	 * number of bench-playout's -k TIMES. */
	while ((c = getopt(argc, argv, "+n:g:t:d:kpvb:r:c:")) != -1) {
		if (c == 'n')
			want = atol(optarg);
		else if (c == 't')
			turns = atoi(optarg);
		else if (c == 'g')
			b.ngames = atoi(optarg);
		else if (c == 'd')
			dir = optarg;
		else if (c == 'k' && optind < argc && isdigit((unsigned char)argv[optind][0]))
			optind++;
		else if (c == 'k')
			keep = true;
		else if (c == 'v')
			verbose = true;
		else if (c == 'p')
			png = true;
		else if (c == '?')
			usage();
	}
	if (optind < argc || b.ngames < 1 || want < 0 || turns < 0)
		usage();
	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		die("setup failed: %s", re.text);
	mail_mime_init();
	b.cat = cat;
	if ((b.table = calloc((size_t)b.ngames, sizeof(*b.table))) == NULL)
		die("out of memory");
	t0 = now();
	open_host(&b, dir, png);
	for (int i = 0; i < b.ngames; i++)
		new_game(&b, &b.table[i]);
	flush(&b);
	players(&b);
	for (int i = 0; i < turns; i++) { /* to mid-game, untimed */
		struct round skip;
		one_round(&b, &skip);
		players(&b);
	}
	t0 = now() - t0;
	while (done < want) {
		if (nr == cap) {
			cap = cap ? 2 * cap : 64;
			if ((r = realloc(r, sizeof(*r) * (size_t)cap)) == NULL)
				die("out of memory");
		}
		one_round(&b, &r[nr]);
		if (verbose)
			fprintf(stderr, "round %d: %d messages, process %.1f ms, flush %.1f ms\n",
				nr + 1, r[nr].messages, 1e3 * r[nr].process_s,
				1e3 * r[nr].flush_s);
		done += r[nr++].messages;
		if (done < want || keep)
			players(&b);
	}
	print_results(&b, dir, r, nr, t0);
	if (keep) {
		/* SPOOL/timers as a pass leaves it: else the first pass on the
		 * spool reads every game to make it, which a benchmark of turns
		 * should not count */
		struct pbem_stats st = {0};
		if (pbem_deadlines(&b.p, &st) < 0)
			die("deadlines: %s", st.error);
		printf("mail.kept: %s\n", b.spool);
	}
	pbem_close(&b.p);
	for (int i = 0; i < b.ngames; i++)
		for (int k = 0; k < 2; k++)
			key_wipe(&b.table[i].bot[k].key);
	if (!keep && nftw(b.spool, remove_one, 16, FTW_DEPTH | FTW_PHYS) < 0)
		fprintf(stderr, "bench-mail: cannot remove %s: %s\n", b.spool, strerror(errno));
	free(r);
	free(b.table);
	catalog_free(cat);
	mail_mime_shutdown();
	return 0;
}
