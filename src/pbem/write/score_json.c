/* Scoring as JSON (report.h): every scoring event with its place and the
 * rule that counted it, and each player's points by category, so that a
 * program reads the scores without parsing sentences (docs/state-format.md,
 * "Scoring in JSON"). */
#include <string.h>

#include "module.h"
#include "report.h"

/* Categories that are not a feature kind: the event's rule decides, in
 * the table of the module whose rule it is. */
static const struct score_category *
rule_category(const struct game *g, const struct game_event *ev)
{
	const struct rules_module *const *mods = g->cat->modules;

	for (int i = 0; ev->rule && i < g->cat->nmodules; i++)
		for (int k = 0; k < mods[i]->nscore_categories; k++)
			if (strcmp(ev->rule, mods[i]->score_categories[k].rule) == 0)
				return &mods[i]->score_categories[k];
	return NULL;
}

const char *
score_category(const struct game *g, const struct game_event *ev)
{
	const struct score_category *c = rule_category(g, ev);

	if (c)
		return c->category;
	return ev->tile < 0 ? "other" : seg_kind_name(ev->seg_kind);
}

const char *
score_text(const struct game *g, const struct game_event *ev)
{
	const struct score_category *c = rule_category(g, ev);

	if (c && ev->what > 0 && ev->what <= c->ntexts)
		return c->texts[ev->what - 1];
	return c ? c->text : NULL;
}

static json_t *
event_json(const struct gamefile *gf, const struct game_event *ev)
{
	const struct game *g = gf->game;
	const struct tile_type *t;
	int p = game_placed_at(g, ev->x, ev->y);
	char place[PLACE_NAME_MAX] = "";

	if (ev->tile < 0) /* a module's points for no feature: no place */
		return json_pack("{s:s, s:i, s:s, s:i, s:s, s:b}", "player",
				 gf->name[ev->player], "turn", ev->turn, "category",
				 score_category(g, ev), "points", ev->points, "rule",
				 ev->rule ? ev->rule : "", "final", ev->final != 0);
	t = &gf->cat->types[ev->tile];
	if (p >= 0 && ev->seg < t->nsegs)
		place_name(t, g->placed[p].rot, ev->seg, place);
	return json_pack("{s:s, s:i, s:s, s:s, s:i, s:i, s:s, s:s, s:i, s:s, s:b}", "player",
			 gf->name[ev->player], "turn", ev->turn, "category", score_category(g, ev),
			 "kind", seg_kind_name(ev->seg_kind), "x", ev->x, "y", ev->y, "tile",
			 t->id, "place", place, "points", ev->points, "rule",
			 ev->rule ? ev->rule : "", "final", ev->final != 0);
}

json_t *
score_events_json(const struct gamefile *gf, int from)
{
	const struct game *g = gf->game;
	json_t *a = json_array();

	for (int i = from; a && i < g->nevents; i++)
		if (g->events[i].kind == EV_SCORE &&
		    json_array_append_new(a, event_json(gf, &g->events[i])) < 0) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

/* Adds points to category in obj, keeping the categories in the order
 * they first scored. */
static int
add_points(json_t *obj, const char *category, int points)
{
	json_t *v = json_object_get(obj, category);

	return json_object_set_new(obj, category,
				   json_integer(json_integer_value(v) + points));
}

json_t *
score_totals_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *a = json_array(), *by[MAX_PLAYERS] = {0};
	bool ok = a != NULL;

	for (int p = 0; p < gf->nplayers; p++)
		ok &= (by[p] = json_object()) != NULL;
	for (int i = 0; ok && i < g->nevents; i++)
		if (g->events[i].kind == EV_SCORE)
			ok = add_points(by[g->events[i].player], score_category(g, &g->events[i]),
					g->events[i].points) == 0;
	for (int p = 0; p < gf->nplayers; p++) {
		json_t *pl = ok ? json_pack("{s:s, s:i, s:O}", "player", gf->name[p], "score",
					    g->player[p].score, "by_category", by[p])
				: NULL;
		ok = pl && json_array_append_new(a, pl) == 0;
	}
	for (int p = 0; p < gf->nplayers; p++)
		json_decref(by[p]);
	if (!ok) {
		json_decref(a);
		return NULL;
	}
	return a;
}
