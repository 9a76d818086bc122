/* The views show the engine's bag, not the committed starting order: a
 * module may put tiles back or set them aside (bag_ops.c). Tiles set
 * aside show only as a count ("aside"): "remaining" keeps them among the
 * tiles to come, so no view tells which ones they are. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "gamefile.h"
#include "tap.h"

static json_t *
public_view(const struct gamefile *gf)
{
	return gamefile_view_json(gf, GF_VIEW_PUBLIC, -1);
}

static int
remaining_of(json_t *view, const char *id)
{
	return (int)json_integer_value(json_object_get(json_object_get(view, "remaining"), id));
}

static int
remaining_total(json_t *view)
{
	const char *id;
	json_t *v;
	int n = 0;

	json_object_foreach(json_object_get(view, "remaining"), id, v)
		n += (int)json_integer_value(v);
	return n;
}

/* The view's drawn tiles are the engine's, in order. */
static bool
drawn_is_engines(json_t *view, const struct game *g)
{
	json_t *d = json_object_get(view, "drawn");

	if ((int)json_array_size(d) != g->bag_next)
		return false;
	for (int i = 0; i < g->bag_next; i++)
		if (strcmp(json_string_value(json_array_get(d, i)), g->cat->types[g->bag[i]].id))
			return false;
	return true;
}

static char *
text_of(json_t *view)
{
	return json_dumps(view, JSON_PRESERVE_ORDER | JSON_COMPACT);
}

int
main(void)
{
	static const char *const names[] = {"alice", "bob"};
	struct rules_error re = {0};
	struct gf_error err = {0};
	const struct catalog *cat = catalog_load_builtin(&re);
	struct game_setup s = {.nplayers = 2, .start = -1};
	struct gamefile *gf;
	struct game *g;
	json_t *v0, *v;
	char *t0, *t;
	int x, left;
	const char *xid;

	if (cat == NULL)
		bail_out("%s", re.text);
	rules_options_default(&s.opt);
	s.seed[0] = 42;
	if ((gf = gamefile_new(cat, &s, names, &err)) == NULL)
		bail_out("gamefile_new: %s", err.text);
	g = gf->game;
	v0 = public_view(gf);
	t0 = text_of(v0);
	left = game_tiles_left(g);
	ok(json_object_get(v0, "aside") == NULL, "no tiles aside: no \"aside\" key");
	is_int(remaining_total(v0), left, "remaining: the tiles left to draw");

	/* set aside a copy of a tile some draws ahead */
	x = g->bag[g->bag_next + 5];
	xid = cat->types[x].id;
	is_int(bag_set_aside(g, x), 0, "a %s set aside", xid);
	v = public_view(gf);
	is_int(json_integer_value(json_object_get(v, "aside")), 1, "aside: 1");
	is_int(json_integer_value(json_object_get(v, "tiles_left")), left - 1,
	       "one tile fewer to draw");
	is_int(remaining_of(v, xid), remaining_of(v0, xid),
	       "remaining %s unchanged: which tile is aside shows nowhere", xid);
	ok(json_equal(json_object_get(v, "remaining"), json_object_get(v0, "remaining")),
	   "remaining as before the tile was set aside");
	t = text_of(v);
	ok(t && strstr(t, "secret") == NULL, "the public view has no bag order");
	free(t);
	json_decref(v);

	/* taken from aside (a module's to play), then put back to draw */
	is_int(bag_take_aside(g, x), 0, "taken from aside");
	v = public_view(gf);
	ok(json_object_get(v, "aside") == NULL, "none aside: no \"aside\" key");
	is_int(remaining_of(v, xid), remaining_of(v0, xid) - 1, "remaining %s one fewer", xid);
	json_decref(v);
	ok(bag_put_back(g, x) >= g->bag_next, "put back among the tiles left");
	v = public_view(gf);
	t = text_of(v);
	is_str(t, t0, "the public view is the one before, byte for byte");
	free(t);
	json_decref(v);

	/* play to the end: every view on the way shows the engine's draws */
	{
		bool same = true, differs = false;
		struct action *a = malloc(sizeof(*a) * (size_t)game_legal_cap(g));
		while (a && !g->over) {
			if (game_legal_actions(g, a, game_legal_cap(g)) < 1 ||
			    gamefile_play_action(gf, &a[0], &re) < 0)
				break;
			v = public_view(gf);
			same &= drawn_is_engines(v, g) && remaining_total(v) == game_tiles_left(g);
			json_decref(v);
		}
		for (int i = 0; i < g->bag_next && i < gf->nbag; i++)
			differs |= g->bag[i] != gf->bag[i];
		ok(g->over, "the game ends (%s)", re.text);
		ok(same, "every view: drawn is the engine's, remaining its tiles left");
		ok(differs, "and the engine's draws are not the committed order's (the put-back "
			    "tile moved)");
		free(a);
	}
	free(t0);
	json_decref(v0);
	gamefile_free(gf);
	catalog_free((struct catalog *)cat);
	return done_testing();
}
