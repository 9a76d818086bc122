/* Tile-set texts compiled into the program: tilesets_data.c is generated
 * by build-aux/embed-text.sh from the .tiles files in src/rules/tilesets/
 * (TILESET_FILES in Makefile.am). */
#ifndef CARC_TILESETS_DATA_H
#define CARC_TILESETS_DATA_H

#include <stddef.h>

struct builtin_tileset {
	const char *name; /* file name without ".tiles", e.g. "base" */
	const char *text; /* the file's contents */
};

extern const struct builtin_tileset builtin_tilesets[];
extern const size_t builtin_tileset_count;

#endif
