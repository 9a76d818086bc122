/* The mailed mark of a game directory (src/pbem/spool/mailed.c): appended a
 * line a mark, the last complete line wins, a torn line is no mark and is
 * cut off by the next append, the same mark again writes nothing, an old
 * one-line file reads as before, and a long file is rewritten with its
 * last mark (docs/mail.md, "Exactly once"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "process_impl.h"
#include "tap.h"

static char path[GAMEDIR_PATH + 16];

static void
put_file(const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		bail_out("cannot write %s", path);
}

static char *
file_text(void)
{
	static char buf[65536];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	return buf;
}

static long
mark(const struct gamedir *gd, char key[JOB_KEY_LEN + 1])
{
	long record = -1;

	mailed_read(gd, &record, key);
	return record;
}

int
main(void)
{
	char dir[] = "/tmp/t-mailed.XXXXXX", key[JOB_KEY_LEN + 1];
	struct gamedir gd = {.is_dir = true};
	struct stat st;
	bool grew = true;

	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp failed");
	snprintf(gd.dir, sizeof(gd.dir), "%s", dir);
	snprintf(path, sizeof(path), "%s/mailed", dir);

	is_int(mark(&gd, key), 0, "no file: record 0 (only the start was mailed)");
	ok(mailed_write(&gd, 3, "msg-a") == 0 && mark(&gd, key) == 3 && strcmp(key, "msg-a") == 0,
	   "a mark reads back");
	mailed_write(&gd, 5, "msg-b");
	is_str(file_text(),
	       "{\"record\":3,\"message\":\"msg-a\"}\n{\"record\":5,\"message\":\"msg-b\"}\n",
	       "the next mark is appended");
	ok(mark(&gd, key) == 5 && strcmp(key, "msg-b") == 0, "the last line wins");
	mailed_write(&gd, 5, "msg-b");
	ok(strstr(file_text(), "msg-b\"}\n{") == NULL, "the same mark again adds nothing");

	put_file("{\"record\":7,\"message\":\"old\"}\n{\"record\":8,\"mes");
	ok(mark(&gd, key) == 7 && strcmp(key, "old") == 0,
	   "a line cut short by a crash is no mark: the one before holds");
	mailed_write(&gd, 8, "new");
	is_str(file_text(), "{\"record\":7,\"message\":\"old\"}\n{\"record\":8,\"message\":\"new\"}\n",
	       "the torn line is cut off before the next mark");

	put_file("{\"record\":12,\"message\":\"apply\"}\n");
	ok(mark(&gd, key) == 12 && strcmp(key, "apply") == 0, "a one-line file (older carcpbem)");

	for (long r = 13; r < 13 + 400 && grew; r++) {
		mailed_write(&gd, r, "message-key-of-some-length");
		grew = stat(path, &st) == 0 && st.st_size < 16384 + 128;
	}
	ok(grew, "the file stays small: rewritten with its last mark once long");
	is_int(mark(&gd, key), 412, "and still reads the last mark");

	unlink(path);
	rmdir(dir);
	done_testing();
}
