/* The mails of a game, made from a signed game with addresses and read
 * back: recipients, names, threading, the notice's legal actions and turn
 * to fill in, the attached view (the player's own, no secret), the
 * archive at the end, replies to mails, and the same mails each time. */
#include <sodium.h>
#include <strings.h>
#include <sys/stat.h>

#include <gmime/gmime.h>

#include "mails.h"
#include "mails_impl.h"
#include "render.h"
#include "replay.h"
#include "report.h"
#include "turn/signed-game.h"
#include "tap.h"

#define DOMAIN "example.org"
#define ROOT "<g1.game@" DOMAIN ">"

static const char *const names[] = {"alice", "bob", "carol"};
/* carol has no address: she gets no mail. */
static const char *const addresses[] = {"alice@example.net", "bob@example.com", NULL};

struct env {
	struct config cfg;
	struct catalog *cat;
	struct mail_ctx ctx;
	struct signed_game sg;
	char tmp[32], dir[64];
	char seed_hex[2 * SEED_BYTES + 1];
};

/* A signed game for three, with addresses for alice and bob. */
static void
create(struct env *e)
{
	struct game_setup s = {.nplayers = 3, .start = -1};
	struct turn_error terr_ = {0};
	struct gf_error err = {0};
	struct gamefile *gf;
	uint8_t seed[32] = {0};

	rules_options_default(&s.opt);
	s.seed[0] = 42;
	memset(&e->sg, 0, sizeof(e->sg));
	e->sg.nplayers = 3;
	if ((gf = gamefile_new(e->cat, &s, names, &err)) == NULL ||
	    gamefile_set_id(gf, "g1", &err) < 0)
		bail_out("gamefile_new: %s", err.text);
	for (int p = 0; p < 3; p++) {
		seed[0] = (uint8_t)p, seed[1] = 7;
		crypto_sign_seed_keypair(e->sg.key[p].pk, e->sg.key[p].sk, seed);
		snprintf(e->sg.key[p].label, sizeof(e->sg.key[p].label), "%s", names[p]);
		gamefile_set_key(gf, p, e->sg.key[p].pk, &err);
		if (addresses[p])
			gamefile_set_address(gf, p, addresses[p], &err);
	}
	gamefile_seed_hex(gf->setup.seed, e->seed_hex);
	if (gamedir_of(e->dir, &e->sg.gd, &err) < 0 || gamedir_create(e->dir, &err) < 0 ||
	    archive_create(&e->sg.gd, gf, 1700000000, &terr_) < 0)
		bail_out("archive_create: %s %s", err.text, terr_.text);
	ai_rng_seed(&e->sg.rng, s.seed);
	e->sg.cap = game_legal_cap(gf->game);
	e->sg.buf = malloc(sizeof(*e->sg.buf) * e->sg.cap);
	gamefile_free(gf);
}

static void
setup(struct env *e)
{
	struct rules_error re = {0};

	memset(e, 0, sizeof(*e));
	if (sodium_init() < 0 || (e->cat = catalog_load_builtin(&re)) == NULL)
		bail_out("setup: %s", re.text);
	mail_mime_init();
	config_defaults(&e->cfg);
	snprintf(e->cfg.from, sizeof(e->cfg.from), "Carcassonne <games@%s>", DOMAIN);
	snprintf(e->cfg.domain, sizeof(e->cfg.domain), "%s", DOMAIN);
	e->cfg.templates[0] = '\0';
	e->cfg.png = true;
	e->ctx = (struct mail_ctx){.cfg = &e->cfg, .cat = e->cat, .now = 1700000100};
	snprintf(e->tmp, sizeof(e->tmp), "/tmp/carc-mails-XXXXXX");
	if (mkdtemp(e->tmp) == NULL)
		bail_out("mkdtemp");
	snprintf(e->dir, sizeof(e->dir), "%s/g1", e->tmp);
	create(e);
}

/* ---- reading the mails back ---- */

/* Header name's value, folded lines joined (malloc'd), or NULL. */
static char *
header(const struct outmail *m, const char *name)
{
	const char *end = strstr(m->text, "\r\n\r\n"), *p = m->text;
	size_t n = strlen(name);
	char *out, *w;

	for (; p && p < end; p = strstr(p, "\r\n") ? strstr(p, "\r\n") + 2 : NULL)
		if (strncasecmp(p, name, n) == 0 && p[n] == ':')
			break;
	if (p == NULL || p >= end)
		return NULL;
	out = w = malloc(strlen(p));
	for (p += n + 1; *p == ' '; p++)
		;
	for (; p < end; p++) {
		if (p[0] == '\r' && p[1] == '\n') {
			if (p[2] != ' ' && p[2] != '\t')
				break;
			p++;
			continue;
		}
		*w++ = *p == '\t' ? ' ' : *p;
	}
	*w = '\0';
	return out;
}

static int
header_is(const struct outmail *m, const char *name, const char *want)
{
	char *got = header(m, name);
	int same = (got == NULL && want == NULL) || (got && want && strcmp(got, want) == 0);

	if (!same)
		diag("%s: %s is \"%s\", not \"%s\"", m->name, name, got ? got : "(none)",
		     want ? want : "(none)");
	free(got);
	return same;
}

