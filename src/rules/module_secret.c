/* The modules' secret state (module.h: secret_fields, secret_load) as
 * the state layer reads it (rules.h). */
#include "engine.h"

int
game_module_secret(const struct game *g, int i, int seat, struct rules_field *out, int cap)
{
	const struct rules_module *m = g->mods[i];

	return m->secret_fields ? m->secret_fields(g, seat, out, cap) : 0;
}

int
game_module_secret_load(struct game *g, int i, int seat, const struct rules_field *in, int n,
			struct rules_error *err)
{
	const struct rules_module *m = g->mods[i];

	if (m->secret_load)
		return m->secret_load(g, seat, in, n, err);
	return n == 0 ? 0
		      : rerr(err, RERR_OPTION, "", "%s keeps no secret of a player", m->name);
}
