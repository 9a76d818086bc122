/* Below the text map: the legend, who is who, the tile placed last, the
 * list of places where the tile to place fits, and that tile drawn in its
 * four rotations. Also the glyphs' spellings and the text contact sheet. */
#include <string.h>

#include "ascii.h"

/* Pure ASCII, then UTF-8: only single-width box-drawing characters, so
 * the map keeps its columns in any monospace font. */
static const char *const glyph_texts[GL_END - GL_FIELD][2] = {
	[GL_FIELD - GL_FIELD] = {".", "."},
	[GL_FIELD_IN - GL_FIELD] = {" ", " "},
	[GL_CITY - GL_FIELD] = {"#", "#"},
	[GL_SHIELD - GL_FIELD] = {"*", "*"},
	[GL_ROAD_H - GL_FIELD] = {"=", "\u2500"},   /* ─ */
	[GL_ROAD_V - GL_FIELD] = {"|", "\u2502"},   /* │ */
	[GL_ROAD_D1 - GL_FIELD] = {"\\", "\u2572"}, /* ╲ */
	[GL_ROAD_D2 - GL_FIELD] = {"/", "\u2571"},  /* ╱ */
	[GL_RIVER_H - GL_FIELD] = {"~", "\u2550"},  /* ═ */
	[GL_RIVER_V - GL_FIELD] = {"~", "\u2551"},  /* ║ */
	[GL_RIVER_D1 - GL_FIELD] = {"~", "~"},
	[GL_RIVER_D2 - GL_FIELD] = {"~", "~"},
	[GL_BRIDGE_H - GL_FIELD] = {"=", "\u256b"},       /* ╫ */
	[GL_BRIDGE_V - GL_FIELD] = {"|", "\u256a"},       /* ╪ */
	[GL_RIVER_H_ROAD_N - GL_FIELD] = {"~", "\u2567"}, /* ╧ */
	[GL_RIVER_H_ROAD_S - GL_FIELD] = {"~", "\u2564"}, /* ╤ */
	[GL_RIVER_V_ROAD_E - GL_FIELD] = {"~", "\u255f"}, /* ╟ */
	[GL_RIVER_V_ROAD_W - GL_FIELD] = {"~", "\u2562"}, /* ╢ */
	[GL_JUNCTION - GL_FIELD] = {"o", "o"},
	[GL_POOL - GL_FIELD] = {"@", "@"},
	[GL_WALL - GL_FIELD] = {";", ";"}, /* the abbey's symbol (attr_marks) */
	[GL_MARK_NW - GL_FIELD] = {"+", "\u250f"}, /* ┏ */
	[GL_MARK_NE - GL_FIELD] = {"+", "\u2513"}, /* ┓ */
	[GL_MARK_SE - GL_FIELD] = {"+", "\u251b"}, /* ┛ */
	[GL_MARK_SW - GL_FIELD] = {"+", "\u2517"}, /* ┗ */
};

const char *
glyph_text(glyph c, int charset)
{
	if (c < GL_FIELD || c >= GL_END)
		return "?";
	return glyph_texts[c - GL_FIELD][charset == RENDER_UTF8];
}

int
glyph_row_length(const glyph *row, int n)
{
	while (n > 0 && row[n - 1] == ' ')
		n--;
	return n;
}

/* A row is put together in a buffer and written at once: a map is some
 * thousands of glyphs, and a stdio call each was most of its time. */
void
glyph_row_print(FILE *fp, const glyph *row, int n, int charset)
{
	char buf[1024];
	size_t at = 0, len;
	const char *text;

	for (int i = 0; i < n; i++) {
		if (at + 16 > sizeof(buf)) {
			fwrite(buf, 1, at, fp);
			at = 0;
		}
		if (row[i] < 128) {
			buf[at++] = (char)row[i];
			continue;
		}
		text = glyph_text(row[i], charset);
		len = strlen(text);
		if (len > 15) { /* no glyph's text is that long; still, whole */
			fwrite(buf, 1, at, fp);
			fputs(text, fp);
			at = 0;
			continue;
		}
		memcpy(buf + at, text, len);
		at += len;
	}
	buf[at++] = '\n';
	fwrite(buf, 1, at, fp);
}

static const char *
seat_name(const struct render_opts *o, int seat)
{
	return o->names && o->names[seat] ? o->names[seat] : NULL;
}