/* The attachment named file, base64-decoded (malloc'd, NUL-ended), or NULL. */
static char *
attachment(const struct outmail *m, const char *file, size_t *len)
{
	char quoted[128];
	const char *p, *body, *end;
	size_t cap;
	char *out;

	snprintf(quoted, sizeof(quoted), "filename=%s", file);
	if ((p = strstr(m->text, quoted)) == NULL) {
		snprintf(quoted, sizeof(quoted), "filename=\"%s\"", file);
		if ((p = strstr(m->text, quoted)) == NULL)
			return NULL;
	}
	if ((body = strstr(p, "\r\n\r\n")) == NULL || (end = strstr(body, "\r\n--")) == NULL)
		return NULL;
	body += 4;
	cap = (size_t)(end - body);
	out = malloc(cap + 1);
	if (sodium_base642bin((unsigned char *)out, cap, body, (size_t)(end - body), "\r\n",
			      len, NULL, sodium_base64_VARIANT_ORIGINAL) != 0) {
		free(out);
		return NULL;
	}
	out[*len] = '\0';
	return out;
}

static const struct outmail *
find(const struct outmails *o, const char *name)
{
	for (int i = 0; i < o->n; i++)
		if (strcmp(o->m[i].name, name) == 0)
			return &o->m[i];
	return NULL;
}

/* With $T_MAILS_DUMP set to a directory, every mail read back is written
 * there as NAME.eml, to look at the mails as players get them. */
static void
dump(const struct outmail *m)
{
	const char *dir = getenv("T_MAILS_DUMP");
	char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s.eml", dir ? dir : "", m->name);
	if (dir && (fp = fopen(path, "w")) != NULL) {
		fwrite(m->text, 1, m->len, fp);
		fclose(fp);
	}
}

static struct mail_in
parse(const struct outmail *m)
{
	struct mail_in in = {0};
	struct mail_error err = {0};

	dump(m);

	if (mail_parse(m->text, m->len, &in, &err) < 0)
		diag("mail_parse %s: %s", m->name, err.text);
	return in;
}

/* ---- checks ---- */

/* What every mail has; reply: the mail it answers, or NULL. */
static void
check_common(const struct env *e, const struct outmail *m, const char *to,
	     const struct mail_reply *reply, const char *refs_want)
{
	char id[QUEUE_NAME_MAX + 40], irt[200];
	char *subject = header(m, "Subject"), *kind = NULL;
	struct mail_in in = parse(m);

	snprintf(id, sizeof(id), "<%s@%s>", m->name, DOMAIN);
	if (reply)
		snprintf(irt, sizeof(irt), "<%s>", reply->message_id);
	ok(m->nto == 1 && strcmp(m->to[0], to) == 0, "%s: to %s", m->name, to);
	ok(header_is(m, "Message-Id", id), "%s: Message-ID <NAME@DOMAIN>", m->name);
	ok(subject && strncmp(subject, "[carcassonne g1] ", 17) == 0, "%s: subject \"%s\"",
	   m->name, subject ? subject : "");
	ok(header_is(m, "References", refs_want), "%s: References", m->name);
	ok(header_is(m, "In-Reply-To", reply ? irt : NULL), "%s: In-Reply-To", m->name);
	ok(header_is(m, "Auto-Submitted", reply ? "auto-replied" : "auto-generated"),
	   "%s: Auto-Submitted", m->name);
	ok(header_is(m, MAIL_LOOP_HEADER, DOMAIN), "%s: the loop header", m->name);
	kind = header(m, "X-Carcpbem-Kind");
	ok(header_is(m, "List-Id", "Carcassonne game g1 <g1.carcpbem." DOMAIN ">") &&
		   header_is(m, "X-Carcpbem-Game", "g1") && kind != NULL && strstr(m->name, kind),
	   "%s: List-Id, X-Carcpbem-Game, X-Carcpbem-Kind %s", m->name, kind ? kind : "");
	free(kind);
	ok(header_is(m, "Date", "Tue, 14 Nov 2023 22:15:00 +0000"), "%s: Date is the context's",
	   m->name);
	ok(in.from && strcmp(in.from, "games@" DOMAIN) == 0 && in.never_answer,
	   "%s: from the host, and never answered if it comes back", m->name);
	ok(strstr(m->text, e->seed_hex) == NULL && strstr(in.text, e->seed_hex) == NULL,
	   "%s: the seed is not in it", m->name);
	free(subject);
	mail_in_free(&in);
}

