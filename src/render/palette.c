/* Player colours, the same in every picture: the board game's red,
 * blue, yellow and black, then violet and white; green would vanish on
 * the fields. */
#include "palette.h"
#include "render.h"

uint32_t
render_player_rgb(int seat)
{
	static const uint32_t rgb[PLAYER_COLOURS] = {
	    0xd62b2b, 0x2a5fd6, 0xf2c318, 0x262626, 0x9b4fc4, 0xf5f5f5,
	};

	return rgb[(seat % PLAYER_COLOURS + PLAYER_COLOURS) % PLAYER_COLOURS];
}
