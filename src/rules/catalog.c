/* Tile catalogue: parses tile-set texts (docs/tile-format.md) into
 * tile types. No I/O: the texts come in as strings. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seg_kind.h"
#include "tile.h"
#include "module.h"

#define LINE_MAX_LEN 512

/* One tile-set text being parsed. Types go to a private array first so
 * the catalogue only changes when the whole set is good. */
struct setparse {
	char			*set;	/* owned name, handed to the catalogue */
	int			 line;
	int			 start_line;	/* line of the start tile, or 0 */
	struct tile_type	*types;
	int			 ntypes;
	int			 cap;
	struct set_ref		 refs[8];
	int			 nrefs;
	const struct catalog	*cat;
	struct rules_error	*err;
};

/* One line being parsed: the tile plus what only the parser needs. */
struct linestate {
	struct tile_type	 t;
	char			 edges[5];	/* declared edges column */
	uint8_t			 label[TILE_SEG_MAX];
	uint8_t			 nlinks[TILE_SEG_MAX];
	uint8_t			 link[TILE_SEG_MAX][TILE_SEG_MAX]; /* city labels */
};

static const char *const slot_names[] = {
	"NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR", "C",
	"I1", "I2"
};
static const char *const edge_kind_names[] = {
	"?", "field", "road", "city", "river", "wall"
};
static const char edge_chars[] = "?FRC~A";

#define ON(k) (1u << (k))
/* Attribute words, and the segment kinds each may be written on (0: a
 * tile attribute, written among the flags). */
static const struct {
	const char	*name;
	unsigned	 kinds;
} attr_words[TA_COUNT] = {
	[TA_CATHAR] = { "cathar", ON(SEG_CITY) },
	[TA_CATHEDRAL] = { "cathedral", ON(SEG_CITY) },
	[TA_PRINCESS] = { "princess", ON(SEG_CITY) },
	[TA_WINE] = { "wine", ON(SEG_CITY) },
	[TA_GRAIN] = { "grain", ON(SEG_CITY) },
	[TA_CLOTH] = { "cloth", ON(SEG_CITY) },
	[TA_INN] = { "inn", ON(SEG_ROAD) },
	[TA_TUNNEL] = { "tunnel", ON(SEG_ROAD) },
	[TA_PIGSTY] = { "pigsty", ON(SEG_FIELD) },
	[TA_PIG_HERD] = { "pig-herd", ON(SEG_FIELD) },
	[TA_NUGGET] = { "nugget", ON(SEG_CITY) },
	[TA_FISH] = { "fish", ON(SEG_RIVER) },
	[TA_DEER] = { "deer", ON(SEG_FIELD) },
	[TA_MAMMOTH] = { "mammoth", ON(SEG_FIELD) },
	[TA_AUROCHS] = { "aurochs", ON(SEG_FIELD) },
	[TA_TIGER] = { "tiger", ON(SEG_FIELD) },
	[TA_VOLCANO] = { "volcano", 0 },
	[TA_DRAGON] = { "dragon", 0 },
	[TA_PORTAL] = { "portal", 0 },
	[TA_TOWER] = { "tower", 0 },
	[TA_SPRING] = { "spring", 0 },
	[TA_LAKE] = { "lake", 0 },
	[TA_FORK] = { "fork", 0 },
	[TA_BRIDGE] = { "bridge", 0 },
	[TA_ABBEY] = { "abbey", 0 },
	[TA_FIRE] = { "fire", 0 },
};

static const struct {
	const char	*name;
	int		 flag;
	int		 group;	/* -1: not a group */
} flag_words[] = {
	{ "start", TILE_START, -1 },
	{ "max1", TILE_MAX1, -1 },
	{ "with-river", TILE_WITH_RIVER, -1 },
	{ "river", 0, GROUP_RIVER },
	{ "river-spring", 0, GROUP_RIVER_SPRING },
	{ "river-lake", 0, GROUP_RIVER_LAKE },
	{ "river-fork", 0, GROUP_RIVER_FORK },
};
/* What the river groups show, so the lines need not say it twice. */
static const tile_attrs group_attrs[] = {
	[GROUP_RIVER_SPRING] = TA_BIT(TA_SPRING),
	[GROUP_RIVER_LAKE] = TA_BIT(TA_LAKE),
	[GROUP_RIVER_FORK] = TA_BIT(TA_FORK),
};

