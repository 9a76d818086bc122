/* Composing a mail with GMime. The same input gives the same bytes (the
 * host's crash recovery composes a mail again and compares): the date,
 * the Message-ID and the MIME boundary all come from the input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "message_impl.h"

/* No CR or LF in a header value: they would start headers of their own. */
static bool
one_line(const char *s)
{
	return s == NULL || strpbrk(s, "\r\n") == NULL;
}

static int
check(const struct mail_out *m, struct mail_error *err)
{
	int i;
	bool lines = one_line(m->from) && one_line(m->message_id) &&
		     one_line(m->in_reply_to) && one_line(m->references) &&
		     one_line(m->auto_submitted) && one_line(m->loop);

	if (m->from == NULL || m->to[0] == NULL || m->message_id == NULL ||
	    !*m->message_id)
		return merr(err, MAIL_PERM, "a mail needs a From, a To and a Message-ID");
	for (i = 0; i < MAIL_MAX_RCPT && m->to[i]; i++)
		lines = lines && one_line(m->to[i]);
	for (i = 0; i < MAIL_MAX_HEADERS && m->headers[i][0]; i++)
		lines = lines && one_line(m->headers[i][0]) && one_line(m->headers[i][1]);
	for (i = 0; i < m->natt && i < MAIL_MAX_ATTACH; i++)
		lines = lines && one_line(m->att[i].content_id) && one_line(m->att[i].filename);
	if (!lines)
		return merr(err, MAIL_PERM,
			    "a header of the mail has a line break in it");
	if (m->natt < 0 || m->natt > MAIL_MAX_ATTACH)
		return merr(err, MAIL_PERM, "%d attachments: at most %d", m->natt,
			    MAIL_MAX_ATTACH);
	return 0;
}

/* The subject is free text (templates, players' subjects): line breaks
 * in it become blanks rather than refuse the mail. */
static int
set_subject(GMimeMessage *msg, const char *subject)
{
	char *line = strdup(subject), *p;

	if (line == NULL)
		return -1;
	for (p = line; *p; p++)
		if (*p == '\r' || *p == '\n')
			*p = ' ';
	g_mime_message_set_subject(msg, line, "utf-8");
	free(line);
	return 0;
}

static int
add_addresses(InternetAddressList *dst, const char *text, struct mail_error *err)
{
	InternetAddressList *list = internet_address_list_parse(NULL, text);

	if (list == NULL || internet_address_list_length(list) == 0) {
		if (list)
			g_object_unref(list);
		return merr(err, MAIL_PERM, "\"%.200s\" is not a mail address", text);
	}
	internet_address_list_append(dst, list);
	g_object_unref(list);
	return 0;
}

/* In this order in the mail: From, To, Subject, Date, Message-Id,
 * In-Reply-To, References, Auto-Submitted, the loop header, the others. */
static int
set_headers(GMimeMessage *msg, const struct mail_out *m, struct mail_error *err)
{
	GMimeObject *obj = GMIME_OBJECT(msg);
	GDateTime *date = g_date_time_new_from_unix_utc((gint64)m->date);
	gchar *value;
	int i;

	if (date == NULL)
		return merr(err, MAIL_PERM, "the date of the mail is out of range");
	if (add_addresses(g_mime_message_get_from(msg), m->from, err) < 0)
		goto fail;
	for (i = 0; i < MAIL_MAX_RCPT && m->to[i]; i++)
		if (add_addresses(g_mime_message_get_to(msg), m->to[i], err) < 0)
			goto fail;
	if (set_subject(msg, m->subject ? m->subject : "") < 0)
		goto fail_nomem;
	g_mime_message_set_date(msg, date);
	g_mime_message_set_message_id(msg, m->message_id);
	if (m->in_reply_to) {
		value = g_strdup_printf("<%s>", m->in_reply_to);
		g_mime_object_set_header(obj, "In-Reply-To", value, NULL);
		g_free(value);
	}
	if (m->references)
		g_mime_object_set_header(obj, "References", m->references, NULL);
	if (m->auto_submitted)
		g_mime_object_set_header(obj, "Auto-Submitted", m->auto_submitted, NULL);
	if (m->loop)
		g_mime_object_set_header(obj, MAIL_LOOP_HEADER, m->loop, NULL);
	for (i = 0; i < MAIL_MAX_HEADERS && m->headers[i][0]; i++)
		g_mime_object_set_header(obj, m->headers[i][0],
					 m->headers[i][1] ? m->headers[i][1] : "", NULL);
	g_date_time_unref(date);
	return 0;
fail_nomem:
	merr(err, MAIL_TEMP, "out of memory while writing a mail");
fail:
	g_date_time_unref(date);
	return -1;
}

