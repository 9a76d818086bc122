/* What one player may see that the others may not (docs/state-format.md,
 * "Secrets of players"): the rule modules' secret fields (a hand of
 * cards) and the tiles drawn in secret. They are in that player's view
 * (you.secret, the names in drawn) and the host's (secret.modules), never
 * in the public core, so never in the state hash. */
#include <stdlib.h>
#include <string.h>

#include "gamefile_impl.h"
#include "jsonv.h"

#define SECRET_FIELDS 32

bool
gf_sees_more(const struct game *g, int viewer)
{
	for (int i = 0; i < game_drawn_count(g); i++)
		if (game_drawn_seen(g, i, viewer) != game_drawn_seen(g, i, -1))
			return true;
	return false;
}

static json_t *
fields_json(const struct rules_field *f, int n, bool *ok)
{
	json_t *o = json_object();

	if (o == NULL)
		*ok = false;
	for (int k = 0; o && k < n; k++)
		jv_set(o, f[k].key, gf_field_json(&f[k]), ok);
	return o;
}

json_t *
gf_seat_secrets_json(const struct game *g, int seat, bool *ok)
{
	struct rules_field f[SECRET_FIELDS];
	json_t *o = NULL;

	/* a blind game knows its viewer's secrets alone */
	if (game_blind(g) && seat != game_viewer(g))
		return NULL;
	for (int i = 0; i < game_modules(g) && *ok; i++) {
		int n = game_module_secret(g, i, seat, f, SECRET_FIELDS);
		if (n <= 0)
			continue;
		if (n > SECRET_FIELDS) { /* a build error: a module keeps more */
			*ok = false;
			break;
		}
		if (o == NULL && (o = json_object()) == NULL)
			*ok = false;
		else
			jv_set(o, game_module_name(g, i), fields_json(f, n, ok), ok);
	}
	return o;
}

json_t *
gf_host_secrets_json(const struct gamefile *gf, bool *ok)
{
	json_t *o = NULL;

	for (int i = 0; i < game_modules(gf->game) && *ok; i++) {
		struct rules_field f[SECRET_FIELDS];
		json_t *m = NULL;
		for (int p = 0; p < gf->nplayers && *ok; p++) {
			int n = game_module_secret(gf->game, i, p, f, SECRET_FIELDS);
			if (n <= 0)
				continue;
			if (n > SECRET_FIELDS || (m == NULL && (m = json_object()) == NULL)) {
				*ok = false;
				break;
			}
			jv_set(m, gf->name[p], fields_json(f, n, ok), ok);
		}
		if (m == NULL)
			continue;
		if (o == NULL && (o = json_object()) == NULL)
			*ok = false;
		jv_set(o, game_module_name(gf->game, i), m, ok);
	}
	return o;
}

/* The module of g named name, or -1. */
static int
module_named(const struct game *g, const char *name)
{
	for (int i = 0; i < game_modules(g); i++)
		if (strcmp(game_module_name(g, i), name) == 0)
			return i;
	return -1;
}

/* One field of a secret: a number, or a list of numbers (into buf). */
static int
field_in(json_t *v, const char *key, const char *path, struct rules_field *f, int *buf,
	 int *nbuf, struct gf_error *err)
{
	*f = (struct rules_field){.key = key};
	if (json_is_integer(v)) {
		f->value = (int)json_integer_value(v);
		return json_integer_value(v) == f->value ? 0
			: gf_fail(err, path, "%lld is too large", (long long)json_integer_value(v));
	}
	if (!json_is_array(v))
		return gf_fail(err, path, "expected a number or a list of numbers, found %s",
			       jv_kind(v));
	f->values = buf + *nbuf;
	for (size_t i = 0; i < json_array_size(v); i++) {
		json_t *x = json_array_get(v, i);
		char p[JV_PATH];
		jv_index(p, path, i);
		if (!json_is_integer(x))
			return gf_fail(err, p, "expected a number, found %s", jv_kind(x));
		if (*nbuf == SECRET_FIELDS * 8)
			return gf_fail(err, path, "too many numbers");
		buf[(*nbuf)++] = (int)json_integer_value(x);
		f->nvalues++;
	}
	return 0;
}

/* A module's part of you.secret to the module (secret_load). */
static int
load_module_secret(struct gamefile *gf, int i, json_t *m, const char *path,
		   struct gf_error *err)
{
	struct rules_field f[SECRET_FIELDS];
	int buf[SECRET_FIELDS * 8], nbuf = 0, n = 0;
	struct rules_error re = {0};
	const char *key;
	char p[JV_PATH];
	json_t *v;

	if (!json_is_object(m))
		return gf_fail(err, path, "expected an object of the module's secret fields, "
			       "found %s", jv_kind(m));
	json_object_foreach(m, key, v) {
		jv_join(p, path, key);
		if (n == SECRET_FIELDS)
			return gf_fail(err, p, "more secret fields than a module keeps");
		if (field_in(v, key, p, &f[n++], buf, &nbuf, err) < 0)
			return -1;
	}
	if (game_module_secret_load(gf->game, i, gf->me, f, n, &re) < 0)
		return gf_fail(err, path, "%s (was the file edited?)", re.text);
	return 0;
}

static int
load_you_secret(json_t *you, struct gamefile *gf, struct gf_error *err)
{
	json_t *s = json_object_get(you, "secret"), *m;
	const char *name;
	char p[JV_PATH];
	int i;

	if (s == NULL)
		return 0;
	if (!json_is_object(s))
		return gf_fail(err, "you.secret", "expected an object of modules, found %s",
			       jv_kind(s));
	json_object_foreach(s, name, m) {
		jv_join(p, "you.secret", name);
		if ((i = module_named(gf->game, name)) < 0)
			return gf_fail(err, p, "no rule module of this game is named so");
		if (load_module_secret(gf, i, m, p, err) < 0)
			return -1;
	}
	return 0;
}

/* The secrets the view holds are the game's: missing ones too. */
static int
compare_secrets(json_t *stored, json_t *real, const char *path, struct gf_error *err)
{
	json_t *none = json_object();
	int r = jv_compare(stored ? stored : none, real ? real : none, path, err);

	json_decref(none);
	return r;
}

int
gf_load_secrets(json_t *root, struct gamefile *gf, struct gf_error *err)
{
	bool ok = true;
	json_t *real, *stored;
	int r;

	if (gf->view == GF_VIEW_PUBLIC)
		return 0;
	if (gf->view == GF_VIEW_PLAYER) {
		json_t *you = json_object_get(root, "you");
		if (load_you_secret(you, gf, err) < 0)
			return -1;
		real = gf_seat_secrets_json(gf->game, gf->me, &ok);
		stored = json_object_get(you, "secret");
		r = ok ? compare_secrets(stored, real, "you.secret", err)
		       : gf_fail(err, "", "out of memory");
	} else {
		real = gf_host_secrets_json(gf, &ok);
		stored = json_object_get(json_object_get(root, "secret"), "modules");
		r = ok ? compare_secrets(stored, real, "secret.modules", err)
		       : gf_fail(err, "", "out of memory");
	}
	json_decref(real);
	return r;
}
