/* Fuzz target: the game-file loader (src/state), every view. A document
 * it accepts must be written out and read back the same. */
#include <sodium.h>

#include "fuzz.h"
#include "gamefile.h"

static const struct catalog *
catalog(void)
{
	static struct catalog *cat;
	struct rules_error re = {0};

	if (cat == NULL && (sodium_init() < 0 || (cat = catalog_load_builtin(&re)) == NULL)) {
		fprintf(stderr, "catalogue: %s\n", re.text);
		abort();
	}
	return cat;
}

static void
round_trip(const struct gamefile *gf)
{
	struct gf_error err = {0};
	char *text = gamefile_view_dumps(gf, gf->view, gf->me), *again;
	struct gamefile *gf2;
	json_t *root;

	if (text == NULL)
		return;
	if ((root = json_loads(text, JSON_REJECT_DUPLICATES, NULL)) == NULL ||
	    (gf2 = gamefile_from_json(root, gf->cat, &err)) == NULL) {
		fprintf(stderr, "written game refused: %s: %s\n%s\n", err.path, err.text, text);
		abort();
	}
	if ((again = gamefile_view_dumps(gf2, gf2->view, gf2->me)) != NULL &&
	    strcmp(again, text) != 0) {
		fprintf(stderr, "game changed on reading back:\n%s\n---\n%s\n", text, again);
		abort();
	}
	free(again);
	gamefile_free(gf2);
	json_decref(root);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gf_error err = {0};
	struct gamefile *gf;
	char hash[GF_STATE_HEX + 1];
	json_t *root = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);

	if (root == NULL)
		return 0;
	if ((gf = gamefile_from_json(root, catalog(), &err)) != NULL) {
		(void)gamefile_state_hash(gf, hash);
		round_trip(gf);
		gamefile_free(gf);
	}
	json_decref(root);
	return 0;
}