static int	perr(const struct setparse *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static char	*xstrdup(const char *);
static int	 ascii_casecmp(const char *, const char *);
static char	*skip_space(char *);
static char	*trim(char *);
static char	*next_word(char **);
static char	*next_item(char **);
static int	 read_num(char **, int *);
static int	 parse_counts(struct setparse *, struct linestate *, char *);
static int	 parse_edges(struct setparse *, struct linestate *, char *);
static int	 parse_head(struct setparse *, struct linestate *, char **);
static int	 new_seg(struct setparse *, struct linestate *, int, int);
static int	 add_slots(struct setparse *, struct linestate *, int, unsigned);
static int	 read_label(struct setparse *, char **, int *);
static char	*read_braces(struct setparse *, char **);
static int	 parse_sides(struct setparse *, char *, int, unsigned *, int *);
static int	 parse_halves(struct setparse *, char *, unsigned *);
static int	 parse_shields(struct setparse *, char **, int *);
static int	 parse_links(struct setparse *, struct linestate *, int, char **);
static int	 add_centre(struct setparse *, struct linestate *, char *);
static int	 add_edged(struct setparse *, struct linestate *, char *, int);
static int	 add_field(struct setparse *, struct linestate *, char *);
static int	 parse_segment(struct setparse *, struct linestate *, char *);
static int	 add_attr(struct setparse *, struct linestate *, int, char *);
static int	 parse_attrs(struct setparse *, struct linestate *, int, char *);
static int	 parse_feature(struct setparse *, struct linestate *, char *);
static int	 parse_features(struct setparse *, struct linestate *, char *);
static int	 parse_flags(struct setparse *, struct linestate *, char *);
static int	 resolve_links(struct setparse *, struct linestate *);
static int	 derive_edges(struct setparse *, struct linestate *);
static uint16_t	 sig_rotate(uint16_t, int);
static int	 check_id(struct setparse *, const char *);
static int	 push_type(struct setparse *, const struct tile_type *);
static int	 parse_ref(struct setparse *, char *);
static int	 parse_line(struct setparse *, char *);
static int	 copy_line(struct setparse *, const char **, char *);
static int	 commit_set(struct catalog *, struct setparse *);

/* Parse errors always say where: "set:line: message". */
static int
perr(const struct setparse *sp, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return rerr(sp->err, RERR_PARSE, "", "%s:%d: %s", sp->set, sp->line,
	    msg);
}

/* strdup is POSIX, not C11. */
static char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d != NULL)
		memcpy(d, s, n);
	return d;
}

/* Locale-free, so "nl" and "NL" match whatever the locale. */
static int
ascii_casecmp(const char *a, const char *b)
{
	int ca, cb;

	do {
		ca = (unsigned char)*a++;
		cb = (unsigned char)*b++;
		if (ca >= 'a' && ca <= 'z')
			ca -= 'a' - 'A';
		if (cb >= 'a' && cb <= 'z')
			cb -= 'a' - 'A';
	} while (ca == cb && ca != '\0');
	return ca - cb;
}

const char *
slot_name(int slot)
{
	if (slot < 0 || slot > SLOT_INNER2)
		return "?";
	return slot_names[slot];
}

int
slot_parse(const char *name)
{
	int i;

	for (i = 0; i <= SLOT_INNER2; i++)
		if (ascii_casecmp(name, slot_names[i]) == 0)
			return i;
	return -1;
}

const char *
seg_kind_name(int kind)
{
	if (kind < 0 || kind >= SEG_KIND_COUNT)
		return "?";
	return seg_kinds[kind].name;
}

const char *
tile_attr_name(int attr)
{
	if (attr < 0 || attr >= TA_COUNT)
		return "?";
	return attr_words[attr].name;
}

int
tile_attr_parse(const char *word)
{
	int a;

	for (a = 0; a < TA_COUNT; a++)
		if (strcmp(word, attr_words[a].name) == 0)
			return a;
	return -1;
}

int
tile_attr_count(const struct tile_type *t, int s, int attr)
{
	tile_attrs bits = s == SEG_NONE ? t->attrs : t->seg[s].attrs;
	int i;

	if (attr < 0 || attr >= TA_COUNT || !(bits & TA_BIT(attr)))
		return 0;
	for (i = 0; i < t->nextra; i++)
		if (t->extra[i].seg == s && t->extra[i].attr == attr)
			return t->extra[i].n;
	return 1;
}

const char *
edge_kind_name(int kind)
{
	if (kind < EDGE_FIELD || kind > EDGE_WALL)
		return "?";
	return edge_kind_names[kind];
}