/* The view attached to seat's notice: the player's own, no secret. */
static void
check_view(const struct env *e, const struct outmail *m, const struct gamefile *gf,
	   int seat)
{
	char file[64];
	size_t len = 0;
	char *view;
	json_t *j;

	snprintf(file, sizeof(file), "g1-%s.json", gf->name[seat]);
	view = attachment(m, file, &len);
	j = view ? json_loads(view, 0, NULL) : NULL;
	ok(j != NULL, "%s: %s attached", m->name, file);
	is_str(json_string_value(json_object_get(j, "view")), "player", "%s: a player view",
	       m->name);
	is_str(json_string_value(json_object_get(json_object_get(j, "you"), "name")),
	       gf->name[seat], "%s: the player's own", m->name);
	ok(view && !json_object_get(j, "secret") && !strstr(view, "\"seed\"") &&
		   !strstr(view, e->seed_hex),
	   "%s: no seed, no bag order in the view", m->name);
	for (int p = 0; p < gf->nplayers; p++)
		if (p != seat && addresses[p])
			ok(view && !strstr(view, addresses[p]), "%s: no address of %s",
			   m->name, gf->name[p]);
	json_decref(j);
	free(view);
	snprintf(file, sizeof(file), "g1-turn%d.png", gf->game->turn);
	view = attachment(m, file, &len);
	if (render_have_png())
		ok(view && len > 8 && memcmp(view, "\x89PNG", 4) == 0, "%s: the map as %s",
		   m->name, file);
	else
		ok(view == NULL, "%s: no picture without cairo", m->name);
	free(view);
}

/* The notice's legal actions and its turn, which turn_parse reads once
 * an Action line is filled in. */
static void
check_notice(const struct env *e, const struct outmail *m, const struct gamefile *gf,
	     int seat)
{
	struct mail_in in = parse(m);
	struct turn_error terr = {0};
	struct action *a = NULL;
	char one[80], state[GF_STATE_HEX + 1], *filled = NULL, *act;
	int n = gamefile_legal_sorted(gf->game, &a), missing = 0;
	struct turn t = {0};

	for (int i = 0; i < n; i++) {
		snprintf(one, sizeof(one), "  ");
		action_format(gf->game, &a[i], one + 2, sizeof(one) - 2);
		strcat(one, "\n");
		missing += strstr(in.text, one) == NULL;
	}
	ok(n > 0 && missing == 0, "%s: the %d legal actions, one a line", m->name, n);
	ok(in.nblocks == 1, "%s: one turn block", m->name);
	if (in.nblocks >= 1 && (act = strstr(in.block[0].text, "Action:\n")) != NULL) {
		action_format(gf->game, &a[0], one, sizeof(one));
		filled = malloc(strlen(in.block[0].text) + sizeof(one) + 2);
		sprintf(filled, "%.*sAction: %s%s", (int)(act - in.block[0].text),
			in.block[0].text, one, act + 7);
	}
	gamefile_state_hash(gf, state);
	if (!ok(filled && turn_parse(filled, strlen(filled), 0, &t, &terr) == 0,
		"%s: the turn, an Action filled in, reads", m->name))
		diag("%s", terr.text);
	ok(strcmp(t.game, "g1") == 0 && t.number == gf->game->turn &&
		   strcmp(t.player, gf->name[seat]) == 0 && strcmp(t.state, state) == 0 &&
		   t.nactions == 1 && !t.is_signed,
	   "%s: game, turn %ld, player %s, state %s of the decision", m->name, t.number,
	   t.player, t.state);
	check_view(e, m, gf, seat);
	free(filled);
	free(a);
	mail_in_free(&in);
}

static int
same_mails(const struct outmails *a, const struct outmails *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (strcmp(a->m[i].name, b->m[i].name) != 0 || a->m[i].len != b->m[i].len ||
		    memcmp(a->m[i].text, b->m[i].text, a->m[i].len) != 0)
			return 0;
	return 1;
}

static int
body_holds(const struct outmail *m, const char *what)
{
	struct mail_in in = parse(m);
	int has = strstr(in.text, what) != NULL;

	mail_in_free(&in);
	return has;
}

static int
body_has(const struct outmail *m, const char *what)
{
	int has = body_holds(m, what);

	if (!has)
		diag("%s has no \"%s\"", m->name, what);
	return has;
}

/* ---- the mails of a game ---- */

/* issue 21.2: the text notice has every player's score and supply, as
 * report_players writes them (the lines STATUS and the updates show). */
