/* Plumbing for the commands of games, keys, turns and archives: where a
 * game is and loading it, reading and writing whole files, the clock,
 * turn refusals. Above opt.c (its errors and numbers), never below it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "gamedir.h"
#include "turn.h"
#include "turnfile.h"

#define TEXT_MAX (4 * 1024 * 1024) /* a turn file is small; a mail is not huge */

const char *
cli_spool(void)
{
	const char *s = getenv("CARCPBEM_SPOOL");

	return s && *s ? s : "spool";
}

int
cli_gamedir(const char *arg, struct gamedir *gd)
{
	struct gf_error err = {0};

	if (gamedir_resolve(arg, cli_spool(), gd, &err) < 0) {
		cli_gf_error(arg, &err);
		return -1;
	}
	return 0;
}

/* path may also be a game directory or a game id (cli_gamedir). */
struct gamefile *
cli_load(const char *path, const struct catalog *cat)
{
	struct gf_error err = {0};
	struct gamefile *gf;
	struct gamedir gd;

	if (cli_gamedir(path, &gd) < 0)
		return NULL;
	if ((gf = gamefile_load(gd.state, cat, &err)) == NULL)
		cli_gf_error(gd.state, &err);
	return gf;
}

time_t
cli_now(void)
{
	const char *s = getenv("CARCPBEM_NOW");
	long t;

	if (s && parse_long(s, 0, 253402300799L, &t) == 0)
		return (time_t)t;
	return time(NULL);
}

static char *
read_all(FILE *fp, size_t *len)
{
	size_t cap = 4096, n = 0, r;
	char *buf = malloc(cap), *p;

	while (buf && (r = fread(buf + n, 1, cap - n - 1, fp)) > 0) {
		n += r;
		if (n + 1 < cap)
			continue;
		if (cap >= TEXT_MAX || (p = realloc(buf, 2 * cap)) == NULL) {
			free(buf);
			return NULL;
		}
		buf = p;
		cap *= 2;
	}
	if (buf)
		buf[n] = '\0';
	*len = n;
	return buf;
}

char *
cli_read_text(const char *path, size_t *len)
{
	bool in = strcmp(path, "-") == 0;
	FILE *fp = in ? stdin : fopen(path, "r");
	char *text;

	if (fp == NULL) {
		cli_error("%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	text = read_all(fp, len);
	if (text == NULL || ferror(fp))
		cli_error("%s: cannot read%s", path,
			  text ? "" : " (too long, or out of memory)");
	if (text && ferror(fp)) {
		free(text);
		text = NULL;
	}
	if (!in)
		fclose(fp);
	return text;
}

char *
cli_read_turn(const char *path, const char *sig, size_t *len)
{
	char beside[4096], *text, *sigtext, *both;
	struct stat st;
	size_t slen;

	if (sig == NULL && strcmp(path, "-") != 0 &&
	    (size_t)snprintf(beside, sizeof(beside), "%s.sig", path) < sizeof(beside) &&
	    stat(beside, &st) == 0 && S_ISREG(st.st_mode))
		sig = beside;
	if ((text = cli_read_text(path, len)) == NULL || sig == NULL)
		return text;
	if ((sigtext = cli_read_text(sig, &slen)) == NULL) {
		free(text);
		return NULL;
	}
	both = turn_join_ssh(text, *len, sigtext, slen, len);
	if (both == NULL)
		cli_error("out of memory");
	free(text);
	free(sigtext);
	return both;
}

int
cli_write_out(const char *path, const char *text, int mode, bool replace)
{
	struct gf_error err = {0};

	if (path == NULL) {
		/* Data for a program stays as it is (a signed turn, JSON);
		 * a terminal gets its control characters written out. */
		if (isatty(STDOUT_FILENO))
			cli_say(stdout, "%s", text);
		else
			fputs(text, stdout);
		if (ferror(stdout) || fflush(stdout) == EOF) {
			cli_error("cannot write: %s", strerror(errno));
			return EXIT_FAIL;
		}
		return EXIT_OK;
	}
	if (gamefile_write_atomic(path, text, strlen(text), mode, replace, &err) < 0) {
		cli_gf_error(path, &err);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

int
cli_turn_error(const char *file, const struct turn_error *e)
{
	if (e->code == TURN_FAIL)
		cli_error("%s", e->text);
	else
		cli_error("%s: %s: %s", file, turn_code_name(e->code), e->text);
	return turn_exit_status(e->code);
}
