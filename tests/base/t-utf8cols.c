/* issue 24.1: UTF-8 columns of the shared base (utf8cols.h), as the mail's
 * flowed lines and the text map counted them before: one a character,
 * wide (CJK, emoji) and combining characters one column each. */
#include <string.h>

#include "tap.h"
#include "utf8cols.h"

static void
cols(const char *s, size_t want, const char *what)
{
	is_int((long long)utf8_columns(s, strlen(s)), (long long)want, "%s", what);
}

int
main(void)
{
	cols("", 0, "empty");
	cols("place 1 0 90", 12, "ASCII: one a byte");
	cols("caf\xc3\xa9", 4, "two-byte character: one column");
	cols("\xe2\x82\xac 5", 3, "three-byte character (euro): one column");
	cols("\xe6\x97\xa5\xe6\x9c\xac", 2, "wide CJK characters: one column each");
	cols("\xf0\x9f\x8f\xb0!", 2, "four-byte emoji: one column");
	cols("e\xcc\x81", 2, "a combining accent counts as a column of its own");
	cols("\xc2\xa0x", 2, "NBSP: one column");
	cols("\x80\x80", 0, "stray continuation bytes: none");
	cols("\xc3", 1, "a lead byte cut off: one");
	is_int((long long)utf8_columns("caf\xc3\xa9 au lait", 4), 4,
	       "only the n bytes given are counted");
	ok(utf8_starts('a') && utf8_starts(0xc3) && utf8_starts(0xf0) && !utf8_starts(0xa9),
	   "utf8_starts: lead and ASCII bytes start, continuation bytes do not");
	return done_testing();
}
