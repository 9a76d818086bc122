/* Princess & Dragon's dragon tiles before the dragon (RULES.md DRAGON-1,
 * UN-35; docs/rules-decisions.md): a dragon tile drawn while no volcano
 * has brought the dragon is set aside and another drawn; the first
 * volcano shuffles them back into the pile, each at a place the
 * committed randomness chooses (bag_put_back). UN-35: when only set-aside
 * dragon tiles are left, they come back the same way and are played as
 * ordinary tiles, no dragon moving. */
#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

static bool
dragon_type(const struct game *g, int type)
{
	return type >= 0 && g->cat->types[type].attrs & TA_BIT(TA_DRAGON);
}

/* Every dragon tile set aside back into the pile, at random places. */
void
pd_aside_back(struct game *g)
{
	struct pd_state *s = pd_state(g);

	while (s->aside > 0) {
		int type = -1;
		for (int i = g->bag_len; i < g->bag_len + g->bag_aside && type < 0; i++)
			if (dragon_type(g, g->bag[i]))
				type = g->bag[i];
		if (type < 0 || bag_take_aside(g, type) < 0)
			break;
		bag_put_back(g, type);
		s->aside--;
	}
	s->aside = 0;
}

/* After the draw: a dragon tile while the dragon is not in play goes
 * aside, another comes (DRAGON-1). */
void
pd_aside_run(struct game *g, const struct frame *f)
{
	struct pd_state *s = pd_state(g);

	while (s->dragon < 0 && !s->tiles_free && dragon_type(g, g->drawn) && !g->over) {
		if (game_set_drawn_aside(g, f->owner) < 0)
			return;
		s->aside++;
	}
}

/* UN-35: the pile holds nothing but set-aside dragon tiles: they come
 * back as ordinary tiles. The draw then takes from the bag as always. */
int
pd_aside_draw(struct game *g, int owner, int arg)
{
	struct pd_state *s = pd_state(g);

	(void)owner;
	(void)arg;
	if (s->aside > 0 && g->bag_next >= g->bag_len) {
		pd_aside_back(g);
		s->tiles_free = true;
	}
	return -1;
}
