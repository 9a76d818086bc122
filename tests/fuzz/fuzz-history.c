/* Fuzz target: the history reader (src/turn/history.c), both the full
 * reader (replay, export, HISTORY) and the scan that applying a turn
 * does. */
#include "fuzz.h"
#include "history.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t id[GF_HASH_BYTES] = {0};
	struct history h;
	struct history_tail tail;
	struct turn_error err = {0};
	char path[64];

	fuzz_file(data, size, path);
	(void)history_read(path, &h, &err);
	history_free(&h);
	(void)history_scan(path, id, &tail, &err);
	unlink(path);
	return 0;
}
