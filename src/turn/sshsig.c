/* OpenSSH's wire format (RFC 4251 strings: a 32-bit big-endian length,
 * then the bytes) for Ed25519 keys and SSHSIG signatures
 * (PROTOCOL.sshsig). Every read checks the length against what is left. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "safetext.h"
#include "sshsig.h"

#define MAGIC "SSHSIG"
#define MAGIC_LEN 6
#define KEY_LINE_B64_MAX 200 /* an ssh-ed25519 key blob is 51 bytes: 68 */

struct wire {
	const uint8_t *p;
	size_t n; /* bytes left */
};

static int
get_string(struct wire *w, const uint8_t **s, size_t *len)
{
	uint32_t v;

	if (w->n < 4)
		return -1;
	v = (uint32_t)w->p[0] << 24 | (uint32_t)w->p[1] << 16 | (uint32_t)w->p[2] << 8 |
	    w->p[3];
	if (v > w->n - 4)
		return -1;
	*s = w->p + 4;
	*len = v;
	w->p += 4 + (size_t)v;
	w->n -= 4 + (size_t)v;
	return 0;
}

static bool
is_name(const uint8_t *s, size_t len, const char *name)
{
	return len == strlen(name) && memcmp(s, name, len) == 0;
}

/* A string's bytes as text for a message: printable ASCII, cut short
 * at 40. */
static void
show(const uint8_t *s, size_t len, char *out, size_t cap)
{
	safe_ascii(out, cap < 41 ? cap : 41, (const char *)s, len, SAFE_LINES);
}

/* string "ssh-ed25519", string of want bytes, nothing after: a public
 * key blob (32 bytes) or a signature blob (64). */
static int
get_ed25519_blob(struct wire in, uint8_t *out, size_t want, const char *what,
		 char *why, size_t n)
{
	const uint8_t *s, *v;
	size_t len, vlen;
	char name[48];

	if (get_string(&in, &s, &len) < 0)
		return snprintf(why, n, "the %s has no type", what), -1;
	if (!is_name(s, len, SSH_ED25519)) {
		show(s, len, name, sizeof(name));
		snprintf(why, n,
			 "the %s is of type %s: carcpbem takes ssh-ed25519 keys only; "
			 "make one with ssh-keygen -t ed25519 and give the host its .pub "
			 "file",
			 what, name);
		return -1;
	}
	if (get_string(&in, &v, &vlen) < 0 || vlen != want || in.n != 0)
		return snprintf(why, n, "the %s is not %zu bytes of ssh-ed25519", what,
				want),
		       -1;
	memcpy(out, v, want);
	return 0;
}

/* The same blob as a string of w. */
static int
get_ed25519(struct wire *w, uint8_t *out, size_t want, const char *what, char *why,
	    size_t n)
{
	const uint8_t *s;
	size_t len;

	if (get_string(w, &s, &len) < 0)
		return snprintf(why, n, "the %s is cut short", what), -1;
	return get_ed25519_blob((struct wire){s, len}, out, want, what, why, n);
}

/* ---- public key lines ---- */

int
sshkey_is_secret(const char *line)
{
	line += strspn(line, " \t");
	return strncmp(line, "-----BEGIN", 10) == 0 && strstr(line, "PRIVATE KEY") != NULL;
}

/* The next word of *p, blanks skipped: its start and length. */
static size_t
word(const char **p, const char **start)
{
	size_t len;

	*p += strspn(*p, " \t");
	*start = *p;
	len = strcspn(*p, " \t\r\n");
	*p += len;
	return len;
}

static int
refuse_type(const char *type, size_t len, char *why, size_t n)
{
	bool ssh = strncmp(type, "ssh-", 4) == 0 || strncmp(type, "ecdsa-", 6) == 0 ||
		   strncmp(type, "sk-", 3) == 0 || memchr(type, '@', len) != NULL;

	if (!ssh)
		return snprintf(why, n,
				"not an OpenSSH public key line (\"ssh-ed25519 BASE64 "
				"COMMENT\", as in ~/.ssh/id_ed25519.pub)"),
		       -1;
	snprintf(why, n,
		 "an SSH key of type %.*s: carcpbem takes ssh-ed25519 keys only (no "
		 "RSA, DSA, ECDSA, security-key or certificate keys); make one with "
		 "ssh-keygen -t ed25519 and give its .pub file",
		 (int)(len > 60 ? 60 : len), type);
	return -1;
}

