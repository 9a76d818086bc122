/* The rule modules' own words to players (module.h: summary, symbol,
 * explain, ahead), said where players meet them (issue 21.8): what each
 * rule set changes in the start's mails, a symbol's meaning once a tile
 * with it is on the board or drawn, a decision's reason in the mail that
 * asks it and a hint in the notice before. The host adds no text of its
 * own: a new module brings its sentences in its table. */
#include <string.h>

#include "mails_impl.h"
#include "module.h"

/* Whether a tile showing one of attrs is on the board or is the tile
 * drawn (type, or -1). */
static bool
attrs_met(const struct game *g, tile_attrs attrs, int type)
{
	const struct tile_type *t;

	if (type >= 0) {
		t = &g->cat->types[type];
		if ((t->attrs | t->seg_attrs) & attrs)
			return true;
	}
	for (int i = 0; i < g->nplaced; i++) {
		t = &g->cat->types[g->placed[i].type];
		if ((t->attrs | t->seg_attrs) & attrs)
			return true;
	}
	return false;
}

/* A module is met when it has no symbol or its symbol is in sight. */
static bool
module_met(const struct game *g, const struct rules_module *m, int type)
{
	return m->symbol_attrs == 0 || attrs_met(g, m->symbol_attrs, type);
}

char *
rules_summary_text(const struct game *g)
{
	struct memtext mt;
	FILE *fp = memtext_open(&mt);

	for (int i = 0; fp && i < g->nmods; i++)
		if (g->mods[i]->summary)
			fprintf(fp, "  %s\n", g->mods[i]->summary);
	return memtext_close(&mt);
}

char *
rules_notes_text(const struct game *g, const struct decision *d)
{
	struct memtext mt;
	FILE *fp = memtext_open(&mt);

	for (int i = 0; fp && i < g->nmods; i++) {
		const struct rules_module *m = g->mods[i];
		if (m->symbol && attrs_met(g, m->symbol_attrs, d->tile))
			fprintf(fp, "  %s\n", m->symbol);
		if (d->kind != DECISION_PLACE_TILE || !module_met(g, m, d->tile))
			continue;
		for (int s = 0; s < m->nsteps; s++)
			if (m->steps[s].ahead)
				fprintf(fp, "  %s\n", m->steps[s].ahead);
	}
	return memtext_close(&mt);
}

/* The decision's step in g, or NULL. */
static const struct rules_step *
decision_step(const struct game *g, const struct decision *d)
{
	for (int i = 0; d->name && i < g->nsteps; i++)
		if (g->steps[i]->decision && strcmp(g->steps[i]->decision, d->name) == 0)
			return g->steps[i];
	return NULL;
}

void
rules_decision_why(const struct game *g, const struct decision *d, const char *const *names,
		   char *buf, size_t n)
{
	const struct rules_step *s = decision_step(g, d);
	struct frame f = {.owner = (int8_t)d->player, .arg = (int16_t)d->arg};

	buf[0] = '\0';
	if (s && s->why)
		s->why(g, &f, names, buf, n);
}

const char *
rules_decision_explain(const struct game *g, const struct decision *d)
{
	const struct rules_step *s = decision_step(g, d);

	return s && s->explain ? s->explain : "";
}
