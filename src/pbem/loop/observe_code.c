/* An OBSERVE by mail is carried out only when answered with a code the
 * host mailed to the address: anyone can put an address in From:, only
 * its owner reads what is mailed to it. The code is a hash of the game,
 * the address and the day, keyed with the host's secret key: nothing is
 * kept on disk (a kill loses nothing), the same request on the same day
 * gets the same mail, and a code is good for OBSERVE_CODE_DAYS. */
#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "hostkey.h"
#include "observe_code.h"

#define DAY 86400

static int
code_of_day(const struct config *cfg, const char *game, const char *addr, long day,
	    char out[OBSERVE_CODE_HEX + 1], char *why, size_t n)
{
	uint8_t h[OBSERVE_CODE_HEX / 2];
	char msg[64 + 2 * 320];
	struct seckey k;
	int len;

	if (pbem_host_key(cfg, &k, why, n) < 0)
		return -1;
	len = snprintf(msg, sizeof(msg), "carcpbem observe 1\n%s\n%s\n%ld", game, addr, day);
	for (char *c = msg; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	/* keyed with the secret key's seed half, under a label of its own */
	crypto_generichash(h, sizeof(h), (const unsigned char *)msg, (size_t)len, k.sk, 32);
	key_wipe(&k);
	sodium_bin2hex(out, OBSERVE_CODE_HEX + 1, h, sizeof(h));
	return 0;
}

int
observe_code(const struct config *cfg, const char *game, const char *addr, time_t now,
	     char out[OBSERVE_CODE_HEX + 1], char *why, size_t n)
{
	return code_of_day(cfg, game, addr, (long)(now / DAY), out, why, n);
}

int
observe_code_check(const struct config *cfg, const char *game, const char *addr,
		   time_t now, const char *code, char *why, size_t n)
{
	char want[OBSERVE_CODE_HEX + 1], got[OBSERVE_CODE_HEX + 1];

	if (strlen(code) != OBSERVE_CODE_HEX)
		return 0;
	for (int i = 0; i <= OBSERVE_CODE_HEX; i++)
		got[i] = (char)tolower((unsigned char)code[i]);
	for (long d = 0; d < OBSERVE_CODE_DAYS; d++) {
		if (code_of_day(cfg, game, addr, (long)(now / DAY) - d, want, why, n) < 0)
			return -1;
		if (sodium_memcmp(want, got, OBSERVE_CODE_HEX) == 0)
			return 1;
	}
	return 0;
}
