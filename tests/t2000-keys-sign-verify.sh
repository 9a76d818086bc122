#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem keygen, sign and verify: key files, their secrecy, signatures
# that survive mail and break when the meaning changes.
. "$top_srcdir/tests/lib.sh"

DATA=$top_srcdir/tests/turn/data

# keys: the test keys of tests/turn/data/keys, secret ones mode 0600.
keys () {
	cp "$DATA"/keys/* . && chmod 600 ./*.key
}

test_expect_success 'keygen: a secret key (0600) and a public key line' '
	"$CARCPBEM" keygen alice >out &&
	test "$(ls -l alice.key | cut -c1-10)" = "-rw-------" &&
	test "$(ls -l alice.pub | cut -c1-10)" = "-rw-r--r--" &&
	grep -E "^carcpbem-ed25519 [A-Za-z0-9+/]{43}= alice$" alice.pub &&
	test "$(wc -l <alice.pub)" = 1 &&
	grep "^# carcpbem secret key" alice.key &&
	grep -E "^carcpbem-ed25519-secret [A-Za-z0-9+/]{43}= alice$" alice.key &&
	grep "^Wrote the secret key alice.key (keep it to yourself) and the public key alice.pub$" out &&
	tail -n 1 out >line &&
	test_cmp alice.pub line
'

test_expect_success 'keygen: -d DIR, and two keys differ' '
	mkdir k &&
	"$CARCPBEM" keygen -d k bob >/dev/null &&
	"$CARCPBEM" keygen -d k/ carol >/dev/null &&
	test -f k/bob.key && test -f k/bob.pub && test -f k/carol.pub &&
	test "$(cut -d" " -f2 k/bob.pub)" != "$(cut -d" " -f2 k/carol.pub)"
'

test_expect_success 'keygen never replaces a key' '
	"$CARCPBEM" keygen alice >/dev/null &&
	cp alice.key before.key && cp alice.pub before.pub &&
	expect_code 1 "$CARCPBEM" keygen alice 2>err &&
	grep "alice.pub already exists: keygen never replaces a key" err &&
	rm alice.pub &&
	expect_code 1 "$CARCPBEM" keygen alice 2>err &&
	grep "alice.key already exists: keygen never replaces a key" err &&
	cmp alice.key before.key && test ! -e alice.pub
'

test_expect_success 'keygen writes each key whole, beside it first, and leaves nothing else' '
	mkdir whole &&
	(umask 077 && "$CARCPBEM" keygen -d whole dave >/dev/null) &&
	test "$(ls -A whole | tr "\n" " ")" = "dave.key dave.pub " &&
	test "$(ls -l whole/dave.key | cut -c1-10)" = "-rw-------" &&
	test "$(ls -l whole/dave.pub | cut -c1-10)" = "-rw-r--r--"
'

test_expect_success 'keygen: bad names' '
	expect_code 2 "$CARCPBEM" keygen ../x 2>err &&
	grep "is not a key name" err &&
	expect_code 2 "$CARCPBEM" keygen 2>err &&
	grep "name the key" err
'

test_expect_success 'a secret key others may read is refused, with the fix' '
	keys &&
	chmod 644 alice.key &&
	cp "$DATA"/parse/valid/turn turn &&
	"$CARCPBEM" sign alice.key turn >/dev/null 2>err;
	test $? = 1 &&
	echo "carcpbem: alice.key is open to group or others (mode 0644): a secret key must be private; run chmod 600 alice.key" >expect &&
	test_cmp expect err &&
	chmod 640 alice.key &&
	expect_code 1 "$CARCPBEM" sign alice.key turn 2>err &&
	grep "(mode 0640)" err &&
	chmod 600 alice.key &&
	"$CARCPBEM" sign alice.key turn >/dev/null
'

test_expect_success 'a public key is not a secret key' '
	keys &&
	cp alice.pub wrong.key && chmod 600 wrong.key &&
	cp "$DATA"/parse/valid/turn turn &&
	expect_code 1 "$CARCPBEM" sign wrong.key turn 2>err &&
	cmp turn "$DATA"/parse/valid/turn &&
	grep "wrong.key: not a carcpbem secret key" err
'

test_expect_success 'sign: the same text signs to the same block' '
	keys &&
	sed "/^Key:/,/^  /d" "$DATA"/parse/valid/turn >unsigned &&
	! grep Signature unsigned &&
	"$CARCPBEM" sign alice.key unsigned >signed &&
	test_cmp "$DATA"/parse/valid/turn signed &&
	"$CARCPBEM" sign alice.key - <unsigned >again &&
	test_cmp signed again &&
	"$CARCPBEM" sign -o out.txt alice.key unsigned &&
	test_cmp signed out.txt
'

test_expect_success 'sign KEY FILE signs FILE in place, as the notice says' '
	keys &&
	sed "/^Key:/,/^  /d" "$DATA"/parse/valid/turn >turn.txt &&
	{ echo "text around"; cat turn.txt; } >turn.txt.new && mv turn.txt.new turn.txt &&
	"$CARCPBEM" sign alice.key turn.txt >out 2>err &&
	test_cmp "$DATA"/parse/valid/turn turn.txt &&
	test_cmp turn.txt out &&
	grep "turn.txt: signed; mail it to the host" err &&
	"$CARCPBEM" verify alice.pub turn.txt
'

test_expect_success 'sign takes the key as --key or -k, before or after the file' '
	keys &&
	sed "/^Key:/,/^  /d" "$DATA"/parse/valid/turn >unsigned &&
	for form in "unsigned --key alice.key" "--key alice.key unsigned" \
		"-k alice.key unsigned" "unsigned -k alice.key" "--key=alice.key unsigned"; do
		cp unsigned t &&
		"$CARCPBEM" sign ${form%%unsigned*} t ${form#*unsigned} >/dev/null 2>&1 &&
		test_cmp "$DATA"/parse/valid/turn t || { echo "$form" >&2; return 1; }
	done &&
	"$CARCPBEM" sign --key alice.key <unsigned >out &&
	test_cmp "$DATA"/parse/valid/turn out &&
	"$CARCPBEM" sign alice.key <unsigned >out &&
	test_cmp "$DATA"/parse/valid/turn out &&
	"$CARCPBEM" sign -o - --key alice.key unsigned >out &&
	test_cmp "$DATA"/parse/valid/turn out &&
	! grep Signature unsigned &&
	expect_code 2 "$CARCPBEM" sign 2>err &&
	grep "sign with your secret key" err &&
	expect_code 2 "$CARCPBEM" sign alice.key a b 2>err &&
	grep "one turn file at a time" err
'

test_expect_success 'sign: a signature already there is replaced' '
	keys &&
	cp "$DATA"/parse/valid/turn turn &&
	"$CARCPBEM" sign bob.key turn >by-bob &&
	test_cmp turn by-bob &&
	grep "^Key: 38f31c4a2e8787be$" "$DATA"/parse/valid/turn &&
	! grep "^Key: 38f31c4a2e8787be$" by-bob &&
	"$CARCPBEM" verify bob.pub by-bob >out &&
	grep "^Good signature by bob" out
'

test_expect_success 'sign: malformed turns' '
	keys &&
	printf "no turn here\n" >t &&
	expect_code 3 "$CARCPBEM" sign alice.key t 2>err &&
	grep "malformed: no turn in the text" err &&
	cp "$DATA"/parse/unknown-field/turn turn &&
	expect_code 3 "$CARCPBEM" sign alice.key turn 2>err &&
	cmp turn "$DATA"/parse/unknown-field/turn &&
	grep "malformed: line 4: unknown field \"colour\"" err
'

test_expect_success 'verify: the valid turn and every mail-mangled copy' '
	keys &&
	for c in valid crlf trailing-spaces tabs quoted quoted-twice text-around \
		key-case value-case blanks-and-nbsp signature-wrapped blank-lines \
		no-final-newline skeleton-quoted empty-action-line; do
		"$CARCPBEM" verify alice.pub "$DATA"/parse/$c/turn >out ||
		{ echo "$c does not verify" >&2; return 1; }
		grep -q "^Good signature by alice (key 38f31c4a2e8787be): game golden, turn 1, player" out || return 1
	done
'

test_expect_success 'verify: changed meaning, forged or borrowed signatures: status 4' '
	keys &&
	for c in changed-action dropped-action swapped-actions changed-turn changed-state \
		changed-player changed-game forged-signature signature-of-another-turn \
		emptied-action; do
		"$CARCPBEM" verify alice.pub "$DATA"/parse/$c/turn 2>err
		test $? = 4 || { echo "$c: not status 4" >&2; return 1; }
		grep -q "bad-signature: the signature does not match the turn" err || return 1
	done
'

test_expect_success 'verify: another key: status 5' '
	keys &&
	expect_code 5 "$CARCPBEM" verify bob.pub "$DATA"/parse/valid/turn 2>err &&
	grep "unknown-key: signed with key 38f31c4a2e8787be, which is not in bob.pub" err &&
	cat bob.pub alice.pub >both.pub &&
	"$CARCPBEM" verify both.pub "$DATA"/parse/valid/turn >/dev/null
'

test_expect_success 'verify: malformed turns: status 3' '
	keys &&
	for c in no-turn unsigned no-end two-turns unknown-field missing-state \
		second-turn-field bad-turn-number signature-cut-short no-key; do
		"$CARCPBEM" verify alice.pub "$DATA"/parse/$c/turn 2>err
		test $? = 3 || { echo "$c: not status 3" >&2; return 1; }
		grep -q "malformed: " err || return 1
	done
'

test_expect_success 'verify: a bad public key file' '
	echo "carcpbem-ed25519 AAAA alice" >bad.pub &&
	expect_code 1 "$CARCPBEM" verify bad.pub "$DATA"/parse/valid/turn 2>err &&
	grep "bad.pub:1: the key is not 32 bytes in base64" err
'

test_done
