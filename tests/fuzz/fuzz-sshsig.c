/* Fuzz target: the OpenSSH parsers (src/turn/sshsig.c) and SSH-signed
 * turns (src/turn/turnssh.c). The input is read three ways: as an SSHSIG
 * blob, as a public key line, and as a text holding a turn and its SSH
 * SIGNATURE armor. An SSH-signed turn that parses must survive
 * turn_format and turn_parse with the same meaning, identity and
 * verdict. */
#include <sodium.h>

#include "fuzz.h"
#include "key.h"
#include "sshsig.h"
#include "turnfile.h"

static void
round_trip(const struct turn *t, const uint8_t *pk)
{
	struct turn_error err = {0};
	uint8_t id1[32], id2[32];
	struct turn again;
	char *text = turn_format(t), *c1, *c2;
	size_t n1, n2;

	if (text == NULL)
		return; /* out of memory */
	if (turn_parse(text, strlen(text), TURN_NEED_SIGNATURE, &again, &err) < 0) {
		fprintf(stderr, "formatted SSH turn refused: %s\n%s", err.text, text);
		abort();
	}
	c1 = turn_canonical(t, &n1);
	c2 = turn_canonical(&again, &n2);
	turn_id(t, id1);
	turn_id(&again, id2);
	if ((c1 && c2 && (n1 != n2 || memcmp(c1, c2, n1) != 0)) ||
	    memcmp(id1, id2, 32) != 0 || again.sig_kind != TURN_SIG_SSH ||
	    (turn_verify(t, pk) == 0) != (turn_verify(&again, pk) == 0)) {
		fprintf(stderr, "SSH turn changed by formatting:\n%s", text);
		abort();
	}
	free(c1);
	free(c2);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t pk[KEY_BYTES], blob[SSHSIG_READ_MAX];
	char *text = fuzz_text(data, size), why[300], comment[SSH_COMMENT_MAX];
	struct turn_error err = {0};
	struct pubkey k;
	struct sshsig s;
	struct turn t;
	size_t n;

	if (sshsig_parse(data, size, &s, why, sizeof(why)) == 0) {
		(void)sshsig_check_namespace(&s, why, sizeof(why));
		(void)sshsig_verify(&s, data, size);
	}
	if (sshsig_decode(text, strlen(text), blob, sizeof(blob), &n, why,
			  sizeof(why)) == 0)
		(void)sshsig_parse(blob, n, &s, why, sizeof(why));
	(void)sshkey_parse_line(text, pk, comment, sizeof(comment), why, sizeof(why));
	(void)key_parse_public(text, &k, why, sizeof(why));
	if (turn_parse(text, size, TURN_NEED_SIGNATURE, &t, &err) == 0 &&
	    t.sig_kind == TURN_SIG_SSH)
		round_trip(&t, t.ssh.pk);
	free(text);
	return 0;
}
