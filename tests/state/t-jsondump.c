/* jv_dumps writes jansson's text byte for byte: random documents (every
 * kind of value, escapes, UTF-8 of every length, keys with NUL, deep and
 * empty containers, extreme integers) under every flag combination the
 * program uses and more; text jansson refuses is refused; reals and
 * JSON_EMBED come out as jansson writes them. The state hash and every
 * game file depend on these bytes. */
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonv.h"
#include "tap.h"

static uint32_t
pick(uint32_t n)
{
	return randombytes_uniform(n);
}

/* Text of random characters: plain, escapes, controls, 2-, 3- and 4-byte
 * UTF-8, NUL when allowed. */
static size_t
random_text(char *buf, size_t cap, bool nul)
{
	static const char *const pieces[] = {"a", "Z", "0", " ", "/", "\\", "\"", "\b", "\f",
					     "\n", "\r", "\t", "\x01", "\x1f", "\x7f", "é",
					     "€", "𝄞", "中文", "\xef\xbf\xbf", "plain text "};
	size_t len = 0, n = pick(12);

	for (size_t i = 0; i < n; i++) {
		const char *p = pieces[pick(sizeof(pieces) / sizeof(*pieces))];
		size_t k = strlen(p);
		if (nul && pick(10) == 0)
			p = "", k = 1; /* a NUL byte */
		if (len + k >= cap)
			break;
		memcpy(buf + len, p, k);
		len += k;
	}
	buf[len] = '\0';
	return len;
}

static json_t *random_value(int depth);

static json_t *
random_container(int depth)
{
	bool obj = pick(2);
	json_t *c = obj ? json_object() : json_array();
	int n = pick(depth > 4 ? 2 : 6);
	char key[64];

	for (int i = 0; i < n; i++) {
		json_t *v = random_value(depth + 1);
		if (!obj)
			json_array_append_new(c, v);
		else {
			size_t len = random_text(key, sizeof(key), true);
			json_object_setn_new(c, key, len, v);
		}
	}
	return c;
}

static json_t *
random_value(int depth)
{
	static const json_int_t ints[] = {0, 1, -1, 9, 10, -10, 123456789, LLONG_MAX, LLONG_MIN};
	char text[128];
	size_t len;

	switch (pick(depth > 6 ? 6 : 8)) {
	case 0:
		return json_null();
	case 1:
		return json_boolean(pick(2));
	case 2:
		return json_integer(ints[pick(sizeof(ints) / sizeof(*ints))]);
	case 3:
		return json_integer((json_int_t)pick(UINT32_MAX) - INT32_MAX);
	case 4:
	case 5:
		len = random_text(text, sizeof(text), true);
		return json_stringn(text, len);
	default:
		return random_container(depth);
	}
}

static const size_t flag_sets[] = {
    0,
    JSON_COMPACT,
    JSON_INDENT(2) | JSON_PRESERVE_ORDER, /* game files and views */
    JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII, /* the state hash */
    JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII, /* history lines */
    JSON_INDENT(1),
    JSON_INDENT(4) | JSON_SORT_KEYS,
    JSON_INDENT(31) | JSON_COMPACT,
    JSON_SORT_KEYS,
    JSON_ENSURE_ASCII | JSON_ESCAPE_SLASH,
    JSON_INDENT(3) | JSON_ENSURE_ASCII | JSON_SORT_KEYS | JSON_ESCAPE_SLASH,
    JSON_ENCODE_ANY,
    JSON_ENCODE_ANY | JSON_COMPACT | JSON_ENSURE_ASCII,
};
#define NSETS (sizeof(flag_sets) / sizeof(*flag_sets))

/* Both writers on j under flags: the same text, or both refuse. */
static bool
same_text(const json_t *j, size_t flags)
{
	char *mine = jv_dumps(j, flags), *theirs = json_dumps(j, flags);
	bool same = mine && theirs ? strcmp(mine, theirs) == 0 : mine == theirs;

	if (!same)
		diag("flags %#zx: jansson %s\n  ours   %s", flags, theirs ? theirs : "(refused)",
		     mine ? mine : "(refused)");
	free(mine);
	free(theirs);
	return same;
}

static void
random_documents(void)
{
	int differ[NSETS] = {0};

	for (int i = 0; i < 3000; i++) {
		json_t *j = pick(4) ? random_container(0) : random_value(0);
		for (size_t f = 0; f < NSETS; f++)
			differ[f] += !same_text(j, flag_sets[f]);
		json_decref(j);
	}
	for (size_t f = 0; f < NSETS; f++)
		is_int(differ[f], 0, "3,000 random documents, flags %#zx: jansson's text",
		       flag_sets[f]);
}

static void
edge_cases(void)
{
	json_t *deep = json_array(), *inner = deep, *bad, *real;

	for (int i = 0; i < 600; i++) { /* past our depth bound: jansson's text */
		json_t *a = json_array();
		json_array_append_new(inner, a);
		inner = a;
	}
	ok(same_text(deep, JSON_INDENT(1)) && same_text(deep, JSON_COMPACT),
	   "600 arrays deep: jansson's text");
	json_decref(deep);

	json_t *o = json_object(), *a = json_array(), *five = json_integer(5);
	ok(same_text(o, 0) && same_text(a, JSON_INDENT(2)), "empty object and array");
	bad = json_pack("{s:o}", "k", json_stringn_nocheck("\xc3\x28 \xed\xa0\x80", 5));
	ok(jv_dumps(bad, 0) == NULL && json_dumps(bad, 0) == NULL,
	   "a string that is not UTF-8 is refused, as jansson refuses it");
	json_decref(bad);
	bad = json_pack("{s:o}", "k", json_stringn_nocheck("\xf4\x90\x80\x80", 4));
	ok(jv_dumps(bad, JSON_ENSURE_ASCII) == NULL, "past U+10FFFF is refused");
	json_decref(bad);
	real = json_pack("{s:f, s:[f, i]}", "pi", 3.14159, "list", -0.5, 3);
	ok(same_text(real, JSON_COMPACT) && same_text(real, JSON_INDENT(2) | JSON_SORT_KEYS),
	   "reals: jansson's text (its own writer)");
	ok(same_text(real, JSON_EMBED | JSON_COMPACT), "JSON_EMBED: jansson's text");
	json_decref(real);
	ok(jv_dumps(five, 0) == NULL && same_text(five, JSON_ENCODE_ANY),
	   "a scalar only with JSON_ENCODE_ANY");
	json_decref(o);
	json_decref(a);
	json_decref(five);
	ok(jv_dumps(NULL, JSON_ENCODE_ANY) == NULL, "NULL is refused");
}

int
main(void)
{
	if (sodium_init() < 0)
		bail_out("sodium_init failed");
	random_documents();
	edge_cases();
	done_testing();
}