static void
check_scores(const struct outmail *m, const struct gamefile *gf)
{
	struct memtext t;
	FILE *fp = memtext_open(&t);
	char *lines, *line, *save = NULL;
	int missing = 0;

	report_players(fp, gf);
	lines = memtext_close(&t);
	for (line = strtok_r(lines, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		missing += !body_holds(m, line);
	ok(body_has(m, "Scores and the followers left in each supply:") && missing == 0 &&
		   body_has(m, "of 7 followers in supply"),
	   "issue 21.2: %s: the text has each player's score and follower supply", m->name);
	free(lines);
}

/* issue 21.3: the tile drawn described as each rotation turns it, so
 * "knight N" at 180 is the knight of rotation 180's north. */
static void
check_rotations(const struct outmail *m, const struct gamefile *gf)
{
	struct decision d;
	char sides[200], want[260], old[80];
	int missing = 0;

	game_decision(gf->game, &d);
	snprintf(old, sizeof(old), "You drew %s: ", gf->cat->types[d.tile].id);
	for (int r = 0; r < 4; r++) {
		tile_describe(&gf->cat->types[d.tile], r, sides, sizeof(sides));
		snprintf(want, sizeof(want), "rotation %3d: %s; ", r * 90, sides);
		missing += !body_has(m, want);
	}
	ok(missing == 0 && !body_holds(m, old),
	   "issue 21.3: %s: the tile's sides and places by rotation, not by rotation 0 alone",
	   m->name);
}

static void
start(const struct env *e, const struct gamefile *gf)
{
	struct template_error err = {{0}};
	struct outmails o = {0}, again = {0};
	const struct outmail *m;

	ok(mails_start(&e->ctx, gf, &o, &err) == 0, "mails_start %s", err.text);
	is_int(o.n, 2, "start: the notice to alice, the start to bob, nothing to carol");
	if ((m = find(&o, "g1-r0-notice-1")) != NULL) {
		check_common(e, m, addresses[0], NULL, ROOT);
		check_notice(e, m, gf, 0);
		ok(body_has(m, "You drew "), "the notice names the tile drawn");
		check_scores(m, gf);
		check_rotations(m, gf);
	} else
		ok(0, "g1-r0-notice-1 made");
	if ((m = find(&o, "g1-r0-start-2")) != NULL) {
		check_common(e, m, addresses[1], NULL, ROOT);
		ok(body_has(m, "alice (A), bob (B), carol (C)") && body_has(m, "Turn 1: alice (A) to place"),
		   "the start names the players in seat order and who starts");
	} else
		ok(0, "g1-r0-start-2 made");
	mails_start(&e->ctx, gf, &again, &err);
	ok(same_mails(&o, &again), "start: the same mails, byte for byte, made again");
	outmails_free(&o);
	outmails_free(&again);
}

/* The next turn, signed, applied to the game directory. */
static int
play(struct env *e, struct gamefile **gf, struct apply_result *res)
{
	struct turn_error err = {0};
	char *text = sg_turn(&e->sg, *gf);
	int r;

	if (text == NULL)
		return -1;
	gamefile_free(*gf);
	r = archive_apply(&e->sg.gd, e->cat, text, strlen(text), 1700000050, gf, res, &err);
	if (r < 0)
		bail_out("archive_apply: %s", err.text);
	free(text);
	return 0;
}

static const struct mail_reply alice_turn = {
	"m1700000050.1.host", "alice@example.net", "turn-1@example.net",
	ROOT " <g1-r0-notice-1@" DOMAIN ">"};

/* After alice's turn: the notice to bob; the update to alice answers her
 * mail; carol has no address. */
static void
first_turn(const struct env *e, const struct gamefile *gf, const struct apply_result *res)
{
	struct template_error err = {{0}};
	struct outmails o = {0}, again = {0};
	const struct outmail *m;
	const char *thread = ROOT " <g1-r0-notice-1@" DOMAIN "> <turn-1@example.net>";

	ok(mails_turn(&e->ctx, &e->sg.gd, gf, res->record, res->events_from, NULL, &alice_turn, &o,
		      &err) == 0,
	   "mails_turn %s", err.text);
	is_int(o.n, 2, "turn 1: the notice to bob, the update to alice, nothing to carol");
	if ((m = find(&o, "g1-r1-notice-2")) != NULL) {
		check_common(e, m, addresses[1], NULL, ROOT);
		check_notice(e, m, gf, 1);
		ok(body_has(m, "alice placed "), "the notice says what happened");
		check_scores(m, gf);
	} else
		ok(0, "g1-r1-notice-2 made");
	if ((m = find(&o, "g1-r1-update-1")) != NULL) {
		check_common(e, m, addresses[0], &alice_turn, thread);
		ok(body_has(m, "your turn in game g1 is played") &&
			   body_has(m, "alice placed ") && body_has(m, "bob (B) to place"),
		   "the update to the mover: what happened, whose move");
	} else
		ok(0, "g1-r1-update-1 made");
	mails_turn(&e->ctx, &e->sg.gd, gf, res->record, res->events_from, NULL, &alice_turn, &again,
		   &err);
	ok(same_mails(&o, &again), "turn 1: the same mails, byte for byte, made again");
	outmails_free(&o);
	outmails_free(&again);
}

/* carol's move: no notice (no address), updates to alice and bob. */
static void
carols_move(const struct env *e, const struct gamefile *gf, const struct apply_result *res)
{
	struct template_error err = {{0}};
	struct outmails o = {0};
	char a[32], b[32];

	ok(mails_turn(&e->ctx, &e->sg.gd, gf, res->record, res->events_from, NULL, NULL, &o, &err) ==
		   0,
	   "mails_turn %s", err.text);
	snprintf(a, sizeof(a), "g1-r%ld-update-1", res->record);
	snprintf(b, sizeof(b), "g1-r%ld-update-2", res->record);
	ok(o.n == 2 && find(&o, a) && find(&o, b),
	   "carol's move: updates to alice and bob, no notice");
	if (o.n == 2)
		ok(body_has(&o.m[0], "bob played in game g1"), "the update names who played");
	outmails_free(&o);
}

/* A turn of the tile alone: the figure is still its player's decision,
 * and the notice asks for it, with one Action line. */
static void
figure_notice(const struct env *e, const struct gamefile *gf)
{
	struct template_error err = {{0}};
	struct rules_error re = {0};
	struct gf_error ge = {0};
	struct outmails o = {0};
	struct gamefile *copy = gamefile_initial(gf, &ge);
	struct action *a = NULL;
	struct decision d;
	char one[64];
	int from;

	for (int i = 0; copy && i < gf->naction; i++)
		gamefile_play(copy, gf->action[i], &re);
	if (copy == NULL || gamefile_legal_sorted(copy->game, &a) < 1)
		bail_out("cannot copy the game");
	game_decision(copy->game, &d);
	from = copy->game->nevents;
	action_format(copy->game, &a[0], one, sizeof(one));
	gamefile_play(copy, one, &re);
	ok(mails_turn(&e->ctx, &e->sg.gd, copy, 99, from, NULL, NULL, &o, &err) == 0 && o.n >= 1 &&
		   strcmp(o.m[0].name, "g1-r99-notice-2") == 0,
	   "a tile placed, the figure to come: the notice to its player %s", err.text);
	if (o.n >= 1) {
		check_notice(e, &o.m[0], copy, d.player);
		ok(body_has(&o.m[0], "You placed ") && body_has(&o.m[0], "Action:\n-----END") &&
			   !body_holds(&o.m[0], "Action:\nAction:"),
		   "the notice for a figure: the tile placed, one Action line");
		const struct placed_tile *pt = &copy->game->placed[copy->game->last_placed];
		char sides[200], want[260];
		tile_describe(&copy->cat->types[pt->type], pt->rot, sides, sizeof(sides));
		snprintf(want, sizeof(want), "as placed, rotation %3d: %s; ", pt->rot * 90, sides);
		ok(body_has(&o.m[0], want),
		   "issue 21.3: the figure notice names the places of the tile as turned");
	}
	free(a);
	gamefile_free(copy);
	outmails_free(&o);
}

/* ---- answers to mails ---- */

static const struct mail_reply bob_asks = {"m1700000060.2.host", "bob@example.com",
					   "ask@example.com", NULL};

static void
replies(const struct env *e, const struct gamefile *gf)
{
	struct template_error err = {{0}};
	struct outmails o = {0};
	const struct mail_reply mallory = {"m1700000070.3.host", "mallory@evil.example",
					   "forged@evil.example", NULL};
	const char *thread = ROOT " <ask@example.com>";
	const struct outmail *m;

	ok(mails_error(&e->ctx, gf, &bob_asks, "Your turn was made for turn 9.",
		       "Get the current view and move again.", &o, &err) == 0 &&
		   o.n == 1 && (m = find(&o, "m1700000060.2.host-error")) != NULL,
	   "mails_error %s", err.text);
	if (o.n == 1) {
		check_common(e, &o.m[0], "bob@example.com", &bob_asks, thread);
		ok(body_has(&o.m[0], "Your turn was made for turn 9.") &&
			   body_has(&o.m[0], "Get the current view") &&
			   body_has(&o.m[0], "The legal actions now"),
		   "the error: what, how to fix it, the legal actions");
	}
	outmails_free(&o);

	ok(mails_error(&e->ctx, NULL, &bob_asks, "No turn file.", "", &o, &err) == 0 &&
		   o.n == 1,
	   "mails_error without a game %s", err.text);
	if (o.n == 1) {
		ok(header_is(&o.m[0], "Subject", "[carcassonne] your mail could not be used"),
		   "without a game: no game in the subject tag");
		ok(header_is(&o.m[0], "References", "<ask@example.com>"),
		   "without a game: References the mail answered");
	}
	outmails_free(&o);

	ok(mails_forged(&e->ctx, gf, 1, &mallory, "the key is not bob's", &o, &err) == 0 &&
		   o.n == 1 && (m = find(&o, "m1700000070.3.host-forged-2")) != NULL,
	   "mails_forged %s", err.text);
	if (o.n == 1) {
		check_common(e, &o.m[0], "bob@example.com", NULL, ROOT);
		ok(body_has(&o.m[0], "mallory@evil.example") &&
			   body_has(&o.m[0], "the key is not bob's") &&
			   body_has(&o.m[0], "Nothing was applied"),
		   "the warning names the sender and says nothing was applied");
	}
	outmails_free(&o);
	ok(mails_forged(&e->ctx, gf, 2, &mallory, "x", &o, &err) == 0 && o.n == 0,
	   "no warning to a seat without an address");
	outmails_free(&o);
}

static void
verbs(const struct env *e, const struct gamefile *gf)
{
	struct template_error err = {{0}};
	struct outmails o = {0};
	const char *thread = ROOT " <ask@example.com>";

	ok(mails_help(&e->ctx, NULL, &bob_asks, &o, &err) == 0 && o.n == 1 &&
		   strcmp(o.m[0].name, "m1700000060.2.host-help") == 0,
	   "mails_help %s", err.text);
	if (o.n == 1)
		ok(header_is(&o.m[0], "Subject", "[carcassonne] how to play by mail") &&
			   body_has(&o.m[0], "HISTORY") && body_has(&o.m[0], "carcpbem move"),
		   "help: the verbs and the tools");
	outmails_free(&o);
	ok(mails_help(&e->ctx, gf, &bob_asks, &o, &err) == 0 && o.n == 1, "help with a game");
	if (o.n == 1)
		ok(body_has(&o.m[0], "[carcassonne g1]"), "help with a game: its tag");
	outmails_free(&o);

	ok(mails_status(&e->ctx, gf, &bob_asks, &o, &err) == 0 && o.n == 1 &&
		   strcmp(o.m[0].name, "m1700000060.2.host-status") == 0,
	   "mails_status %s", err.text);
	if (o.n == 1) {
		check_common(e, &o.m[0], "bob@example.com", &bob_asks, thread);
		ok(body_has(&o.m[0], "Hello bob") && body_has(&o.m[0], "followers in supply") &&
			   body_has(&o.m[0], "Legend"),
		   "status: scores, supplies, map");
	}
	outmails_free(&o);

	ok(mails_map(&e->ctx, gf, 1, &bob_asks, &o, &err) == 0 && o.n == 1, "mails_map %s",
	   err.text);
	if (o.n == 1 && render_have_png()) {
		size_t len = 0;
		char *png = attachment(&o.m[0], "g1-turn3.png", &len);
		ok(png && body_has(&o.m[0], "attached as a\npicture: g1-turn3.png") &&
			   !body_holds(&o.m[0], "draws no"),
		   "issue 21 (low): the MAP answer names the picture it attaches");
		free(png);
	}
	outmails_free(&o);

	ok(mails_history(&e->ctx, &e->sg.gd, gf, &bob_asks, &o, &err) == 0 && o.n == 1 &&
		   strcmp(o.m[0].name, "m1700000060.2.host-history") == 0,
	   "mails_history %s", err.text);
	if (o.n == 1)
		ok(body_has(&o.m[0], "  turn 1    alice  place ") &&
			   body_has(&o.m[0], "  turn 2    bob    place ") &&
			   body_has(&o.m[0], "2023-11-14T22:14:10Z"),
		   "history: turn, player, actions and time, a line each");
	outmails_free(&o);
}

/* A host's template with a typo: an error naming file and line. */
static void
bad_template(struct env *e, const struct gamefile *gf)
{
	struct template_error err = {{0}};
	struct outmails o = {0};
	char dir[64], path[80];
	FILE *fp;

	snprintf(dir, sizeof(dir), "%s/tpl", e->tmp);
	snprintf(path, sizeof(path), "%s/status.txt", dir);
	mkdir(dir, 0700);
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("Subject: s\n\nHi\n{{scroes}}\n", fp);
		fclose(fp);
	}
	snprintf(e->cfg.templates, sizeof(e->cfg.templates), "%s", dir);
	ok(mails_status(&e->ctx, gf, &bob_asks, &o, &err) < 0 &&
		   strcmp(err.text, "status.txt:4: no value for {{scroes}}") == 0,
	   "a typo in a host's template: %s", err.text);
	ok(mails_help(&e->ctx, gf, &bob_asks, &o, &err) == 0 && o.n == 1,
	   "the kinds it did not write stay built in");
	e->cfg.templates[0] = '\0';
	outmails_free(&o);
	unlink(path);
	rmdir(dir);
}

/* issue 21 (low): the game-over mail shows the final board whole: an
 * HTML version with the picture, and the text map in pages, never
 * cropped around the last tile. */
static char *tree_of(const struct outmail *m, char **html, char **cid);

static void
check_over_map(const struct outmail *m, const struct gamefile *gf)
{
	char *tree, *html = NULL, *cid = NULL, want[200], file[40];
	size_t len = 0;
	char *png;

	tree = tree_of(m, &html, &cid);
	snprintf(file, sizeof(file), "g1-turn%d.png", gf->game->turn);
	png = attachment(m, file, &len);
	snprintf(want, sizeof(want), "<img src=\"cid:%s\"", cid ? cid : "?");
	ok(strstr(tree, "alternative(text/plain,text/html,)") &&
		   (!render_have_png() || (png && html && cid && strstr(html, want))),
	   "issue 21: %s: an HTML version showing the final map %s (%s)", m->name, file, tree);
	ok(body_has(m, "The final map") && !body_holds(m, "Cropped to fit") &&
		   body_has(m, "Part 1 of "),
	   "issue 21: %s: the text map whole, in pages, not cropped", m->name);
	free(png);
	g_free(tree), g_free(html), g_free(cid);
}

/* The end: the game-over mail to alice and bob, the archive attached. */
static void
game_over(const struct env *e, const struct gamefile *gf, const struct apply_result *res)
{
	struct template_error err = {{0}};
	struct turn_error terr = {0};
	struct replay_report rep = {0};
	struct outmails o = {0};
	char name[40], path[80];
	size_t len = 0;
	char *archive = NULL;
	FILE *fp;

	ok(mails_turn(&e->ctx, &e->sg.gd, gf, res->record, res->events_from, NULL, NULL, &o, &err) ==
		   0,
	   "mails_turn at the end %s", err.text);
	is_int(o.n, 2, "game over: a mail to alice and bob");
	for (int p = 0; p < 2; p++) {
		const struct outmail *m;
		snprintf(name, sizeof(name), "g1-r%ld-over-%d", res->record, p + 1);
		if ((m = find(&o, name)) == NULL) {
			ok(0, "%s made", name);
			continue;
		}
		check_common(e, m, addresses[p], NULL, ROOT);
		ok(body_has(m, "Final scores:") && body_has(m, "carcpbem replay g1-archive.json"),
		   "%s: final scores, how to check the archive", name);
		free(archive);
		archive = attachment(m, "g1-archive.json", &len);
		ok(archive && strstr(archive, "\"carcpbem-archive\"") && strstr(archive, "\"maps\""),
		   "%s: the archive attached, with its maps", name);
		check_over_map(m, gf);
	}
	snprintf(path, sizeof(path), "%s/archive.json", e->tmp);
	if (archive && (fp = fopen(path, "w")) != NULL) {
		fwrite(archive, 1, len, fp);
		fclose(fp);
	}
	ok(replay_archive(path, e->cat, &rep, &terr) == 0 && rep.shuffle_checked,
	   "the attached archive replays %s", terr.text);
	gamefile_free(rep.gf);
	unlink(path);
	free(archive);
	outmails_free(&o);
}

/* ---- the HTML version and the machine-readable parts ---- */

/* The MIME tree, "mixed(related(alternative(text/plain,text/html),
 * image/png),application/json)"; *html the text/html part's text and
 * *cid the Content-ID of the part shown in it (g_free both). */
static void
mime_tree(GMimeObject *o, GString *out, char **html, char **cid)
{
	GMimeContentType *ct = g_mime_object_get_content_type(o);
	const char *sub = g_mime_content_type_get_media_subtype(ct);

	if (GMIME_IS_MULTIPART(o)) {
		g_string_append_printf(out, "%s(", sub);
		for (int i = 0; i < g_mime_multipart_get_count(GMIME_MULTIPART(o)); i++)
			mime_tree(g_mime_multipart_get_part(GMIME_MULTIPART(o), i),
				  out, html, cid);
		g_string_append_c(out, ')');
		return;
	}
	g_string_append_printf(out, "%s/%s,", g_mime_content_type_get_media_type(ct), sub);
	if (g_mime_content_type_is_type(ct, "text", "html") && *html == NULL) {
		GMimeStream *mem = g_mime_stream_mem_new();
		GByteArray *b;
		g_mime_data_wrapper_write_to_stream(g_mime_part_get_content(GMIME_PART(o)), mem);
		b = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
		*html = g_strndup((const char *)b->data, b->len);
		g_object_unref(mem);
	}
	if (g_mime_object_get_content_id(o) && *cid == NULL)
		*cid = g_strdup(g_mime_object_get_content_id(o));
}

static char *
tree_of(const struct outmail *m, char **html, char **cid)
{
	GMimeStream *in = g_mime_stream_mem_new_with_buffer(m->text, m->len);
	GMimeParser *parser = g_mime_parser_new_with_stream(in);
	GMimeMessage *msg = g_mime_parser_construct_message(parser, NULL);
	GString *s = g_string_new("");

	*html = *cid = NULL;
	if (msg) {
		mime_tree(g_mime_message_get_mime_part(msg), s, html, cid);
		g_object_unref(msg);
	}
	g_object_unref(parser);
	g_object_unref(in);
	return g_string_free(s, FALSE);
}

/* The headers a script sorts mail by (docs/mail.md). */
static void
check_machine_headers(const struct outmail *m, const char *kind)
{
	ok(header_is(m, "List-Id", "Carcassonne game g1 <g1.carcpbem." DOMAIN ">") &&
		   header_is(m, "X-Carcpbem-Game", "g1") && header_is(m, "X-Carcpbem-Kind", kind),
	   "%s: List-Id, X-Carcpbem-Game, X-Carcpbem-Kind %s", m->name, kind);
}

/* A name with HTML in it (a game file's names cannot have it: this is the
 * second line of defence), then the start's notice and mails: the HTML
 * version escapes it, shows the map by its Content-ID, the scores, the
 * legal actions and the turn to fill in. */
static void
html_version(const struct env *e, struct gamefile *gf)
{
	struct template_error err = {{0}};
	struct outmails o = {0};
	const struct outmail *m;
	char saved[GF_NAME_LEN + 1], *tree, *html, *cid, want[200];
	const char *png = render_have_png() ? "image/png," : "";

	snprintf(saved, sizeof(saved), "%s", gf->name[0]);
	snprintf(gf->name[0], sizeof(gf->name[0]), "<script>&x");
	ok(mails_start(&e->ctx, gf, &o, &err) == 0, "html: mails_start %s", err.text);
	if ((m = find(&o, "g1-r0-notice-1")) == NULL)
		bail_out("no notice");
	tree = tree_of(m, &html, &cid);
	snprintf(want, sizeof(want),
		 render_have_png()
		     ? "mixed(related(alternative(text/plain,text/html,)%s%s)application/json,)"
		     : "mixed(alternative(text/plain,text/html,)%s%sapplication/json,)",
		 png, png);
	is_str(tree, want,
	       "notice: mixed(related(alternative(text, html), png, the tile's png), json)");
	ok(html && strstr(html, "Hello &lt;script&gt;&amp;x,") && !strstr(html, "<script"),
	   "notice html: the name escaped, no <script>");
	ok(body_has(m, "Hello <script>&x,"), "notice text: the name as it is");
	if (render_have_png()) {
		snprintf(want, sizeof(want), "<img src=\"cid:%s\"", cid ? cid : "?");
		ok(html && cid && strstr(html, want), "notice html: the map by its Content-ID %s",
		   cid ? cid : "(none)");
	}
	ok(html && strstr(html, "-----BEGIN CARCASSONNE TURN-----") &&
		   strstr(html, "Player: &lt;script&gt;&amp;x") && strstr(html, "place 0 -1 "),
	   "notice html: the turn to fill in and the legal actions");
	ok(html && strstr(html, ">Points</th>") && strstr(html, ">Tiles left</th>") &&
		   strstr(html, ">bob</td>"),
	   "notice html: the players table and the facts table");
	ok(html && strstr(html, "name=\"viewport\"") && !strstr(html, "http"),
	   "notice html: for phones, nothing from outside");
	ok(html && strstr(html, "rotation 180: ") && strstr(html, "; knight ") &&
		   !strstr(html, "text version of this mail ("),
	   "issue 21.6: notice html: the place names of each rotation in the HTML itself");
	ok(!render_have_png() || (html && strstr(html, "<img src=\"cid:panel.")),
	   "issue 21.6: notice html: the tile's rotations a picture of its own");
	check_machine_headers(m, "notice");
	g_free(tree), g_free(html), g_free(cid);
	if ((m = find(&o, "g1-r0-start-2")) != NULL) {
		tree = tree_of(m, &html, &cid);
		ok(strstr(tree, "alternative(text/plain,text/html,)") &&
			   strstr(tree, "application/json,)"),
		   "start: text and HTML, the view attached: %s", tree);
		size_t len = 0;
		char *view = attachment(m, "g1-bob.json", &len);
		ok(view && strstr(view, "\"view\": \"player\""), "start: bob's own view");
		free(view);
		check_machine_headers(m, "start");
		g_free(tree), g_free(html), g_free(cid);
	}
	outmails_free(&o);
	snprintf(gf->name[0], sizeof(gf->name[0]), "%s", saved);
}

/* One more line in the facts table shows in the text and in the HTML. */
static void
facts_table(const struct gamefile *gf)
{
	struct facts f;
	struct template_vars v = {0};
	const char *text = NULL, *html = NULL;

	if (facts_make(NULL, gf, -1, NULL, &f) < 0)
		bail_out("facts_make");
	ok(facts_row(&f, "Deadline", "2026-12-01 12:00 UTC <soon> & more") == 0,
	   "facts_row: a new fact");
	facts_vars(gf, &f, &v);
	for (int i = 0; i < v.n; i++) {
		if (strcmp(v.name[i], "facts") == 0)
			text = v.value[i];
		if (strcmp(v.name[i], "facts_html") == 0)
			html = v.value[i];
	}
	ok(text && strstr(text, "  Tiles left: ") &&
		   strstr(text, "\n  Deadline:   2026-12-01 12:00 UTC <soon> & more"),
	   "the text table has it, aligned");
	ok(html && strstr(html, ">Deadline</th>") &&
		   strstr(html, ">2026-12-01 12:00 UTC &lt;soon&gt; &amp; more</td>"),
	   "the HTML table has it, escaped");
	facts_free(&f);
}

int
main(void)
{
	struct apply_result res = {0};
	struct gf_error ge = {0};
	struct gamefile *gf;
	struct env e;
	bool carol_seen = false;

	setup(&e);
	if ((gf = gamefile_load(e.sg.gd.state, e.cat, &ge)) == NULL)
		bail_out("%s", ge.text);
	start(&e, gf);
	html_version(&e, gf);
	facts_table(gf);
	play(&e, &gf, &res);
	first_turn(&e, gf, &res);
	figure_notice(&e, gf);
	play(&e, &gf, &res);
	replies(&e, gf);
	verbs(&e, gf);
	bad_template(&e, gf);
	while (!gf->game->over && play(&e, &gf, &res) == 0) {
		struct decision d;
		game_decision(gf->game, &d);
		if (d.player == 2 && !carol_seen) {
			carols_move(&e, gf, &res);
			carol_seen = true;
		}
	}
	ok(gf->game->over, "played to the end (%ld records)", res.record);
	game_over(&e, gf, &res);
	gamefile_free(gf);
	sg_remove(&e.sg);
	sg_free(&e.sg);
	rmdir(e.tmp);
	catalog_free(e.cat);
	mail_mime_shutdown();
	render_cleanup();
	return done_testing();
}
