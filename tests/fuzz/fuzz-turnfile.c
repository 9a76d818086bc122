/* Fuzz target: the turn-file parser (src/turn/turnfile.c). Whatever it
 * accepts must survive formatting and parsing again unchanged. */
#include <sodium.h>

#include "fuzz.h"
#include "turnfile.h"

static void
round_trip(const struct turn *t)
{
	struct turn again;
	struct turn_error err = {0};
	char *text = turn_format(t), *c1, *c2;
	size_t n1, n2;

	if (text == NULL)
		return; /* out of memory */
	if (turn_parse(text, strlen(text), 0, &again, &err) < 0) {
		fprintf(stderr, "formatted turn refused: %s\n%s", err.text, text);
		abort();
	}
	c1 = turn_canonical(t, &n1);
	c2 = turn_canonical(&again, &n2);
	if (c1 && c2 && (n1 != n2 || memcmp(c1, c2, n1) != 0)) {
		fprintf(stderr, "canonical form changed:\n%.*s\n---\n%.*s\n", (int)n1, c1,
			(int)n2, c2);
		abort();
	}
	free(c1);
	free(c2);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct turn t;
	struct turn_error err = {0};
	char *text = fuzz_text(data, size);
	uint8_t pk[KEY_BYTES] = {0};

	if (turn_parse(text, size, 0, &t, &err) == 0) {
		round_trip(&t);
		if (t.is_signed)
			(void)turn_verify(&t, pk);
	}
	(void)turn_parse(text, size, TURN_NEED_SIGNATURE, &t, &err);
	free(text);
	return 0;
}
