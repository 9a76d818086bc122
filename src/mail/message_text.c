/* The content of a MIME part as UTF-8 text with LF line ends, whatever
 * its transfer encoding and charset (declared, wrong or missing). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "message_impl.h"

size_t
mail_lf(char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '\0' || (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n'))
			continue;
		s[n++] = s[i];
	}
	s[n] = '\0';
	return n;
}

static char *
copy(const char *s, size_t len, size_t *outlen)
{
	char *out = malloc(len + 1);

	if (out == NULL)
		return NULL;
	if (len) /* s may be NULL then (an empty GByteArray) */
		memcpy(out, s, len);
	out[len] = '\0';
	*outlen = mail_lf(out, len);
	return out;
}

/* g_convert's result, moved to malloc'd memory; NULL if it cannot. */
static char *
convert(const char *in, size_t len, const char *from, size_t *outlen, bool *nomem)
{
	gsize n = 0;
	gchar *s = g_convert(in, (gssize)len, "UTF-8", from, NULL, &n, NULL);
	char *out;

	if (s == NULL)
		return NULL;
	out = copy(s, n, outlen);
	*nomem = out == NULL;
	g_free(s);
	return out;
}

static bool
is_utf8(const char *charset)
{
	return charset &&
	       (strcasecmp(charset, "utf-8") == 0 || strcasecmp(charset, "utf8") == 0);
}

/* No charset, or one that UTF-8 text needs no conversion from. */
static bool
is_plain(const char *charset)
{
	return charset == NULL || is_utf8(charset) ||
	       strcasecmp(charset, "us-ascii") == 0;
}

/* Text checked and repaired as UTF-8, else read as Windows-1252 (what
 * mail readers assume of undeclared 8-bit text), else as Latin-1 (which
 * always converts). in has no NUL bytes (they fail the UTF-8 check). */
static char *
guess_utf8(const char *in, size_t len, bool declared_utf8, size_t *outlen)
{
	bool nomem = false;
	char *out;
	gchar *valid;

	if (g_utf8_validate(in, (gssize)len, NULL))
		return copy(in, len, outlen);
	if (declared_utf8) {
		valid = g_utf8_make_valid(in, (gssize)len);
		out = copy(valid, strlen(valid), outlen);
		g_free(valid);
		return out;
	}
	out = convert(in, len, "WINDOWS-1252", outlen, &nomem);
	if (out || nomem)
		return out;
	return convert(in, len, "ISO-8859-1", outlen, &nomem);
}

/* Bytes as UTF-8: the declared charset first (on the bytes as they are:
 * UTF-16 has NUL bytes), then the guesses on the bytes without NULs. */
static char *
to_utf8(const char *in, size_t len, const char *charset, size_t *outlen)
{
	bool nomem = false;
	char *out = NULL, *clean;
	size_t n;

	if (in == NULL) /* empty content */
		in = "";
	if (!is_plain(charset))
		out =
		    convert(in, len, g_mime_charset_iconv_name(charset), outlen, &nomem);
	if (out || nomem)
		return out;
	clean = copy(in, len, &n);
	if (clean == NULL)
		return NULL;
	out = guess_utf8(clean, n, is_utf8(charset), outlen);
	free(clean);
	return out;
}

/* The bytes of the part with its transfer encoding undone, in an array
 * made as large as the encoded content plus a byte at once: decoding
 * never makes it larger (base64 three bytes of four, quoted-printable
 * fewer), so the array is not grown by doubling, and the byte is room
 * for a NUL. */
static GByteArray *
decoded_bytes(GMimePart *part)
{
	GMimeDataWrapper *content = g_mime_part_get_content(part);
	GMimeStream *src = content ? g_mime_data_wrapper_get_stream(content) : NULL;
	gint64 size = src ? g_mime_stream_length(src) : -1;
	GMimeStream *mem;
	GByteArray *bytes;

	if (content == NULL)
		return NULL;
	bytes = g_byte_array_sized_new(size >= 0 && size < G_MAXUINT - 1 ? (guint)size + 1
									 : 0);
	mem = g_mime_stream_mem_new_with_byte_array(bytes);
	if (g_mime_data_wrapper_write_to_stream(content, mem) < 0) {
		g_object_unref(mem);
		return NULL;
	}
	/* Keep the array when the stream goes. */
	bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(mem), FALSE);
	g_object_unref(mem);
	return bytes;
}

/* The common case, UTF-8 or ASCII text, made LF and NUL-free in the
 * decoded array itself, which becomes the text: no copy of a large part.
 * NULL (bytes left as they were read) when the text is not valid UTF-8
 * or has NUL bytes, for to_utf8 to repair or convert. GLib allocates
 * with the system's malloc (since 2.46), so free() takes the text. */
static char *
take_utf8(GByteArray *bytes, size_t *len)
{
	const char *s = (const char *)bytes->data;
	size_t n = bytes->len;
	guint8 nul = 0;

	if (memchr(s, '\0', n) || !g_utf8_validate(s, (gssize)n, NULL))
		return NULL;
	g_byte_array_append(bytes, &nul, 1);
	*len = mail_lf((char *)bytes->data, n);
	return (char *)g_byte_array_free(bytes, FALSE);
}

char *
mail_part_utf8(GMimePart *part, size_t *len)
{
	GByteArray *bytes = decoded_bytes(part);
	char *text = bytes && bytes->len > 0 ? take_utf8(bytes, len) : NULL;

	if (text)
		return text;
	if (bytes)
		g_byte_array_free(bytes, TRUE);
	return copy("", 0, len);
}

char *
mail_part_text(GMimePart *part, size_t *len)
{
	const char *charset;
	GByteArray *bytes = decoded_bytes(part);
	char *text;

	if (bytes == NULL)
		return copy("", 0, len);
	charset = g_mime_object_get_content_type_parameter(GMIME_OBJECT(part), "charset");
	if (is_plain(charset) && bytes->len > 0 && (text = take_utf8(bytes, len)) != NULL)
		return text;
	text = to_utf8((const char *)bytes->data, bytes->len, charset, len);
	g_byte_array_free(bytes, TRUE);
	return text;
}