static char *
skip_space(char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static char *
trim(char *s)
{
	char *e;

	s = skip_space(s);
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

/* Cuts the next blank-separated word off *pp; "" at the end. */
static char *
next_word(char **pp)
{
	char *w = skip_space(*pp), *p = w;

	while (*p != '\0' && *p != ' ' && *p != '\t')
		p++;
	if (*p != '\0')
		*p++ = '\0';
	*pp = p;
	return w;
}

/* Like next_word, but commas separate too: "N,W" and "EL WR" alike. */
static char *
next_item(char **pp)
{
	char *w = *pp, *p;

	while (*w == ' ' || *w == '\t' || *w == ',')
		w++;
	p = w;
	while (*p != '\0' && *p != ' ' && *p != '\t' && *p != ',')
		p++;
	if (*p != '\0')
		*p++ = '\0';
	*pp = p;
	return w;
}

/* A decimal number of 1 to 3 digits. */
static int
read_num(char **pp, int *val)
{
	char *p = *pp;
	int n = 0;

	while (*p >= '0' && *p <= '9' && p - *pp < 4)
		n = n * 10 + (*p++ - '0');
	if (p == *pp || p - *pp > 3)
		return -1;
	*val = n;
	*pp = p;
	return 0;
}

static int
parse_counts(struct setparse *sp, struct linestate *ls, char *s)
{
	char *p = s;
	int c1, c2;

	if (read_num(&p, &c1) == -1 || *p++ != '/' ||
	    read_num(&p, &c2) == -1 || *p != '\0' || c1 > 255 || c2 > 255)
		return perr(sp, "%s: bad counts '%s' (want ed1/ed2, e.g. 4/3)",
		    ls->t.id, s);
	ls->t.count[0] = c1;
	ls->t.count[1] = c2;
	return 0;
}

static int
parse_edges(struct setparse *sp, struct linestate *ls, char *s)
{
	int i;

	if (strlen(s) != 4)
		return perr(sp, "%s: edges '%s' must be 4 characters N E S W",
		    ls->t.id, s);
	for (i = 0; i < 4; i++)
		if (strchr("CRF~A", s[i]) == NULL)
			return perr(sp, "%s: edge '%c' is not one of C R F ~ A",
			    ls->t.id, s[i]);
	memcpy(ls->edges, s, 5);
	return 0;
}

/* The three columns before the features: id, counts, edges. */
static int
parse_head(struct setparse *sp, struct linestate *ls, char **pp)
{
	char *id, *counts, *edges;

	id = next_word(pp);
	counts = next_word(pp);
	edges = next_word(pp);
	if (*edges == '\0')
		return perr(sp, "want: id ed1/ed2 edges features | flags");
	if (strlen(id) >= TILE_ID_MAX)
		return perr(sp, "%s: id longer than %d characters", id,
		    TILE_ID_MAX - 1);
	memcpy(ls->t.id, id, strlen(id) + 1);
	if (check_id(sp, id) == -1)
		return -1;
	if (parse_counts(sp, ls, counts) == -1)
		return -1;
	return parse_edges(sp, ls, edges);
}

/* Appends a segment; labels name it on the line, unique per kind. */
static int
new_seg(struct setparse *sp, struct linestate *ls, int kind, int label)
{
	struct tile_type *t = &ls->t;
	int i;

	if (t->nsegs >= TILE_SEG_MAX)
		return perr(sp, "%s: more than %d features", t->id,
		    TILE_SEG_MAX);
	for (i = 0; label != 0 && i < t->nsegs; i++)
		if (t->seg[i].kind == kind && ls->label[i] == label)
			return perr(sp, "%s: %s %d defined twice", t->id,
			    seg_kind_name(kind), label);
	ls->label[t->nsegs] = label;
	t->seg[t->nsegs].kind = kind;
	return t->nsegs++;
}

static int
add_slots(struct setparse *sp, struct linestate *ls, int seg, unsigned mask)
{
	struct tile_type *t = &ls->t;
	int s;

	for (s = 0; s < SLOT_COUNT; s++) {
		if (!(mask & (1u << s)))
			continue;
		if (t->slot_seg[s] != SEG_NONE)
			return perr(sp, "%s: slot %s covered twice", t->id,
			    slot_name(s));
		t->slot_seg[s] = seg;
	}
	t->seg[seg].slots = mask;
	return 0;
}

/* The label after the kind letter: C1, R2, ~1, F3. */
static int
read_label(struct setparse *sp, char **pp, int *label)
{
	char *start = *pp;

	(*pp)++;
	if (read_num(pp, label) == -1 || *label < 1 || *label > 255)
		return perr(sp, "feature '%s' needs a number 1-255 after '%c'",
		    start, *start);
	return 0;
}

/* Cuts "{...}" at *pp; returns the inside. */
static char *
read_braces(struct setparse *sp, char **pp)
{
	char *open = *pp, *close;

	if (*open != '{' || (close = strchr(open, '}')) == NULL) {
		perr(sp, "expected {...} at '%s'", open);
		return NULL;
	}
	*close = '\0';
	*pp = close + 1;
	return open + 1;
}

/* Sides N E S W of a city, road or river; city sides take all three
 * slots, roads and rivers only the middle one. */
static int
parse_sides(struct setparse *sp, char *list, int kind, unsigned *mask,
    int *nsides)
{
	char *item;
	int slot;
	unsigned bits;

	*mask = 0;
	*nsides = 0;
	while (*(item = next_item(&list)) != '\0') {
		slot = slot_parse(item);
		if (slot < 0 || slot >= SLOT_COUNT || slot % 3 != 1)
			return perr(sp, "'%s' is not a side (N E S W)", item);
		bits = kind == SEG_CITY ? 7u << (slot - 1) : 1u << slot;
		if (*mask & bits)
			return perr(sp, "side %s listed twice", item);
		*mask |= bits;
		(*nsides)++;
	}
	if (*nsides == 0)
		return perr(sp, "%s without sides", seg_kind_name(kind));
	return 0;
}

/* Half-edges of a field, or the single word "inner". */
static int
parse_halves(struct setparse *sp, char *list, unsigned *mask)
{
	char *item;
	int slot, n = 0, inner = 0;

	*mask = 0;
	while (*(item = next_item(&list)) != '\0') {
		n++;
		if (strcmp(item, "inner") == 0) {
			inner = 1;
			continue;
		}
		slot = slot_parse(item);
		if (slot < 0 || slot >= SLOT_COUNT || slot % 3 == 1)
			return perr(sp, "'%s' is not a half-edge", item);
		if (*mask & (1u << slot))
			return perr(sp, "half-edge %s listed twice", item);
		*mask |= 1u << slot;
	}
	if (n == 0 || (inner && n > 1))
		return perr(sp, "field needs half-edges or just 'inner'");
	return 0;
}

/* Pennants: nothing, "+" (one) or "+<n>". */
static int
parse_shields(struct setparse *sp, char **pp, int *shields)
{
	*shields = 0;
	if (**pp != '+')
		return 0;
	(*pp)++;
	if (**pp < '0' || **pp > '9') {
		*shields = 1;
		return 0;
	}
	if (read_num(pp, shields) == -1 || *shields < 1 || *shields > 255)
		return perr(sp, "bad pennant count");
	return 0;
}

/* "(C1,C2)" after a field: city labels, resolved at the end of the line
 * so a field may name a city written after it. */
static int
parse_links(struct setparse *sp, struct linestate *ls, int seg, char **pp)
{
	char *list, *close, *item, *p;
	int label = 0;

	if (**pp != '(')
		return 0;
	list = *pp + 1;
	if ((close = strchr(list, ')')) == NULL)
		return perr(sp, "%s: missing ')'", ls->t.id);
	*close = '\0';
	*pp = close + 1;
	while (*(item = next_item(&list)) != '\0') {
		p = item;
		if (*p != 'C' || read_label(sp, &p, &label) == -1 ||
		    *p != '\0')
			return perr(sp, "%s: '%s' is not a city label (C<n>)",
			    ls->t.id, item);
		ls->link[seg][ls->nlinks[seg]++] = label;
		if (ls->nlinks[seg] == TILE_SEG_MAX)
			return perr(sp, "%s: too many city links", ls->t.id);
	}
	return 0;
}

/* L (monastery) or G (garden): the centre holds at most one. */
static int
add_centre(struct setparse *sp, struct linestate *ls, char *s)
{
	int seg;

	if (strlen(s) != 1)
		return perr(sp, "%s: unknown feature '%s'", ls->t.id, s);
	if (ls->t.centre_seg != SEG_NONE)
		return perr(sp, "%s: two centre features", ls->t.id);
	seg = new_seg(sp, ls, *s == 'L' ? SEG_MONASTERY : SEG_GARDEN, 0);
	if (seg == -1)
		return -1;
	ls->t.centre_seg = seg;
	return 0;
}

/* C, R or ~: a piece that reaches whole sides. */
static int
add_edged(struct setparse *sp, struct linestate *ls, char *s, int kind)
{
	char *p = s, *list;
	unsigned mask;
	int label = 0, nsides, shields = 0, seg;

	if (read_label(sp, &p, &label) == -1 ||
	    (list = read_braces(sp, &p)) == NULL ||
	    parse_sides(sp, list, kind, &mask, &nsides) == -1)
		return -1;
	if (kind == SEG_CITY && parse_shields(sp, &p, &shields) == -1)
		return -1;
	if (*p != '\0')
		return perr(sp, "%s: unexpected '%s' after %s", ls->t.id, p,
		    seg_kind_name(kind));
	if ((seg = new_seg(sp, ls, kind, label)) == -1)
		return -1;
	ls->t.seg[seg].nsides = nsides;
	ls->t.seg[seg].shields = shields;
	return add_slots(sp, ls, seg, mask);
}

static int
add_field(struct setparse *sp, struct linestate *ls, char *s)
{
	char *p = s, *list;
	unsigned mask;
	int label = 0, seg;

	if (read_label(sp, &p, &label) == -1 ||
	    (list = read_braces(sp, &p)) == NULL ||
	    parse_halves(sp, list, &mask) == -1)
		return -1;
	if ((seg = new_seg(sp, ls, SEG_FIELD, label)) == -1 ||
	    parse_links(sp, ls, seg, &p) == -1)
		return -1;
	if (*p != '\0')
		return perr(sp, "%s: unexpected '%s' after field", ls->t.id, p);
	if (mask == 0) { /* inner: named I1, I2 in the order written */
		int k = 0;
		while (k < TILE_INNER_MAX && ls->t.inner_seg[k] != SEG_NONE)
			k++;
		if (k == TILE_INNER_MAX)
			return perr(sp, "%s: more than %d inner fields", ls->t.id,
			    TILE_INNER_MAX);
		ls->t.inner_seg[k] = seg;
	}
	return add_slots(sp, ls, seg, mask);
}

/* One attribute word, "name" or "name=count", on segment seg
 * (SEG_NONE: the tile). */
static int
add_attr(struct setparse *sp, struct linestate *ls, int seg, char *w)
{
	struct tile_type *t = &ls->t;
	char *eq = strchr(w, '='), *p;
	tile_attrs *bits;
	int a, n = 1;

	if (eq != NULL) {
		*eq = '\0';
		p = eq + 1;
		if (read_num(&p, &n) == -1 || *p != '\0' || n < 1 || n > 255)
			return perr(sp, "%s: '%s=%s': a count is a number 1-255",
			    t->id, w, eq + 1);
	}
	if ((a = tile_attr_parse(w)) == -1)
		return seg == SEG_NONE ? perr(sp, "%s: unknown flag '%s'", t->id, w)
		    : perr(sp, "%s: unknown attribute '%s' (docs/tile-format.md "
		    "lists them)", t->id, w);
	if (seg == SEG_NONE && attr_words[a].kinds != 0)
		return perr(sp, "%s: '%s' belongs on a %s, in [...] after it",
		    t->id, w, seg_kind_name(__builtin_ctz(attr_words[a].kinds)));
	if (seg != SEG_NONE && !(attr_words[a].kinds & ON(t->seg[seg].kind)))
		return perr(sp, "%s: '%s' cannot be on a %s%s", t->id, w,
		    seg_kind_name(t->seg[seg].kind), attr_words[a].kinds ? "" :
		    " (a tile attribute: write it after the '|')");
	bits = seg == SEG_NONE ? &t->attrs : &t->seg[seg].attrs;
	if (*bits & TA_BIT(a))
		return perr(sp, "%s: '%s' given twice (write %s=N for several)",
		    t->id, w, w);
	*bits |= TA_BIT(a);
	if (n == 1)
		return 0;
	if (t->nextra == TILE_ATTR_EXTRA)
		return perr(sp, "%s: more than %d counted attributes", t->id,
		    TILE_ATTR_EXTRA);
	t->extra[t->nextra++] = (struct tile_attr_count){ (uint8_t)seg,
	    (uint8_t)a, (uint8_t)n };
	return 0;
}

/* "[cathar wine=2]" after a feature: attributes of that segment. */
static int
parse_attrs(struct setparse *sp, struct linestate *ls, int seg, char *list)
{
	char *close = strchr(list, ']'), *w;

	if (close == NULL || *trim(close + 1) != '\0')
		return perr(sp, "%s: attributes go in one [...] at the end of a "
		    "feature", ls->t.id);
	*close = '\0';
	while (*(w = next_item(&list)) != '\0')
		if (add_attr(sp, ls, seg, w) == -1)
			return -1;
	return 0;
}

static int
parse_feature(struct setparse *sp, struct linestate *ls, char *s)
{
	char *open = strchr(s, '[');
	int rc, n = ls->t.nsegs;

	if (open == NULL)
		return parse_segment(sp, ls, s);
	*open = '\0';
	if ((rc = parse_segment(sp, ls, trim(s))) == -1)
		return -1;
	if (ls->t.nsegs != n + 1)
		return perr(sp, "%s: attributes without a feature", ls->t.id);
	return parse_attrs(sp, ls, n, open + 1);
}

static int
parse_segment(struct setparse *sp, struct linestate *ls, char *s)
{
	switch (*s) {
	case 'L':
	case 'G':
		return add_centre(sp, ls, s);
	case 'C':
		return add_edged(sp, ls, s, SEG_CITY);
	case 'R':
		return add_edged(sp, ls, s, SEG_ROAD);
	case '~':
		return add_edged(sp, ls, s, SEG_RIVER);
	case 'F':
		return add_field(sp, ls, s);
	}
	return perr(sp, "%s: unknown feature '%s'", ls->t.id, s);
}

static int
parse_features(struct setparse *sp, struct linestate *ls, char *s)
{
	char *semi;

	for (;;) {
		if ((semi = strchr(s, ';')) != NULL)
			*semi = '\0';
		s = trim(s);
		if (*s == '\0')
			return perr(sp, "%s: empty feature", ls->t.id);
		if (parse_feature(sp, ls, s) == -1)
			return -1;
		if (semi == NULL)
			return 0;
		s = semi + 1;
	}
}

/* The segment a label of the line names: L (monastery), G (garden), or
 * a kind letter and its number (R1, C2, F1, ~1); -1 when none. */
static int
label_segment(const struct linestate *ls, const char *w, size_t n)
{
	static const struct {
		char c;
		uint8_t kind;
	} letters[] = {{'R', SEG_ROAD}, {'C', SEG_CITY}, {'F', SEG_FIELD}, {'~', SEG_RIVER}};
	const struct tile_type *t = &ls->t;
	char *end;
	long label;

	for (int s = 0; s < t->nsegs && n == 1; s++)
		if ((w[0] == 'L' && t->seg[s].kind == SEG_MONASTERY) ||
		    (w[0] == 'G' && t->seg[s].kind == SEG_GARDEN))
			return s;
	for (size_t k = 0; n > 1 && k < sizeof(letters) / sizeof(letters[0]); k++) {
		if (w[0] != letters[k].c)
			continue;
		label = strtol(w + 1, &end, 10);
		for (int s = 0; s < t->nsegs && end == w + n; s++)
			if (t->seg[s].kind == letters[k].kind && ls->label[s] == label)
				return s;
	}
	return -1;
}

/* touch{L,R1}: the segments listed touch each other on the tile (a
 * wagon's way on, tiles.md's wagon links). */
static int
parse_touch(struct setparse *sp, struct linestate *ls, char *w)
{
	char *p = w + strlen("touch{"), *close = strchr(p, '}');
	uint16_t group = 0;

	if (close == NULL || close[1] != '\0')
		return perr(sp, "%s: write touch{L,R1}: the touching features, by label",
		    ls->t.id);
	*close = '\0';
	while (*p != '\0') {
		size_t n = strcspn(p, ",");
		int s = label_segment(ls, p, n);
		if (s < 0)
			return perr(sp, "%s: touch{}: '%.*s' is no feature of this line",
			    ls->t.id, (int)n, p);
		group |= (uint16_t)(1u << s);
		p += n + (p[n] == ',');
	}
	if ((group & (group - 1)) == 0)
		return perr(sp, "%s: touch{} needs two features or more", ls->t.id);
	for (int s = 0; s < ls->t.nsegs; s++)
		if (group >> s & 1)
			ls->t.touching[s] |= (uint16_t)(group & ~(1u << s));
	return 0;
}

static int
parse_flags(struct setparse *sp, struct linestate *ls, char *s)
{
	char *w;
	size_t i;
	int group = -1;

	while (*(w = next_word(&s)) != '\0') {
		if (strncmp(w, "touch{", strlen("touch{")) == 0) {
			if (parse_touch(sp, ls, w) == -1)
				return -1;
			continue;
		}
		for (i = 0; i < sizeof(flag_words) / sizeof(flag_words[0]); i++)
			if (strcmp(w, flag_words[i].name) == 0)
				break;
		if (i == sizeof(flag_words) / sizeof(flag_words[0])) {
			if (add_attr(sp, ls, SEG_NONE, w) == -1)
				return -1;
			continue;
		}
		ls->t.flags |= flag_words[i].flag;
		if (flag_words[i].group == -1)
			continue;
		if (group != -1)
			return perr(sp, "%s: two draw groups", ls->t.id);
		group = flag_words[i].group;
	}
	ls->t.group = group == -1 ? GROUP_DEFAULT : group;
	if (ls->t.group < (int)(sizeof(group_attrs) / sizeof(group_attrs[0])))
		ls->t.attrs |= group_attrs[ls->t.group];
	return 0;
}

/* Turns the city labels of each field into segment bits. */
static int
resolve_links(struct setparse *sp, struct linestate *ls)
{
	struct tile_type *t = &ls->t;
	int f, k, c;

	for (f = 0; f < t->nsegs; f++) {
		for (k = 0; k < ls->nlinks[f]; k++) {
			for (c = 0; c < t->nsegs; c++)
				if (t->seg[c].kind == SEG_CITY &&
				    ls->label[c] == ls->link[f][k])
					break;
			if (c == t->nsegs)
				return perr(sp, "%s: F%d borders C%d, which is "
				    "not on this line", t->id, ls->label[f],
				    ls->link[f][k]);
			t->seg[f].city_links |= 1u << c;
		}
	}
	return 0;
}

/* Side kinds follow from the features (tiles.md section 2); the edges
 * column is only a check for the reader. Halves beside a road or river,
 * and both halves of a field side, must be field. */
static int
derive_edges(struct setparse *sp, struct linestate *ls)
{
	struct tile_type *t = &ls->t;
	char got[5] = "";
	int s, mid, h, e;
	uint16_t sig = 0;

	for (s = 0; s < 4; s++) {
		mid = t->slot_seg[3 * s + 1];
		if (ls->edges[s] == 'A' && mid == SEG_NONE &&
		    t->slot_seg[3 * s] == SEG_NONE && t->slot_seg[3 * s + 2] == SEG_NONE) {
			got[s] = 'A'; /* a wall: nothing on the side */
			sig |= EDGE_WALL << (4 * s);
			t->flags |= TILE_WALLS;
			continue;
		}
		e = mid == SEG_NONE ? EDGE_FIELD : seg_kinds[t->seg[mid].kind].edge;
		for (h = 3 * s; e != EDGE_CITY && h <= 3 * s + 2; h += 2)
			if (t->slot_seg[h] == SEG_NONE ||
			    t->seg[t->slot_seg[h]].kind != SEG_FIELD)
				return perr(sp, "%s: half-edge %s is in no "
				    "field", t->id, slot_name(h));
		got[s] = edge_chars[e];
		sig |= e << (4 * s);
	}
	if (strcmp(got, ls->edges) != 0)
		return perr(sp, "%s: edges column says %s but the features "
		    "give %s", t->id, ls->edges, got);
	for (s = 0; s < 4; s++)
		t->sig[s] = sig_rotate(sig, s);
	tile_compute_tables(t);
	return 0;
}

/* Unrotated side s shows at board side (s + rot) & 3. */
static uint16_t
sig_rotate(uint16_t sig, int rot)
{
	rot &= 3;
	if (rot == 0)
		return sig;
	return (uint16_t)((sig << (4 * rot)) | (sig >> (16 - 4 * rot)));
}

/* Ids are unique across the catalogue and the set being read. */
static int
check_id(struct setparse *sp, const char *id)
{
	int i;

	if (catalog_find(sp->cat, id) != -1)
		return perr(sp, "%s: id already defined", id);
	for (i = 0; i < sp->ntypes; i++)
		if (strcmp(sp->types[i].id, id) == 0)
			return perr(sp, "%s: id already defined", id);
	return 0;
}

static int
push_type(struct setparse *sp, const struct tile_type *t)
{
	struct tile_type *nt;
	int ncap;

	if (sp->ntypes == sp->cap) {
		ncap = sp->cap ? 2 * sp->cap : 32;
		nt = realloc(sp->types, ncap * sizeof(*nt));
		if (nt == NULL)
			return rerr(sp->err, RERR_NOMEM, "", "out of memory");
		sp->types = nt;
		sp->cap = ncap;
	}
	sp->types[sp->ntypes] = *t;
	sp->types[sp->ntypes].set = sp->set;
	sp->types[sp->ntypes++].set_owner = (int8_t)module_set_owner(sp->set);
	return 0;
}

/* "also ID ed1/ed2" or "removes ID": a tile of a set loaded before. */
static int
parse_ref(struct setparse *sp, char *buf)
{
	struct set_ref *r = &sp->refs[sp->nrefs];
	struct linestate ls;
	char *p = buf, *word = next_word(&p), *id = next_word(&p), *counts;
	int remove = word[0] == 'r';

	if (sp->nrefs == (int)(sizeof(sp->refs) / sizeof(sp->refs[0])))
		return perr(sp, "too many also/removes lines");
	memset(r, 0, sizeof(*r));
	if ((r->type = catalog_find(sp->cat, id)) == -1)
		return perr(sp, "%s: %s names a tile of a set loaded before; "
		    "'%s' is none", word, id, id);
	counts = next_word(&p);
	if (remove ? *counts != '\0' : *next_word(&p) != '\0' || *counts == '\0')
		return perr(sp, remove ? "want: removes ID" :
		    "want: also ID ed1/ed2");
	if (!remove) {
		memset(&ls, 0, sizeof(ls));
		snprintf(ls.t.id, sizeof(ls.t.id), "%s", id);
		if (parse_counts(sp, &ls, counts) == -1)
			return -1;
		memcpy(r->count, ls.t.count, 2);
	}
	r->remove = (uint8_t)remove;
	r->set = sp->set;
	sp->nrefs++;
	return 0;
}

/* One non-blank, non-comment line: "id ed1/ed2 edges features | flags". */
static int
parse_line(struct setparse *sp, char *buf)
{
	struct linestate ls;
	char *p = buf, *bar;

	if (strncmp(buf, "also ", 5) == 0 || strncmp(buf, "removes ", 8) == 0)
		return parse_ref(sp, buf);
	memset(&ls, 0, sizeof(ls));
	memset(ls.t.slot_seg, SEG_NONE, sizeof(ls.t.slot_seg));
	memset(ls.t.inner_seg, SEG_NONE, sizeof(ls.t.inner_seg));
	ls.t.centre_seg = SEG_NONE;
	if ((bar = strchr(buf, '|')) == NULL || strchr(bar + 1, '|') != NULL)
		return perr(sp, "want exactly one '|' before the flags");
	*bar = '\0';
	if (parse_head(sp, &ls, &p) == -1 ||
	    parse_features(sp, &ls, p) == -1 ||
	    parse_flags(sp, &ls, bar + 1) == -1 ||
	    resolve_links(sp, &ls) == -1 || derive_edges(sp, &ls) == -1)
		return -1;
	if (ls.t.flags & TILE_START) {
		if (sp->start_line != 0)
			return perr(sp, "%s: second start tile (first on line "
			    "%d)", ls.t.id, sp->start_line);
		sp->start_line = sp->line;
	}
	return push_type(sp, &ls.t);
}

/* Copies the line at *textp into buf (NUL-terminated, no newline). */
static int
copy_line(struct setparse *sp, const char **textp, char *buf)
{
	const char *s = *textp, *e = strchr(s, '\n');
	size_t n = e ? (size_t)(e - s) : strlen(s);

	*textp = e ? e + 1 : s + n;
	if (n > 0 && s[n - 1] == '\r')
		n--;
	if (n >= LINE_MAX_LEN)
		return perr(sp, "line longer than %d characters",
		    LINE_MAX_LEN - 1);
	memcpy(buf, s, n);
	buf[n] = '\0';
	return 0;
}

/* Moves the parsed types into the catalogue, which takes the name. */
static int
commit_set(struct catalog *cat, struct setparse *sp)
{
	struct tile_type *nt;
	struct set_ref *nr;

	if (sp->ntypes == 0) { /* refs share the name the types own */
		int rc = sp->nrefs ? rerr(sp->err, RERR_PARSE, "", "%s: a set "
		    "with also/removes lines needs a tile of its own", sp->set)
		    : 0;
		free(sp->set);
		return rc;
	}
	if (sp->nrefs) {
		nr = realloc(cat->refs, (cat->nrefs + sp->nrefs) * sizeof(*nr));
		if (nr == NULL) {
			free(sp->set);
			return rerr(sp->err, RERR_NOMEM, "", "out of memory");
		}
		memcpy(nr + cat->nrefs, sp->refs, sp->nrefs * sizeof(*nr));
		cat->refs = nr;
		cat->nrefs += sp->nrefs;
	}
	nt = realloc(cat->types, (cat->ntypes + sp->ntypes) * sizeof(*nt));
	if (nt == NULL) {
		free(sp->set);
		return rerr(sp->err, RERR_NOMEM, "", "out of memory");
	}
	memcpy(nt + cat->ntypes, sp->types, sp->ntypes * sizeof(*nt));
	cat->types = nt;
	cat->ntypes += sp->ntypes;
	catalog_types_use_modules(cat, cat->ntypes - sp->ntypes);
	return 0;
}

int
catalog_parse(struct catalog *cat, const char *name, const char *text,
    struct rules_error *err)
{
	struct setparse sp;
	char buf[LINE_MAX_LEN], *s;
	int rc = 0;

	memset(&sp, 0, sizeof(sp));
	sp.cat = cat;
	sp.err = err;
	if ((sp.set = xstrdup(name)) == NULL)
		return rerr(err, RERR_NOMEM, "", "out of memory");
	while (rc == 0 && *text != '\0') {
		sp.line++;
		if ((rc = copy_line(&sp, &text, buf)) == -1)
			break;
		s = trim(buf);
		if (*s != '\0' && *s != '#')
			rc = parse_line(&sp, s);
	}
	if (rc == 0)
		rc = commit_set(cat, &sp);
	else
		free(sp.set);
	free(sp.types);
	return rc;
}

/* Types of one catalog_parse call are contiguous and share one name
 * copy, so each run of equal set pointers owns one allocation. */
void
catalog_free(struct catalog *cat)
{
	int i;

	if (cat == NULL)
		return;
	for (i = 0; i < cat->ntypes; i++)
		if (i == 0 || cat->types[i].set != cat->types[i - 1].set)
			free((char *)cat->types[i].set);
	free(cat->types);
	free(cat->refs);
	free(cat);
}

int
catalog_find(const struct catalog *cat, const char *id)
{
	int i;

	for (i = 0; i < cat->ntypes; i++)
		if (strcmp(cat->types[i].id, id) == 0)
			return i;
	return -1;
}

static bool
played(const char *set, const char *const *sets, int nsets)
{
	for (int i = 0; i < nsets; i++)
		if (strcmp(set, sets[i]) == 0)
			return true;
	return false;
}

/* A river tile of a river set's own (River, River II), not one that
 * needs such a set (Games Quarterly's). */
static bool
own_river_tile(const struct tile_type *t)
{
	return t->group != GROUP_DEFAULT && !(t->flags & TILE_WITH_RIVER);
}

/* A played set with river tiles of its own. */
static bool
river_played(const struct catalog *cat, const char *const *sets, int nsets)
{
	for (int i = 0; i < cat->ntypes; i++)
		if (own_river_tile(&cat->types[i]) && played(cat->types[i].set, sets, nsets))
			return true;
	return false;
}

bool
catalog_river_on(const struct catalog *cat, const struct rules_options *opt)
{
	for (int i = 0; i < cat->ntypes; i++)
		if (own_river_tile(&cat->types[i]) &&
		    module_owner_enabled(opt, cat->types[i].set_owner))
			return true;
	return false;
}

/* The last step of catalog_copies: none without the river a tile needs,
 * one at most of a max1 tile. */
static int
copies_capped(const struct tile_type *t, int n, bool river)
{
	if ((t->flags & TILE_WITH_RIVER) && !river)
		return 0;
	return (t->flags & TILE_MAX1) && n > 1 ? 1 : n;
}

int
catalog_copies(const struct catalog *cat, int type, const char *const *sets,
    int nsets, int edition)
{
	const struct tile_type *t = &cat->types[type];
	int n = played(t->set, sets, nsets) ? t->count[edition - 1] : 0;

	for (int i = 0; i < cat->nrefs; i++) {
		const struct set_ref *r = &cat->refs[i];
		if (r->type != type || !played(r->set, sets, nsets))
			continue;
		if (r->remove)
			return 0;
		n += r->count[edition - 1];
	}
	return copies_capped(t, n, !(t->flags & TILE_WITH_RIVER) || river_played(cat, sets, nsets));
}

#define REMOVED (-1) /* a played set's "removes" line named it */

void
catalog_copies_all(const struct catalog *cat, const char *const *sets, int nsets,
		   int edition, int *copies)
{
	bool river = river_played(cat, sets, nsets), on = false;
	const char *set = NULL;

	for (int i = 0; i < cat->ntypes; i++) {
		const struct tile_type *t = &cat->types[i];
		if (t->set != set) /* types of one set are contiguous */
			set = t->set, on = played(set, sets, nsets);
		copies[i] = on ? t->count[edition - 1] : 0;
	}
	for (int i = 0; i < cat->nrefs; i++) {
		const struct set_ref *r = &cat->refs[i];
		if (copies[r->type] == REMOVED || !played(r->set, sets, nsets))
			continue;
		copies[r->type] = r->remove ? REMOVED : copies[r->type] + r->count[edition - 1];
	}
	for (int i = 0; i < cat->ntypes; i++)
		copies[i] = copies[i] == REMOVED ? 0
						 : copies_capped(&cat->types[i], copies[i], river);
}

/* Declared in module_id.h, defined beside catalog_copies: module_id.c
 * is below the catalogue (the parser reads module_set_owner) and calls
 * nothing of it. */
int
module_tile_copies(const struct catalog *cat, const struct rules_options *opt, int type)
{
	const char *sets[MODULE_COUNT + 1];
	struct rules_options o = *opt;

	return catalog_copies(cat, type, sets, module_played_sets(&o, sets), o.edition);
}