static void
copy_comment(const char *p, char *comment, size_t cap)
{
	size_t len;

	p += strspn(p, " \t");
	len = strcspn(p, "\r\n");
	while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		len--;
	if (cap > 0)
		snprintf(comment, cap, "%.*s", (int)(len < cap ? len : cap - 1), p);
}

int
sshkey_parse_line(const char *line, uint8_t pk[crypto_sign_PUBLICKEYBYTES],
		  char *comment, size_t cap, char *why, size_t n)
{
	uint8_t blob[KEY_LINE_B64_MAX];
	const char *p = line, *type, *b64, *end;
	size_t tlen, blen, len;

	if (sshkey_is_secret(line))
		return snprintf(why, n,
				"this is a secret key: give the public key (the .pub file "
				"beside it) and keep the secret one to yourself"),
		       -1;
	tlen = word(&p, &type);
	if (tlen != strlen(SSH_ED25519) || strncmp(type, SSH_ED25519, tlen) != 0)
		return refuse_type(type, tlen, why, n);
	blen = word(&p, &b64);
	if (blen == 0 || blen > KEY_LINE_B64_MAX ||
	    sodium_base642bin(blob, sizeof(blob), b64, blen, NULL, &len, &end,
			      sodium_base64_VARIANT_ORIGINAL) != 0 ||
	    end != b64 + blen)
		return snprintf(why, n, "the key after ssh-ed25519 is not base64"), -1;
	if (get_ed25519_blob((struct wire){blob, len}, pk, crypto_sign_PUBLICKEYBYTES,
			     "public key", why, n) < 0)
		return -1;
	copy_comment(p, comment, cap);
	return 0;
}

/* ---- signatures ---- */

int
sshsig_decode(const char *b64, size_t len, uint8_t *blob, size_t cap, size_t *blen,
	      char *why, size_t n)
{
	const char *end;

	if (len > SSHSIG_B64_MAX)
		return snprintf(why, n,
				"the SSH signature is %zu base64 characters long, more "
				"than %d: an ssh-ed25519 signature is about 240",
				len, SSHSIG_B64_MAX),
		       -1;
	if (sodium_base642bin(blob, cap, b64, len, NULL, blen, &end,
			      sodium_base64_VARIANT_ORIGINAL) != 0 ||
	    end != b64 + len)
		return snprintf(why, n,
				"the SSH signature is not base64: send the .sig file as "
				"ssh-keygen wrote it"),
		       -1;
	return 0;
}

static int
get_hash(struct wire *w, struct sshsig *out, char *why, size_t n)
{
	const uint8_t *s;
	size_t len;
	char name[48];

	if (get_string(w, &s, &len) < 0)
		return snprintf(why, n, "the SSH signature is cut short"), -1;
	if (is_name(s, len, "sha512"))
		out->hash = SSHSIG_SHA512;
	else if (is_name(s, len, "sha256"))
		out->hash = SSHSIG_SHA256;
	else {
		show(s, len, name, sizeof(name));
		return snprintf(why, n,
				"the SSH signature hashes with \"%s\": carcpbem takes "
				"sha512 (ssh-keygen's default) or sha256",
				name),
		       -1;
	}
	return 0;
}

static int
get_header(struct wire *w, struct sshsig *out, char *why, size_t n)
{
	const uint8_t *s;
	size_t len;

	if (w->n < MAGIC_LEN + 4 || memcmp(w->p, MAGIC, MAGIC_LEN) != 0)
		return snprintf(why, n,
				"not an SSH signature (no SSHSIG at its start): send the "
				".sig file ssh-keygen -Y sign wrote"),
		       -1;
	if (memcmp(w->p + MAGIC_LEN, "\0\0\0\1", 4) != 0)
		return snprintf(why, n,
				"an SSH signature of another version than 1: sign with "
				"ssh-keygen -Y sign"),
		       -1;
	w->p += MAGIC_LEN + 4;
	w->n -= MAGIC_LEN + 4;
	if (get_ed25519(w, out->pk, sizeof(out->pk), "signature's key", why, n) < 0)
		return -1;
	if (get_string(w, &s, &len) < 0)
		return snprintf(why, n, "the SSH signature is cut short"), -1;
	if (len == 0 || len > SSHSIG_NS_MAX)
		return snprintf(why, n,
				"the SSH signature's namespace is %s: sign with -n "
				"carcassonne",
				len ? "too long" : "empty"),
		       -1;
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			return snprintf(why, n,
					"the SSH signature's namespace is not text: sign "
					"with -n carcassonne"),
			       -1;
	memcpy(out->ns, s, len);
	out->ns[len] = '\0';
	if (get_string(w, &s, &len) < 0 || len != 0)
		return snprintf(why, n,
				"the SSH signature's reserved field is not empty: sign "
				"with ssh-keygen -Y sign"),
		       -1;
	return 0;
}

