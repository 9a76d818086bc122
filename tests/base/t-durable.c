/* Group commit (durable.h): outside a group a write is in place and
 * synced when it returns; inside one a staged file takes its name only
 * at the next barrier, in the order staged, and the group's end is a
 * barrier too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "durable.h"
#include "tap.h"

static char dir[] = "/tmp/t-durable.XXXXXX";

static char *
slurp(const char *name)
{
	static char buf[64];
	char path[96];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((f = fopen(path, "r")) == NULL)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static int
put(const char *name, const char *text, bool staged)
{
	const char *what;
	char path[96];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return staged ? atomic_write_staged(path, text, strlen(text), 0600, &what)
		      : atomic_write(path, text, strlen(text), 0600, true, &what);
}

static int
temps(void)
{
	return atomic_clean_temp(dir, time(NULL) + 10);
}

int
main(void)
{
	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	ok(!durable_grouped(), "no group at the start");
	ok(put("state", "one", true) == 0 && strcmp(slurp("state"), "one") == 0,
	   "outside a group a staged write is in place at once");
	ok(durable_barrier() == 0, "a barrier outside a group does nothing");

	durable_begin();
	ok(durable_grouped(), "a group is open");
	ok(put("state", "two", true) == 0 && put("state", "three", true) == 0,
	   "two staged writes of one file");
	is_str(slurp("state"), "one", "until the barrier readers see the old file");
	ok(put("mark", "m", false) == 0 && strcmp(slurp("mark"), "m") == 0,
	   "a plain write in the group is in place at once (its sync waits)");
	ok(durable_barrier() == 0, "barrier");
	is_str(slurp("state"), "three", "after it the last staged write, in order");
	is_int(temps(), 0, "no temporary file is left");
	ok(put("state", "four", true) == 0, "staged again");
	ok(durable_end() == 0 && !durable_grouped(), "the group's end");
	is_str(slurp("state"), "four", "its last barrier put the file in place");
	ok(put("state", "five", true) == 0 && strcmp(slurp("state"), "five") == 0,
	   "after the group: in place at once again");
	char cmd[64];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	return done_testing();
}
