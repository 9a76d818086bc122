/* Signed commands (docs/turn-format.md, "Signed commands"): made,
 * signed, mangled as mail mangles text, read back and verified; any
 * change to what was signed refused; ids the same for the same command;
 * the Date window. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "tap.h"

#ifndef DATA_DIR
#define DATA_DIR "tests/turn/data"
#endif

static struct seckey key;

static void
make_key(struct seckey *k, uint8_t fill)
{
	uint8_t seed[crypto_sign_SEEDBYTES];

	memset(seed, fill, sizeof(seed));
	crypto_sign_seed_keypair(k->pk, k->sk, seed);
}

static struct command
sample(void)
{
	struct command c = {0};

	snprintf(c.game, sizeof(c.game), "golden");
	snprintf(c.player, sizeof(c.player), "Alice");
	snprintf(c.text, sizeof(c.text), "SET TIMEZONE Europe/Sofia");
	c.date = 1795000000;
	return c;
}

/* The block with every line quoted "> ", CR LF ends and blanks at the ends. */
static char *
mangle(const char *block)
{
	char *out = malloc(strlen(block) * 3 + 64), *o = out;

	o += sprintf(o, "Hello,\r\nhere it is:\r\n");
	for (const char *p = block; *p;) {
		size_t n = strcspn(p, "\n");
		o += sprintf(o, ">  %.*s  \r\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	sprintf(o, "-- \r\nbye\r\n");
	return out;
}

static void
round_trip(void)
{
	struct turn_error err = {0};
	struct command c = sample(), back;
	char id1[CMD_ID_HEX + 1], id2[CMD_ID_HEX + 1];
	char *block, *mail;

	ok(command_sign(&c, &key, &err) == 0, "signed");
	block = command_format(&c);
	mail = mangle(block);
	ok(command_present(mail, strlen(mail)), "found in a mail");
	ok(command_parse(mail, strlen(mail), CMD_NEED_SIGNATURE, &back, &err) == 0,
	   "read back from a quoted CR LF mail: %s", err.text);
	is_str(back.text, "SET TIMEZONE Europe/Sofia", "the command as written");
	is_str(back.game, "golden", "the game");
	is_int(back.date, 1795000000, "the date");
	ok(command_verify(&back, key.pk) == 0, "verifies");
	command_id(&c, id1);
	command_id(&back, id2);
	is_str(id2, id1, "the same id however mangled");
	/* a zone name changed in case is another command: not folded */
	snprintf(back.text, sizeof(back.text), "SET TIMEZONE europe/sofia");
	ok(command_verify(&back, key.pk) < 0, "a change of case breaks the signature");
	command_id(&back, id2);
	ok(strcmp(id1, id2) != 0, "and is another id");
	free(mail);
	free(block);
}

static void
tampered(void)
{
	struct turn_error err = {0};
	struct command c = sample(), back;
	struct seckey other;
	char *block, *p;

	command_sign(&c, &key, &err);
	block = command_format(&c);
	p = strstr(block, "Europe/Sofia");
	memcpy(p, "Europe/Paris", 12);
	ok(command_parse(block, strlen(block), 0, &back, &err) == 0, "tampered still reads");
	ok(command_verify(&back, key.pk) < 0, "a changed command fails to verify");
	free(block);
	make_key(&other, 7);
	c = sample();
	command_sign(&c, &other, &err);
	ok(command_verify(&c, key.pk) < 0, "another key's signature is refused");
	c = sample();
	c.date += 1;
	command_sign(&c, &key, &err);
	c.date -= 1;
	ok(command_verify(&c, key.pk) < 0, "a changed Date fails to verify");
}

static void
refused(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{"no block here", "no command in the text"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nCommand: LIST\n"
		 "Date: 2026-11-25T06:00:00Z\n",
		 "was it cut off"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nDate: 2026-11-25T06:00:00Z\n"
		 "-----END CARCASSONNE COMMAND-----\n",
		 "has no Command field"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nCommand: LIST\nDate: soon\n"
		 "-----END CARCASSONNE COMMAND-----\n",
		 "is not a date and time in UTC"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nPlayer: b\nCommand: LIST\n"
		 "-----END CARCASSONNE COMMAND-----\n",
		 "a second Player field"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nCommand: LIST\nAction: x\n"
		 "-----END CARCASSONNE COMMAND-----\n",
		 "unknown field"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nCommand: LIST\n"
		 "Date: 2026-11-25T06:00:00Z\n-----END CARCASSONNE COMMAND-----\n",
		 "is not signed"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nCommand: LI\x1bST\n"
		 "Date: 2026-11-25T06:00:00Z\n-----END CARCASSONNE COMMAND-----\n",
		 "control character"},
		{"-----BEGIN CARCASSONNE COMMAND-----\nPlayer: a\nCommand: LIST\n"
		 "Date: 2026-11-25T06:00:00Z\nKey: 0123456789abcdef\n"
		 "-----END CARCASSONNE COMMAND-----\n",
		 "no Signature line"},
	};
	struct turn_error err;
	struct command c;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err = (struct turn_error){0};
		ok(command_parse(cases[i].text, strlen(cases[i].text), CMD_NEED_SIGNATURE, &c,
				 &err) < 0 &&
			   strstr(err.text, cases[i].want) != NULL,
		   "refused (%s): %s", cases[i].want, err.text);
	}
}

