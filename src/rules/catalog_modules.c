/* A catalogue's modules, and what their tables say of each tile type:
 * which pile of the draw it goes to (RIVER-2's order, a start left out)
 * and whether it has a placement rule. Made once, when the catalogue gets
 * its modules, so that the bag and the frontier read a type's byte and
 * never a module's name or a draw group. */
#include "tile.h"
#include "module.h"

/* The first pile of mods that takes t, and its rank (piles counted in
 * module order); NULL when none does. */
static const struct draw_pile *
pile_of(const struct tile_type *t, const struct rules_module *const *mods, int n,
	const struct rules_module **owner, int *rank)
{
	int r = 0;

	for (int i = 0; i < n; i++)
		for (int k = 0; k < mods[i]->ndraw_piles; k++, r++) {
			const struct draw_pile *p = &mods[i]->draw_piles[k];
			if (p->group == t->group && (t->attrs & p->attrs) == p->attrs) {
				*owner = mods[i];
				*rank = r;
				return p;
			}
		}
	return NULL;
}

static void
type_use_modules(struct tile_type *t, const struct rules_module *const *mods, int n)
{
	const struct rules_module *owner = NULL;
	int rank = 0;
	const struct draw_pile *p =
		t->group == GROUP_DEFAULT ? NULL : pile_of(t, mods, n, &owner, &rank);

	t->flags &= (uint8_t)~TILE_PLACE_RULE;
	t->draw_rank = p == NULL ? DRAW_RANK_MAIN : p->start ? DRAW_RANK_OUT : (int8_t)rank;
	if (p && !p->start && owner->place_ok)
		t->flags |= TILE_PLACE_RULE;
}

void
catalog_types_use_modules(struct catalog *cat, int from)
{
	for (int i = from; i < cat->ntypes; i++)
		type_use_modules(&cat->types[i], cat->modules, cat->nmodules);
}

int
catalog_use_modules(struct catalog *cat, const struct rules_module *const *mods, int n,
		    struct rules_error *err)
{
	int npiles = 0;
	uint8_t shuffled = 0;

	for (int i = 0; i < n; i++)
		for (int k = 0; k < mods[i]->ndraw_piles; k++, npiles++)
			if (npiles < DRAW_PILES_MAX && mods[i]->draw_piles[k].shuffled)
				shuffled |= (uint8_t)(1u << npiles);
	if (npiles > DRAW_PILES_MAX)
		return rerr(err, RERR_OPTION, "", "the modules deal %d piles before the main one; "
			    "the most is %d", npiles, DRAW_PILES_MAX);
	cat->modules = mods;
	cat->nmodules = n;
	cat->draw_shuffled = shuffled;
	catalog_types_use_modules(cat, 0);
	return 0;
}
