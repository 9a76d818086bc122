/* Smoke test: the build, the TAP harness, rerr() and the embedded tile sets. */
#include <string.h>

#include "rules_error.h"
#include "tap.h"
#include "tilesets_data.h"

int
main(void)
{
	struct rules_error err;
	size_t i;
	int base = 0;

	memset(&err, 0, sizeof(err));
	is_int(rerr(&err, RERR_ILLEGAL, "BASE-TILE-3", "tile %s does not fit", "BA/L"), -1,
	       "rerr returns -1");
	is_int(err.code, RERR_ILLEGAL, "rerr sets code");
	is_str(err.rule, "BASE-TILE-3", "rerr sets rule");
	is_str(err.text, "tile BA/L does not fit", "rerr formats text");

	rerr(&err, RERR_PARSE, NULL, "%s", "");
	is_str(err.rule, "", "a NULL rule gives an empty rule");
	is_str(err.text, "", "empty text");

	rerr(&err, RERR_PARSE, "A-VERY-LONG-RULE-NAME-THAT-DOES-NOT-FIT", "x");
	is_int(strlen(err.rule), sizeof(err.rule) - 1, "a long rule is truncated");
	is_int(rerr(NULL, RERR_NOMEM, "", "no err"), -1, "rerr(NULL, ...) returns -1");

	ok(builtin_tileset_count > 0, "%zu built-in tile sets", builtin_tileset_count);
	for (i = 0; i < builtin_tileset_count; i++) {
		ok(builtin_tilesets[i].name[0] != '\0' && builtin_tilesets[i].text[0] != '\0',
		   "tile set %zu (%s) has a name and text", i, builtin_tilesets[i].name);
		if (strcmp(builtin_tilesets[i].name, "base") == 0)
			base = 1;
	}
	ok(base, "the base tile set is built in");
	return done_testing();
}
