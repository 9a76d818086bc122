/* Walking the MIME tree of a mail: the body text, and the turn blocks of
 * every part that can hold one (text parts, octet-stream attachments,
 * forwarded messages). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "message_impl.h"

/* Deeper nesting is not a mail a player wrote; it also bounds the stack. */
#define MAX_DEPTH 32

struct walk {
	struct mail_in *m;
	char *plain, *html; /* the first body text of each kind */
	bool saw_plain, saw_html;
	int part;           /* leaf parts walked so far */
	struct sigs sigs;   /* SSH signatures, joined to turns at the end */
};

enum kind { SKIP, PLAIN, HTML, TEXT, BINARY };

static enum kind
kind_of(GMimeObject *part)
{
	GMimeContentType *ct = g_mime_object_get_content_type(part);

	if (ct == NULL || g_mime_content_type_is_type(ct, "text", "plain"))
		return PLAIN;
	if (g_mime_content_type_is_type(ct, "text", "html"))
		return HTML;
	if (g_mime_content_type_is_type(ct, "text", "*"))
		return TEXT;
	if (g_mime_content_type_is_type(ct, "application", "octet-stream"))
		return BINARY;
	return SKIP;
}

/* A key or signature file, whatever type the sender's program gave it
 * (.pub is application/x-mspublisher in many mime.types, .sig
 * application/pgp-signature). */
static bool
is_key_file(GMimePart *part)
{
	const char *name = g_mime_part_get_filename(part);
	size_t n = name ? strlen(name) : 0;

	return n > 4 && (strcasecmp(name + n - 4, ".pub") == 0 ||
			 strcasecmp(name + n - 4, ".sig") == 0);
}

/* A file name (Thunderbird's "inline; filename=turn.txt" too) or
 * "attachment" makes it an attachment; other text and octet-stream
 * parts are never the body. */
static bool
is_attachment(GMimePart *part, enum kind k)
{
	const char *disp = g_mime_object_get_disposition(GMIME_OBJECT(part));

	return k == TEXT || k == BINARY || g_mime_part_get_filename(part) ||
	       (disp && strcasecmp(disp, "attachment") == 0);
}

/* "body", "html body", "attachment turn.txt", "attachment (text/x-turn)",
 * each after "forwarded " inside a message/rfc822 part. */
static void
describe(GMimePart *part, enum kind k, bool attachment, bool forwarded, char *where,
	 size_t size)
{
	const char *pre = forwarded ? "forwarded " : "";
	const char *name = g_mime_part_get_filename(part);
	char *type;

	if (!attachment) {
		snprintf(where, size, "%s%s", pre, k == HTML ? "html body" : "body");
	} else if (name) {
		snprintf(where, size, "%sattachment %s", pre, name);
	} else {
		type = g_mime_content_type_get_mime_type(
		    g_mime_object_get_content_type(GMIME_OBJECT(part)));
		snprintf(where, size, "%sattachment (%s)", pre, type);
		g_free(type);
	}
}

/* Keeps *text as the body if it is the first of its kind. */
static void
keep_body(struct walk *w, enum kind k, char **text)
{
	char **slot = k == PLAIN ? &w->plain : &w->html;

	if (k == PLAIN)
		w->saw_plain = true;
	else
		w->saw_html = true;
	if (*slot == NULL) {
		*slot = *text;
		*text = NULL;
	}
}

