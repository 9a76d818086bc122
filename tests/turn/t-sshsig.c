/* OpenSSH keys and SSHSIG signatures (src/turn/sshsig.c) and SSH-signed
 * turns (src/turn/turnssh.c), on real ssh-keygen output
 * (tests/turn/data/ssh/, made by OpenSSH 9.2): what must verify, what
 * must be refused and why, and that no change of a signed turn or of a
 * signature's bytes passes. Run it under ASan and valgrind: the parsers
 * read hostile input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "key.h"
#include "sshsig.h"
#include "tap.h"
#include "turnfile.h"

#ifndef DATA_DIR
#define DATA_DIR "tests/turn/data"
#endif

static char *
slurp(const char *name, size_t *len)
{
	char path[512];
	FILE *fp;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "%s/ssh/%s", DATA_DIR, name);
	if ((fp = fopen(path, "rb")) == NULL)
		bail_out("%s: cannot open", path);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, fp) != (size_t)n)
		bail_out("%s: cannot read", path);
	buf[n] = '\0';
	fclose(fp);
	if (len)
		*len = (size_t)n;
	return buf;
}

static struct pubkey
pub(const char *name)
{
	char *text = slurp(name, NULL), why[300];
	struct pubkey k;

	if (key_parse_public(text, &k, why, sizeof(why)) < 0)
		bail_out("%s: %s", name, why);
	free(text);
	return k;
}

/* The blob of a .sig file: its armor's base64 lines. */
static size_t
blob_of(const char *name, uint8_t *blob, size_t cap)
{
	char *text = slurp(name, NULL), b64[SSHSIG_B64_MAX + 1], why[300];
	size_t n = 0, len;

	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		if (line[0] != '-' && n + strlen(line) < sizeof(b64))
			n += (size_t)sprintf(b64 + n, "%s", line);
	if (sshsig_decode(b64, n, blob, cap, &len, why, sizeof(why)) < 0)
		bail_out("%s: %s", name, why);
	free(text);
	return len;
}

static void
check_keys(void)
{
	static const char *const refused[][2] = {
	    {"ssh-dss AAAAB3NzaC1kc3MAAACBAP== eve", "type ssh-dss"},
	    {"sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29t x",
	     "type sk-ssh-ed25519@openssh.com"},
	    {"sk-ecdsa-sha2-nistp256@openssh.com AAAA x",
	     "type sk-ecdsa-sha2-nistp256@openssh.com"},
	    {"ssh-ed25519-cert-v01@openssh.com AAAAIHNzaC1lZDI1NTE5LWNlcnQ= x",
	     "type ssh-ed25519-cert-v01@openssh.com"},
	    {"ssh-ed25519 !!!! x", "not base64"},
	    {"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA== x", "not 32 bytes"},
	    {"ssh-ed25519 AAAAB3NzaC1yc2EAAAADAQABAAABAQ== x",
	     "public key is of type ssh-rsa"},
	    {"-----BEGIN OPENSSH PRIVATE KEY-----", "this is a secret key"},
	    {"carcpbem-ed25519-secret AAAA alice", "this is a secret key"},
	    {"hello world", "not an OpenSSH public key line"},
	};
	struct pubkey k = pub("alice.pub"), k2;
	char *rsa = slurp("rsa.pub", NULL), *ecdsa = slurp("ecdsa.pub", NULL), why[300];
	char line[256];

	is_int(k.kind, GF_KEY_SSH, "alice.pub: an SSH key");
	is_str(k.label, "alice", "alice.pub: the comment is the label");
	key_format_public(&k, line, sizeof(line));
	ok(key_parse_public(line, &k2, why, sizeof(why)) == 0 &&
	       memcmp(k.pk, k2.pk, KEY_BYTES) == 0 && k2.kind == GF_KEY_SSH,
	   "key_format_public writes an SSH key as a line that reads back");
	ok(key_parse_public(rsa, &k2, why, sizeof(why)) < 0 &&
	       strstr(why, "an SSH key of type ssh-rsa") &&
	       strstr(why, "ssh-keygen -t ed25519"),
	   "an RSA key is refused, saying which type to make: %s", why);
	ok(key_parse_public(ecdsa, &k2, why, sizeof(why)) < 0 &&
	       strstr(why, "type ecdsa-sha2-nistp256"),
	   "an ECDSA key is refused: %s", why);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		ok(key_parse_public(refused[i][0], &k2, why, sizeof(why)) < 0 &&
		       strstr(why, refused[i][1]),
		   "refused \"%.30s\": %s", refused[i][0], why);
	free(rsa);
	free(ecdsa);
}

