#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Key files that are not key files: a FIFO, a device, a symlink to a secret
# key, a huge file. Each is refused at once with the reason, never read for
# ever (docs/turn-format.md, "Key files").
. "$top_srcdir/tests/lib.sh"

DATA=$top_srcdir/tests/turn/data
TURN=$DATA/apply/valid/turn

keys () {
	cp "$DATA"/keys/* . && chmod 600 ./*.key
}

# quickly CMD...: CMD ends within 10 s (a hang is a failure, not a stuck test).
quickly () {
	timeout 10 "$@"
	rc=$?
	test $rc != 124 || { echo "quickly: $* hung" >&2; return 1; }
	return $rc
}

test_expect_success 'sign with a FIFO as the secret key: refused at once' '
	keys && mkfifo fifo.key &&
	expect_code 1 quickly "$CARCPBEM" sign fifo.key "$TURN" 2>err &&
	grep "fifo.key: not a regular file: give the secret key file" err
'

test_expect_success 'new --key /dev/zero and a FIFO as a public key: refused at once' '
	keys && mkfifo fifo.pub &&
	expect_code 1 quickly "$CARCPBEM" new --seed s --dir g --key /dev/zero \
		--key bob=bob.pub alice bob 2>err &&
	grep "/dev/zero: not a regular file: give the public key file" err &&
	expect_code 1 quickly "$CARCPBEM" new --seed s --dir g --key alice=fifo.pub \
		--key bob=bob.pub alice bob 2>err &&
	grep "fifo.pub: not a regular file" err &&
	test ! -e g &&
	expect_code 1 quickly "$CARCPBEM" verify fifo.pub "$TURN" 2>err &&
	grep "fifo.pub: not a regular file" err
'

test_expect_success 'a secret key through a symlink is refused; a public key is not' '
	keys && ln -s alice.key link.key && ln -s alice.pub link.pub &&
	expect_code 1 quickly "$CARCPBEM" sign link.key "$TURN" 2>err &&
	grep "link.key: a symbolic link: give the secret key file itself" err &&
	quickly "$CARCPBEM" verify link.pub "$TURN"
'

test_expect_success 'a key file too long for one is refused before it is read' '
	keys &&
	{ cat alice.key; head -c 2000 /dev/zero | tr "\0" "#"; } >long.key &&
	chmod 600 long.key &&
	expect_code 1 quickly "$CARCPBEM" sign long.key "$TURN" 2>err &&
	grep "long.key: 2.* bytes is too long for a secret key file (at most 1023)" err &&
	{ cat alice.pub; head -c 300000 /dev/zero | tr "\0" "#"; } >long.pub &&
	expect_code 1 quickly "$CARCPBEM" verify long.pub "$TURN" 2>err &&
	grep "long.pub: 30.* bytes is too long for a public key file" err
'

test_expect_success 'move and the bot read secret keys the same way: chmod 600' '
	keys &&
	"$CARCPBEM" new --seed golden --tiles BA/CFc.1,BA/CFc+,BA/L --dir g --id golden \
		--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
	"$CARCPBEM" view g --player alice -o view.json &&
	chmod 640 alice.key &&
	expect_code 1 quickly "$CARCPBEM" move view.json "place 0 -1 90" pass \
		--key alice.key 2>err &&
	grep "alice.key is open to group or others (mode 0640).*run chmod 600 alice.key" err
'

test_done
