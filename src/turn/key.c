/* Key files: generating, reading, the secrecy of secret keys. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "key.h"
#include "key_open.h"
#include "sshsig.h"

#define B64_LEN(n) sodium_base64_ENCODED_LEN(n, sodium_base64_VARIANT_ORIGINAL)
#define SECRET_FILE_MAX 1024
#define PUBLIC_FILE_MAX (256 * 1024) /* thousands of key lines */

int
key_check_label(const char *label, char *why, size_t n)
{
	size_t len = strlen(label);

	if (len == 0 || len > KEY_LABEL_MAX || label[0] == '.' || label[0] == '-')
		goto bad;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)label[i]) && !strchr("._@+-", label[i]))
			goto bad;
	return 0;
bad:
	snprintf(why, n,
		 "\"%.70s\" is not a key name: use 1 to %d letters, digits, '.', '_', "
		 "'@', '+' or '-', not starting with '.' or '-'",
		 label, KEY_LABEL_MAX);
	return -1;
}

void
key_id(const uint8_t pk[KEY_BYTES], char out[KEY_ID_HEX + 1])
{
	static const char digits[] = "0123456789abcdef";
	uint8_t h[crypto_generichash_BYTES];

	crypto_generichash(h, sizeof(h), pk, KEY_BYTES, NULL, 0);
	for (int i = 0; i < KEY_ID_HEX / 2; i++) {
		out[2 * i] = digits[h[i] >> 4];
		out[2 * i + 1] = digits[h[i] & 15];
	}
	out[KEY_ID_HEX] = '\0';
}

void
key_format_public(const struct pubkey *k, char *buf, size_t n)
{
	char text[GF_KEY_TEXT_MAX];

	gamefile_key_text(k->kind, k->pk, text, sizeof(text));
	snprintf(buf, n, "%s%s %s\n", k->kind == GF_KEY_SSH ? "" : KEY_PUBLIC_TAG " ",
		 text, k->label);
}

/* "TAG BASE64 LABEL": the three words, whatever the spaces between. */
static int
split3(char *line, char **w)
{
	char *save = NULL;
	int n = 0;

	for (char *t = strtok_r(line, " \t\r\n", &save); t;
	     t = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == 3)
			return -1;
		w[n++] = t;
	}
	return n == 3 ? 0 : -1;
}

static int
decode32(const char *b64, uint8_t out[32])
{
	const char *end;
	size_t len;

	return sodium_base642bin(out, 32, b64, strlen(b64), NULL, &len, &end,
				 sodium_base64_VARIANT_ORIGINAL) == 0 &&
		       len == 32 && *end == '\0'
		   ? 0
		   : -1;
}

/* A line of the form "tag BASE64 LABEL" into key and label. */
static int
parse_line(const char *line, const char *tag, uint8_t key[32], char *label, char *why,
	   size_t n)
{
	size_t len = strlen(line);
	char buf[256], *w[3];

	if (len < sizeof(buf))
		memcpy(buf, line, len + 1);
	if (len >= sizeof(buf) || split3(buf, w) < 0 || strcmp(w[0], tag) != 0) {
		snprintf(why, n, "not a line of the form \"%s BASE64 NAME\"", tag);
		sodium_memzero(buf, sizeof(buf));
		return -1;
	}
	if (decode32(w[1], key) < 0) {
		snprintf(why, n, "the key is not 32 bytes in base64 (44 characters)");
		sodium_memzero(buf, sizeof(buf));
		return -1;
	}
	if (key_check_label(w[2], why, n) == 0)
		snprintf(label, KEY_LABEL_MAX + 1, "%s", w[2]);
	sodium_memzero(buf, sizeof(buf));
	return label[0] ? 0 : -1;
}

/* An OpenSSH line: the comment is the label where it is one (a name
 * given at carcpbem new --key NAME=FILE names the seat anyway). */
static int
parse_ssh(const char *line, struct pubkey *out, char *why, size_t n)
{
	char comment[SSH_COMMENT_MAX], ignore[200];

	out->kind = GF_KEY_SSH;
	if (sshkey_parse_line(line, out->pk, comment, sizeof(comment), why, n) < 0)
		return -1;
	if (key_check_label(comment, ignore, sizeof(ignore)) == 0)
		snprintf(out->label, sizeof(out->label), "%.*s", KEY_LABEL_MAX, comment);
	return 0;
}

static int
is_word(const char *line, const char *tag)
{
	size_t n = strlen(tag);

	return strncmp(line, tag, n) == 0 && (line[n] == ' ' || line[n] == '\t');
}

/* A point of small order (all zero, say) verifies signatures anyone can
 * make, or none: no player's key. */
