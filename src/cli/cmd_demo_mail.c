/* carcpbem demo: a whole game played by mail on the embedded defaults.
 * The host's mail loop runs on a spool (a temporary one unless --spool);
 * computer players read their mail from the outbox, make and sign their
 * turns with their own keys, and deliver their answers into the inbox
 * Maildir, until the game is over. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "act.h"
#include "apply.h"
#include "bot.h"
#include "cli.h"
#include "demo.h"
#include "maildir.h"
#include "pbem.h"
#include "render.h"
#include "report.h"

/* Keys for each player in SPOOL/players/, and their bots. */
static int
make_players(struct mail_demo *d, const uint8_t seed[SEED_BYTES], const struct ai_params *ai)
{
	struct turn_error err = {0};
	char dir[CONFIG_PATH_MAX + 16], sec[CONFIG_PATH_MAX + 64], pub[CONFIG_PATH_MAX + 64];
	uint8_t ai_seed[SEED_BYTES];

	snprintf(dir, sizeof(dir), "%s/players", d->spool);
	mkdir(dir, 0700);
	for (int i = 0; i < d->n; i++) {
		struct bot *b = &d->bot[i];
		struct pubkey pk;
		snprintf(sec, sizeof(sec), "%s/%s.key", dir, demo_player_names[i]);
		snprintf(pub, sizeof(pub), "%s/%s.pub", dir, demo_player_names[i]);
		if (key_generate(sec, pub, demo_player_names[i], &pk, &err) < 0 ||
		    key_load_secret(sec, &b->key, &err) < 0) {
			cli_turn_error(sec, &err);
			return -1;
		}
		b->cat = d->cat;
		b->ai = *ai;
		snprintf(b->address, sizeof(b->address), "%s@players.invalid",
			 demo_player_names[i]);
		for (char *c = b->address; *c != '@'; c++)
			*c = (char)(*c | 0x20); /* lower case */
		seed_derive(seed, "carcpbem demo players", (uint32_t)i, ai_seed);
		ai_rng_seed(&b->rng, ai_seed);
	}
	return 0;
}

/* The game in SPOOL/games/ID, each player with key and address. */
static int
make_game(struct mail_demo *d, const struct game_setup *setup)
{
	struct gf_error e = {"", ""};
	struct turn_error err = {0};
	char dir[CONFIG_PATH_MAX + 64];

	if ((d->gf = gamefile_new(d->cat, setup, demo_player_names, &e)) == NULL)
		goto gf_fail;
	for (int i = 0; i < d->n; i++)
		if (gamefile_set_key(d->gf, i, d->bot[i].key.pk, &e) < 0 ||
		    gamefile_set_address(d->gf, i, d->bot[i].address, &e) < 0)
			goto gf_fail;
	snprintf(dir, sizeof(dir), "%s/games/%s", d->spool, d->gf->id);
	mkdir(d->p.games, 0700);
	if (gamedir_of(dir, &d->gd, &e) < 0 || gamedir_create(dir, &e) < 0)
		goto gf_fail;
	if (archive_create(&d->gd, d->gf, cli_now(), &err) < 0) {
		cli_turn_error(dir, &err);
		return -1;
	}
	return 0;
gf_fail:
	cli_gf_error("demo", &e);
	return -1;
}

