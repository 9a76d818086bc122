/* Names in game documents: players, game ids, seeds, and errors. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "gamefile_impl.h"
#include "jsonv.h"

int
gf_fail(struct gf_error *err, const char *path, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	snprintf(err->path, sizeof(err->path), "%s", path ? path : "");
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
	return -1;
}

const char *
gamefile_uturn_name(int river_uturn)
{
	return river_uturn == RIVER_UTURN_AREA ? "area" : "curves";
}

const char *
gamefile_dragon_moves_name(int dragon_moves)
{
	return dragon_moves == DRAGON_MOVES_CURRENT ? "current" : "each";
}

int
gamefile_dragon_moves_parse(const char *word, int *out)
{
	if (strcmp(word, "each") != 0 && strcmp(word, "current") != 0)
		return -1;
	*out = strcmp(word, "current") == 0 ? DRAGON_MOVES_CURRENT : DRAGON_MOVES_EACH;
	return 0;
}

const char *
gamefile_view_name(int view)
{
	static const char *const names[] = {"host", "public", "player"};

	return view >= 0 && view <= GF_VIEW_PLAYER ? names[view] : "?";
}

void
gamefile_seed_hex(const uint8_t seed[SEED_BYTES], char hex[2 * SEED_BYTES + 1])
{
	jv_tohex(seed, SEED_BYTES, hex);
}

/* Either case here: seeds are also typed (carcpbem new --seed). */
int
gamefile_seed_parse(const char *hex, uint8_t seed[SEED_BYTES])
{
	char low[2 * SEED_BYTES + 1];
	size_t len = strlen(hex);

	if (len != 2 * SEED_BYTES)
		return -1;
	for (size_t i = 0; i <= len; i++)
		low[i] = (char)tolower((unsigned char)hex[i]);
	return jv_fromhex(low, seed, SEED_BYTES);
}

int
gamefile_check_name(const char *name, char *why, size_t n)
{
	size_t len = strlen(name);

	if (len == 0 || len > GF_NAME_LEN || !isalpha((unsigned char)name[0]))
		goto bad;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("-_.", name[i]))
			goto bad;
	return 0;
bad:
	snprintf(why, n,
		 "\"%s\" is not a player name: use 1 to %d letters, digits, '-', '_' "
		 "or '.', starting with a letter",
		 name, GF_NAME_LEN);
	return -1;
}

/* Names go into mails and turn files: no two alike, whatever the case. */
int
gf_check_names(const char *const *names, int n, struct gf_error *err)
{
	char why[160], path[32];

	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "players[%d].name", i);
		if (gamefile_check_name(names[i], why, sizeof(why)) < 0)
			return gf_fail(err, path, "%s", why);
		for (int j = 0; j < i; j++)
			if (strcasecmp(names[i], names[j]) == 0)
				return gf_fail(err, path,
					       "\"%s\" is the name of two players: "
					       "give each player a different name",
					       names[i]);
	}
	return 0;
}

/* Ids name directories and mail subjects: lower case, no dots. */
int
gamefile_check_id(const char *id, char *why, size_t n)
{
	size_t len = strlen(id);

	if (len == 0 || len > GF_ID_LEN || !isalnum((unsigned char)id[0]))
		goto bad;
	for (size_t i = 0; i < len; i++)
		if (!(islower((unsigned char)id[i]) || isdigit((unsigned char)id[i]) ||
		      id[i] == '-'))
			goto bad;
	return 0;
bad:
	snprintf(why, n,
		 "\"%.40s\" is not a game id: use 1 to %d lower-case letters, digits "
		 "or '-', starting with a letter or digit",
		 id, GF_ID_LEN);
	return -1;
}

int
gamefile_player(const struct gamefile *gf, const char *name)
{
	for (int p = 0; p < gf->nplayers; p++)
		if (strcasecmp(gf->name[p], name) == 0)
			return p;
	return -1;
}

bool
gamefile_signed(const struct gamefile *gf)
{
	for (int p = 0; p < gf->nplayers; p++)
		if (!gf->has_key[p])
			return false;
	return gf->nplayers > 0;
}