int
key_parse_public(const char *line, struct pubkey *out, char *why, size_t n)
{
	memset(out, 0, sizeof(*out));
	line += strspn(line, " \t");
	if (is_word(line, KEY_SECRET_TAG) || sshkey_is_secret(line)) {
		snprintf(why, n,
			 "this is a secret key: give the public key (the .pub file "
			 "beside it) and keep the secret one to yourself");
		return -1;
	}
	if (!is_word(line, KEY_PUBLIC_TAG)) {
		if (parse_ssh(line, out, why, n) < 0)
			return -1;
	} else if (parse_line(line, KEY_PUBLIC_TAG, out->pk, out->label, why, n) < 0)
		return -1;
	if (crypto_core_ed25519_is_valid_point(out->pk))
		return 0;
	snprintf(why, n,
		 "not a valid Ed25519 public key (all zero, or a point of small "
		 "order, which no signature can be checked with): make a key pair "
		 "with carcpbem keygen or ssh-keygen -t ed25519");
	return -1;
}

int
key_load_public(const char *path, struct pubkey *out, int max, struct turn_error *err)
{
	int fd = key_open(path, 0, PUBLIC_FILE_MAX, err);
	FILE *fp = fd < 0 ? NULL : fdopen(fd, "r");
	char line[512], why[200];
	int n = 0, no = 0;

	if (fp == NULL) {
		if (fd >= 0)
			close(fd);
		return fd < 0 ? -1 : terr(err, TURN_FAIL, "%s: %s", path, strerror(errno));
	}
	while (fgets(line, sizeof(line), fp)) {
		const char *p = line + strspn(line, " \t");
		no++;
		if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
			continue;
		if (n == max || key_parse_public(p, &out[n], why, sizeof(why)) < 0) {
			fclose(fp);
			return n == max
				   ? terr(err, TURN_FAIL, "%s: more than %d keys", path,
					  max)
				   : terr(err, TURN_FAIL, "%s:%d: %s", path, no, why);
		}
		n++;
	}
	fclose(fp);
	if (n == 0)
		return terr(err, TURN_FAIL,
			    "%s: no public key in it (a line \"%s BASE64 NAME\", as "
			    "carcpbem keygen writes, or an OpenSSH \"ssh-ed25519 "
			    "BASE64 COMMENT\")",
			    path, KEY_PUBLIC_TAG);
	return n;
}

static void
label_list(const struct pubkey *k, int n, char *buf, size_t cap)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "",
					k[i].label);
}

int
key_load_seat(const char *path, const char *name, struct pubkey *out,
	      struct turn_error *err)
{
	struct pubkey k[KEY_FILE_MAX];
	char names[KEY_FILE_MAX * (KEY_LABEL_MAX + 2)];
	int n = key_load_public(path, k, KEY_FILE_MAX, err), found = -1;

	if (n < 0)
		return -1;
	for (int i = 0; i < n && name; i++)
		if (strcasecmp(k[i].label, name) == 0)
			found = found == -1 ? i : -2;
	if (n == 1 || found >= 0) {
		*out = k[n == 1 ? 0 : found];
		if (out->label[0] == '\0' && name)
			snprintf(out->label, sizeof(out->label), "%s", name);
		if (out->label[0])
			return 0;
		return terr(err, TURN_FAIL,
			    "%s: the key's comment is not a player's name: name the "
			    "player it is for, --key NAME=%s",
			    path, path);
	}
	label_list(k, n, names, sizeof(names));
	if (name == NULL)
		return terr(err, TURN_FAIL,
			    "%s holds %d keys (%s): name the player each is for, "
			    "--key NAME=%s for each",
			    path, n, names, path);
	return terr(err, TURN_FAIL,
		    "%s holds %d keys (%s), %s named %s: give a file with %s's key "
		    "alone",
		    path, n, names, found == -2 ? "two" : "none", name, name);
}

int
key_register(struct gamefile *gf, int p, const struct pubkey *k, struct gf_error *err)
{
	if (gamefile_set_key(gf, p, k->pk, err) < 0)
		return -1;
	gf->key_kind[p] = k->kind;
	return 0;
}

/* ---- secret keys ---- */

