/* What every mail has: the subject tag, the threading headers, the loop
 * header, the date of the context; the list of mails made. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mails_impl.h"
#include "pbem.h"
#include "safetext.h"

#define REFS_KEPT 6 /* ids of the answered mail's References kept */

void
outmails_free(struct outmails *o)
{
	for (int i = 0; i < o->n; i++) {
		for (int k = 0; k < o->m[i].nto; k++)
			free(o->m[i].to[k]);
		free(o->m[i].text);
	}
	free(o->m);
	memset(o, 0, sizeof(*o));
}

int
mails_fail(struct template_error *err, const char *kind, const char *what)
{
	snprintf(err->text, sizeof(err->text), "%.20s: %.360s", kind, what);
	return -1;
}

FILE *
memtext_open(struct memtext *m)
{
	m->s = NULL;
	m->n = 0;
	return m->fp = open_memstream(&m->s, &m->n);
}

char *
memtext_close(struct memtext *m)
{
	if (m->fp == NULL || fclose(m->fp) != 0) {
		free(m->s);
		m->s = NULL;
		return NULL;
	}
	while (m->n > 0 && m->s[m->n - 1] == '\n')
		m->s[--m->n] = '\0';
	return m->s;
}

int
mails_seat_of(const struct gamefile *gf, const char *addr)
{
	for (int p = 0; gf && addr && p < gf->nplayers; p++)
		if (gf->address[p] && strcasecmp(gf->address[p], addr) == 0)
			return p;
	return -1;
}

const struct mail_reply *
mails_answers(const struct mail_reply *reply, const char *to)
{
	return reply && reply->to && strcasecmp(reply->to, to) == 0 ? reply : NULL;
}

void
draft_init(struct draft *d, const char *kind, const char *game, const char *to,
	   const struct mail_reply *reply, const char *fmt, ...)
{
	va_list ap;

	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->game = game;
	d->to = to;
	d->reply = reply;
	va_start(ap, fmt);
	vsnprintf(d->name, sizeof(d->name), fmt, ap);
	va_end(ap);
}

/* The game's root id, then the answered mail's References (the latest
 * few) and its Message-ID: clients thread every mail of a game together. */
static void
references(const struct mail_ctx *c, const struct draft *d, char *buf, size_t n)
{
	const char *refs = d->reply ? d->reply->references : NULL;
	char root[GF_ID_LEN + 300] = "";
	const char *id[64];
	size_t len[64], at = 0;
	int k = 0, first;

	if (d->game)
		snprintf(root, sizeof(root), "<%s.game@%s>", d->game, c->cfg->domain);
	for (const char *p = refs ? strchr(refs, '<') : NULL; p && k < 64;
	     p = strchr(p + 1, '<')) {
		size_t l = strcspn(p, ">");
		if (p[l] == '>' && !(strlen(root) == l + 1 && strncmp(p, root, l + 1) == 0))
			id[k] = p, len[k++] = l + 1;
	}
	buf[0] = '\0';
	if (root[0])
		at += (size_t)snprintf(buf, n, "%s", root);
	first = k > REFS_KEPT ? k - REFS_KEPT : 0;
	for (int i = first; i < k; i++) /* whole ids only */
		if (at + len[i] + 2 < n)
			at += (size_t)snprintf(buf + at, n - at, "%s%.*s", at ? " " : "",
					       (int)len[i], id[i]);
	if (d->reply && d->reply->message_id && at + strlen(d->reply->message_id) + 4 < n)
		snprintf(buf + at, n - at, "%s<%s>", at ? " " : "", d->reply->message_id);
}

/* The address in "Name <addr>", or the whole setting. */
void
host_address(const char *from, char *buf, size_t n)
{
	const char *lt = strchr(from, '<');

	if (lt)
		snprintf(buf, n, "%.*s", (int)strcspn(lt + 1, ">"), lt + 1);
	else
		snprintf(buf, n, "%s", from);
}

