/* Fuzz target: the command parser (src/turn/command.c). Whatever it
 * accepts must survive formatting and parsing again unchanged. */
#include <sodium.h>

#include "command.h"
#include "fuzz.h"

static void
round_trip(const struct command *c)
{
	struct command *again = malloc(sizeof(*again));
	struct turn_error err = {0};
	char *text = command_format(c), *c1, *c2;
	size_t n1, n2;

	if (text == NULL || again == NULL) {
		free(text);
		free(again);
		return; /* out of memory */
	}
	if (command_parse(text, strlen(text), 0, again, &err) < 0) {
		fprintf(stderr, "formatted command refused: %s\n%s", err.text, text);
		abort();
	}
	c1 = command_canonical(c, &n1);
	c2 = command_canonical(again, &n2);
	if (c1 && c2 && (n1 != n2 || memcmp(c1, c2, n1) != 0)) {
		fprintf(stderr, "canonical form changed:\n%.*s\n---\n%.*s\n", (int)n1, c1,
			(int)n2, c2);
		abort();
	}
	free(c1);
	free(c2);
	free(text);
	free(again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct command *c = malloc(sizeof(*c));
	struct turn_error err = {0};
	char *text = fuzz_text(data, size), id[CMD_ID_HEX + 1];
	uint8_t pk[KEY_BYTES] = {0};

	if (c != NULL && command_parse(text, size, 0, c, &err) == 0) {
		round_trip(c);
		command_id(c, id);
		(void)command_check_date(c, 1795000000, &err);
		if (c->is_signed)
			(void)command_verify(c, pk);
	}
	if (c != NULL)
		(void)command_parse(text, size, CMD_NEED_SIGNATURE, c, &err);
	(void)command_present(text, size);
	free(c);
	free(text);
	return 0;
}
