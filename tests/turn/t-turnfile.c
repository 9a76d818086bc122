/* Turn files: the golden cases of tests/turn/data/parse/ (each a directory
 * with a turn file and what reading and verifying it must print), then
 * signing, the canonical form and key files through the API. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jsonv.h"
#include "key.h"
#include "tap.h"
#include "turnfile.h"

#ifndef DATA_DIR
#define DATA_DIR "tests/turn/data"
#endif
#define MAX_KEYS 8
#define MAX_CASES 128

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	if (fp == NULL)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = '\0';
	if (len)
		*len = (size_t)n;
	fclose(fp);
	return buf;
}

static void
write_file(const char *path, const char *text, int mode)
{
	FILE *fp = fopen(path, "w");

	fputs(text, fp);
	fclose(fp);
	chmod(path, (mode_t)mode);
}

static int
load_keys(struct pubkey *keys)
{
	static const char *const names[] = {"alice", "bob", "carol"};
	struct turn_error err = {0};
	char path[512];
	int n = 0;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/keys/%s.pub", DATA_DIR, names[i]);
		if (key_load_public(path, &keys[n], 1, &err) != 1)
			bail_out("%s", err.text);
		n++;
	}
	return n;
}

/* What a case prints: the signer, the turn id and the canonical form, or
 * the refusal. */
static void
run_case(const char *text, size_t len, const struct pubkey *keys, int nkeys, char *out,
	 size_t n)
{
	struct turn_error err = {0};
	char id[KEY_ID_HEX + 1], tid[65], *canon;
	uint8_t h[32];
	struct turn t;
	size_t clen;
	int k;

	if (turn_parse(text, len, TURN_NEED_SIGNATURE, &t, &err) < 0) {
		snprintf(out, n, "%s: %s\n", turn_code_name(err.code), err.text);
		return;
	}
	for (k = 0; k < nkeys; k++) {
		key_id(keys[k].pk, id);
		if (strcmp(id, t.key) == 0)
			break;
	}
	if (k == nkeys || turn_verify(&t, keys[k].pk) < 0) {
		snprintf(out, n, "%s\n", k == nkeys ? "unknown-key" : "bad-signature");
		return;
	}
	turn_id(&t, h);
	jv_tohex(h, 32, tid);
	canon = turn_canonical(&t, &clen);
	snprintf(out, n, "good: %s (key %s)\nid: %s\n%s", keys[k].label, t.key, tid,
		 canon);
	free(canon);
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
list_cases(const char *dir, char **names)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		bail_out("cannot open %s", dir);
	while ((e = readdir(d)) != NULL && n < MAX_CASES)
		if (e->d_name[0] != '.')
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_names);
	return n;
}

static void
golden_cases(void)
{
	struct pubkey keys[MAX_KEYS];
	char *names[MAX_CASES], path[1024], out[4096];
	int nkeys = load_keys(keys), n = list_cases(DATA_DIR "/parse", names);

	for (int i = 0; i < n; i++) {
		size_t len;
		char *text, *expect;
		snprintf(path, sizeof(path), "%s/parse/%s/turn", DATA_DIR, names[i]);
		if ((text = slurp(path, &len)) == NULL)
			bail_out("cannot read %s", path);
		run_case(text, len, keys, nkeys, out, sizeof(out));
		snprintf(path, sizeof(path), "%s/parse/%s/expect", DATA_DIR, names[i]);
		if (getenv("CARC_WRITE_EXPECT")) /* remaking the cases: review the diff */
			write_file(path, out, 0644);
		expect = slurp(path, NULL);
		is_str(out, expect, "parse/%s", names[i]);
		free(expect);
		free(text);
		free(names[i]);
	}
}

/* ---- the API ---- */

static void
sample(struct turn *t)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->game, sizeof(t->game), "g1");
	t->number = 12;
	snprintf(t->player, sizeof(t->player), "Alice");
	snprintf(t->state, sizeof(t->state), "3be1c0d9a77f02e4");
	snprintf(t->action[0], sizeof(t->action[0]), "place 3 -1 90");
	snprintf(t->action[1], sizeof(t->action[1]), "knight N");
	t->nactions = 2;
}

