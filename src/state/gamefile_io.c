/* Writing a game file so that a crash leaves either the old file or the
 * new one, never half of one (atomic.h). Game files are mode 0600: the
 * host view holds the seed and the bag. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic.h"
#include "gamefile_impl.h"

int
gamefile_write_atomic(const char *path, const char *text, size_t len, int mode,
		      bool replace, struct gf_error *err)
{
	const char *what;

	if (atomic_write(path, text, len, mode, replace, &what) == 0)
		return 0;
	if (errno == EEXIST)
		return gf_fail(err, "", "the file already exists (not replaced)");
	return gf_fail(err, "", "%s %s: %s", what, path, strerror(errno));
}

int
gamefile_save_staged(const struct gamefile *gf, const char *path, struct gf_error *err)
{
	char *text = gamefile_dumps(gf);
	const char *what;
	int r;

	if (text == NULL)
		return gf_fail(err, "", "out of memory");
	r = atomic_write_staged(path, text, strlen(text), 0600, &what);
	free(text);
	return r == 0 ? 0 : gf_fail(err, "", "%s %s: %s", what, path, strerror(errno));
}

int
gamefile_save(const struct gamefile *gf, const char *path, bool replace,
	      struct gf_error *err)
{
	char *text = gamefile_dumps(gf);
	int r;

	if (text == NULL)
		return gf_fail(err, "", "out of memory");
	r = gamefile_write_atomic(path, text, strlen(text), 0600, replace, err);
	free(text);
	return r;
}
