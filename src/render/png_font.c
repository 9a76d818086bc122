/* Text in the picture, drawn with a small stroke font of our own: the
 * picture then needs no installed fonts, looks the same on every machine
 * (the same game gives the same bytes), and cairo never starts fontconfig,
 * whose caches leak checkers report.
 *
 * A glyph is strokes separated by blanks; a stroke is points, two digits
 * each, x (0 to 4) and y (0 the top of a capital, 2 the top of a small
 * letter, 6 the baseline, 8 the bottom of a descender). Every glyph is
 * five units wide, the last one blank.
 */
#include <string.h>

#include "picture.h"

#define ADVANCE 5
#define CAP 6

static const char *const glyphs[128] = {
	['0'] = "103041453616050110",
	['1'] = "112026 1636",
	['2'] = "01103041420646",
	['3'] = "01103041423323 334445361605",
	['4'] = "300343 3036",
	['5'] = "4000023243453606",
	['6'] = "3010010516364543321203",
	['7'] = "00404116",
	['8'] = "1030414233130405163645443313020110",
	['9'] = "4233130201103041453616",
	['A'] = "0602204246 0444",
	['B'] = "06003041423303 3344453606",
	['C'] = "4130100105163645",
	['D'] = "06003041453606",
	['E'] = "40000646 0333",
	['F'] = "400006 0333",
	['G'] = "41301001051636454323",
	['H'] = "0006 4046 0343",
	['I'] = "1030 2026 1636",
	['J'] = "4045361605",
	['K'] = "0006 4004 1346",
	['L'] = "000646",
	['M'] = "0600234046",
	['N'] = "06004640",
	['O'] = "103041453616050110",
	['P'] = "06003041423303",
	['Q'] = "103041453616050110 2546",
	['R'] = "06003041423303 2346",
	['S'] = "413010010213334445361605",
	['T'] = "0040 2026",
	['U'] = "000516364540",
	['V'] = "002640",
	['W'] = "0016233640",
	['X'] = "0046 4006",
	['Y'] = "002340 2326",
	['Z'] = "00400646",
	['a'] = "12324346 441405163645",
	['b'] = "0006 0312324345361605",
	['c'] = "4332120305163645",
	['d'] = "4046 4332120305163645",
	['e'] = "04444332120305163645",
	['f'] = "40302126 1232",
	['g'] = "4332120305163645 4247381807",
	['h'] = "0006 0312324346",
	['i'] = "2020 2226",
	['j'] = "3030 3237281807",
	['k'] = "0006 4204 2346",
	['l'] = "10202536",
	['m'] = "0206 03122326 23324346",
	['n'] = "0206 0312324346",
	['o'] = "123243453616050312",
	['p'] = "0208 0312324345361605",
	['q'] = "4248 4332120305163645",
	['r'] = "0206 03123243",
	['s'] = "43321203143445361605",
	['t'] = "20253646 0242",
	['u'] = "0205163645 4246",
	['v'] = "022642",
	['w'] = "0216243642",
	['x'] = "0246 4206",
	['y'] = "0205163645 4247381807",
	['z'] = "02420646",
	['-'] = "0333",
	['_'] = "0747",
	['.'] = "1616",
	[','] = "1607",
	[':'] = "1313 1616",
	[';'] = "1313 1607",
	['/'] = "4006",
	['('] = "20111526",
	[')'] = "00111506",
	['+'] = "2226 0444",
	['?'] = "01103041422324 2626",
	['!'] = "2024 2626",
	['\''] = "2021",
	['#'] = "1016 3036 0242 0444",
	['%'] = "4006 0101 3535",
	['='] = "0343 0545",
	['*'] = "2125 0244 0442",
	['>'] = "003306",
	['<'] = "300336",
};

double
png_text_width(const char *s, double cap)
{
	size_t n = strlen(s);

	return n ? (n * ADVANCE - 1) * cap / CAP : 0;
}

/* Moves along a glyph's strokes; a lone point is a dot (round caps). */
static void
glyph_path(cairo_t *cr, const char *g, double x, double unit)
{
	for (int i = 0; g[i];) {
		if (g[i] == ' ') {
			i++;
			continue;
		}
		cairo_move_to(cr, x + (g[i] - '0') * unit, (g[i + 1] - '0') * unit);
		for (i += 2; g[i] && g[i] != ' '; i += 2)
			cairo_line_to(cr, x + (g[i] - '0') * unit,
				      (g[i + 1] - '0') * unit);
		cairo_rel_line_to(cr, 0, 0);
	}
}

void
png_text_stroke(cairo_t *cr, const char *s, double left, double top, double cap)
{
	double unit = cap / CAP;

	cairo_save(cr);
	cairo_translate(cr, left, top);
	cairo_new_path(cr);
	for (int i = 0; s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 128 && glyphs[c])
			glyph_path(cr, glyphs[c], i * ADVANCE * unit, unit);
	}
	cairo_set_line_width(cr, unit * 0.85);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	cairo_restore(cr);
}

void
png_text(cairo_t *cr, const char *s, double x, double y, double align, double cap)
{
	double left = x - png_text_width(s, cap) * align, top = y - cap / 2;

	if (!png_text_laid(cr, png_stamps_of(cr), s, left, top, cap))
		png_text_stroke(cr, s, left, top, cap);
}
