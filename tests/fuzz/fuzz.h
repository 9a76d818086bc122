/* Fuzz targets (docs/testing.md): each tests/fuzz/fuzz-NAME.c defines
 * LLVMFuzzerTestOneInput for one parser. libFuzzer drives it in a
 * fuzzing build (make fuzz); replay.c feeds it the corpus tests/fuzz/NAME/
 * in every build (make check). */
#ifndef CARC_FUZZ_H
#define CARC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of the input (which may hold NULs itself). */
static inline char *
fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The input as a file, for parsers that read paths: its path in path,
 * the file removed by fuzz_unlink. */
static inline void
fuzz_file(const uint8_t *data, size_t size, char path[64])
{
	const char *dir = getenv("TMPDIR");
	FILE *fp;

	snprintf(path, 64, "%.30s/carc-fuzz.%ld", dir && *dir ? dir : "/tmp",
		 (long)getpid());
	if ((fp = fopen(path, "wb")) == NULL || fwrite(data, 1, size, fp) != size ||
	    fclose(fp) != 0) {
		perror(path);
		abort();
	}
}

#endif