/* "B (bob)", or "B" without names. */
static const char *
seat_text(const struct render_opts *o, int seat, char *buf, size_t n)
{
	if (seat_name(o, seat))
		snprintf(buf, n, "%c" NB "(%s)", 'A' + seat, seat_name(o, seat));
	else
		snprintf(buf, n, "%c", 'A' + seat);
	return buf;
}

/* The one legend of every text map (mail, render, show, demo, README):
 * what each mark means, the glyphs spelled by the character set. */
static const struct {
	glyph g[4]; /* up to four spellings of one thing, 0 after the last */
	const char *ascii, *meaning;
} legend[] = {
	{{GL_CITY}, NULL, "city"},
	{{GL_SHIELD}, NULL, "pennant"},
	{{GL_ROAD_H, GL_ROAD_V, GL_ROAD_D1, GL_ROAD_D2}, NULL, "road"},
	{{GL_RIVER_H, GL_RIVER_V, GL_RIVER_D1}, NULL, "river"},
	{{GL_FIELD}, NULL, "field"},
	{{GL_JUNCTION}, NULL, "where roads end"},
	{{GL_POOL}, NULL, "spring or lake"},
	{{0}, "[+]", "monastery"},
	{{0}, "(%)", "garden"},
};

/* The symbols of tile attributes, listed under a map only when it shows
 * them: a base game's legend stays as it was. */
static const struct {
	uint8_t attr;
	char c;
	const char *meaning;
} attr_marks[] = {
	{TA_CATHAR, '!', "Cathar symbol (the city is besieged)"},
	{TA_PIGSTY, '&', "pigsty"},
	{TA_INN, '$', "inn on a lake"},
	{TA_VOLCANO, '^', "volcano"},
	/* Princess & Dragon: capitals past the seats' A-F */
	{TA_DRAGON, 'Z', "dragon (the dragon moves when the tile is placed)"},
	{TA_PORTAL, 'O', "magic portal"},
	{TA_PRINCESS, 'P', "princess"},
	/* TRADE-1: a lone letter, where figures are a seat letter and
	 * a role letter */
	{TA_WINE, 'w', "wine (a trade good)"},
	{TA_GRAIN, 'g', "grain (a trade good)"},
	{TA_CLOTH, 'c', "cloth (a trade good)"},
	/* its walls are drawn with it (GL_WALL) */
	{TA_ABBEY, ';', "abbey, walled all round: the walls end the roads and cities they meet"},
};

char
attr_char(int attr)
{
	for (size_t i = 0; i < sizeof(attr_marks) / sizeof(attr_marks[0]); i++)
		if (attr_marks[i].attr == attr)
			return attr_marks[i].c;
	return ':';
}

/* "Symbols: ! Cathar symbol ..., : cathedral." for the attributes in
 * bits; nothing when there are none. */
static void
attr_legend(FILE *fp, const struct render_opts *o, tile_attrs bits)
{
	char text[600];
	size_t n = 0;

	if (bits == 0)
		return;
	n += (size_t)snprintf(text, sizeof(text), "Symbols:");
	for (int a = 0; a < TA_COUNT && n < sizeof(text); a++) {
		const char *meaning = tile_attr_name(a);
		if (!(bits & TA_BIT(a)))
			continue;
		for (size_t i = 0; i < sizeof(attr_marks) / sizeof(attr_marks[0]); i++)
			if (attr_marks[i].attr == a)
				meaning = attr_marks[i].meaning;
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s %c" NB "%s",
				      n > 8 ? "," : "", attr_char(a), meaning);
	}
	text_wrap(fp, o->width, "%s.", text);
}

/* The attributes a tile type shows as symbols (geom.h). */
static tile_attrs
drawn_attrs(const struct tile_type *t)
{
	tile_attrs bits = t->attrs & GEO_TILE_MARKS;

	for (int s = 0; s < t->nsegs; s++)
		bits |= t->seg[s].attrs;
	return bits;
}

