/* jv_dumps: the text json_dumps gives, written straight into one buffer.
 * The state hash is the hash of this text and the game files and views
 * are this text, so it must be jansson's byte for byte (t-jsondump
 * compares the two on random documents under every flag we use). What
 * makes jansson's own writer slow for our documents is not the text but
 * its bookkeeping: a callback a piece, a hash table insert and an
 * snprintf("%p") a container to catch cycles, an snprintf an integer. A
 * document we built has no cycles; depth is bounded instead. Reals,
 * JSON_EMBED and text that is not UTF-8 go to jansson's writer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jsonv.h"

#define DEPTH_MAX 512 /* deeper is a bug (or a cycle): jansson decides */

enum { DUMP_OK, DUMP_NOMEM, DUMP_JANSSON };

struct out {
	char *text;
	size_t len, cap;
	int status;
};

static int
grow(struct out *o, size_t more)
{
	size_t cap = o->cap ? o->cap : 4096;
	char *p;

	while (cap < o->len + more + 1)
		cap *= 2;
	if ((p = realloc(o->text, cap)) == NULL) {
		o->status = DUMP_NOMEM;
		return -1;
	}
	o->text = p;
	o->cap = cap;
	return 0;
}

static inline void
put(struct out *o, const char *s, size_t n)
{
	if (o->status == DUMP_NOMEM || (o->len + n + 1 > o->cap && grow(o, n) < 0))
		return;
	memcpy(o->text + o->len, s, n);
	o->len += n;
}

static void
put_int(struct out *o, json_int_t v)
{
	char buf[24], *p = buf + sizeof(buf);
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	put(o, p, (size_t)(buf + sizeof(buf) - p));
}

/* A newline and depth levels of indent; else the space between items
 * when not compact. */
static void
indent(struct out *o, size_t flags, int depth, bool space)
{
	static const char blanks[] = "                                ";
	size_t n = (size_t)depth * (flags & JSON_MAX_INDENT);

	if ((flags & JSON_MAX_INDENT) == 0) {
		if (space && !(flags & JSON_COMPACT))
			put(o, " ", 1);
		return;
	}
	put(o, "\n", 1);
	for (; n > 0; n -= n < 32 ? n : 32)
		put(o, blanks, n < 32 ? n : 32);
}

/* The code point of the UTF-8 sequence at s (its length in *len), or -1
 * when it is not one (overlong, a surrogate, past U+10FFFF, cut short). */
static int32_t
utf8_point(const unsigned char *s, size_t avail, size_t *len)
{
	static const int32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
	int32_t cp;
	size_t n;

	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		n = 2, cp = s[0] & 0x1F;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		n = 3, cp = s[0] & 0x0F;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		n = 4, cp = s[0] & 0x07;
	else
		return -1;
	if (n > avail)
		return -1;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	*len = n;
	return cp;
}

static void
put_u16(struct out *o, int32_t unit)
{
	static const char hex[] = "0123456789ABCDEF";
	char e[6] = {'\\', 'u', hex[(unit >> 12) & 15], hex[(unit >> 8) & 15],
		     hex[(unit >> 4) & 15], hex[unit & 15]};

	put(o, e, sizeof(e));
}

/* One character that needs an escape: its short form, else \uXXXX (a
 * surrogate pair past the BMP). */
static void
put_escape(struct out *o, int32_t cp)
{
	static const char *const shortform[] = {['\b'] = "\\b", ['\f'] = "\\f",
						['\n'] = "\\n", ['\r'] = "\\r",
						['\t'] = "\\t", ['"'] = "\\\"",
						['/'] = "\\/",  ['\\'] = "\\\\"};

	if (cp < (int32_t)(sizeof(shortform) / sizeof(*shortform)) && shortform[cp])
		put(o, shortform[cp], 2);
	else if (cp < 0x10000)
		put_u16(o, cp);
	else {
		put_u16(o, 0xD800 | ((cp - 0x10000) >> 10));
		put_u16(o, 0xDC00 | ((cp - 0x10000) & 0x3FF));
	}
}

static bool
plain_ascii(unsigned char c, size_t flags)
{
	return c >= 0x20 && c < 0x80 && c != '"' && c != '\\' &&
	       !(c == '/' && (flags & JSON_ESCAPE_SLASH));
}

/* Runs of plain characters are copied whole. */
static void
put_string(struct out *o, const char *str, size_t len, size_t flags)
{
	const unsigned char *s = (const unsigned char *)str, *end = s + len, *run;
	size_t n;
	int32_t cp;

	put(o, "\"", 1);
	while (s < end) {
		for (run = s; s < end && plain_ascii(*s, flags); s++)
			;
		put(o, (const char *)run, (size_t)(s - run));
		if (s == end)
			break;
		if (*s < 0x80)
			cp = *s, n = 1;
		else if ((cp = utf8_point(s, (size_t)(end - s), &n)) < 0) {
			o->status = DUMP_JANSSON; /* jansson refuses it: its call */
			return;
		}
		if (*s < 0x80 || (flags & JSON_ENSURE_ASCII))
			put_escape(o, cp);
		else
			put(o, (const char *)s, n);
		s += n;
	}
	put(o, "\"", 1);
}

