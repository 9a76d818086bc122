/* The parts of a mail being composed: the text body (UTF-8, format=flowed
 * if asked, 7bit when it can be, else quoted-printable), its HTML version
 * and base64 attachments. */
#include <stdlib.h>
#include <string.h>

#include "message_impl.h"

static void
set_content(GMimePart *part, const void *data, size_t len)
{
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(data, len);
	GMimeDataWrapper *content =
	    g_mime_data_wrapper_new_with_stream(stream, GMIME_CONTENT_ENCODING_DEFAULT);

	g_mime_part_set_content(part, content);
	g_object_unref(content);
	g_object_unref(stream);
}

/* 7bit is for ASCII text whose lines any server takes (998 bytes) and
 * that cannot be taken for the boundary; quoted-printable writes '=' as
 * "=3D", so it never can. */
static bool
needs_qp(const char *text, size_t len, const char *boundary)
{
	size_t i, line = 0;

	for (i = 0; i < len; i++) {
		if (text[i] == '\n')
			line = 0;
		else if ((unsigned char)text[i] >= 0x80 || text[i] == '\r' ||
			 ++line > 998)
			return true;
	}
	return boundary && strstr(text, boundary);
}

/* A text/SUBTYPE part of text (taken: freed here), UTF-8. */
static GMimeObject *
text_part(const char *subtype, char *text, bool flowed, const char *boundary)
{
	size_t len;
	GMimePart *part;

	if (text == NULL)
		return NULL;
	len = mail_lf(text, strlen(text)); /* GMime writes every LF as CR LF */
	part = g_mime_part_new_with_type("text", subtype);
	g_mime_object_set_content_type_parameter(GMIME_OBJECT(part), "charset", "utf-8");
	if (flowed)
		g_mime_object_set_content_type_parameter(GMIME_OBJECT(part), "format",
							 "flowed");
	set_content(part, text, len);
	g_mime_part_set_content_encoding(
	    part, needs_qp(text, len, boundary) ? GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE
						: GMIME_CONTENT_ENCODING_7BIT);
	free(text);
	return GMIME_OBJECT(part);
}

GMimeObject *
mail_body_part(const char *body, bool flowed, const char *boundary)
{
	return text_part("plain", flowed ? mail_flow(body) : strdup(body), flowed, boundary);
}

GMimeObject *
mail_html_part(const char *html, const char *boundary)
{
	return text_part("html", strdup(html), false, boundary);
}

GMimeObject *
mail_attachment_part(const struct mail_attachment *a, bool shown)
{
	GMimeContentType *type = g_mime_content_type_parse(
	    NULL, a->content_type ? a->content_type : "application/octet-stream");
	GMimePart *part = g_mime_part_new();

	g_mime_object_set_content_type(GMIME_OBJECT(part), type);
	g_object_unref(type);
	set_content(part, a->data ? a->data : "", a->data ? a->len : 0);
	g_mime_part_set_content_encoding(part, GMIME_CONTENT_ENCODING_BASE64);
	/* Shown in the html, by its Content-ID; "inline" with a file name is
	 * what clients without html list as an attachment to save. */
	g_mime_object_set_disposition(GMIME_OBJECT(part), shown ? GMIME_DISPOSITION_INLINE
								 : GMIME_DISPOSITION_ATTACHMENT);
	if (shown)
		g_mime_object_set_content_id(GMIME_OBJECT(part), a->content_id);
	if (a->filename)
		g_mime_part_set_filename(part, a->filename);
	return GMIME_OBJECT(part);
}
