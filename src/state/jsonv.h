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

/* Lower-case hex of n bytes into out (2n + 1 bytes). */
void jv_tohex(const uint8_t *bin, size_t n, char *out);
int jv_fromhex(const char *hex, uint8_t *bin, size_t n);

#endif
