/* safe_text: control characters of outside text written out. */
#include <stdlib.h>
#include <string.h>

#include "safetext.h"
#include "tap.h"

static void
is_safe(const char *in, int how, const char *want, const char *what)
{
	char *out = safe_text_dup(in, how);

	is_str(out, want, "%s", what);
	free(out);
}

int
main(void)
{
	char small[8];

	is_safe("plain text", SAFE_LINE, "plain text", "plain text unchanged");
	is_safe("caf\xc3\xa9 \xe2\x80\x94", SAFE_LINE, "caf\xc3\xa9 \xe2\x80\x94",
		"UTF-8 unchanged");
	is_safe("a\033[2Jb\007", SAFE_LINE, "a\\x1b[2Jb\\x07", "ESC and BEL");
	is_safe("x\177\001", SAFE_LINE, "x\\x7f\\x01", "DEL and SOH");
	is_safe("c1 \xc2\x9b" "31m", SAFE_LINE, "c1 \\u009b31m", "UTF-8 C1 control");
	is_safe("one\ntwo\r\nthree\tfour", SAFE_LINE, "one two three\tfour",
		"SAFE_LINE: line ends become blanks");
	is_safe("one\ntwo\r\n\tthree", SAFE_LINES, "one\ntwo\\x0d\n\tthree",
		"SAFE_LINES: line ends and tabs kept");
	ok(safe_text(small, 5, "ab\033cdef", SAFE_LINE) == 2 &&
		   strcmp(small, "ab") == 0,
	   "an escape is never cut in two");
	ok(safe_text(small, sizeof(small), "abcdefghij", SAFE_LINE) == 7, "cut to fit");
	return done_testing();
}
