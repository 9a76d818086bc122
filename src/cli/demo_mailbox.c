/* The demo's players at their mailbox: the outbox directory is where the
 * host's mail lands (outbox dir); each player answers its notices into
 * the host's inbox Maildir. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "demo.h"
#include "maildir.h"

/* One mail: offered to every player; the one it is for answers it. */
static int
read_one(struct mail_demo *d, const char *path)
{
	struct mail_error err = {0};
	char why[300];
	size_t len, rlen;
	char *raw = mail_read_file(path, 0, &len, &err), *reply;
	int answers = 0;

	if (raw == NULL) {
		cli_error("%s", err.text);
		return -1;
	}
	for (int i = 0; i < d->n && answers >= 0; i++) {
		if (bot_answer(&d->bot[i], raw, len, cli_now(), &reply, &rlen, why,
			       sizeof(why)) < 0) {
			cli_error("%s: %s", d->bot[i].key.label, why);
			answers = -1;
		} else if (reply != NULL) {
			if (maildir_deliver(d->p.inbox, reply, rlen, NULL, NULL, &err) < 0) {
				cli_error("%s", err.text);
				answers = -1;
			} else {
				answers++;
				if (d->verbose)
					cli_say(stdout, "  %-7s %s\n", d->bot[i].key.label, d->bot[i].last);
			}
			free(reply);
		}
	}
	free(raw);
	return answers;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .eml files of dir, sorted. */
static int
list_mail(const char *dir, char ***names)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	int n = 0, cap = 0;

	*names = NULL;
	if (dp == NULL)
		return 0;
	while ((de = readdir(dp)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 5 || strcmp(de->d_name + len - 4, ".eml") != 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			char **p = realloc(*names, (size_t)cap * sizeof(*p));
			if (p == NULL)
				break;
			*names = p;
		}
		if (((*names)[n] = strdup(de->d_name)) != NULL)
			n++;
	}
	closedir(dp);
	qsort(*names, (size_t)n, sizeof(**names), by_name);
	return n;
}

int
demo_players_read(struct mail_demo *d)
{
	char from[CONFIG_PATH_MAX + 300], to[CONFIG_PATH_MAX + 300], read[CONFIG_PATH_MAX + 8];
	char **names;
	int n = list_mail(d->p.outbox, &names), answers = 0;

	snprintf(read, sizeof(read), "%s/read", d->p.outbox);
	mkdir(read, 0700);
	for (int i = 0; i < n; i++) {
		int r = answers >= 0 ? 0 : -1;
		snprintf(from, sizeof(from), "%s/%s", d->p.outbox, names[i]);
		snprintf(to, sizeof(to), "%s/%s", read, names[i]);
		if (r == 0 && (r = read_one(d, from)) >= 0) {
			answers += r;
			rename(from, to);
			d->mails_read++;
		}
		if (r < 0)
			answers = -1;
		free(names[i]);
	}
	free(names);
	return answers;
}
