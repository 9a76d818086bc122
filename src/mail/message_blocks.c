/* Finding armored turn blocks in text: from a line that contains the
 * BEGIN mark to the next line that contains the END mark. The lines are
 * kept as they are (quote marks, blanks): src/turn/turnfile.c cleans
 * them when it reads the block. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "message_impl.h"

#define BEGIN_MARK "-----BEGIN CARCASSONNE TURN-----"
#define END_MARK "-----END CARCASSONNE TURN-----"

/* Whether line (n bytes) contains mark, in any case (as turnfile.c).
 * Both marks start with '-': look only there (attachments can be big). */
static bool
line_has(const char *line, size_t n, const char *mark)
{
	size_t m = strlen(mark), i, j;
	const char *dash;

	for (i = 0; i + m <= n; i++) {
		dash = memchr(line + i, '-', n - m + 1 - i);
		if (dash == NULL)
			return false;
		i = (size_t)(dash - line);
		for (j = 1; j < m; j++)
			if (tolower((unsigned char)line[i + j]) !=
			    tolower((unsigned char)mark[j]))
				break;
		if (j == m)
			return true;
	}
	return false;
}

/* The block is text[0..n), which ends with its END line; stored with a
 * final LF whether or not the text had one. */
static int
add_block(struct mail_in *m, const char *text, size_t n, const char *where)
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
	m->nblocks++;
	return 0;
}

/* A second BEGIN before an END starts the block again: the first one
 * was cut short, and the later one may still be whole. */
int
mail_find_blocks(struct mail_in *m, const char *text, size_t len, const char *where)
{
	size_t pos = 0, begin = SIZE_MAX, stop, next;
	const char *nl;
	int found = 0;

	while (pos < len) {
		nl = memchr(text + pos, '\n', len - pos);
		stop = nl ? (size_t)(nl - text) : len;
		next = nl ? stop + 1 : len;
		if (line_has(text + pos, stop - pos, BEGIN_MARK)) {
			begin = pos;
		} else if (begin != SIZE_MAX &&
			   line_has(text + pos, stop - pos, END_MARK)) {
			if (add_block(m, text + begin, next - begin, where) < 0)
				return -1;
			found++;
			begin = SIZE_MAX;
		}
		pos = next;
	}
	return found;
}
