/* Finding armored turn blocks in text: from a BEGIN line to the next END
 * line, each known by the cleaning the turn parser does (src/armor/), so
 * that a block found here is a block src/turn/turnfile.c reads. The lines
 * are kept as they are (quote marks, blanks). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "message_impl.h"

/* The mark line (n bytes) is, if any. */
static int
line_mark(const char *line, size_t n)
{
	struct armor_line l;

	armor_clean(line, n, &l);
	return armor_mark(&l);
}

/* The block is text[0..n), which ends with its END line; stored with a
 * final LF whether or not the text had one. */
static int
add_block(struct mail_in *m, const char *text, size_t n, const char *where, int part,
	  size_t at)
{
	struct mail_block *b;
	bool lf = n > 0 && text[n - 1] == '\n';

	if (m->nblocks == MAIL_MAX_BLOCKS) {
		m->too_many_blocks = true;
		return 0;
	}
	b = &m->block[m->nblocks];
	b->text = malloc(n + 2);
	if (b->text == NULL)
		return -1;
	memcpy(b->text, text, n);
	if (!lf)
		b->text[n++] = '\n';
	b->text[n] = '\0';
	b->len = n;
	snprintf(b->where, sizeof(b->where), "%s", where);
	b->sig_where[0] = '\0';
	b->part = part;
	b->at = at;
	m->nblocks++;
	return 0;
}

/* A second BEGIN before an END starts the block again: the first one
 * was cut short, and the later one may still be whole. */
int
mail_find_blocks(struct mail_in *m, const char *text, size_t len, const char *where,
		 int part)
{
	size_t pos = 0, begin = SIZE_MAX, stop, next;
	const char *nl;
	int found = 0, mark;

	while (pos < len) {
		nl = memchr(text + pos, '\n', len - pos);
		stop = nl ? (size_t)(nl - text) : len;
		next = nl ? stop + 1 : len;
		mark = line_mark(text + pos, stop - pos);
		if (mark == ARMOR_BEGIN_MARK) {
			begin = pos;
		} else if (begin != SIZE_MAX && mark == ARMOR_END_MARK) {
			if (add_block(m, text + begin, next - begin, where, part, begin) < 0)
				return -1;
			found++;
			begin = SIZE_MAX;
		}
		pos = next;
	}
	return found;
}
