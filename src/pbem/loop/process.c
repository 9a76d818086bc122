/* Processing one inbox message: read it, act on it, queue the mails that
 * follow, and only then move it to inbox/cur (loop.h, "Exactly once"). */
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "admin.h"
#include "command.h"
#include "crashpoint.h"
#include "maildir.h"
#include "process_impl.h"

/* A message's key in mail names: a hash of its Maildir name without the
 * flags, so that it stays the same in new/ and cur/. */
static void
message_key(const char *name, char key[JOB_KEY_LEN + 1])
{
	uint8_t h[12];
	size_t n = strcspn(name, ":");

	crypto_generichash(h, sizeof(h), (const unsigned char *)name, n, NULL, 0);
	key[0] = 'm';
	key[1] = '-';
	sodium_bin2hex(key + 2, JOB_KEY_LEN - 1, h, sizeof(h));
}

/* The first 64 kB of an oversized message: enough for its headers. */
static char *
read_head(const struct pbem *p, const char *name, size_t *len)
{
	char path[CONFIG_PATH_MAX + 256];
	char *buf = malloc(65537);
	ssize_t n = -1;
	int fd;

	snprintf(path, sizeof(path), "%s/new/%s", p->inbox, name);
	if (buf != NULL && (fd = mail_open_file(path, NULL)) >= 0) {
		n = read(fd, buf, 65536);
		close(fd);
	}
	if (n < 0) {
		free(buf);
		return NULL;
	}
	*len = (size_t)n;
	buf[n] = '\0';
	return buf;
}

/* Whether the header part of raw has the IMAP fetcher's mark for a mail
 * cut to its headers (imap.h). */
static bool
truncated_mark(const char *raw, size_t len)
{
	static const char mark[] = "\nX-Carcpbem-Truncated: yes";
	size_t n = sizeof(mark) - 1;

	for (size_t i = 0; i + n <= len; i++) {
		if (raw[i] == '\n' && (i + 1 == len || raw[i + 1] == '\n' ||
					(raw[i + 1] == '\r' && i + 2 < len && raw[i + 2] == '\n')))
			return false; /* the end of the header */
		if (raw[i] == '\n' && strncasecmp(raw + i, mark, n) == 0)
			return true;
	}
	return false;
}

/* Reads the message; an oversized one only as far as its headers. */
static char *
read_message(struct job *j, size_t *len, bool *too_large)
{
	struct mail_error err = {0};
	char *raw = maildir_read(j->p->inbox, j->name, j->p->cfg.max_message_size, len, &err);

	*too_large = false;
	if (raw == NULL && err.code == MAIL_ODD) {
		j->odd = true; /* a FIFO or the like: set aside */
		snprintf(j->what, sizeof(j->what), "%s", err.text);
		return NULL;
	}
	if (raw == NULL && err.code == MAIL_PERM) {
		*too_large = true;
		raw = read_head(j->p, j->name, len);
	}
	if (raw == NULL)
		job_fail(j, "%s", err.text[0] ? err.text : "cannot read the message");
	else if (truncated_mark(raw, *len))
		*too_large = true;
	return raw;
}

/* Never answer mail from ourselves, whatever it looks like. */
static bool
from_us(const struct job *j)
{
	const char *from = j->in.from, *cfg = j->p->cfg.from;
	const char *lt = strchr(cfg, '<');
	size_t n;

	if (from == NULL)
		return false;
	if (lt == NULL)
		return strcasecmp(from, cfg) == 0;
	n = strcspn(lt + 1, ">");
	return strlen(from) == n && strncasecmp(from, lt + 1, n) == 0;
}

/* Commands, keys and verbs: they read and change the spool as it
 * stands, so the messages acted on before are committed first. */
static void
act_on_spool(struct job *j, bool command)
{
	pbem_group_commit(j->p, j->st);
	j->alone = true;
	if (command)
		job_commands(j); /* a signed command (process_commands.c) */
	else if ((j->in.nkeys > 0 || j->in.private_key[0]) && !j->silent)
		job_keys(j);
	else if (!j->silent)
		job_verbs(j);
}

/* Mail that must never be answered still has its turns applied (they
 * are signed: where they come from does not matter); it gets no reply. */