static void
check_signatures(void)
{
	uint8_t blob[SSHSIG_READ_MAX], copy[SSHSIG_READ_MAX];
	struct pubkey alice = pub("alice.pub");
	size_t mlen, n = blob_of("turn.txt.sig", blob, sizeof(blob));
	char *msg = slurp("turn.txt", &mlen), why[300];
	struct sshsig s;
	int bad = 0, passed = 0;

	ok(sshsig_parse(blob, n, &s, why, sizeof(why)) == 0, "turn.txt.sig reads");
	ok(memcmp(s.pk, alice.pk, KEY_BYTES) == 0 && s.hash == SSHSIG_SHA512 &&
	       strcmp(s.ns, "carcassonne") == 0,
	   "its key is alice's, sha512, namespace carcassonne");
	ok(sshsig_verify(&s, msg, mlen) == 0, "it verifies turn.txt");
	for (size_t i = 0; i < mlen; i++) {
		msg[i] ^= 1;
		passed += sshsig_verify(&s, msg, mlen) == 0;
		msg[i] ^= 1;
	}
	is_int(passed, 0, "no one-bit change of turn.txt verifies (%zu tried)", mlen);
	ok(sshsig_verify(&s, msg, mlen - 1) < 0, "turn.txt less its newline does not");
	passed = 0;
	for (size_t i = 0; i < n; i++)
		for (int bit = 0; bit < 8; bit++) {
			struct sshsig t;
			memcpy(copy, blob, n);
			copy[i] ^= (uint8_t)(1 << bit);
			if (sshsig_parse(copy, n, &t, why, sizeof(why)) < 0)
				bad++;
			else
				passed += sshsig_verify(&t, msg, mlen) == 0 &&
					  sshsig_check_namespace(&t, NULL, 0) == 0;
		}
	is_int(passed, 0, "no one-bit change of the signature passes (%d refused as "
			  "malformed)", bad);
	bad = 0;
	for (size_t cut = 0; cut < n; cut++)
		bad += sshsig_parse(blob, cut, &s, why, sizeof(why)) < 0;
	is_int(bad, (long long)n, "every signature cut short is refused");
	memcpy(copy, blob, n);
	copy[n] = 0;
	ok(sshsig_parse(copy, n + 1, &s, why, sizeof(why)) < 0 &&
	       strstr(why, "goes on after its end (1 more"),
	   "a byte after its end is refused: %s", why);

	n = blob_of("sha256.sig", blob, sizeof(blob));
	ok(sshsig_parse(blob, n, &s, why, sizeof(why)) == 0 && s.hash == SSHSIG_SHA256 &&
	       sshsig_verify(&s, msg, mlen) == 0,
	   "-O hashalg=sha256: reads and verifies");
	n = blob_of("git.sig", blob, sizeof(blob));
	ok(sshsig_parse(blob, n, &s, why, sizeof(why)) == 0 &&
	       sshsig_check_namespace(&s, why, sizeof(why)) < 0 &&
	       strstr(why, "signed for namespace 'git'") && strstr(why, "-n carcassonne"),
	   "-n git: refused with the fix: %s", why);
	n = blob_of("rsa.sig", blob, sizeof(blob));
	ok(sshsig_parse(blob, n, &s, why, sizeof(why)) < 0 && strstr(why, "ssh-rsa"),
	   "an RSA signature: refused for its type: %s", why);
	n = blob_of("ecdsa.sig", blob, sizeof(blob));
	ok(sshsig_parse(blob, n, &s, why, sizeof(why)) < 0 &&
	       strstr(why, "ecdsa-sha2-nistp256"),
	   "an ECDSA signature: refused for its type");
	free(msg);
}

/* turn.txt and turn.txt.sig as one text, through edit (may be NULL). */
static char *
joined(const char *sig, char *(*edit)(const char *), size_t *len)
{
	size_t tlen, slen;
	char *t = slurp("turn.txt", &tlen), *s = slurp(sig, &slen);
	char *text = turn_join_ssh(t, tlen, s, slen, len), *e;

	free(t);
	free(s);
	if (edit == NULL)
		return text;
	e = edit(text);
	free(text);
	*len = strlen(e);
	return e;
}