static int
open_host(struct mail_demo *d)
{
	struct config c;
	char why[600];

	config_defaults(&c);
	snprintf(c.spool, sizeof(c.spool), "%s", d->spool);
	snprintf(c.from, sizeof(c.from), "Carcassonne demo <host@demo.invalid>");
	c.png = d->png; /* the text map is in every mail; pictures only slow a demo */
	config_finish(&c);
	if (pbem_open(&d->p, &c, d->cat, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return -1;
	}
	d->p.quiet = true;
	return 0;
}

static int
announce(struct mail_demo *d)
{
	char why[600];

	if (pbem_announce(&d->p, &d->gd, d->gf, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return -1;
	}
	return 0;
}

/* Host passes and the players' answers, until nobody has mail to answer. */
static int
play_by_mail(struct mail_demo *d)
{
	for (int pass = 0; pass < 100000; pass++) {
		struct pbem_stats st = {0};
		int answers;
		if (pbem_run_once(&d->p, true, &st) < 0) {
			cli_error("the host failed: %s", st.error);
			return -1;
		}
		if ((answers = demo_players_read(d)) < 0)
			return -1;
		d->turns_sent += answers;
		if (answers == 0)
			return 0;
	}
	cli_error("the game does not end");
	return -1;
}

static void
print_start(const struct mail_demo *d)
{
	char hex[2 * SEED_BYTES + 1], rules[128];

	gamefile_seed_hex(d->gf->setup.seed, hex);
	rules_describe(&d->gf->setup.opt, rules, sizeof(rules));
	cli_say(stdout, "Demo: game %s by mail between computer players (%s)", d->gf->id,
		ai_kind_name(d->bot[0].ai.kind));
	for (int p = 0; p < d->gf->nplayers; p++)
		cli_say(stdout, "%s %s <%s>", p ? "," : "", d->gf->name[p], d->gf->address[p]);
	cli_say(stdout, ";\n%s. Seed %s\n", rules, hex);
	cli_say(stdout, "Host spool: %s (inbox Maildir, queue, outbox, games)\n\n", d->spool);
}

/* The exported archive, next to the game directory. */
static int
write_archive(const struct mail_demo *d, char *path, size_t n)
{
	struct turn_error err = {0};
	size_t len;
	char *text = export_with_maps(&d->gd, d->cat, cli_now(), &len, &err);
	int r;

	if (text == NULL)
		return cli_turn_error(d->gd.dir, &err), -1;
	snprintf(path, n, "%s/%s-archive.json", d->spool, d->gf->id);
	r = cli_write_out(path, text, 0644, true) == EXIT_OK ? 0 : -1;
	free(text);
	return r;
}

static int
print_end(struct mail_demo *d)
{
	struct gf_error e = {"", ""};
	char archive[CONFIG_PATH_MAX + 64];
	const struct game *g;
	struct render_opts o;
	const char *names[MAX_PLAYERS];
	char *board;
	int i;

	gamefile_free(d->gf);
	if ((d->gf = gamefile_load(d->gd.state, d->cat, &e)) == NULL)
		return cli_gf_error(d->gd.state, &e), -1;
	g = d->gf->game;
	if (!g->over) {
		cli_error("the mail stopped before the end of the game (turn %d)", g->turn);
		return -1;
	}
	for (i = g->nevents; i > 0 && (g->events[i - 1].kind == EV_GAME_OVER ||
				      (g->events[i - 1].kind == EV_SCORE &&
				       g->events[i - 1].final));)
		i--;
	render_opts_default(&o);
	o.width = 0; /* the whole board */
	for (int p = 0; p < d->gf->nplayers; p++)
		names[p] = d->gf->name[p];
	o.names = names;
	board = render_ascii_string(g, &o);
	cli_say(stdout, "\nFinal board:\n%s\nFinal scoring:\n", board ? board : "");
	free(board);
	report_events(stdout, d->gf, i, "  ", NULL);
	putchar('\n');
	report_final(stdout, d->gf);
	if (write_archive(d, archive, sizeof(archive)) < 0)
		return -1;
	cli_say(stdout, "\n%d turns played by mail: %d mails read by the players, every turn signed "
	       "and verified.\nArchive: %s\n  (check it: carcpbem replay %s)\n"
	       "History: %s\nMail: %s/read (sent by the host), %s/cur (the players' turns)\n",
	       d->turns_sent, d->mails_read, archive, archive, d->gd.history, d->p.outbox,
	       d->p.inbox);
	return 0;
}

/* A fresh spool: the one given (created if missing), or a temporary one. */
static int
make_spool(struct mail_demo *d, const char *spool)
{
	if (spool != NULL) {
		snprintf(d->spool, sizeof(d->spool), "%s", spool);
		if (mkdir(spool, 0700) < 0 && errno != EEXIST) {
			cli_error("cannot create %s: %s", spool, strerror(errno));
			return -1;
		}
		return 0;
	}
	snprintf(d->spool, sizeof(d->spool), "%s/carcpbem-demo.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(d->spool) == NULL) {
		cli_error("cannot create %s: %s", d->spool, strerror(errno));
		return -1;
	}
	return 0;
}

int
demo_by_mail(const struct catalog *cat, const struct game_setup *setup, const char *spool,
	     bool verbose, bool png, const struct ai_params *ai)
{
	struct mail_demo d = {.cat = cat, .n = setup->nplayers, .verbose = verbose, .png = png};
	int r = EXIT_FAIL;

	if (make_spool(&d, spool) < 0 || open_host(&d) < 0)
		return EXIT_FAIL;
	if (make_players(&d, setup->seed, ai) == 0 && make_game(&d, setup) == 0 &&
	    announce(&d) == 0) {
		print_start(&d);
		if (play_by_mail(&d) == 0 && print_end(&d) == 0)
			r = EXIT_OK;
	}
	for (int i = 0; i < d.n; i++)
		key_wipe(&d.bot[i].key);
	gamefile_free(d.gf);
	pbem_close(&d.p);
	return r;
}