/* A multipart of subtype holding first (its reference is taken). */
static GMimeMultipart *
multipart(const char *subtype, const char *boundary, GMimeObject *first)
{
	GMimeMultipart *mp = g_mime_multipart_new_with_subtype(subtype);

	g_mime_multipart_set_boundary(mp, boundary);
	g_mime_multipart_add(mp, first);
	g_object_unref(first);
	return mp;
}

/* Adds the attachments the html shows (or the others) to mp. */
static void
add_parts(GMimeMultipart *mp, const struct mail_out *m, bool shown)
{
	for (int i = 0; i < m->natt; i++) {
		if ((m->html && m->att[i].content_id) != shown)
			continue;
		GMimeObject *part = mail_attachment_part(&m->att[i], shown);
		g_mime_multipart_add(mp, part);
		g_object_unref(part);
	}
}

/* The tree of message.h: text, alternative, related, mixed, each level
 * only when it has more than one part. The boundaries share base; a
 * body that holds base is quoted-printable, so no line of it can be one. */
static GMimeObject *
mime_body(const struct mail_out *m, const char *base, const char *sum)
{
	GMimeObject *body = mail_body_part(m->body ? m->body : "", m->flowed, base);
	char boundary[96];
	int inline_parts = 0;

	if (body == NULL)
		return NULL;
	if (m->html) {
		GMimeObject *html = mail_html_part(m->html, base);
		snprintf(boundary, sizeof(boundary), "%sa-%s", base, sum);
		body = GMIME_OBJECT(multipart("alternative", boundary, body));
		g_mime_multipart_add(GMIME_MULTIPART(body), html);
		g_object_unref(html);
		for (int i = 0; i < m->natt; i++)
			inline_parts += m->att[i].content_id != NULL;
	}
	if (inline_parts) {
		snprintf(boundary, sizeof(boundary), "%sr-%s", base, sum);
		GMimeMultipart *rel = multipart("related", boundary, body);
		/* RFC 2387: the type of the root part, which comes first */
		g_mime_object_set_content_type_parameter(GMIME_OBJECT(rel), "type",
							 "multipart/alternative");
		add_parts(rel, m, true);
		body = GMIME_OBJECT(rel);
	}
	if (m->natt > inline_parts) {
		snprintf(boundary, sizeof(boundary), "%s%s", base, sum);
		GMimeMultipart *mixed = multipart("mixed", boundary, body);
		add_parts(mixed, m, false);
		body = GMIME_OBJECT(mixed);
	}
	return body;
}

/* The message written with CR LF line ends, copied to malloc'd memory. */
static char *
to_bytes(GMimeMessage *msg, size_t *len, struct mail_error *err)
{
	GMimeFormatOptions *format = g_mime_format_options_new();
	GMimeStream *mem = g_mime_stream_mem_new();
	GByteArray *bytes;
	char *out = NULL;

	g_mime_format_options_set_newline_format(format, GMIME_NEWLINE_FORMAT_DOS);
	if (g_mime_object_write_to_stream(GMIME_OBJECT(msg), format, mem) < 0) {
		merr(err, MAIL_TEMP, "GMime could not write the mail");
	} else {
		bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
		out = malloc(bytes->len + 1);
		if (out) {
			memcpy(out, bytes->data, bytes->len);
			out[bytes->len] = '\0';
			if (len)
				*len = bytes->len;
		} else {
			merr(err, MAIL_TEMP, "out of memory while writing a mail");
		}
	}
	g_object_unref(mem);
	g_mime_format_options_free(format);
	return out;
}

char *
mail_compose(const struct mail_out *m, size_t *len, struct mail_error *err)
{
	GMimeMessage *msg;
	GMimeObject *body;
	gchar *sum;
	char hash[40], *out = NULL;

	if (check(m, err) < 0)
		return NULL;
	msg = g_mime_message_new(FALSE);
	if (set_headers(msg, m, err) < 0)
		goto done;
	/* The boundary from the Message-ID: random ones would differ. */
	sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, m->message_id, -1);
	snprintf(hash, sizeof(hash), "%.32s", sum);
	g_free(sum);
	body = mime_body(m, "=-carcpbem-", hash);
	if (body == NULL) {
		merr(err, MAIL_TEMP, "out of memory while writing a mail");
		goto done;
	}
	g_mime_message_set_mime_part(msg, body);
	g_object_unref(body);
	out = to_bytes(msg, len, err);
done:
	g_object_unref(msg);
	return out;
}