void
render_legend(FILE *fp, const struct render_opts *o)
{
	char text[400];
	size_t n = 0;

	n += (size_t)snprintf(text, sizeof(text), "Legend:");
	for (size_t i = 0; i < sizeof(legend) / sizeof(legend[0]); i++) {
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s ", i ? "," : "");
		if (legend[i].ascii)
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s", legend[i].ascii);
		for (int k = 0; k < 4 && legend[i].g[k]; k++) {
			const char *gt = glyph_text(legend[i].g[k], o->charset);
			if (k && strstr(text + n - strlen(gt), gt) == text + n - strlen(gt))
				continue; /* ASCII spells the river's bends alike */
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%s", k ? NB : "", gt);
		}
		n += (size_t)snprintf(text + n, sizeof(text) - n, NB "%s", legend[i].meaning);
	}
	text_wrap(fp, o->width, "%s.", text);
}

/* The game's own kind role letters ("T big thief"), after the others:
 * only a game with such a figure lists them. */
static void
kind_roles_text(const struct game *g, char *roles, size_t size)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX];
	const char *words[KIND_ROLE_WORDS_MAX + 1];
	char letters[KIND_ROLE_WORDS_MAX + 1];
	size_t len = strlen(roles);
	int n = 0, nw;

	for (int i = 0; i < g->nftypes; i++)
		rows[n++] = figure_type_of(g, g->ftypes[i]);
	nw = figure_kind_role_words(rows, n, words, letters);
	for (int i = 0; i < nw && len < size; i++)
		len += (size_t)snprintf(roles + len, size - len, ", %c" NB "%s", letters[i],
					words[i]);
}

/* The role words the legend explains: the kinds' and the engine's own
 * rows' (the abbot's, as ever), then the game's modules' rows (a wagon,
 * a barn), not those of modules the game is played without. */
static int
legend_role_words(const struct game *g, const char **words, char *letters)
{
	const struct figure_type_def *rows[FIG_TYPE_MAX + FIG_BASE_COUNT];
	int n = 0;

	for (int t = 0; t < FIG_BASE_COUNT; t++)
		rows[n++] = figure_type_of(NULL, t);
	for (int i = 0; i < g->nftypes; i++)
		if (g->ftypes[i] >= FIG_BASE_COUNT)
			rows[n++] = figure_type_of(g, g->ftypes[i]);
	return figure_role_words(rows, n, words, letters);
}

/* "Neutral figures: DD the dragon at 2,1, ff the fairy at 0,1." when a
 * module has any on the board. */
static void
neutral_legend(FILE *fp, const struct board_view *v, const struct render_opts *o)
{
	struct rules_neutral nf[4];
	int n = game_neutrals(v->g, nf, 4);
	char text[200];
	size_t len = 0;

	for (int i = 0; i < n && i < 4 && len < sizeof(text); i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s" NB "%s at %d,%d",
					i ? ", " : "", nf[i].mark, nf[i].name, nf[i].x, nf[i].y);
	if (n > 0)
		text_wrap(fp, o->width, "Neutral figures: %s.", text);
}

/* The cells of one kind the decision due asks about, as "1,1, 0,1";
 * returns how many. */
static int
mark_cells(const struct rules_mark *m, int n, int kind, char *buf, size_t size)
{
	size_t len = 0;
	int k = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && len < size; i++)
		if (m[i].kind == kind)
			len += (size_t)snprintf(buf + len, size - len, "%s%d,%d", k++ ? ", " : "",
						m[i].x, m[i].y);
	return k;
}

/* "For the decision due (moves the dragon): x marks the tiles it has been
 * on (1,1, 0,1), > those it may go to (0,0)." while such a decision is
 * due: the corners draw_marks drew. */
static void
mark_legend(FILE *fp, const struct board_view *v, const struct render_opts *o)
{
	static const char *const words[MARK_KINDS] = {"the tiles it has been on",
						      "the tiles it may go to"};
	struct rules_mark m[16];
	int n = game_decision_marks(v->g, m, 16);
	struct decision d;
	char text[400], cells[160];
	size_t len = 0;

	if (n <= 0)
		return;
	for (int k = 0; k < MARK_KINDS && len < sizeof(text); k++)
		if (mark_cells(m, n < 16 ? n : 16, k, cells, sizeof(cells)) > 0)
			len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%c marks %s (%s)",
						len ? ", " : "", ASCII_MARK_CHARS[k], words[k],
						cells);
	game_decision(v->g, &d);
	text_wrap(fp, o->width, "For the decision due (%s): %s.", d.what ? d.what : d.name,
		  text);
}

