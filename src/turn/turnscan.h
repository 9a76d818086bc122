/* The turn parser's walk over a text, line by line, each line cleaned
 * (src/armor/): shared by the two signature kinds (turnfile.c and
 * turnssh.c), so that both read lines alike. Internal to src/turn/. */
#ifndef CARC_TURNSCAN_H
#define CARC_TURNSCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "armor.h"
#include "turnfile.h"

struct turn_scan {
	const char *text;
	size_t len, pos; /* pos: start of the next line */
	size_t start;    /* the current line: its offset, its end (before '\n') */
	size_t stop;
	int no;          /* its number, from 1 */
	struct armor_line line;
};

/* Moves to the next line; false at the end of the text. */
bool turn_scan_line(struct turn_scan *s);

/* An SSH signature armor found by the scan: where its BEGIN line starts. */
struct turn_sshmark {
	int count;    /* how many BEGIN SSH SIGNATURE lines outside turn blocks */
	size_t begin; /* the first one's offset */
	int first;    /* its line number */
};

/* The SSH-signed turn in text: the signature armor at mark, the turn
 * block before it (turnssh.c). */
int turn_parse_ssh(const char *text, size_t len, const struct turn_sshmark *mark,
		   struct turn *t, struct turn_error *err);

#endif
