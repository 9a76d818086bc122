/* A mail with a public key and no turn: a player sends the host a key
 * before the game exists. The key is kept in SPOOL/keys/ for the host
 * (who adds it to a game with carcpbem new --key), and the sender told
 * so; no game and no seat changes. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "key.h"
#include "process_impl.h"

#define KEYS_KEPT_MAX 500 /* files in SPOOL/keys: a flood of keys stops there */

static int
count_files(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	while (d != NULL && (de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	if (d != NULL)
		closedir(d);
	return n;
}

/* SPOOL/keys/ID.pub: the key line after a comment saying whose. */
static int
keep(struct job *j, const struct pubkey *k, const char *id, char *path, size_t n)
{
	char dir[CONFIG_PATH_MAX + 8], text[600], line[300];
	struct mail_error err = {0};
	struct stat st;

	snprintf(dir, sizeof(dir), "%s/keys", j->p->cfg.spool);
	snprintf(path, n, "%s/%s.pub", dir, id);
	if (stat(path, &st) == 0)
		return 0; /* sent before */
	if ((mkdir(dir, 0700) < 0 && stat(dir, &st) < 0) || count_files(dir) >= KEYS_KEPT_MAX)
		return -1;
	key_format_public(k, line, sizeof(line));
	snprintf(text, sizeof(text), "# mailed by %s\n%s", j->reply.to ? j->reply.to : "?", line);
	return mail_write_atomic(path, text, strlen(text), 0600, false, &err) < 0 &&
			   err.code != MAIL_PERM
		       ? -1
		       : 0;
}

/* The player name the host's command line gives the key: a carcpbem
 * key's label (the name it was made for); for an SSH key, whose comment
 * is "user@machine", the sender's address before the '@' when that is a
 * name, else NAME for the host to fill in. */
static void
seat_name(const struct job *j, const struct pubkey *k, char *name, size_t n)
{
	const char *to = j->reply.to ? j->reply.to : "";
	char why[160];

	if (k->kind != GF_KEY_SSH && k->label[0]) {
		snprintf(name, n, "%s", k->label);
		return;
	}
	snprintf(name, n, "%.*s", (int)strcspn(to, "@"), to);
	if (strcspn(to, "@") >= n || gamefile_check_name(name, why, sizeof(why)) < 0)
		snprintf(name, n, "NAME");
}

/* What became of one key line, a line of the answer in out. */
static void
one_key(struct job *j, const struct mail_key *mk, FILE *out)
{
	char why[200], id[KEY_ID_HEX + 1], path[CONFIG_PATH_MAX + 64],
	     name[KEY_LABEL_MAX + 1];
	struct pubkey k;

	if (strncmp(mk->line, KEY_SECRET_TAG " ", strlen(KEY_SECRET_TAG) + 1) == 0) {
		fprintf(out, "- a SECRET key (in the %s): not kept. It is no longer secret: "
			"make a new key pair with carcpbem keygen and send only the "
			".pub file.\n", mk->where);
		pbem_log(j->p, PBEM_WARN, "%s: %s mailed a secret key: not kept", j->name,
			 j->reply.to);
	} else if (strncmp(mk->line, KEY_PUBLIC_TAG " ", strlen(KEY_PUBLIC_TAG) + 1) != 0 &&
		   strncmp(mk->line, "ssh-ed25519 ", 12) != 0) {
		fprintf(out, "- an SSH key of type %.*s (in the %s): not kept, this host "
			"takes Ed25519 keys only. Make one with \"ssh-keygen -t ed25519\" "
			"and send the host the file it ends with, ~/.ssh/id_ed25519.pub.\n",
			(int)strcspn(mk->line, " \t"), mk->line, mk->where);
	} else if (key_parse_public(mk->line, &k, why, sizeof(why)) < 0) {
		fprintf(out, "- a line that looks like a key (in the %s) but is none: %s\n",
			mk->where, why);
	} else {
		key_id(k.pk, id);
		if (keep(j, &k, id, path, sizeof(path)) < 0) {
			fprintf(out, "- key %s (%s): it could not be kept; the host will ask "
				"you for it.\n", id, k.label);
			pbem_log(j->p, PBEM_WARN, "%s: key %s from %s not kept (%s)", j->name,
				 id, j->reply.to, path);
			return;
		}
		seat_name(j, &k, name, sizeof(name));
		fprintf(out, "- %s %s (%s): kept for the host.\n",
			k.kind == GF_KEY_SSH ? "SSH key" : "key", id, k.label[0] ? k.label : name);
		pbem_log(j->p, PBEM_INFO, "%s: %s sent public key %s (%s): kept as %s; add "
			 "it with carcpbem new --key %s=%s", j->name, j->reply.to, id,
			 k.label, path, name, path);
	}
}

void
job_keys(struct job *j)
{
	struct template_error terr = {{0}};
	struct template_vars v = {0};
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	for (int i = 0; out != NULL && i < j->in.nkeys; i++)
		one_key(j, &j->in.key[i], out);
	if (out != NULL && j->in.private_key[0] != '\0') {
		fprintf(out, "- an OpenSSH PRIVATE key (in the %s): not kept. It is no longer "
			"secret: make a new key pair with ssh-keygen -t ed25519 and send "
			"only the .pub file.\n", j->in.private_key);
		pbem_log(j->p, PBEM_WARN, "%s: %s mailed an OpenSSH private key: not kept",
			 j->name, j->reply.to);
	}
	if (out == NULL || fclose(out) != 0 || text == NULL) {
		free(text);
		job_fail(j, "out of memory");
		return;
	}
	while (len > 0 && text[len - 1] == '\n')
		text[--len] = '\0';
	tvars_set(&v, "keys", text);
	if (mails_key(&j->ctx, &j->reply, &v, &j->out, &terr) < 0)
		job_fail(j, "cannot make the answer: %s", terr.text);
	else
		j->st->replies++;
	free(text);
}