static void
act(struct job *j, bool too_large)
{
	bool command;

	j->silent = j->in.never_answer || from_us(j) || j->reply.to == NULL;
	if (j->silent)
		pbem_log(j->p, PBEM_INFO, "%s: will not be answered (%s)", j->name,
			 j->in.never_answer ? j->in.why_not
			 : j->reply.to     ? "our own address"
					   : "no sender address");
	command = !j->silent && command_present(j->in.text, strlen(j->in.text));
	if (too_large && !j->silent)
		job_problem(j,
			    "Send the turn file as plain text, in the body or as a small "
			    "text attachment, without pictures.",
			    "Your mail is larger than this host accepts (%zu bytes at most), "
			    "so it was not read.",
			    j->p->cfg.max_message_size);
	else if ((j->in.nblocks > 0 || j->in.nsigs > 0) && !too_large && !command)
		job_turns(j); /* games already in the group wait for its commit */
	else
		act_on_spool(j, command);
	if (j->silent && j->in.nblocks == 0)
		j->st->ignored++;
}

/* The mails' .eml files in the queue; their envelopes, which queue them,
 * come at the group's commit. The texts are freed as they are written. */
static void
queue_bodies(struct job *j)
{
	struct mail_error err = {0};

	for (int i = 0; i < j->out.n && !j->temp_failure; i++) {
		struct outmail *m = &j->out.m[i];
		if (queue_add_body(j->p->queue, m->name, m->text, m->len, &err) < 0)
			job_fail(j, "cannot queue %s: %s", m->name, err.text);
		free(m->text);
		m->text = NULL;
		crashpoint("mail written");
	}
}

static void
error_reply(struct job *j)
{
	struct template_error terr = {{0}};
	char tag[GF_ID_LEN + 8] = "";

	if (j->what[0] == '\0' || j->temp_failure || j->silent)
		return;
	if (j->context == NULL)
		job_tag_game(j, tag, sizeof(tag));
	if ((j->context != NULL && j->view_seat >= 0
		 ? mails_stale(&j->ctx, j->context, j->view_seat, &j->reply, j->what,
			       j->fix ? j->fix : "", &j->out, &terr)
	     : tag[0] ? mails_error_tagged(&j->ctx, tag, &j->reply, j->what,
					   j->fix ? j->fix : "", &j->out, &terr)
		      : mails_error(&j->ctx, j->context, &j->reply, j->what,
				    j->fix ? j->fix : "", &j->out, &terr)) < 0)
		job_fail(j, "cannot make the error reply: %s", terr.text);
	else
		j->st->replies++;
	pbem_log(j->p, PBEM_INFO, "%s from %s: refused: %s", j->name, j->reply.to, j->what);
}

/* Whether the mails made include an answer to the sender. */
static bool
answers(const struct job *j)
{
	if (j->what[0] != '\0')
		return true; /* the error reply, still to make */
	for (int i = 0; i < j->out.n; i++)
		if (strcasecmp(j->out.m[i].to[0], j->reply.to) == 0)
			return true;
	return false;
}

/* Drops the answers to the sender, error reply included. */
static void
drop_answers(struct job *j)
{
	int k = 0;

	for (int i = 0; i < j->out.n; i++) {
		struct outmail *m = &j->out.m[i];
		if (strcasecmp(m->to[0], j->reply.to) != 0) {
			j->out.m[k++] = *m;
			continue;
		}
		for (int r = 0; r < m->nto; r++)
			free(m->to[r]);
		free(m->text);
	}
	j->out.n = k;
	j->what[0] = '\0';
}

/* addr in lower case, as the limits' keys have it. */
static void
lower_address(char *buf, size_t n, const char *addr)
{
	snprintf(buf, n, "%s", addr);
	for (char *c = buf; *c; c++)
		*c = (char)tolower((unsigned char)*c);
}

/* Anyone can write in a stranger's name (no player of any game): such an
 * address gets one answer an hour, and all strangers together
 * PBEM_STRANGER_MAX, so that forged senders make little backscatter. */
static void
limit_strangers(struct job *j)
{
	char key[400], why[600];
	int r;

	if (j->silent || j->reply.to == NULL || !answers(j) || j->verified_to ||
	    pbem_is_player(j->p, j->reply.to))
		return;
	snprintf(key, sizeof(key), "to ");
	lower_address(key + 3, sizeof(key) - 3, j->reply.to);
	r = pbem_limit(j->p, key, "to ", PBEM_STRANGER_MAX, j->key, why, sizeof(why));
	if (r < 0)
		job_fail(j, "%s", why);
	else if (r == 0) {
		pbem_log(j->p, PBEM_INFO, "%s from %s: not answered (a stranger, answered "
			 "within the hour already, or too many strangers)", j->name, j->reply.to);
		drop_answers(j);
		j->st->ignored++;
	}
}