static int
walk_leaf(struct walk *w, GMimePart *part, bool forwarded)
{
	enum kind k = kind_of(GMIME_OBJECT(part));
	bool attachment;
	char where[sizeof(w->m->block[0].where)], *text, *plain;
	const char *name = g_mime_part_get_filename(part);
	size_t len;
	int found, first = w->m->nblocks, sigs;

	if (k == SKIP && is_key_file(part))
		k = TEXT;
	if (k == SKIP)
		return 0;
	attachment = is_attachment(part, k);
	text = k == BINARY ? mail_part_utf8(part, &len) : mail_part_text(part, &len);
	if (text && k == HTML) {
		plain = mail_html_to_text(text, len);
		free(text);
		text = plain;
		len = text ? strlen(text) : 0;
	}
	if (text == NULL)
		return -1;
	describe(part, k, attachment, forwarded, where, sizeof(where));
	found = mail_find_blocks(w->m, text, len, where, w->part);
	if (found >= 0 && mail_note_blocks(w->m, &w->sigs, first, text, len, attachment,
					   name) < 0)
		found = -1;
	sigs = found < 0 ? -1
			 : mail_find_sigs(w->m, &w->sigs, text, len, w->part, attachment,
					  name, where);
	found = sigs < 0 ? -1 : found + sigs;
	w->part++;
	if (found >= 0 && mail_find_keys(w->m, text, len, where) < 0)
		found = -1;
	if (!attachment && !forwarded)
		keep_body(w, k, &text);
	free(text);
	return found;
}

static int walk_object(struct walk *w, GMimeObject *obj, bool forwarded, int depth);

/* The versions of one body: blocks from the text/plain one; from the
 * others, in order, only while none has given any. So an inline turn is
 * counted once, and one only in the HTML version is still found. */
static int
walk_alternative(struct walk *w, GMimeMultipart *mp, bool forwarded, int depth)
{
	int i, n = g_mime_multipart_get_count(mp), plain = -1, found;
	GMimeObject *child;

	for (i = 0; i < n && plain < 0; i++) {
		child = g_mime_multipart_get_part(mp, i);
		if (GMIME_IS_PART(child) && kind_of(child) == PLAIN)
			plain = i;
	}
	if (plain >= 0) {
		found = walk_object(w, g_mime_multipart_get_part(mp, plain), forwarded,
				    depth);
		if (found != 0)
			return found;
	}
	for (i = 0; i < n; i++) {
		if (i == plain)
			continue;
		found =
		    walk_object(w, g_mime_multipart_get_part(mp, i), forwarded, depth);
		if (found != 0)
			return found;
	}
	return 0;
}

static int
walk_multipart(struct walk *w, GMimeMultipart *mp, bool forwarded, int depth)
{
	GMimeContentType *ct = g_mime_object_get_content_type(GMIME_OBJECT(mp));
	int i, n = g_mime_multipart_get_count(mp), found = 0, r;

	if (ct && g_mime_content_type_is_type(ct, "multipart", "alternative"))
		return walk_alternative(w, mp, forwarded, depth);
	for (i = 0; i < n; i++) {
		r = walk_object(w, g_mime_multipart_get_part(mp, i), forwarded, depth);
		if (r < 0)
			return -1;
		found += r;
	}
	return found;
}

/* Blocks found in obj and below, or -1 when memory ran out. */
static int
walk_object(struct walk *w, GMimeObject *obj, bool forwarded, int depth)
{
	GMimeMessage *inner;

	if (obj == NULL || depth > MAX_DEPTH)
		return 0;
	if (GMIME_IS_MESSAGE_PART(obj)) {
		inner = g_mime_message_part_get_message(GMIME_MESSAGE_PART(obj));
		if (inner == NULL)
			return 0;
		return walk_object(w, g_mime_message_get_mime_part(inner), true,
				   depth + 1);
	}
	if (GMIME_IS_MULTIPART(obj))
		return walk_multipart(w, GMIME_MULTIPART(obj), forwarded, depth + 1);
	if (GMIME_IS_PART(obj))
		return walk_leaf(w, GMIME_PART(obj), forwarded);
	return 0;
}

int
mail_walk(GMimeMessage *msg, struct mail_in *m)
{
	struct walk w = {.m = m};
	int r = walk_object(&w, g_mime_message_get_mime_part(msg), false, 0);

	if (mail_join_sigs(m, &w.sigs) < 0)
		r = -1;
	m->html_only = w.saw_html && !w.saw_plain;
	if (w.plain) {
		m->text = w.plain;
		free(w.html);
	} else {
		m->text = w.html;
	}
	return r < 0 ? -1 : 0;
}