static void
print_key(FILE *fp, const struct board_view *v, const struct render_opts *o)
{
	char seats[MAX_PLAYERS * 24] = "", roles[ROLE_WORDS_MAX * 24] = "";
	const char *words[ROLE_WORDS_MAX + 1];
	char letters[ROLE_WORDS_MAX + 1];
	int n = 0, nr = legend_role_words(v->g, words, letters);

	/* the letters the map shows */
	for (int i = 0, len = 0; i < nr; i++)
		len += snprintf(roles + len, sizeof(roles) - len, "%s%c" NB "%s", i ? ", " : "",
				letters[i], words[i]);
	kind_roles_text(v->g, roles, sizeof(roles));
	for (int p = 0; p < v->g->nplayers; p++)
		n += snprintf(seats + n, sizeof(seats) - n, "%s%c%s%s", p ? ", " : "",
			      'A' + p, seat_name(o, p) ? NB : "",
			      seat_name(o, p) ? seat_name(o, p) : "");
	tile_attrs shown = v->fit_tile >= 0 ? drawn_attrs(&v->g->cat->types[v->fit_tile]) : 0;

	for (int i = 0; i < v->g->nplaced; i++)
		shown |= drawn_attrs(&v->g->cat->types[v->g->placed[i].type]);
	fputc('\n', fp);
	render_legend(fp, o);
	attr_legend(fp, o, shown);
	text_wrap(fp, o->width,
		  "Figures: seat letter and role (%s): Bk is a knight of B. Seats: %s.", roles,
		  seats);
	neutral_legend(fp, v, o);
	mark_legend(fp, v, o);
}

static void
print_last(FILE *fp, const struct board_view *v, const struct render_opts *o)
{
	const struct placed_tile *pt = &v->g->placed[v->last];
	int cs = o->charset;
	char who[64];

	text_wrap(fp, o->width,
		  "%s" NB "%s" NB "%s" NB "%s: the tile placed last, %s at %d,%d "
		  "rotation %d, by %s.",
		  glyph_text(GL_MARK_NW, cs), glyph_text(GL_MARK_NE, cs),
		  glyph_text(GL_MARK_SW, cs), glyph_text(GL_MARK_SE, cs),
		  v->g->cat->types[pt->type].id, pt->x, pt->y, pt->rot * 90,
		  seat_text(o, pt->player, who, sizeof(who)));
}

/* "-1,0: 0 90" items, as many a line as the width allows. */
static void
print_fit_list(FILE *fp, const struct board_view *v, const struct render_opts *o)
{
	int width = o->width > 0 ? o->width : RENDER_MAIL_WIDTH, col = 0;

	for (int i = 0; i < v->nfit; i++) {
		char item[64];
		int n = snprintf(item, sizeof(item), "%d,%d:", v->fit[i].x, v->fit[i].y);
		for (int r = 0; r < 4; r++)
			if (v->fit[i].rots & (1 << r))
				n += snprintf(item + n, sizeof(item) - n, " %d", r * 90);
		if (col > 0 && col + 3 + n > width) {
			fputc('\n', fp);
			col = 0;
		}
		col += fprintf(fp, "%s%s", col ? "   " : "  ", item);
	}
	fputc('\n', fp);
}

/* Rotations first to first + n - 1 side by side, each labelled above. */
static void
print_rotation_row(FILE *fp, const struct tile_type *t, int charset, int first, int n)
{
	enum { STEP = ACELL_W + 2, MAX_W = 3 * STEP + ACELL_W };
	glyph cells[ACELL_H * MAX_W];
	struct glyph_grid gr = {MAX_W, ACELL_H, cells};
	struct tile_geo geo;
	int col = 0;

	for (size_t i = 0; i < sizeof(cells) / sizeof(cells[0]); i++)
		cells[i] = ' ';
	for (int i = 0; i < n; i++) {
		char num[8];
		int k = snprintf(num, sizeof(num), "%d", (first + i) * 90),
		    at = i * STEP + (ACELL_W - k) / 2;
		geo_build(t, first + i, &geo);
		ascii_tile(&geo, &gr, i * STEP, 0);
		col += fprintf(fp, "%*s%s", at - col, "", num);
	}
	fputc('\n', fp);
	for (int row = 0; row < ACELL_H; row++) {
		const glyph *g = grid_at(&gr, 0, row);
		glyph_row_print(fp, g, glyph_row_length(g, MAX_W), charset);
	}
}

