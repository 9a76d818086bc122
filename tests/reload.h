/* A game file saved and loaded back (its actions replayed): whether the
 * state hash is the same. Header only, for tests that link the state
 * layer: include it once, after gamefile.h. */
#ifndef CARC_TEST_RELOAD_H
#define CARC_TEST_RELOAD_H

#include <unistd.h>

/* Saves gf under /tmp (name: the test's), loads it back with cat; err
 * says why when it does not load. */
static bool
reloads_same(const struct gamefile *gf, const struct catalog *cat, const char *name,
	     struct gf_error *err)
{
	char path[80], before[GF_STATE_HEX + 1], after[GF_STATE_HEX + 1] = "";
	struct gamefile *back;

	snprintf(path, sizeof(path), "/tmp/%s-%ld.json", name, (long)getpid());
	if (gamefile_save(gf, path, true, err) < 0)
		return false;
	back = gamefile_load(path, cat, err);
	gamefile_state_hash(gf, before);
	if (back)
		gamefile_state_hash(back, after);
	gamefile_free(back);
	unlink(path);
	return back && strcmp(before, after) == 0;
}

#endif
