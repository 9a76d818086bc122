/* Reading a mail: GMime parses it; here the headers the host acts on.
 * The parts are walked in message_walk.c, the signs of mail never to
 * answer are in message_signs.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "message_impl.h"

static char *
dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* The addr-spec of the first mailbox, groups opened; NULL if none. */
static const char *
first_addr(InternetAddressList *list, int depth)
{
	InternetAddress *ia;
	const char *addr;
	int i, n = list ? internet_address_list_length(list) : 0;

	for (i = 0; i < n && depth < 4; i++) {
		ia = internet_address_list_get_address(list, i);
		if (INTERNET_ADDRESS_IS_MAILBOX(ia)) {
			addr = internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(ia));
			if (addr && *addr)
				return addr;
		} else if (INTERNET_ADDRESS_IS_GROUP(ia)) {
			addr = first_addr(internet_address_group_get_members(
					      INTERNET_ADDRESS_GROUP(ia)),
					  depth + 1);
			if (addr)
				return addr;
		}
	}
	return NULL;
}

/* Whether a message id (without <>) can go back out in our In-Reply-To
 * and References: not too long for a header line (998 octets), and no
 * byte that would break or fold the header. */
static bool
usable_id(const char *id)
{
	size_t n = id ? strlen(id) : 0;

	if (n == 0 || n > MAIL_ID_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)id[i] <= ' ' || id[i] == 0x7f || id[i] == '<' ||
		    id[i] == '>')
			return false;
	return true;
}

/* "<a@x> <b@y>" from a References or In-Reply-To value, unusable ids
 * left out; NULL if none. */
static char *
references(const char *value)
{
	GMimeReferences *refs = value ? g_mime_references_parse(NULL, value) : NULL;
	GString *out = g_string_new(NULL);
	char *s = NULL;
	int i, n = refs ? g_mime_references_length(refs) : 0;
	const char *id;

	for (i = 0; i < n; i++)
		if (usable_id(id = g_mime_references_get_message_id(refs, i)))
			g_string_append_printf(out, "%s<%s>", out->len ? " " : "", id);
	if (out->len > 0)
		s = strdup(out->str);
	g_string_free(out, TRUE);
	if (refs)
		g_mime_references_free(refs);
	return s;
}

/* Decoded, and made one line of valid UTF-8: an encoded word can hold
 * any byte, and the subject goes back out in "Re: ..." headers. */
static char *
subject(GMimeMessage *msg)
{
	const char *s = g_mime_message_get_subject(msg);
	gchar *valid;
	char *out, *p;

	if (s == NULL)
		return strdup("");
	valid = g_utf8_make_valid(s, -1);
	out = strdup(valid);
	g_free(valid);
	for (p = out; p && *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	return out;
}

/* Returns false when memory ran out. */
static bool
read_headers(GMimeMessage *msg, struct mail_in *m)
{
	const char *from = first_addr(g_mime_message_get_from(msg), 0);
	const char *reply = first_addr(g_mime_message_get_reply_to(msg), 0);
	const char *id;
	char *p;

	m->from = dup_or_null(from);
	for (p = m->from; p && *p; p++)
		*p = (char)tolower((unsigned char)*p);
	m->reply_to = dup_or_null(reply ? reply : from);
	m->subject = subject(msg);
	id = g_mime_message_get_message_id(msg);
	if (!usable_id(id))
		id = NULL;
	m->message_id = dup_or_null(id);
	m->references =
	    references(g_mime_object_get_header(GMIME_OBJECT(msg), "References"));
	if (m->references == NULL)
		m->references = references(
		    g_mime_object_get_header(GMIME_OBJECT(msg), "In-Reply-To"));
	return (!from || m->from) && (!(reply || from) || m->reply_to) && m->subject &&
	       (!id || m->message_id);
}

/* An mbox "From " line before the headers is not a header: GMime would
 * take the mail for garbage. The stream reads raw where it lies rather
 * than a copy of it (a mail may be as large as max-message-size): the
 * array lends raw to the stream, which does not own it, and is let go
 * without freeing raw. The parts' contents are windows on that stream,
 * so msg must be unreferenced before release_raw. */
static GMimeMessage *
construct(const char *raw, size_t len, GByteArray **lent)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *msg;
	const char *nl;

	if (len >= 5 && memcmp(raw, "From ", 5) == 0 && (nl = memchr(raw, '\n', len))) {
		len -= (size_t)(nl + 1 - raw);
		raw = nl + 1;
	}
	*lent = g_byte_array_new_take((guint8 *)(len ? raw : ""), len);
	stream = g_mime_stream_mem_new_with_byte_array(*lent);
	g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(stream), FALSE);
	parser = g_mime_parser_new_with_stream(stream);
	msg = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	g_object_unref(stream);
	return msg;
}

/* The array's own memory freed, raw (its data) kept. */
static void
release_raw(GByteArray *lent)
{
	g_byte_array_free(lent, FALSE);
}

int
mail_parse(const char *raw, size_t len, struct mail_in *m, struct mail_error *err)
{
	GMimeMessage *msg;
	GByteArray *lent;
	bool ok = true;

	memset(m, 0, sizeof(*m));
	msg = construct(raw, len, &lent);
	if (msg) {
		ok = read_headers(msg, m);
		mail_check_signs(msg, m);
		ok = mail_walk(msg, m) == 0 && ok;
		g_object_unref(msg);
	}
	release_raw(lent);
	if (m->subject == NULL && ok)
		ok = (m->subject = strdup("")) != NULL;
	if (m->text == NULL && ok)
		ok = (m->text = strdup("")) != NULL;
	if (!ok)
		return merr(err, MAIL_TEMP, "out of memory while reading a mail");
	return 0;
}

void
mail_in_free(struct mail_in *m)
{
	int i;

	free(m->from);
	free(m->reply_to);
	free(m->subject);
	free(m->message_id);
	free(m->references);
	free(m->text);
	for (i = 0; i < m->nblocks; i++)
		free(m->block[i].text);
	for (i = 0; i < m->nkeys; i++)
		free(m->key[i].line);
	memset(m, 0, sizeof(*m));
}
