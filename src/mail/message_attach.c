/* Attachments by file name: what a player's program (the demo's computer
 * players, a client tool) takes from the host's mail, e.g. the view. */
#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>

#include "message.h"

struct attach_search {
	const char *suffix;
	GByteArray *found;
};

static bool
ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void
visit(GMimeObject *parent, GMimeObject *part, gpointer data)
{
	struct attach_search *s = data;
	GMimeDataWrapper *content;
	GMimeStream *out;
	const char *name;

	(void)parent;
	if (s->found != NULL || !GMIME_IS_PART(part))
		return;
	name = g_mime_part_get_filename(GMIME_PART(part));
	content = g_mime_part_get_content(GMIME_PART(part));
	if (name == NULL || content == NULL || !ends_with(name, s->suffix))
		return;
	s->found = g_byte_array_new();
	out = g_mime_stream_mem_new_with_byte_array(s->found);
	g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(out), FALSE);
	g_mime_data_wrapper_write_to_stream(content, out); /* decodes base64 etc. */
	g_object_unref(out);
}

char *
mail_attachment(const char *raw, size_t len, const char *suffix, size_t *out_len)
{
	struct attach_search s = {suffix, NULL};
	GMimeStream *in = g_mime_stream_mem_new_with_buffer(raw, len);
	GMimeParser *parser = g_mime_parser_new_with_stream(in);
	GMimeMessage *msg = g_mime_parser_construct_message(parser, NULL);
	char *copy = NULL;

	if (msg != NULL) {
		g_mime_message_foreach(msg, visit, &s);
		g_object_unref(msg);
	}
	g_object_unref(parser);
	g_object_unref(in);
	if (s.found == NULL)
		return NULL;
	if ((copy = malloc(s.found->len + 1)) != NULL) {
		if (s.found->len > 0) /* an empty attachment has no data at all */
			memcpy(copy, s.found->data, s.found->len);
		copy[s.found->len] = '\0';
		*out_len = s.found->len;
	}
	g_byte_array_free(s.found, TRUE);
	return copy;
}
