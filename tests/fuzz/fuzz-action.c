/* Fuzz target: the action text parser (src/rules/action_text.c), one
 * action a line, checked and applied to a game in progress as a turn's
 * actions are; what parses must format and parse back the same. */
#include <sodium.h>

#include "ai.h"
#include "fuzz.h"
#include "gamefile.h"

/* A game some tiles and figures into play, the same every run. */
static struct gamefile *
sample_game(void)
{
	static const char *const names[] = {"alice", "bob", "carol"};
	static struct gamefile *gf;
	struct game_setup s = {.nplayers = 3, .start = -1};
	struct gf_error err = {0};
	struct rules_error re = {0};
	struct catalog *cat;
	struct action a, *buf;
	struct ai_rng rng;

	if (gf)
		return gf;
	if (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)
		abort();
	rules_options_default(&s.opt);
	module_set(&s.opt, MOD_ABBOT, true);
	memset(s.seed, 7, SEED_BYTES);
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		abort();
	buf = malloc(sizeof(*buf) * game_legal_cap(gf->game));
	ai_rng_seed(&rng, s.seed);
	for (int i = 0; i < 25; i++)
		if (ai_random_action(gf->game, &rng, buf, game_legal_cap(gf->game), &a) < 0 ||
		    gamefile_play_action(gf, &a, &re) < 0)
			abort();
	free(buf);
	return gf;
}

static void
round_trip(const struct game *g, const struct action *a, const char *line)
{
	struct rules_error re = {0};
	struct action b;
	char text[64], again[64];

	if (action_format(g, a, text, sizeof(text)) < 0)
		return;
	if (action_parse(text, &b, &re) < 0 ||
	    action_format(g, &b, again, sizeof(again)) < 0 || strcmp(text, again) != 0) {
		fprintf(stderr, "\"%s\" read as \"%s\", which reads back as \"%s\": %s\n", line,
			text, again, re.text);
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gamefile *gf = sample_game();
	struct game *g = game_clone(gf->game);
	struct rules_error re = {0};
	struct action a;
	char *text = fuzz_text(data, size), *line, *save = NULL;
	int n = 0;

	if (g == NULL)
		abort();
	for (line = strtok_r(text, "\n", &save); line && n < 8;
	     line = strtok_r(NULL, "\n", &save), n++) {
		if (action_parse(line, &a, &re) < 0)
			continue;
		round_trip(g, &a, line);
		(void)game_apply(g, &a, &re);
	}
	game_free(g);
	free(text);
	return 0;
}
