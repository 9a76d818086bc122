/* The host's signing key (config host-key, default SPOOL/host.key): made
 * on first use, refused when others may read it (key_load_secret). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "hostkey.h"

int
pbem_host_key(const struct config *cfg, struct seckey *k, char *why, size_t n)
{
	char pub[CONFIG_PATH_MAX + 8];
	struct turn_error err = {0};
	struct pubkey pk;
	struct stat st;

	if (cfg->host_key[0] == '\0')
		return snprintf(why, n, "no host-key file is set"), -1;
	if (stat(cfg->host_key, &st) < 0 && errno == ENOENT) {
		snprintf(pub, sizeof(pub), "%s.pub", cfg->host_key);
		if (key_generate(cfg->host_key, pub, "host", &pk, &err) < 0)
			return snprintf(why, n, "cannot make the host key: %s", err.text), -1;
	}
	if (key_load_secret(cfg->host_key, k, &err) < 0)
		return snprintf(why, n, "the host key: %s", err.text), -1;
	return 0;
}