static int
read_small(int fd, char *buf, size_t cap, const char *path, struct turn_error *err)
{
	size_t len = 0;
	ssize_t r;

	while ((r = read(fd, buf + len, cap - 1 - len)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return terr(err, TURN_FAIL, "%s: %s", path, strerror(errno));
		len += (size_t)r;
		if (len == cap - 1)
			return terr(err, TURN_FAIL, "%s: too long for a secret key file",
				    path);
	}
	buf[len] = '\0';
	return 0;
}

/* The first line that is not a comment. */
static const char *
key_line(char *buf)
{
	for (char *line = buf; *line;) {
		char *nl = strchr(line, '\n');
		line += strspn(line, " \t");
		if (*line != '#' && *line != '\n' && *line != '\0') {
			if (nl)
				*nl = '\0';
			return line;
		}
		if (nl == NULL)
			break;
		line = nl + 1;
	}
	return "";
}

static int
parse_secret(char *buf, const char *path, struct seckey *out, struct turn_error *err)
{
	uint8_t seed[crypto_sign_SEEDBYTES];
	char why[200];
	int r = 0;

	if (parse_line(key_line(buf), KEY_SECRET_TAG, seed, out->label, why,
		       sizeof(why)) < 0)
		r = terr(err, TURN_FAIL, "%s: not a carcpbem secret key: %s", path, why);
	else
		crypto_sign_seed_keypair(out->pk, out->sk, seed);
	sodium_memzero(seed, sizeof(seed));
	return r;
}

int
key_load_secret(const char *path, struct seckey *out, struct turn_error *err)
{
	char buf[SECRET_FILE_MAX];
	int fd, r;

	memset(out, 0, sizeof(*out));
	if ((fd = key_open(path, KEY_OPEN_SECRET, sizeof(buf) - 1, err)) < 0)
		return -1;
	r = read_small(fd, buf, sizeof(buf), path, err);
	close(fd);
	if (r == 0)
		r = parse_secret(buf, path, out, err);
	sodium_memzero(buf, sizeof(buf));
	if (r < 0)
		key_wipe(out);
	return r;
}

void
key_wipe(struct seckey *k)
{
	sodium_memzero(k, sizeof(*k));
}

/* ---- generating ---- */

/* A key file at path, whole or not at all (a crash leaves no half key:
 * atomic.h), and never in place of one that exists. */
static int
write_new(const char *path, const char *text, int mode, struct turn_error *err)
{
	const char *what = NULL;

	if (atomic_write(path, text, strlen(text), mode, false, &what) == 0)
		return 0;
	if (errno == EEXIST)
		return terr(err, TURN_FAIL,
			    "%s already exists: keygen never replaces a key; choose "
			    "another name or directory",
			    path);
	return terr(err, TURN_FAIL, "%s %s: %s", what, path, strerror(errno));
}

static int
secret_text(const uint8_t seed[crypto_sign_SEEDBYTES], const char *label, char *buf,
	    size_t n)
{
	char b64[B64_LEN(crypto_sign_SEEDBYTES)];
	int len;

	sodium_bin2base64(b64, sizeof(b64), seed, crypto_sign_SEEDBYTES,
			  sodium_base64_VARIANT_ORIGINAL);
	len = snprintf(buf, n,
		       "# carcpbem secret key: keep it to yourself (mode 0600)\n"
		       "%s %s %s\n",
		       KEY_SECRET_TAG, b64, label);
	sodium_memzero(b64, sizeof(b64));
	return len > 0 && (size_t)len < n ? 0 : -1;
}

int
key_generate(const char *seckey_path, const char *pubkey_path, const char *label,
	     struct pubkey *out, struct turn_error *err)
{
	uint8_t seed[crypto_sign_SEEDBYTES], sk[crypto_sign_SECRETKEYBYTES];
	char text[512], why[200], pub[256];
	int r = -1;

	if (key_check_label(label, why, sizeof(why)) < 0)
		return terr(err, TURN_FAIL, "%s", why);
	if (access(pubkey_path, F_OK) == 0)
		return terr(
		    err, TURN_FAIL,
		    "%s already exists: keygen never replaces a key; choose another "
		    "name or directory",
		    pubkey_path);
	randombytes_buf(seed, sizeof(seed));
	crypto_sign_seed_keypair(out->pk, sk, seed);
	out->kind = GF_KEY_CARCPBEM; /* keygen makes carcpbem keys */
	snprintf(out->label, sizeof(out->label), "%s", label);
	key_format_public(out, pub, sizeof(pub));
	if (secret_text(seed, label, text, sizeof(text)) < 0)
		terr(err, TURN_FAIL, "key name too long");
	else if (write_new(seckey_path, text, 0600, err) == 0) {
		r = write_new(pubkey_path, pub, 0644, err);
		if (r < 0)
			unlink(seckey_path);
	}
	sodium_memzero(seed, sizeof(seed));
	sodium_memzero(sk, sizeof(sk));
	sodium_memzero(text, sizeof(text));
	return r;
}
