/* Princess & Dragon's dragon tiles before the dragon (RULES.md DRAGON-1,
 * UN-35; docs/rules-decisions.md): a dragon tile drawn while no volcano
 * has brought the dragon is set aside and another drawn; the first
 * volcano puts them back into the pile, each at a place the committed
 * randomness chooses (game_put_back: the archive's replay proves the host
 * did not choose). UN-35: when the pile holds nothing more, they come back
 * the same way and are played as ordinary tiles, no dragon moving.
 *
 * A tile set aside stays among the tiles drawn (it was drawn in the
 * open: the public log names it, so a view's replay sets it aside too);
 * the module keeps which, and the pile gets it back as a tile returned. */
#include "../module.h"
#include "../engine.h"
#include "exp.h"
#include "pd.h"

/* A dragon tile; never an unknown tile (dragon tiles are drawn in the
 * open). */
static bool
dragon_type(const struct game *g, int type)
{
	return type >= 0 && g->cat->types[type].attrs & TA_BIT(TA_DRAGON);
}

void
pd_aside_back(struct game *g)
{
	struct pd_state *s = pd_state(g);

	for (int i = 0; i < s->aside; i++)
		game_put_back(g, s->aside_type[i]);
	s->aside = 0;
}

/* UN-35: the pile is out with tiles aside: they come back, at random
 * places, as ordinary tiles. A draw hook, so that it comes before any
 * draw finds the pile empty (one after a discard too). */
int
pd_aside_draw(struct game *g, int owner, int arg)
{
	struct pd_state *s = pd_state(g);

	(void)owner, (void)arg;
	if (s->aside > 0 && g->bag_next >= g->bag_len) {
		pd_aside_back(g);
		s->tiles_free = true;
	}
	return -1;
}

static int
aside_step(const struct game *g)
{
	for (int i = 0; i < PD_NSTEPS; i++)
		if (pd_steps[i].run == pd_aside_run)
			return module_step(g, pd_module(g), i);
	return -1;
}

/* After the draw: a dragon tile while the dragon is not in play goes
 * aside and another is drawn in the same round (a draw frame with
 * argument 1: the turn number stays), then this step looks again. */
void
pd_aside_run(struct game *g, const struct frame *f)
{
	struct pd_state *s = pd_state(g);

	if (s->dragon >= 0 || s->tiles_free || !dragon_type(g, g->drawn) ||
	    s->aside == PD_ASIDE_MAX)
		return;
	s->aside_type[s->aside++] = (int16_t)g->drawn;
	g->drawn = -1;
	turn_push(g, aside_step(g), f->owner, 0);
	turn_push(g, STEP_DRAW, f->owner, 1);
}