static void
canonical_form(void)
{
	struct turn t;
	size_t len;
	char *c;

	sample(&t);
	c = turn_canonical(&t, &len);
	is_str(c,
	       "carcpbem turn v1\ngame: g1\nturn: 12\nplayer: alice\n"
	       "state: 3be1c0d9a77f02e4\naction: place 3 -1 90\naction: knight n\n",
	       "the canonical form: prefix, fixed order, lower case");
	is_int(len, strlen(c), "its length");
	free(c);
}

static void
sign_round_trip(void)
{
	struct turn_error err = {0};
	struct seckey k = {0};
	struct turn t, back;
	uint8_t seed[crypto_sign_SEEDBYTES] = {1, 2, 3};
	char *text;

	crypto_sign_seed_keypair(k.pk, k.sk, seed);
	sample(&t);
	ok(turn_sign(&t, &k, &err) == 0 && t.is_signed, "sign");
	ok(turn_verify(&t, k.pk) == 0, "verify with the signing key");
	text = turn_format(&t);
	ok(turn_parse(text, strlen(text), TURN_NEED_SIGNATURE, &back, &err) == 0,
	   "the formatted turn reads back");
	ok(turn_verify(&back, k.pk) == 0, "and verifies");
	ok(strstr(text, "Signature: ") && strlen(strchr(text, '\n') + 1) > 0,
	   "the block has a signature line");
	for (char *line = text; *line; line = strchr(line, '\n') + 1)
		if (strcspn(line, "\n") > 72) {
			ok(0, "line longer than 72 characters: %.40s", line);
			break;
		}
	back.number = 13;
	ok(turn_verify(&back, k.pk) < 0, "another turn number breaks it");
	free(text);
	key_wipe(&k);
}

/* The host's turn to fill in, Action lines empty: malformed as a turn,
 * read as a skeleton (carcpbem move compares it with the view, 21.9). */
static void
skeleton(void)
{
	static const char text[] = "> -----BEGIN CARCASSONNE TURN-----\n> Game: g1\n> Turn: 6\n"
				   "> Player: alice\n> State: 3be1c0d9a77f02e4\n> Action:\n"
				   "> Action:\n> -----END CARCASSONNE TURN-----\n";
	struct turn_error err = {0};
	struct turn t;

	ok(turn_parse(text, strlen(text), TURN_PLAIN | TURN_LAST, &t, &err) < 0 &&
	       strstr(err.text, "write at least one action"),
	   "a skeleton is no turn: %s", err.text);
	ok(turn_parse(text, strlen(text), TURN_PLAIN | TURN_LAST | TURN_SKELETON, &t, &err) == 0 &&
	       t.number == 6 && strcmp(t.game, "g1") == 0 && t.nactions == 0 && !t.is_signed,
	   "TURN_SKELETON reads its game, turn and no action");
}

static void
secret_key_files(void)
{
	char dir[] = "/tmp/carc-keys-XXXXXX", sec[256], pub[256];
	struct turn_error err = {0};
	struct pubkey pk;
	struct seckey sk;

	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	snprintf(sec, sizeof(sec), "%s/k.key", dir);
	snprintf(pub, sizeof(pub), "%s/k.pub", dir);
	ok(key_generate(sec, pub, "k", &pk, &err) == 0, "generate");
	ok(key_generate(sec, pub, "k", &pk, &err) < 0 &&
	       strstr(err.text, "already exists"),
	   "never over an existing key: %s", err.text);
	ok(key_load_secret(sec, &sk, &err) == 0 && memcmp(sk.pk, pk.pk, KEY_BYTES) == 0,
	   "the secret key gives the public key");
	key_wipe(&sk);
	chmod(sec, 0640);
	ok(key_load_secret(sec, &sk, &err) < 0 &&
	       strstr(err.text, "open to group or others (mode 0640)") &&
	       strstr(err.text, "chmod 600"),
	   "a group-readable secret key is refused: %s", err.text);
	write_file(sec, "carcpbem-ed25519-secret AAAA k\n", 0600);
	ok(key_load_secret(sec, &sk, &err) < 0 &&
	       strstr(err.text, "not a carcpbem secret key"),
	   "a damaged key: %s", err.text);
	unlink(sec);
	unlink(pub);
	rmdir(dir);
}

int
main(void)
{
	if (sodium_init() < 0)
		bail_out("sodium_init");
	golden_cases();
	canonical_form();
	sign_round_trip();
	skeleton();
	secret_key_files();
	return done_testing();
}