static void
window(void)
{
	struct turn_error err = {0};
	struct command c = sample();

	ok(command_check_date(&c, c.date + 3600, &err) == 0, "an hour old: taken");
	ok(command_check_date(&c, c.date + CMD_WINDOW_PAST + 1, &err) < 0 &&
		   strstr(err.text, "more than 7 days before") != NULL,
	   "too old: %s", err.text);
	ok(command_check_date(&c, c.date - CMD_WINDOW_FUTURE - 1, &err) < 0 &&
		   strstr(err.text, "check your computer's clock") != NULL,
	   "dated ahead: %s", err.text);
}

static void
words(void)
{
	struct command c = sample();
	char w[32];

	command_word(&c, 0, w, sizeof(w));
	is_str(w, "SET", "word 0");
	command_word(&c, 2, w, sizeof(w));
	is_str(w, "EUROPE/SOFIA", "word 2, upper case");
	command_word(&c, 3, w, sizeof(w));
	is_str(w, "", "no word 3");
}

static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *buf = calloc(1, 8192);

	if (fp == NULL || buf == NULL) {
		if (fp)
			fclose(fp);
		free(buf);
		return NULL;
	}
	if (fread(buf, 1, 8191, fp) == 0) {
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	return buf;
}

/* Real ssh-keygen output (OpenSSH 9.2): the block and its signature
 * pasted after it, as sent and as quoted with CR LF ends. */
static void
ssh_signed(void)
{
	static const char *const files[] = {"signed.txt", "quoted-crlf.txt"};
	char path[512], why[200] = "", *pub, id[CMD_ID_HEX + 1], first[CMD_ID_HEX + 1] = "";
	struct turn_error err = {0};
	struct pubkey k, other;
	struct command c;

	snprintf(path, sizeof(path), "%s/command-ssh/alice.pub", DATA_DIR);
	if (!ok((pub = slurp(path)) != NULL && key_parse_public(pub, &k, why, sizeof(why)) == 0,
		"alice.pub reads: %s", why)) {
		free(pub);
		return;
	}
	memset(&other, 0, sizeof(other));
	memcpy(other.pk, key.pk, KEY_BYTES);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *text;
		snprintf(path, sizeof(path), "%s/command-ssh/%s", DATA_DIR, files[i]);
		text = slurp(path);
		ok(text != NULL && command_parse(text, strlen(text), CMD_NEED_SIGNATURE, &c,
						 &err) == 0,
		   "%s: an SSH-signed command reads: %s", files[i], err.text);
		is_int(c.sig_kind, TURN_SIG_SSH, "%s: SSH-signed", files[i]);
		is_str(c.text, "SET NOTIFY mine", "%s: the command", files[i]);
		ok(command_verify(&c, k.pk) == 0, "%s: verifies with alice.pub", files[i]);
		ok(command_verify(&c, other.pk) < 0, "%s: not with another key", files[i]);
		command_id(&c, id);
		if (first[0] == '\0')
			memcpy(first, id, sizeof(id));
		is_str(id, first, "%s: one id however it came", files[i]);
		if (text && strstr(text, "mine")) { /* the meaning changed */
			memcpy(strstr(text, "mine"), "all ", 4);
			ok(command_parse(text, strlen(text), 0, &c, &err) < 0 ||
				   command_verify(&c, k.pk) < 0,
			   "%s: changed, it never verifies", files[i]);
		}
		free(text);
	}
	free(pub);
}

int
main(void)
{
	if (sodium_init() < 0)
		bail_out("sodium_init");
	make_key(&key, 1);
	round_trip();
	tampered();
	refused();
	window();
	words();
	ssh_signed();
	done_testing();
	return 0;
}