int
sshsig_parse(const uint8_t *blob, size_t len, struct sshsig *out, char *why, size_t n)
{
	struct wire w = {blob, len};

	memset(out, 0, sizeof(*out));
	if (get_header(&w, out, why, n) < 0 || get_hash(&w, out, why, n) < 0 ||
	    get_ed25519(&w, out->sig, sizeof(out->sig), "signature", why, n) < 0)
		return -1;
	if (w.n != 0)
		return snprintf(why, n,
				"the SSH signature goes on after its end (%zu more "
				"bytes): send the .sig file as ssh-keygen wrote it",
				w.n),
		       -1;
	return 0;
}

int
sshsig_check_namespace(const struct sshsig *s, char *why, size_t n)
{
	if (strcmp(s->ns, SSHSIG_NAMESPACE) == 0)
		return 0;
	snprintf(why, n,
		 "the turn was signed for namespace '%s', not for carcassonne: sign it "
		 "with -n carcassonne (ssh-keygen -Y sign -f KEY -n carcassonne "
		 "turn.txt)",
		 s->ns);
	return -1;
}

static size_t
put_string(uint8_t *buf, size_t at, const void *s, size_t len)
{
	buf[at] = (uint8_t)(len >> 24), buf[at + 1] = (uint8_t)(len >> 16);
	buf[at + 2] = (uint8_t)(len >> 8), buf[at + 3] = (uint8_t)len;
	memcpy(buf + at + 4, s, len);
	return at + 4 + len;
}

int
sshsig_verify(const struct sshsig *s, const void *msg, size_t len)
{
	uint8_t h[crypto_hash_sha512_BYTES];
	uint8_t data[MAGIC_LEN + 4 * 4 + SSHSIG_NS_MAX + 8 + sizeof(h)];
	size_t hlen = s->hash == SSHSIG_SHA512 ? crypto_hash_sha512_BYTES
					       : crypto_hash_sha256_BYTES;
	const char *hname = s->hash == SSHSIG_SHA512 ? "sha512" : "sha256";
	size_t at = MAGIC_LEN;

	if (s->hash == SSHSIG_SHA512)
		crypto_hash_sha512(h, msg, len);
	else
		crypto_hash_sha256(h, msg, len);
	memcpy(data, MAGIC, MAGIC_LEN);
	at = put_string(data, at, s->ns, strlen(s->ns));
	at = put_string(data, at, "", 0);
	at = put_string(data, at, hname, strlen(hname));
	at = put_string(data, at, h, hlen);
	return crypto_sign_verify_detached(s->sig, data, at, s->pk) == 0 ? 0 : -1;
}

size_t
sshsig_armor(const uint8_t *blob, size_t len, char *out, size_t cap)
{
	char b64[sodium_base64_ENCODED_LEN(SSHSIG_BLOB_MAX, sodium_base64_VARIANT_ORIGINAL)];
	size_t at, blen;

	if (len > SSHSIG_BLOB_MAX)
		return 0;
	sodium_bin2base64(b64, sizeof(b64), blob, len, sodium_base64_VARIANT_ORIGINAL);
	blen = strlen(b64);
	if (cap < sizeof(SSHSIG_BEGIN) + sizeof(SSHSIG_END) + blen + blen / 70 + 2)
		return 0;
	at = (size_t)sprintf(out, "%s\n", SSHSIG_BEGIN);
	for (size_t i = 0; i < blen; i += 70)
		at += (size_t)sprintf(out + at, "%.70s\n", b64 + i);
	at += (size_t)sprintf(out + at, "%s\n", SSHSIG_END);
	return at;
}