/* Verbs are answered by the From address alone, which anyone can forge:
 * a player's (or observer's) address gets cfg.verb_answers answers an
 * hour, then one note that says so, then nothing until the hour is past.
 * Strangers have their own, tighter limit (limit_strangers). */
static void
limit_verbs(struct job *j)
{
	char addr[320], group[340], key[380], why[600];
	int r;

	if (!j->by_address || j->silent || j->reply.to == NULL || !answers(j) ||
	    !pbem_is_player(j->p, j->reply.to))
		return;
	lower_address(addr, sizeof(addr), j->reply.to);
	snprintf(group, sizeof(group), "verb %s ", addr);
	snprintf(key, sizeof(key), "%s%s", group, j->key);
	r = pbem_limit(j->p, key, group, j->p->cfg.verb_answers, j->key, why, sizeof(why));
	if (r != 0) {
		if (r < 0)
			job_fail(j, "%s", why);
		return;
	}
	pbem_log(j->p, PBEM_INFO, "%s from %s: not answered (%d answers to it within the "
		 "hour already)", j->name, j->reply.to, j->p->cfg.verb_answers);
	drop_answers(j);
	snprintf(key, sizeof(key), "verbs over %s", addr);
	if ((r = pbem_limit(j->p, key, key, 1, j->key, why, sizeof(why))) < 0)
		job_fail(j, "%s", why);
	else if (r == 0)
		j->st->ignored++;
	else {
		job_context(j, NULL);
		j->view_seat = -1;
		job_problem(j, "Ask again in an hour. A mail with a turn or a signed "
			    "command is always answered.",
			    "This host answers %d mail requests (HELP, STATUS, MAP and the "
			    "like) an hour from one address, and %s had as many in the "
			    "last hour: this one and the next ones within the hour are "
			    "not answered.",
			    j->p->cfg.verb_answers, j->reply.to);
	}
}

/* What is left of the message: the error reply made, the mails' files
 * written; the rest at the group's commit. */
static void
finish(struct job *j)
{
	limit_verbs(j);
	limit_strangers(j);
	if (j->temp_failure)
		return;
	error_reply(j);
	queue_bodies(j);
	if (!j->temp_failure)
		pbem_group_add(j->p, j);
	if (j->alone)
		pbem_group_commit(j->p, j->st);
}

int
pbem_process(struct pbem *p, const char *name, struct pbem_stats *st)
{
	struct job j = {.p = p, .st = st, .name = name, .view_seat = -1};
	struct mail_error err = {0};
	bool too_large;
	size_t len;
	char *raw;
	int parsed;

	if (p->group == NULL) { /* a message alone: its own group */
		int r;
		if (pbem_group_open(p) < 0)
			return -1;
		r = pbem_process(p, name, st);
		return pbem_group_close(p, st) < 0 ? -1 : r;
	}
	message_key(name, j.key);
	j.ctx = pbem_mail_ctx(p, pbem_now(p), NULL);
	st->messages++;
	if ((raw = read_message(&j, &len, &too_large)) == NULL && j.odd)
		return pbem_set_aside(p, name, j.what, st);
	if (raw == NULL) {
		st->failed++;
		return -1;
	}
	crashpoint("message read");
	parsed = mail_parse(raw, len, &j.in, &err);
	free(raw); /* what is used of it is in j.in now: a large mail held once */
	if (parsed < 0)
		job_fail(&j, "%s", err.text);
	else {
		j.reply = (struct mail_reply){j.key, j.in.reply_to, j.in.message_id,
					      j.in.references};
		act(&j, too_large);
		if (!j.temp_failure)
			finish(&j);
	}
	mail_in_free(&j.in);
	outmails_free(&j.out);
	job_context(&j, NULL);
	if (j.temp_failure)
		st->failed++;
	return j.temp_failure ? -1 : 0;
}

int
pbem_set_aside(struct pbem *p, const char *name, const char *why, struct pbem_stats *st)
{
	struct mail_error err = {0};
	char to[4096];

	if (maildir_set_aside(p->inbox, name, to, sizeof(to), &err) < 0) {
		snprintf(st->error, sizeof(st->error), "%s", err.text);
		pbem_log(p, PBEM_ERR, "%s (%s)", err.text, why);
		st->failed++;
		return -1;
	}
	pbem_log(p, PBEM_WARN, "%s: not read, moved to %s", why, to);
	st->ignored++;
	return 0;
}
