/* The colours of the picture, as 0xRRGGBB; the tests sample pixels
 * against them. */
#ifndef CARC_RENDER_PALETTE_H
#define CARC_RENDER_PALETTE_H

#include <stdint.h>

#define RGB_BACKGROUND 0xf4f1e8 /* around the board */
#define RGB_EMPTY 0xe6e1d3      /* an empty cell inside the board's frame */
#define RGB_FIELD 0x9cc46a
#define RGB_GRID 0x6f8f45 /* the line between tiles */
#define RGB_CITY 0xd8a657
#define RGB_WALL 0x7a5a30
#define RGB_ROAD 0xf6efdc
#define RGB_ROAD_EDGE 0x8a7b5c
#define RGB_RIVER 0x4f97dd
#define RGB_RIVER_EDGE 0x2c65a3
#define RGB_SHIELD 0x00a0a0 /* teal: no seat's colour (issue 21: was B's blue); its tiles
				    drawn alone and in place give the same bytes (t-cache) */
#define RGB_SHIELD_EDGE 0xf8f4ea
#define RGB_MONASTERY 0xf2e6cc
#define RGB_ROOF 0xb8452e
#define RGB_GARDEN 0x3d8a3f
#define RGB_GARDEN_EDGE 0x22562a
#define RGB_FLOWER 0xf3d34a
#define RGB_CATHAR 0x7d1f2a /* the Cathar symbol's disc */
#define RGB_CATHAR_CROSS 0xf3d34a
#define RGB_PIG 0xf0a3b8     /* the pigsty's pig */
#define RGB_VOLCANO 0x6b4a2f
#define RGB_LAVA 0xe8501e
#define RGB_MARK 0xf8f4ea    /* the disc of any other symbol */
#define RGB_INK 0x222222  /* outlines, text */
#define RGB_LAST 0xff7a00 /* frame of the tile placed last */
#define RGB_MARK_BEEN 0x7d1f8a /* frame of a cell the decision due asks about: */
#define RGB_MARK_GO 0x1f6fd0   /* where it has been, where it may go */
#define RGB_FIT 0x5a5a5a  /* dashed frame where the tile fits */

#define PLAYER_COLOURS 6

#endif
