/* A bot at its own mailbox (bot.h): fetch, answer each new notice,
 * queue the answers and send them, through the same struct pbem as the
 * host's loop.
 *
 * Exactly once, as for the host: an answer is queued under a name made
 * from the inbox message's name before the message is moved to cur/, so
 * a pass cut short between the two queues nothing new when it is done
 * again; the queue is flushed after. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot.h"
#include "maildir.h"
#include "message.h"
#include "loop.h"
#include "pbem.h"

struct answering {
	struct pbem *p;
	struct bot *b;
	const uint8_t *seed;
	struct pbem_stats *st;
};

/* Whether the header of raw has the IMAP fetcher's mark of a mail cut
 * to its header (imap.h): such a notice lost its view. */
static bool
cut_by_fetch(const char *raw, size_t len)
{
	static const char mark[] = "X-Carcpbem-Truncated:";
	size_t n = sizeof(mark) - 1;

	for (size_t i = 0; i + n <= len; i++) {
		if (i > 0 && raw[i - 1] != '\n')
			continue;
		bool crlf = raw[i] == '\r' && i + 1 < len && raw[i + 1] == '\n';
		if (raw[i] == '\n' || crlf)
			return false; /* the end of the header */
		if (strncasecmp(raw + i, mark, n) == 0)
			return true;
	}
	return false;
}

static int
each_fail(struct pbem *p, struct pbem_stats *st, const char *name, const char *why)
{
	if (name != NULL)
		snprintf(st->error, sizeof(st->error), "%.150s: %.350s", name, why);
	else
		snprintf(st->error, sizeof(st->error), "%.500s", why);
	pbem_log(p, PBEM_ERR, "%s%s", st->error,
		 name != NULL ? " (left in the inbox for the next pass)" : "");
	return -1;
}

/* Reads new/NAME and hands it to fn; moves it to cur/ when fn took it. */
static int
each_one(struct pbem *p, const char *name, pbem_each_fn fn, void *ctx,
	 struct pbem_stats *st)
{
	struct mail_error err = {0};
	char why[400] = "";
	size_t len;
	char *raw = maildir_read(p->inbox, name, p->cfg.max_message_size, &len, &err);
	int r;

	st->messages++;
	if (raw == NULL && err.code == MAIL_ODD)
		return pbem_set_aside(p, name, err.text, st);
	if (raw == NULL) {
		st->failed++;
		return each_fail(p, st, name,
				 err.code == MAIL_PERM
				     ? "larger than max-message-size: raise it to read it"
				     : err.text);
	}
	if (cut_by_fetch(raw, len)) {
		pbem_log(p, PBEM_WARN, "%s: cut to its header when fetched (larger than "
			 "max-message-size): not answered", name);
		st->ignored++;
		r = 0;
	} else
		r = fn(ctx, name, raw, len, why, sizeof(why));
	free(raw);
	if (r < 0 || maildir_mark_done(p->inbox, name, &err) < 0) {
		st->failed++;
		return each_fail(p, st, name, r < 0 ? why : err.text);
	}
	return 0;
}

int
pbem_each_new(struct pbem *p, pbem_each_fn fn, void *ctx, struct pbem_stats *st)
{
	struct mail_error err = {0};
	char **names;
	int n, r = 0;

	if (maildir_list_new(p->inbox, &names, &n, &err) < 0)
		return each_fail(p, st, NULL, err.text);
	for (int i = 0; i < n && !(p->stop && *p->stop); i++)
		if (each_one(p, names[i], fn, ctx, st) < 0)
			r = -1;
	maildir_names_free(names, n);
	return r;
}

/* The inbox message's name without its Maildir flags: the same in new/
 * and cur/. */
static size_t
base_len(const char *name)
{
	return strcspn(name, ":");
}

/* "re-NAME" in the letters a queue name may have; a name that had to be
 * changed or cut gets a hash of the whole, so that two never meet. */
static void
reply_name(const char *name, char out[QUEUE_NAME_MAX + 1])
{
	size_t n = base_len(name), keep = n < 100 ? n : 100, o;
	bool changed = keep < n;
	uint8_t h[8];

	o = (size_t)snprintf(out, QUEUE_NAME_MAX + 1, "re-");
	for (size_t i = 0; i < keep; i++) {
		char c = name[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			  (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
		changed |= !ok;
		out[o++] = ok ? c : '_';
	}
	out[o] = '\0';
	if (!changed)
		return;
	crypto_generichash(h, sizeof(h), (const unsigned char *)name, n, NULL, 0);
	out[o++] = '-';
	sodium_bin2hex(out + o, QUEUE_NAME_MAX + 1 - o, h, sizeof(h));
}

/* The choices for this message: from the seed and its name alone, so
 * that a notice answered again (a pass cut short) gets the same turn. */
static void
reseed(struct bot *b, const uint8_t *seed, const char *name)
{
	uint8_t s[SEED_BYTES];

	crypto_generichash(s, sizeof(s), (const unsigned char *)name, base_len(name),
			   seed, SEED_BYTES);
	ai_rng_seed(&b->rng, s);
	sodium_memzero(s, sizeof(s));
}

/* Queues the reply to the notice raw: to its sender, from our address. */
static int
queue_reply(struct answering *a, const char *name, const char *raw, size_t len,
	    const char *reply, size_t rlen, char *why, size_t n)
{
	struct mail_error err = {0};
	struct mail_in in = {0};
	char qname[QUEUE_NAME_MAX + 1], from[320];
	int r = -1;

	if (mail_parse(raw, len, &in, &err) < 0 || in.reply_to == NULL) {
		snprintf(why, n, "the notice has no sender to answer");
	} else {
		const char *rcpt[1] = {in.reply_to};
		reply_name(name, qname);
		pbem_envelope_from(a->p, from, sizeof(from));
		r = queue_add(a->p->queue, qname, from, rcpt, 1, reply, rlen, &err);
		if (r < 0)
			snprintf(why, n, "cannot queue the answer: %s", err.text);
		else
			pbem_log(a->p, PBEM_INFO, "answered \"%.200s\" from %s: %s",
				 in.subject, in.reply_to, a->b->last);
	}
	mail_in_free(&in);
	return r;
}

static int
answer(void *ctx, const char *name, const char *raw, size_t len, char *why, size_t n)
{
	struct answering *a = ctx;
	char *reply;
	size_t rlen;
	int r;

	if (a->seed != NULL)
		reseed(a->b, a->seed, name);
	if (bot_answer(a->b, raw, len, pbem_now(a->p), &reply, &rlen, why, n) < 0)
		return -1;
	if (reply == NULL)
		return 0; /* an update, the start, the game over: nothing to do */
	r = queue_reply(a, name, raw, len, reply, rlen, why, n);
	free(reply);
	if (r == 0)
		a->st->replies++;
	return r;
}

int
bot_pass(struct pbem *p, struct bot *b, const uint8_t *seed, bool flush_all,
	 struct pbem_stats *st)
{
	struct answering a = {p, b, seed, st};
	int r = 0;

	if (pbem_fetch(p, st) < 0)
		r = -1;
	if (pbem_each_new(p, answer, &a, st) < 0)
		r = -1;
	if (pbem_flush(p, flush_all, st) < 0)
		r = -1;
	return r;
}
