/* The spool's id: 16 random hex digits in SPOOL/spool-id, made once, by
 * which the spool marks an IMAP mailbox as its own (imap.h). A copy of a
 * spool has the same id: it is the same spool, and must not run beside
 * the first. */
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pbem.h"

/* The id in text, when it is one. */
static bool
id_ok(const char *text, size_t len, char id[PBEM_SPOOL_ID_LEN + 1])
{
	if (len < PBEM_SPOOL_ID_LEN ||
	    strspn(text, "0123456789abcdef") != PBEM_SPOOL_ID_LEN ||
	    strspn(text + PBEM_SPOOL_ID_LEN, "\n") != len - PBEM_SPOOL_ID_LEN)
		return false;
	memcpy(id, text, PBEM_SPOOL_ID_LEN);
	id[PBEM_SPOOL_ID_LEN] = '\0';
	return true;
}

int
pbem_spool_id(const char *spool, char id[PBEM_SPOOL_ID_LEN + 1], char *why, size_t n)
{
	char path[CONFIG_PATH_MAX + 16], text[PBEM_SPOOL_ID_LEN + 2];
	unsigned char raw[PBEM_SPOOL_ID_LEN / 2];
	struct mail_error err = {0};

	snprintf(path, sizeof(path), "%s/spool-id", spool);
	for (int tries = 0; tries < 2; tries++) {
		size_t len;
		char *old;

		if (access(path, F_OK) == 0) {
			bool ok;

			if ((old = mail_read_file(path, 64, &len, &err)) == NULL)
				break;
			ok = id_ok(old, len, id);
			free(old);
			if (ok)
				return 0;
			snprintf(why, n, "%s is not a spool id (16 hex digits): remove it, "
				 "and a new one is made", path);
			return -1;
		}
		if (errno != ENOENT) {
			snprintf(err.text, sizeof(err.text), "%s", strerror(errno));
			break;
		}
		randombytes_buf(raw, sizeof(raw));
		sodium_bin2hex(text, sizeof(text), raw, sizeof(raw));
		strcat(text, "\n");
		/* not replacing: a second carcpbem making one at once wins or loses whole */
		if (mail_write_atomic(path, text, strlen(text), 0600, false, &err) < 0 &&
		    errno != EEXIST)
			break;
	}
	snprintf(why, n, "the spool id %s: %s", path, err.text);
	return -1;
}
