/* Sets of figures (struct figset, rules.h): a bit per index into
 * game.figure, in as many 64-bit words as the game's figures need
 * (game.figwords: one in the base game). */
#ifndef CARC_FIGSET_H
#define CARC_FIGSET_H

#include "rules.h"

static inline void
figset_add(struct figset *s, int i)
{
	s->w[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline void
figset_del(struct figset *s, int i)
{
	s->w[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

static inline bool
figset_has(const struct figset *s, int i)
{
	return s->w[i >> 6] >> (i & 63) & 1;
}

/* The first member in [lo, lo + n), or -1. */
static inline int
figset_first_in(const struct figset *s, int lo, int n)
{
	if ((lo & 63) + n <= 63) { /* in one word: always in the base game */
		uint64_t bits = s->w[lo >> 6] >> (lo & 63) & (((uint64_t)1 << n) - 1);
		return bits ? lo + __builtin_ctzll(bits) : -1;
	}
	for (int i = lo; i < lo + n;) {
		int w = i >> 6, b = i & 63, span = 64 - b < lo + n - i ? 64 - b : lo + n - i;
		uint64_t bits = s->w[w] >> b;
		if (span < 64)
			bits &= ((uint64_t)1 << span) - 1;
		if (bits)
			return i + __builtin_ctzll(bits);
		i += span;
	}
	return -1;
}

/* Loops over the members of a copy of s (members removed meanwhile are
 * still visited: check them; break and continue both go on to the next):
 *	FIGSET_EACH(g, &g->on_seg, i) { ... }  */
#define FIGSET_EACH(g, set, i)                                                       \
	for (int w_ = 0; w_ < (g)->figwords; w_++)                                     \
		for (uint64_t m_ = (set)->w[w_]; m_; m_ &= m_ - 1)                         \
			for (int i = w_ * 64 + __builtin_ctzll(m_), once_ = 1; once_; once_ = 0)

#endif