/* Each line through a printf format ("%s\r\n", "> %s\n", ...). */
static char *
each_line(const char *text, const char *fmt)
{
	char *out = malloc(strlen(text) * 2 + 1024), *copy = strdup(text);
	size_t at = 0;

	out[0] = '\0';
	for (char *l = strtok(copy, "\n"); l; l = strtok(NULL, "\n"))
		at += (size_t)sprintf(out + at, fmt, l);
	free(copy);
	return out;
}

static char *crlf(const char *t) { return each_line(t, "%s\r\n"); }
static char *quoted(const char *t) { return each_line(t, "> %s\n"); }
static char *blanks(const char *t) { return each_line(t, "%s \t \n"); }
static char *indented(const char *t) { return each_line(t, "  %s\n"); }

static char *
changed(const char *t)
{
	char *out = strdup(t), *at = strstr(out, "knight N");

	at[7] = 'S';
	return out;
}

static void
check_turns(void)
{
	static const struct {
		const char *name;
		char *(*edit)(const char *);
	} forms[] = {{"as signed", NULL},    {"CR LF", crlf},
		     {"quoted", quoted},     {"trailing blanks", blanks},
		     {"indented", indented}};
	struct pubkey alice = pub("alice.pub"), bob = pub("bob.pub");
	struct turn_error err = {0};
	uint8_t id0[32], id[32];
	char kid[KEY_ID_HEX + 1], *text, *rec;
	struct turn t, r;
	size_t len;

	key_id(alice.pk, kid);
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		text = joined("turn.txt.sig", forms[i].edit, &len);
		ok(turn_parse(text, len, TURN_NEED_SIGNATURE, &t, &err) == 0 &&
		       t.sig_kind == TURN_SIG_SSH && t.is_signed &&
		       strcmp(t.key, kid) == 0 && turn_verify(&t, alice.pk) == 0 &&
		       turn_verify(&t, bob.pk) < 0 && t.nactions == 2 &&
		       strcmp(t.action[1], "knight N") == 0 && t.number == 1,
		   "%s: an SSH-signed turn, alice's, verifies %s", forms[i].name,
		   err.text);
		turn_id(&t, i == 0 ? id0 : id);
		ok(i == 0 || memcmp(id0, id, 32) == 0, "%s: the same turn id",
		   forms[i].name);
		free(text);
	}
	text = joined("turn.txt.sig", NULL, &len);
	turn_parse(text, len, TURN_NEED_SIGNATURE, &t, &err);
	rec = turn_format(&t);
	ok(rec && turn_parse(rec, strlen(rec) - 1, TURN_NEED_SIGNATURE, &r, &err) == 0 &&
	       turn_verify(&r, alice.pk) == 0 && (turn_id(&r, id), 1) &&
	       memcmp(id0, id, 32) == 0,
	   "turn_format: the signed bytes and the armor, read back the same %s",
	   err.text);
	free(rec);
	free(text);
	text = joined("turn.txt.sig", changed, &len);
	ok(turn_parse(text, len, TURN_NEED_SIGNATURE, &t, &err) == 0 &&
	       turn_verify(&t, alice.pk) < 0,
	   "knight N changed to knight S after signing: does not verify");
	free(text);
	text = joined("bob.sig", NULL, &len);
	ok(turn_parse(text, len, TURN_NEED_SIGNATURE, &t, &err) == 0 &&
	       turn_verify(&t, alice.pk) < 0 && turn_verify(&t, bob.pk) == 0,
	   "signed by bob: bob's key, not alice's");
	free(text);
	text = joined("git.sig", NULL, &len);
	ok(turn_parse(text, len, TURN_NEED_SIGNATURE, &t, &err) < 0 &&
	       err.code == TURN_BAD_SIGNATURE && strstr(err.text, "namespace 'git'"),
	   "-n git: refused (%s)", err.text);
	free(text);
}

int
main(void)
{
	if (sodium_init() < 0)
		bail_out("sodium_init");
	check_keys();
	check_signatures();
	check_turns();
	return done_testing();
}
