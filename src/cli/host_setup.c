/* Opening the host: config, lock, mail loop (host.h). */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "host.h"

int
host_open(struct host *h, const struct catalog *cat, bool quiet)
{
	struct config c;
	char why[600];

	h->lock_fd = -1;
	if (cli_config(h->config_file, h->spool_override, &c) < 0)
		return EXIT_FAIL;
	if (host_drop_root(&c, why, sizeof(why)) < 0) { /* before the spool is touched */
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	if (pbem_open(&h->p, &c, cat, why, sizeof(why)) < 0) {
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	h->p.quiet = quiet;
	if ((h->lock_fd = pbem_lock(h->p.cfg.spool, why, sizeof(why))) < 0) {
		cli_error("%s", why);
		pbem_close(&h->p);
		return EXIT_LOCKED;
	}
	return EXIT_OK;
}

void
host_close(struct host *h)
{
	pbem_close(&h->p);
	if (h->lock_fd >= 0)
		close(h->lock_fd);
	h->lock_fd = -1;
}

int
host_check(const char *config_file, const char *spool)
{
	struct config c;
	char why[300];
	char secret[256];

	if (cli_config(config_file, spool, &c) < 0)
		return EXIT_FAIL;
	if (host_drop_root(&c, why, sizeof(why)) < 0) { /* check as the loop runs */
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	if ((c.imap_password_file[0] &&
	     config_read_secret(c.imap_password_file, secret, sizeof(secret), why,
				sizeof(why)) < 0) ||
	    (c.smtp_password_file[0] &&
	     config_read_secret(c.smtp_password_file, secret, sizeof(secret), why,
				sizeof(why)) < 0)) {
		cli_error("%s", why);
		return EXIT_FAIL;
	}
	printf("configuration OK%s%s\n", c.file[0] ? ": " : " (built-in defaults)", c.file);
	return EXIT_OK;
}

int
host_main(struct host *h, bool check, bool quiet, int (*serve)(struct host *, void *),
	  void *ctx)
{
	struct catalog *cat;
	int r;

	if (check)
		return host_check(h->config_file, h->spool_override);
	if ((cat = cli_catalog()) == NULL)
		return EXIT_FAIL;
	if ((r = host_open(h, cat, quiet)) == EXIT_OK) {
		r = serve(h, ctx);
		host_close(h);
	}
	catalog_free(cat);
	return r;
}