/* The four rotations, 0 90 180 270 above them, side by side as far as
 * the width allows. */
static void
print_rotations(FILE *fp, const struct tile_type *t, int charset, int width)
{
	int per = width <= 0 || width >= 4 * ACELL_W + 6 ? 4
		  : width >= 2 * ACELL_W + 2             ? 2
							 : 1;

	for (int r = 0; r < 4; r += per)
		print_rotation_row(fp, t, charset, r, per);
}

static void
print_fits(FILE *fp, struct board_view *v, const struct render_opts *o)
{
	const struct tile_type *t = &v->g->cat->types[v->fit_tile];
	struct decision d;
	char who[64];

	game_decision(v->g, &d);
	text_wrap(fp, o->width,
		  "%s is to place %s. It fits in the cells marked ?, turned as listed "
		  "(cell x,y: rotations; \"place X Y ROTATION\"):",
		  seat_text(o, d.player, who, sizeof(who)), t->id);
	print_fit_list(fp, v, o);
	fputc('\n', fp);
	text_wrap(fp, o->width,
		  "%s in its four rotations, with the names of the places a figure may "
		  "take (\"farmer S\", docs/turn-format.md):",
		  t->id);
	ascii_places(fp, v, t, (const int[]){0, 1, 2, 3}, 4, o->charset, o->width);
}

/* The tile just placed, as it lies, when a figure may go on it. */
static void
print_placed(FILE *fp, struct board_view *v, const struct render_opts *o)
{
	const struct placed_tile *pt = &v->g->placed[v->g->last_placed];
	const struct tile_type *t = &v->g->cat->types[pt->type];
	int rot = pt->rot;

	fputc('\n', fp);
	text_wrap(fp, o->width,
		  "%s as placed at %d,%d, with the names of the places a figure may "
		  "take (\"farmer S\"):",
		  t->id, pt->x, pt->y);
	ascii_places(fp, v, t, &rot, 1, o->charset, o->width);
}

void
ascii_legend(FILE *fp, struct board_view *v, const struct render_opts *o)
{
	print_key(fp, v, o);
	if (v->last >= 0)
		print_last(fp, v, o);
	if (v->fit_tile >= 0) {
		fputc('\n', fp);
		print_fits(fp, v, o);
	} else if (!v->g->over && v->g->last_placed >= 0) {
		print_placed(fp, v, o);
	}
}

/* "Tile sets: base 72/72 tiles, river 12/12, ...": each set played
 * alone, in the 1st and 2nd edition (catalog_copies). */
static void
print_sets(FILE *fp, const struct catalog *cat, const struct render_opts *o)
{
	char text[400];
	size_t n = (size_t)snprintf(text, sizeof(text), "Tile sets:");

	for (int i = 0; i < cat->ntypes && n < sizeof(text); i++) {
		const char *set = cat->types[i].set;
		int c[2] = {0, 0};
		if (i > 0 && cat->types[i - 1].set == set)
			continue; /* types of one set are contiguous */
		for (int k = 0; k < cat->ntypes; k++) /* with what it brings ("also") */
			for (int e = 0; e < 2; e++)
				c[e] += catalog_copies(cat, k, &set, 1, e + 1);
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s %s" NB "%d/%d%s",
				      i ? "," : "", set, c[0], c[1], i ? "" : NB "tiles");
	}
	text_wrap(fp, o->width, "%s (1st/2nd edition, each set alone).", text);
	fputc('\n', fp);
}

int
render_ascii_tiles(const struct catalog *cat, const struct render_opts *o, FILE *fp)
{
	tile_attrs shown = 0;

	print_sets(fp, cat, o);
	for (int i = 0; i < cat->ntypes; i++) {
		const struct tile_type *t = &cat->types[i];
		fprintf(fp, "%s%s (set %s, %d/%d copies)\n", i ? "\n" : "", t->id, t->set,
			t->count[0], t->count[1]);
		print_rotations(fp, t, o->charset, o->width);
		shown |= drawn_attrs(t);
	}
	fputc('\n', fp);
	attr_legend(fp, o, shown);
	return ferror(fp) ? -1 : 0;
}
