/* Whole games by signed turns through the library, as a host runs them:
 * every turn applied to the game directory (state.json, history.jsonl),
 * each sent twice (once mangled by mail) and recognized the second time;
 * then the history replayed, the game exported and the archive replayed,
 * the shuffle of the seed re-done. */
#include <sodium.h>
#include <sys/stat.h>

#include "replay.h"
#include "signed-game.h"
#include "tap.h"

/* CR LF and "> " quoting: the same turn to the host. */
static char *
mangle(const char *text)
{
	char *out = malloc(strlen(text) * 2 + 8), *o = out;

	*o++ = '>', *o++ = ' ';
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			*o++ = '\r', *o++ = '\n';
			if (p[1])
				*o++ = '>', *o++ = ' ';
		} else
			*o++ = *p;
	}
	*o = '\0';
	return out;
}

struct tally {
	int turns, applied, duplicates, other;
};

static void
apply_twice(struct signed_game *sg, const struct catalog *cat, const char *text,
	    struct gamefile **gf, struct tally *t)
{
	struct turn_error err = {0};
	struct apply_result res;
	char *again = mangle(text);

	gamefile_free(*gf);
	if (archive_apply(&sg->gd, cat, text, strlen(text), 1700000000, gf, &res, &err) ==
	    0)
		t->applied++;
	else if (t->other++ == 0)
		diag("refused: %s: %s", turn_code_name(err.code), err.text);
	gamefile_free(*gf);
	if (archive_apply(&sg->gd, cat, again, strlen(again), 1700000001, gf, &res,
			  &err) < 0 &&
	    err.code == TURN_DUPLICATE)
		t->duplicates++;
	free(again);
	t->turns++;
}

static void
whole_game(const struct catalog *cat, const char *name, int n,
	   const struct rules_options *opt, int tag)
{
	char dir[] = "/tmp/carc-archive-XXXXXX", game[64], arch[80];
	struct signed_game sg;
	struct turn_error err = {0};
	struct gf_error ge = {0};
	struct replay_report rep;
	struct tally t = {0};
	struct gamefile *gf;
	json_t *root;
	char *text;

	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	snprintf(game, sizeof(game), "%s/game", dir);
	snprintf(arch, sizeof(arch), "%s/archive.json", dir);
	if (sg_create(&sg, cat, game, n, opt, tag) < 0)
		bail_out("cannot create %s", game);
	gf = gamefile_load(sg.gd.state, cat, &ge);
	while (gf && (text = sg_turn(&sg, gf)) != NULL) {
		apply_twice(&sg, cat, text, &gf, &t);
		free(text);
	}
	ok(gf && gf->game->over && t.applied == t.turns && t.other == 0,
	   "%s: %d signed turns applied, the game played to its end", name, t.applied);
	is_int(t.duplicates, t.turns, "%s: each sent again, mangled: already applied",
	       name);
	if (!ok(replay_dir(&sg.gd, cat, &rep, &err) == 0 && rep.records == t.turns + 1,
		"%s: the history replays", name))
		diag("%s", err.text);
	gamefile_free(rep.gf);
	root = export_archive(&sg.gd, cat, 1700000002, &err);
	ok(root && json_dump_file(root, arch, JSON_INDENT(2)) == 0, "%s: exported", name);
	if (!ok(replay_archive(arch, cat, &rep, &err) == 0 && rep.shuffle_checked,
		"%s: the archive replays, the shuffle of the seed re-done", name))
		diag("%s", err.text);
	gamefile_free(rep.gf);
	json_decref(root);
	gamefile_free(gf);
	unlink(arch);
	sg_remove(&sg);
	sg_free(&sg);
	rmdir(dir);
}

/* A record the reader would refuse is never written; a read that fails
 * keeps nothing (the sanitizer build reports a leak otherwise). */
static void
history_limits(void)
{
	char path[] = "/tmp/carc-history-XXXXXX", *line = malloc(HISTORY_LINE_MAX + 1);
	struct history_record r = {.seq = 1, .event = HISTORY_TURN, .turn = 1};
	struct turn_error err = {0};
	struct history h;
	struct stat st;
	int fd = mkstemp(path);
	FILE *fp;

	if (fd < 0 || line == NULL)
		bail_out("mkstemp");
	snprintf(r.player, sizeof(r.player), "alice");
	snprintf(r.state, sizeof(r.state), "0123456789abcdef");
	snprintf(r.time, sizeof(r.time), "2023-11-14T22:13:20Z");
	r.text = malloc(HISTORY_LINE_MAX);
	memset(r.text, 'a', HISTORY_LINE_MAX - 1);
	r.text[HISTORY_LINE_MAX - 1] = '\0';
	free(line);
	line = history_line(&r);
	ok(history_append(fd, line, &err) < 0 && fstat(fd, &st) == 0 && st.st_size == 0,
	   "history: a record longer than the reader takes is not written");
	ok(strstr(err.text, "too long for a record") != NULL, "... and says so: %s", err.text);
	r.text[10] = '\0';
	free(line);
	line = history_line(&r);
	ok(history_append(fd, line, &err) == 0, "history: a short record is written");
	close(fd);
	fp = fopen(path, "a");
	fputs("{\"seq\":2}\n", fp);
	fclose(fp);
	ok(history_read(path, &h, &err) < 0 && h.n == 0 && h.rec == NULL,
	   "history: a read that fails keeps none of the records read before");
	ok(strstr(err.text, "line 2: ") != NULL, "... and names the line at fault: %s", err.text);
	history_free(&h);
	free(line);
	free(r.text);
	unlink(path);
}

int
main(void)
{
	struct rules_error re = {0};
	struct rules_options base, options;
	struct catalog *cat;

	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		bail_out("setup: %s", re.text);
	rules_options_default(&base);
	options = base;
	options.edition = 2;
	module_set(&options, MOD_RIVER, true);
	module_set(&options, MOD_ABBOT, true);
	history_limits();
	whole_game(cat, "base, 2 players", 2, &base, 1);
	whole_game(cat, "2nd edition, river, abbot, 3 players", 3, &options, 2);
	catalog_free(cat);
	return done_testing();
}
