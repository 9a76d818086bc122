/* Reading JSON documents field by field, naming the first field at fault
 * by its path ("players[2].supply.followers") in a struct gf_error. Used
 * by the game document loader and the archive readers. */
#ifndef CARC_JSONV_H
#define CARC_JSONV_H

#include <jansson.h>
#include <stdbool.h>

#include "gamefile.h"

#define JV_PATH 96

/* "an object", "a string", ... for messages. */
const char *jv_kind(const json_t *j);
/* path.key, or key at the top. */
void jv_join(char *out, const char *path, const char *key);
/* path[i] */
void jv_index(char *out, const char *path, size_t i);

/* A typo in a key must not pass for an absent optional field: every key
 * of obj must be in known (NULL-terminated). */
int jv_keys(json_t *obj, const char *path, const char *const *known,
	    struct gf_error *err);
/* Joins n NULL-terminated lists of keys into out, NULL at its end: the
 * number of keys, or -1 if they do not fit in cap entries (out is then
 * the empty list). */
int jv_key_list(const char **out, size_t cap, const char *const *const *lists, size_t n);
/* obj.key of JSON type want (JSON_TRUE stands for a boolean), or NULL with
 * err filled; what describes the expected value. */
json_t *jv_member(json_t *obj, const char *path, const char *key, int want,
		  const char *what, struct gf_error *err);
/* An integer lo..hi ("%lld is out of range lo..hi" otherwise). */
int jv_int(json_t *obj, const char *path, const char *key, long lo, long hi, int *out,
	   struct gf_error *err);
int jv_bool(json_t *obj, const char *path, const char *key, bool *out,
	    struct gf_error *err);
const char *jv_string(json_t *obj, const char *path, const char *key, const char *what,
		      struct gf_error *err);
/* A string of exactly n lower-case hexadecimal digits into bin (n / 2
 * bytes). */
int jv_hex(json_t *obj, const char *path, const char *key, uint8_t *bin, size_t nbin,
	   struct gf_error *err);

/* The first place where stored and real differ, searched through objects
 * and arrays alike: 0 when equal, else -1 with err naming the path, the
 * value the document has and the value real has. */
int jv_compare(json_t *stored, json_t *real, const char *path, struct gf_error *err);

/* Building documents: jansson's setters fail quietly when memory runs
 * out, leaving a document with a member missing (a wrong state hash). These
 * take v (also on failure) and clear *ok instead; jv_done gives back o
 * when every step worked, else frees it and gives NULL. */
void jv_set(json_t *o, const char *key, json_t *v, bool *ok);
void jv_append(json_t *a, json_t *v, bool *ok);
json_t *jv_done(json_t *o, bool ok);

/* json_dumps's text (jsondump.c: the same bytes, some five times
 * faster), but NULL whenever memory ran out: jansson 2.14's json_dumps
 * can leave an object's key out of its text then and still succeed, and
 * the text of a document is hashed and stored. free() it. */
char *jv_dumps(const json_t *j, size_t flags);

/* Lower-case hex of n bytes into out (2n + 1 bytes). */
void jv_tohex(const uint8_t *bin, size_t n, char *out);
int jv_fromhex(const char *hex, uint8_t *bin, size_t n);

#endif
