/* Who plays on this host: the addresses of every game's players, read
 * from the games' state.json once per pass, to tell a stranger (who gets
 * few answers) from a player (who gets every one). */
#include <ctype.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pbem.h"

static int
by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
add(struct pbem *p, const char *addr, int *cap)
{
	char **more, *a;

	if (p->nplayers == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		if ((more = realloc(p->players, sizeof(*more) * (size_t)*cap)) == NULL)
			return;
		p->players = more;
	}
	if ((a = strdup(addr)) == NULL)
		return;
	for (char *c = a; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	p->players[p->nplayers++] = a;
}

/* The secret "addresses" of games/ID/state.json (docs/state-format.md),
 * and the observers of its meta.json. */
static void
read_game(struct pbem *p, const char *id, int *cap)
{
	char path[CONFIG_PATH_MAX + 300];
	json_t *root, *v;
	const char *k;
	size_t i;

	snprintf(path, sizeof(path), "%s/%s/state.json", p->games, id);
	if ((root = json_load_file(path, 0, NULL)) == NULL)
		return;
	json_object_foreach(json_object_get(json_object_get(root, "secret"), "addresses"), k, v)
		if (json_is_string(v))
			add(p, json_string_value(v), cap);
	json_decref(root);
	/* an observer (OBSERVE) is no stranger either */
	snprintf(path, sizeof(path), "%s/%s/meta.json", p->games, id);
	if ((root = json_load_file(path, 0, NULL)) == NULL)
		return;
	json_array_foreach(json_object_get(root, "observers"), i, v)
		if (json_is_string(v))
			add(p, json_string_value(v), cap);
	json_decref(root);
}

static void
read_all(struct pbem *p)
{
	struct dirent *de;
	int cap = 0;
	DIR *d;

	p->players_read = true;
	if ((d = opendir(p->games)) == NULL)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			read_game(p, de->d_name, &cap);
	closedir(d);
	if (p->nplayers > 1)
		qsort(p->players, (size_t)p->nplayers, sizeof(*p->players), by_text);
}

bool
pbem_is_player(struct pbem *p, const char *addr)
{
	char key[320], *k = key;

	if (addr == NULL)
		return false;
	if (!p->players_read)
		read_all(p);
	snprintf(key, sizeof(key), "%s", addr);
	for (char *c = key; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return p->nplayers > 0 && bsearch(&k, p->players, (size_t)p->nplayers,
					  sizeof(*p->players), by_text) != NULL;
}

void
pbem_players_forget(struct pbem *p)
{
	for (int i = 0; i < p->nplayers; i++)
		free(p->players[i]);
	free(p->players);
	p->players = NULL;
	p->nplayers = 0;
	p->players_read = false;
}