struct key {
	const char *text;
	size_t len;
};

static int
key_order(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int c = memcmp(x->text, y->text, x->len < y->len ? x->len : y->len);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void put_value(struct out *o, const json_t *j, size_t flags, int depth);

/* The members in document order, or sorted by key. */
static void
put_members(struct out *o, const json_t *obj, size_t flags, int depth)
{
	size_t n = json_object_size(obj), i = 0;
	struct key small[64], *keys = n <= 64 ? small : malloc(n * sizeof(*keys));
	const char *sep = flags & JSON_COMPACT ? ":" : ": ";
	void *it;

	if (keys == NULL) {
		o->status = DUMP_NOMEM;
		return;
	}
	for (it = json_object_iter((json_t *)obj); it && i < n;
	     it = json_object_iter_next((json_t *)obj, it))
		keys[i++] = (struct key){json_object_iter_key(it), json_object_iter_key_len(it)};
	if (flags & JSON_SORT_KEYS)
		qsort(keys, n, sizeof(*keys), key_order);
	for (i = 0; i < n && o->status == DUMP_OK; i++) {
		put_string(o, keys[i].text, keys[i].len, flags);
		put(o, sep, strlen(sep));
		put_value(o, json_object_getn(obj, keys[i].text, keys[i].len), flags, depth + 1);
		if (i + 1 < n) {
			put(o, ",", 1);
			indent(o, flags, depth + 1, true);
		} else
			indent(o, flags, depth, false);
	}
	if (keys != small)
		free(keys);
}

static void
put_container(struct out *o, const json_t *j, size_t flags, int depth)
{
	bool obj = json_is_object(j);
	size_t n = obj ? json_object_size(j) : json_array_size(j);

	put(o, obj ? "{" : "[", 1);
	if (n > 0) {
		indent(o, flags, depth + 1, false);
		if (obj)
			put_members(o, j, flags, depth);
		else
			for (size_t i = 0; i < n && o->status == DUMP_OK; i++) {
				put_value(o, json_array_get(j, i), flags, depth + 1);
				if (i + 1 < n) {
					put(o, ",", 1);
					indent(o, flags, depth + 1, true);
				} else
					indent(o, flags, depth, false);
			}
	}
	put(o, obj ? "}" : "]", 1);
}

static void
put_value(struct out *o, const json_t *j, size_t flags, int depth)
{
	if (o->status != DUMP_OK)
		return;
	if (j == NULL || depth > DEPTH_MAX) {
		o->status = DUMP_JANSSON;
		return;
	}
	switch (json_typeof(j)) {
	case JSON_NULL:
		put(o, "null", 4);
		break;
	case JSON_TRUE:
		put(o, "true", 4);
		break;
	case JSON_FALSE:
		put(o, "false", 5);
		break;
	case JSON_INTEGER:
		put_int(o, json_integer_value(j));
		break;
	case JSON_STRING:
		put_string(o, json_string_value(j), json_string_length(j), flags);
		break;
	case JSON_ARRAY:
	case JSON_OBJECT:
		put_container(o, j, flags, depth);
		break;
	default: /* a real: jansson's number formatting */
		o->status = DUMP_JANSSON;
	}
}

/* jansson's own writer, for what ours leaves to it. */
static int
jansson_piece(const char *piece, size_t n, void *data)
{
	struct out *o = data;

	put(o, piece, n);
	return o->status == DUMP_NOMEM ? -1 : 0;
}

char *
jv_dumps(const json_t *j, size_t flags)
{
	struct out o = {NULL, 0, 0, DUMP_OK};

	if (j == NULL || (!(flags & JSON_ENCODE_ANY) && !json_is_array(j) && !json_is_object(j)))
		return NULL;
	if (!(flags & JSON_EMBED))
		put_value(&o, j, flags, 0);
	if ((flags & JSON_EMBED) || o.status == DUMP_JANSSON) {
		o = (struct out){o.text, 0, o.cap, DUMP_OK};
		if (json_dump_callback(j, jansson_piece, &o, flags) < 0 && o.status == DUMP_OK)
			o.status = DUMP_JANSSON; /* jansson refused it too */
	}
	if (o.status != DUMP_OK || (o.text == NULL && grow(&o, 0) < 0)) {
		free(o.text);
		return NULL;
	}
	o.text[o.len] = '\0';
	return o.text;
}
