/* The computer players' clock: MCTS thinks for a time, ai_choose says
 * how long it took (ai_impl.h). */
#include <time.h>

#include "ai_impl.h"

double
ai_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}
