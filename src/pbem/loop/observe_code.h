/* The code that confirms an OBSERVE by mail (observe_code.c). */
#ifndef CARC_OBSERVE_CODE_H
#define CARC_OBSERVE_CODE_H

#include <stddef.h>
#include <time.h>

#include "config.h"

#define OBSERVE_CODE_HEX 16
#define OBSERVE_CODE_DAYS 3 /* good on the day it was made and the two after */

/* The code for addr to observe game, made at now. 0, or -1 with why. */
int observe_code(const struct config *cfg, const char *game, const char *addr, time_t now,
		 char out[OBSERVE_CODE_HEX + 1], char *why, size_t n);
/* Whether code (any case) is one the host made for addr and game within
 * OBSERVE_CODE_DAYS: 1, 0, or -1 with why (the host key unreadable). */
int observe_code_check(const struct config *cfg, const char *game, const char *addr,
		       time_t now, const char *code, char *why, size_t n);

#endif