static int
push(struct outmails *out, const struct draft *d, char *text, size_t len)
{
	struct outmail *m;

	if (out->n == out->cap) {
		int cap = out->cap ? 2 * out->cap : 8;
		struct outmail *nm = realloc(out->m, sizeof(*nm) * (size_t)cap);
		if (nm == NULL)
			return -1;
		out->m = nm, out->cap = cap;
	}
	m = &out->m[out->n];
	memset(m, 0, sizeof(*m));
	if ((m->to[0] = strdup(d->to)) == NULL)
		return -1;
	snprintf(m->name, sizeof(m->name), "%s", d->name);
	m->nto = 1;
	m->text = text;
	m->len = len;
	out->n++;
	return 0;
}

/* *s with its control characters written out (safetext.h). */
static int
escape_text(char **s, int how)
{
	char *safe = safe_text_dup(*s, how);

	if (safe == NULL)
		return -1;
	free(*s);
	*s = safe;
	return 0;
}

void
draft_attach(struct draft *d, const char *file, const char *type, const void *data,
	     size_t len)
{
	if (d->natt < MAIL_MAX_ATTACH)
		d->att[d->natt++] = (struct mail_attachment){file, type, data, len, NULL};
}

int
draft_view(struct draft *d, const struct gamefile *gf, int seat)
{
	snprintf(d->view_file, sizeof(d->view_file), "%s-%s.json", gf->id, gf->name[seat]);
	if ((d->view = gamefile_view_dumps(gf, GF_VIEW_PLAYER, seat)) == NULL)
		return -1;
	draft_attach(d, d->view_file, "application/json", d->view, strlen(d->view));
	return 0;
}

/* The headers that let filters and scripts sort the host's mail: the
 * game as a list (clients file and mute by it; never copied into a
 * reply, and taken for ours when it is: message_signs.c), the game and
 * the kind of mail. */
struct machine_headers {
	char list[2 * GF_ID_LEN + 400];
};

static void
machine_headers(const struct mail_ctx *c, const struct draft *d, struct machine_headers *h,
		struct mail_out *m)
{
	int n = 0;

	if (d->game) {
		snprintf(h->list, sizeof(h->list), "Carcassonne game %s <%s.%s.%s>", d->game,
			 d->game, MAIL_LIST_LABEL, c->cfg->domain);
		m->headers[n][0] = "List-Id", m->headers[n++][1] = h->list;
		m->headers[n][0] = "X-Carcpbem-Game", m->headers[n++][1] = d->game;
	}
	m->headers[n][0] = "X-Carcpbem-Kind", m->headers[n][1] = d->kind;
}

/* A picture's values (PREFIX_file, _cid, _width, _height), and the part
 * the HTML shows by its Content-ID. */
struct shown {
	char cid[QUEUE_NAME_MAX + 300], wh[2][16];
};

static void
picture_part(const struct mail_ctx *c, struct draft *d, const struct picture *p,
	     const char *prefix, struct shown *s, struct template_vars *v)
{
	/* the values' names: static, as v keeps pointers */
	static const char *const names[][4] = {
	    {"png_file", "png_cid", "png_width", "png_height"},
	    {"panel_file", "panel_cid", "panel_width", "panel_height"},
	};
	const char *const *n = names[strcmp(prefix, "map") != 0];

	s->cid[0] = s->wh[0][0] = s->wh[1][0] = '\0';
	if (p && p->png && d->natt < MAIL_MAX_ATTACH) {
		snprintf(s->cid, sizeof(s->cid), "%s.%s@%s", prefix, d->name, c->cfg->domain);
		snprintf(s->wh[0], 16, "%d", p->width);
		snprintf(s->wh[1], 16, "%d", p->height);
		d->att[d->natt++] =
		    (struct mail_attachment){p->file, "image/png", p->png, p->len, s->cid};
	}
	tvars_set(v, n[0], s->cid[0] ? p->file : "");
	tvars_set(v, n[1], s->cid);
	tvars_set(v, n[2], s->wh[0]);
	tvars_set(v, n[3], s->wh[1]);
}

/* The HTML version, if the kind has one; NULL with err->text "" if not. */
static char *
html_version(const struct mail_ctx *c, const struct draft *d, const struct template_vars *v,
	     struct template_error *err)
{
	char *tpl = template_load_html(c->cfg->templates, d->kind, err), *html = NULL;

