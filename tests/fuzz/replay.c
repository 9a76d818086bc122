/* Replays a fuzz target's corpus (every file of FUZZ_CORPUS) through its
 * LLVMFuzzerTestOneInput, one TAP test a file: the fuzzers' findings stay
 * fixed in every build, not only in fuzzing builds. A file named in
 * tests/fuzz/known-issues is skipped with the reason given there. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tap.h"

#define MAX_FILES 4096

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The reason FILE (TARGET/NAME) is a known issue, or NULL. */
static char *
known_issue(const char *target, const char *name, char *why, size_t n)
{
	char line[512], key[300];
	FILE *fp = fopen(FUZZ_DIR "/known-issues", "r");

	if (fp == NULL)
		return NULL;
	snprintf(key, sizeof(key), "%s/%s ", target, name);
	while (fgets(line, sizeof(line), fp))
		if (strncmp(line, key, strlen(key)) == 0) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(why, n, "%s", line + strlen(key));
			fclose(fp);
			return why;
		}
	fclose(fp);
	return NULL;
}

static unsigned char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf = NULL, *p;
	size_t cap = 0, r;

	*len = 0;
	if (fp == NULL)
		return NULL;
	do {
		if (*len == cap) {
			cap = cap ? 2 * cap : 4096;
			if ((p = realloc(buf, cap)) == NULL)
				bail_out("out of memory reading %s", path);
			buf = p;
		}
		r = fread(buf + *len, 1, cap - *len, fp);
		*len += r;
	} while (r > 0);
	fclose(fp);
	return buf;
}

int
main(void)
{
	const char *dir = FUZZ_DIR "/" FUZZ_TARGET;
	char *names[MAX_FILES], path[1024], why[400];
	struct dirent *e;
	unsigned char *data;
	size_t len;
	int n = 0;
	DIR *d = opendir(dir);

	if (d == NULL)
		bail_out("%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL && n < MAX_FILES)
		if (e->d_name[0] != '.' && strcmp(e->d_name, "README") != 0)
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_names);
	plan(n);
	for (int i = 0; i < n; i++) {
		if (known_issue(FUZZ_TARGET, names[i], why, sizeof(why))) {
			printf("ok %d - %s/%s # SKIP known issue: %s\n", ++tap_run_,
			       FUZZ_TARGET, names[i], why);
			free(names[i]);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if ((data = slurp(path, &len)) == NULL)
			bail_out("%s: %s", path, strerror(errno));
		LLVMFuzzerTestOneInput(data, len); /* a crash fails the test */
		ok(1, "%s/%s (%zu bytes)", FUZZ_TARGET, names[i], len);
		free(data);
		free(names[i]);
	}
	return done_testing();
}
