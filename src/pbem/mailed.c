/* A game directory's "mailed" mark: {"record":R,"message":KEY}, the last
 * record of the history whose mails were queued, and by which inbox
 * message. With it a turn found applied already tells a crash (its mails
 * are still to queue, or the message is ours) from a turn sent twice. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "process_impl.h"

static void
mailed_path(const struct gamedir *gd, char *buf, size_t n)
{
	snprintf(buf, n, "%s/mailed", gd->dir);
}

int
mailed_read(const struct gamedir *gd, long *record, char key[JOB_KEY_LEN + 1])
{
	char path[GAMEDIR_PATH + 8];
	json_t *root;

	*record = 0;
	key[0] = '\0';
	mailed_path(gd, path, sizeof(path));
	if ((root = json_load_file(path, 0, NULL)) == NULL)
		return 0; /* none yet: only the start was mailed */
	*record = (long)json_integer_value(json_object_get(root, "record"));
	const char *msg = json_string_value(json_object_get(root, "message"));
	snprintf(key, JOB_KEY_LEN + 1, "%s", msg ? msg : "");
	json_decref(root);
	return 0;
}

int
mailed_write(const struct gamedir *gd, long record, const char *key)
{
	char path[GAMEDIR_PATH + 8], text[128];
	struct gf_error err = {0};

	mailed_path(gd, path, sizeof(path));
	snprintf(text, sizeof(text), "{\"record\":%ld,\"message\":\"%s\"}\n", record, key);
	return gamefile_write_atomic(path, text, strlen(text), 0600, true, &err);
}