	if (tpl && template_expand_html(d->kind, tpl, v, &html, err) == 0 &&
	    escape_text(&html, SAFE_LINES) < 0) {
		mails_fail(err, d->kind, "out of memory");
	}
	free(tpl);
	return html;
}

/* An address no mail can be made for (one an older version took into a
 * game, "x@"): the mail is left out and the host told, as for a seat
 * without an address, so that the game, its other players and the pass
 * go on rather than fail on it every pass. */
static bool
unmailable(const struct mail_ctx *c, const struct draft *d)
{
	char why[300];

	if (d->to == NULL || mail_address_check(d->to, false, why, sizeof(why)) == 0)
		return false; /* no To at all is the composer's to refuse, as ever */
	if (c->log)
		pbem_log(c->log, PBEM_ERR, "game %s: mail %s not made: %s; if it is a "
			 "seat's, give the seat a good one (carcpbem admin %s replace SEAT "
			 "KEY ADDRESS)",
			 d->game ? d->game : "-", d->name, why, d->game ? d->game : "GAME");
	return true;
}

int
draft_send(const struct mail_ctx *c, struct draft *d, struct outmails *out,
	   struct template_error *err)
{
	char *tpl = NULL, *subject = NULL, *body = NULL, *text = NULL, *html = NULL;
	char full[1024], msgid[QUEUE_NAME_MAX + 300], refs[2048];
	char host[320], tag[GF_ID_LEN + 16];
	struct shown map, panel;
	struct machine_headers mh;
	struct template_vars v = d->vars;
	struct mail_out m = {0};
	struct mail_error merr = {0};
	size_t len = 0;
	int r = -1;

	if (unmailable(c, d)) {
		r = 0;
		goto done;
	}
	host_address(c->cfg->from, host, sizeof(host));
	tvars_set(&v, "host", host);
	if (d->game) {
		snprintf(tag, sizeof(tag), "[carcassonne %s]", d->game);
		tvars_set(&v, "tag", tag);
	}
	picture_part(c, d, d->pic, "map", &map, &v);
	picture_part(c, d, d->panel, "panel", &panel, &v);
	if ((tpl = template_load(c->cfg->templates, d->kind, err)) == NULL)
		goto done;
	if (template_expand(d->kind, tpl, &v, &subject, &body, err) < 0)
		goto done;
	/* What a sender wrote comes back in the values: no control bytes. */
	if (escape_text(&body, SAFE_LINES) < 0 || escape_text(&subject, SAFE_LINE) < 0) {
		mails_fail(err, d->kind, "out of memory");
		goto done;
	}
	if ((html = html_version(c, d, &v, err)) == NULL && err->text[0])
		goto done;
	snprintf(full, sizeof(full), "%s %s", d->game ? tag : "[carcassonne]", subject);
	snprintf(msgid, sizeof(msgid), "%s@%s", d->name, c->cfg->domain);
	references(c, d, refs, sizeof(refs));
	m.from = c->cfg->from;
	m.to[0] = d->to;
	m.subject = full;
	m.message_id = msgid;
	m.in_reply_to = d->reply ? d->reply->message_id : NULL;
	m.references = refs[0] ? refs : NULL;
	m.auto_submitted = d->reply ? "auto-replied" : "auto-generated";
	m.loop = c->cfg->domain;
	m.date = c->now;
	m.body = body;
	m.flowed = true; /* the host's prose folds to 78 columns; maps do not */
	m.html = html;
	machine_headers(c, d, &mh, &m);
	memcpy(m.att, d->att, sizeof(m.att));
	m.natt = d->natt;
	if ((text = mail_compose(&m, &len, &merr)) == NULL)
		mails_fail(err, d->kind, merr.text);
	else if (push(out, d, text, len) < 0)
		mails_fail(err, d->kind, "out of memory");
	else
		r = 0, text = NULL;
done:
	free(text);
	free(html);
	free(body);
	free(subject);
	free(tpl);
	free(d->view);
	d->view = NULL;
	return r;
}

struct mail_ctx
pbem_mail_ctx(const struct pbem *p, time_t now, const struct meta *m)
{
	return (struct mail_ctx){.cfg = &p->cfg, .cat = p->cat, .now = now, .meta = m,
				 .maps = p->maps, .log = p};
}
