/* Field-by-field JSON reading with paths in the errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamefile_impl.h"
#include "jsonv.h"

const char *
jv_kind(const json_t *j)
{
	switch (json_typeof(j)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
		return "an integer";
	case JSON_REAL:
		return "a real number";
	case JSON_TRUE:
		return "true";
	case JSON_FALSE:
		return "false";
	default:
		return "null";
	}
}

void
jv_join(char *out, const char *path, const char *key)
{
	snprintf(out, JV_PATH, "%s%s%s", path, *path ? "." : "", key);
}

void
jv_index(char *out, const char *path, size_t i)
{
	snprintf(out, JV_PATH, "%s[%zu]", path, i);
}

int
jv_keys(json_t *obj, const char *path, const char *const *known, struct gf_error *err)
{
	char p[JV_PATH], list[256] = "";
	const char *key;
	json_t *v;
	int i;

	json_object_foreach(obj, key, v) {
		for (i = 0; known[i] && strcmp(known[i], key) != 0; i++)
			;
		if (known[i])
			continue;
		for (i = 0; known[i]; i++) {
			size_t len = strlen(list);
			snprintf(list + len, sizeof(list) - len, "%s%s", i ? ", " : "",
				 known[i]);
		}
		jv_join(p, path, key);
		return gf_fail(err, p, "unknown key; the keys here are %s", list);
	}
	return 0;
}

int
jv_key_list(const char **out, size_t cap, const char *const *const *lists, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		for (const char *const *key = lists[i]; *key; key++) {
			if (k + 1 >= cap) {
				if (cap > 0)
					out[0] = NULL;
				return -1;
			}
			out[k++] = *key;
		}
	if (cap > 0)
		out[k] = NULL;
	return cap > 0 ? (int)k : -1;
}

json_t *
jv_member(json_t *obj, const char *path, const char *key, int want, const char *what,
	  struct gf_error *err)
{
	json_t *v = json_object_get(obj, key);
	char p[JV_PATH];

	if (v && (want == JSON_TRUE ? json_is_boolean(v) : (int)json_typeof(v) == want))
		return v;
	jv_join(p, path, key); /* the path only for the message: loading is hot */
	if (v == NULL)
		gf_fail(err, p, "missing (expected %s)", what);
	else
		gf_fail(err, p, "expected %s, found %s", what, jv_kind(v));
	return NULL;
}

int
jv_int(json_t *obj, const char *path, const char *key, long lo, long hi, int *out,
       struct gf_error *err)
{
	char what[64], p[JV_PATH];
	json_t *v = json_object_get(obj, key);

	if (!json_is_integer(v)) { /* the text only for the message */
		snprintf(what, sizeof(what), "an integer from %ld to %ld", lo, hi);
		jv_member(obj, path, key, JSON_INTEGER, what, err);
		return -1;
	}
	if (json_integer_value(v) < lo || json_integer_value(v) > hi) {
		jv_join(p, path, key);
		return gf_fail(err, p, "%lld is out of range %ld..%ld",
			       (long long)json_integer_value(v), lo, hi);
	}
	*out = (int)json_integer_value(v);
	return 0;
}

int
jv_bool(json_t *obj, const char *path, const char *key, bool *out, struct gf_error *err)
{
	json_t *v = jv_member(obj, path, key, JSON_TRUE, "true or false", err);

	if (v == NULL)
		return -1;
	*out = json_is_true(v);
	return 0;
}

const char *
jv_string(json_t *obj, const char *path, const char *key, const char *what,
	  struct gf_error *err)
{
	json_t *v = jv_member(obj, path, key, JSON_STRING, what, err);

	return v ? json_string_value(v) : NULL;
}

void
jv_tohex(const uint8_t *bin, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[bin[i] >> 4];
		out[2 * i + 1] = digits[bin[i] & 15];
	}
	out[2 * n] = '\0';
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Lower case only: hashes and seeds are written one way, so that a
 * document has one spelling. */
int
jv_fromhex(const char *hex, uint8_t *bin, size_t n)
{
	if (strlen(hex) != 2 * n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		bin[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

int
jv_hex(json_t *obj, const char *path, const char *key, uint8_t *bin, size_t nbin,
       struct gf_error *err)
{
	char what[64], p[JV_PATH];
	const char *s;

	snprintf(what, sizeof(what), "%zu lower-case hexadecimal digits", 2 * nbin);
	if ((s = jv_string(obj, path, key, what, err)) == NULL)
		return -1;
	if (jv_fromhex(s, bin, nbin) < 0) {
		jv_join(p, path, key);
		return gf_fail(err, p, "\"%.80s\" is not %s", s, what);
	}
	return 0;
}

/* ---- comparing a document with what replaying it gives ---- */

static void
show(const json_t *v, char *buf, size_t n)
{
	char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);

	snprintf(buf, n, "%.70s%s", text ? text : "?",
		 text && strlen(text) > 70 ? "..." : "");
	free(text);
}

static int
differ(json_t *s, json_t *r, const char *path, struct gf_error *err)
{
	char sv[80], rv[80];

	if (s)
		show(s, sv, sizeof(sv));
	if (r)
		show(r, rv, sizeof(rv));
	if (s == NULL)
		return gf_fail(err, path, "missing; replaying the actions gives %s", rv);
	if (r == NULL)
		return gf_fail(err, path,
			       "the document has %s, but replaying the actions gives "
			       "nothing here (was the file edited?)",
			       sv);
	return gf_fail(err, path,
		       "the document says %s but replaying the actions gives %s (was "
		       "the file edited?)",
		       sv, rv);
}

static int
compare_objects(json_t *stored, json_t *real, const char *path, struct gf_error *err)
{
	char p[JV_PATH];
	const char *key;
	json_t *v;

	json_object_foreach(real, key, v) {
		jv_join(p, path, key);
		if (jv_compare(json_object_get(stored, key), v, p, err) < 0)
			return -1;
	}
	json_object_foreach(stored, key, v) {
		jv_join(p, path, key);
		if (json_object_get(real, key) == NULL)
			return differ(v, NULL, p, err);
	}
	return 0;
}

static int
compare_arrays(json_t *stored, json_t *real, const char *path, struct gf_error *err)
{
	size_t ns = json_array_size(stored), nr = json_array_size(real);
	char p[JV_PATH];

	for (size_t i = 0; i < ns || i < nr; i++) {
		jv_index(p, path, i);
		if (jv_compare(json_array_get(stored, i), json_array_get(real, i), p,
			       err) < 0)
			return -1;
	}
	return 0;
}

/* Equal documents (the usual case) in one walk without paths; a
 * difference is then looked for with them. */
int
jv_compare(json_t *stored, json_t *real, const char *path, struct gf_error *err)
{
	if (stored && real && json_equal(stored, real))
		return 0;
	if (stored && real && json_is_object(stored) && json_is_object(real))
		return compare_objects(stored, real, path, err);
	if (stored && real && json_is_array(stored) && json_is_array(real))
		return compare_arrays(stored, real, path, err);
	if (stored && real && json_equal(stored, real))
		return 0;
	return differ(stored, real, path, err);
}

void
jv_set(json_t *o, const char *key, json_t *v, bool *ok)
{
	if (v == NULL || json_object_set_new(o, key, v) < 0) /* takes v either way */
		*ok = false;
}

void
jv_append(json_t *a, json_t *v, bool *ok)
{
	if (v == NULL || json_array_append_new(a, v) < 0)
		*ok = false;
}

json_t *
jv_done(json_t *o, bool ok)
{
	if (ok && o != NULL)
		return o;
	json_decref(o);
	return NULL;
}

