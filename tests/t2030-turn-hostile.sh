#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# What a hostile sender or a damaged file does to the turn layer (issue 10,
# "signed turns"): each reproducer is refused with a clear message, and a
# game the host cannot read blocks no other.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# poke FILE LINE TEXT: inserts TEXT (Python escapes allowed) into line LINE
# of FILE, after its 10th byte.
poke () {
	python3 - "$@" <<-\EOF
	import sys
	p, n, what = sys.argv[1], int(sys.argv[2]) - 1, sys.argv[3]
	lines = open(p, "rb").read().split(b"\n")
	what = what.encode().decode("unicode_escape").encode("latin-1")
	lines[n] = lines[n][:10] + what + lines[n][10:]
	open(p, "wb").write(b"\n".join(lines))
	EOF
}

# second_game: game g2 of alice and bob in the same spool.
second_game () {
	"$CARCPBEM" new -c host.conf --id g2 --seed other --no-mail \
		--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null
}

test_expect_success 'a NUL byte in history.jsonl: refused with its line; other games go on' '
	cd "$WORK" &&
	host_setup && second_game &&
	"$CARCPBEM" view spool/games/g2 --player alice -o v2.json &&
	act=$("$CARCPBEM" legal v2.json | grep -m1 "^place") &&
	"$CARCPBEM" move v2.json "$act" pass --key alice.key >t2 &&
	poke spool/games/g2/history.jsonl 1 "\\0" &&
	mail_from alice@example.test "g2" t2 >mg2 && deliver mg2 mg2 &&
	turn_text alice >t1 && mail_from alice@example.test "g1" t1 >mg1 && deliver mg1 mg1 &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf -q 2>err &&
	cat err &&
	grep "mg2.*history.jsonl: line 1 holds a NUL byte (byte 11 of the line)" err &&
	test "$(records)" = 2 &&
	test -f spool/inbox/new/mg2 &&
	test ! -e spool/inbox/new/mg1 &&
	expect_code 1 "$CARCPBEM" apply spool/games/g2 t2 2>err2 &&
	grep "history.jsonl: line 1 holds a NUL byte" err2 &&
	expect_code 1 "$CARCPBEM" replay spool/games/g2 2>err3 &&
	grep "line 1 holds a NUL byte" err3 &&
	rm spool/inbox/new/mg2
'

# no_leak FILE...: no leak reported (the sanitizer build reports them on
# standard error at exit).
no_leak () {
	! grep -i "leak" "$@"
}

test_expect_success 'HISTORY and apply after a history that fails to read: an error, no leak' '
	cd "$WORK" &&
	cp spool/games/g1/history.jsonl h1.good &&
	echo "{\"seq\":2}" >>spool/games/g1/history.jsonl &&
	printf "history g1\n" >body &&
	mail_from alice@example.test "history g1" body >mh && deliver mh mh &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf -q 2>err &&
	grep "mh: cannot make the answer: .*line 3: " err && no_leak err &&
	turn_text bob >tb &&
	expect_code 1 "$CARCPBEM" apply spool/games/g1 tb 2>err2 &&
	grep "line 3: " err2 && no_leak err2 &&
	cp h1.good spool/games/g1/history.jsonl &&
	rm spool/inbox/new/mh
'

test_expect_success 'tabs and no-break spaces in the BEGIN and END lines: the mail loop finds the turn apply reads' '
	cd "$WORK" &&
	turn_text bob >tb &&
	python3 -c "import sys
t = open(\"tb\").read()
t = t.replace(\"-----BEGIN CARCASSONNE TURN-----\", \"-----BEGIN\tCARCASSONNE  TURN-----\t\")
t = t.replace(\"-----END CARCASSONNE TURN-----\", \"\u00a0-----END\u00a0CARCASSONNE TURN-----\")
open(\"tb2\", \"w\").write(t)" &&
	grep -q "BEGIN	CARCASSONNE" tb2 &&
	cp -r spool/games/g1 scratch &&
	"$CARCPBEM" apply scratch tb2 >/dev/null &&
	rm -rf scratch &&
	mail_from bob@example.test "g1" tb2 >mb && deliver mb mb &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 3 &&
	! grep -l "No turn file was found" spool/outbox/*-error.eml
'

test_expect_success 'a mark inside other text is no mark, to apply and to the mail loop alike' '
	cd "$WORK" &&
	turn_text alice | sed "s/^-----BEGIN/see -----BEGIN/" >ta &&
	expect_code 3 "$CARCPBEM" apply spool/games/g1 ta 2>err &&
	grep "no turn in the text" err &&
	before=$(outbox_count) &&
	mail_from alice@example.test "g1" ta >ma && deliver ma ma &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 3 &&
	test "$(outbox_count)" = $((before + 1)) &&
	grep -l "No turn file was found" spool/outbox/*-error.eml
'

# pad IN OUT N: the signed turn IN with N blank lines after its Game line.
pad () {
	python3 -c "import sys
t = open(sys.argv[1]).read().split(\"\n\")
i = [k for k, l in enumerate(t) if l.startswith(\"Game:\")][0]
open(sys.argv[2], \"w\").write(\"\n\".join(t[:i + 1] + [\"\"] * int(sys.argv[3]) + t[i + 1:]))" "$@"
}

test_expect_success 'a turn padded with 34,000 blank lines is refused and locks nothing' '
	cd "$WORK" &&
	turn_text alice >ta &&
	pad ta tpad 34000 &&
	expect_code 3 "$CARCPBEM" apply spool/games/g1 tpad 2>err &&
	grep "malformed: the turn starting on line 1 is 34011 lines long, more than 100" err &&
	pad ta tpad2 80 && sed "s/^Player: alice/Player: alice$(printf "%8100s")/" tpad2 >tpad3 &&
	expect_code 3 "$CARCPBEM" apply spool/games/g1 tpad3 2>err &&
	grep "malformed: the turn starting on line 1 is 8.* bytes long, more than 8192" err &&
	test "$(records)" = 3 &&
	mail_from alice@example.test "g1" tpad >mp && deliver mp mp &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 3 &&
	grep -l "34011 lines long" spool/outbox/*-error.eml &&
	pad ta tpad4 50 &&
	"$CARCPBEM" apply spool/games/g1 tpad4 >/dev/null &&
	test "$(records)" = 4 &&
	tail -1 spool/games/g1/history.jsonl >last &&
	! grep -qF "\\n\\n" last &&
	test "$(wc -c <last)" -lt 1000 &&
	"$CARCPBEM" replay spool/games/g1 >/dev/null
'

test_expect_success 'control bytes in a turn are refused with their line and byte' '
	cd "$WORK" &&
	turn_text bob >tb &&
	python3 -c "
t = open(\"tb\").read()
open(\"tnul\", \"w\").write(t.replace(\"Game: g1\", \"Game: g1\0junk\"))
open(\"tesc\", \"w\").write(t.replace(\"Action: pass\", \"Action: pass\033[2J\"))
open(\"tc1\", \"w\").write(t.replace(\"Player: bob\", \"Player: bob\u009b\"))" &&
	expect_code 3 "$CARCPBEM" apply spool/games/g1 tnul 2>err &&
	grep "malformed: line 2: byte 9 is a control character (0x00, NUL): a turn holds printable text only" err &&
	expect_code 3 "$CARCPBEM" apply spool/games/g1 tesc 2>err &&
	grep "byte 13 is a control character (0x1b)" err &&
	expect_code 3 "$CARCPBEM" apply spool/games/g1 tc1 2>err &&
	grep "line 4: byte 12 is a control character (U+009B)" err &&
	test "$(records)" = 4 &&
	"$CARCPBEM" apply spool/games/g1 tb >/dev/null &&
	"$CARCPBEM" replay spool/games/g1 >/dev/null
'

test_expect_success 'new: a key file cannot take another seat; each seat has one key, printed' '
	cp "$top_srcdir"/tests/turn/data/keys/*.pub . &&
	{ cat carol.pub && sed "s/ alice\$/ ALICE/" alice.pub; } >mallory.pub &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice.pub --key mallory.pub alice bob carol 2>err &&
	grep "mallory.pub holds 2 keys (carol, ALICE): name the player each is for, --key NAME=mallory.pub for each" err &&
	test ! -e g &&
	sed "s/ carol\$/ alice/" carol.pub >evil.pub &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice.pub --key evil.pub --key bob.pub alice bob 2>err &&
	grep "evil.pub: alice has a key already ([0-9a-f]\{16\}): give one key a player" err &&
	expect_code 1 "$CARCPBEM" new --dir g --key bob.pub --key alice=evil.pub --key alice=alice.pub alice bob 2>err &&
	grep "alice has a key already" err &&
	cat alice.pub evil.pub bob.pub >twice.pub &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=twice.pub --key bob.pub alice bob 2>err &&
	grep "twice.pub holds 3 keys (alice, alice, bob), two named alice: give a file with alice.s key alone" err &&
	test ! -e g &&
	"$CARCPBEM" new --dir g --key alice=mallory.pub --key bob.pub --key carol=mallory.pub \
		alice bob carol >out &&
	cat out &&
	grep "^Key of alice: 38f31c4a2e8787be (from alice=mallory.pub)$" out &&
	grep "^Key of bob: [0-9a-f]\{16\} (from bob.pub)$" out &&
	grep "^Key of carol: [0-9a-f]\{16\} (from carol=mallory.pub)$" out
'

test_expect_success 'new and verify: an all-zero or small-order key is refused' '
	cp "$top_srcdir"/tests/turn/data/keys/*.pub . &&
	echo "carcpbem-ed25519 AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= bob" >zero.pub &&
	echo "carcpbem-ed25519 AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= bob" >one.pub &&
	for k in zero one; do
		expect_code 1 "$CARCPBEM" new --dir g --key alice.pub --key $k.pub alice bob 2>err &&
		grep "$k.pub:1: not a valid Ed25519 public key (all zero, or a point of small order" err &&
		test ! -e g || return 1
	done &&
	expect_code 1 "$CARCPBEM" verify zero.pub "$top_srcdir"/tests/turn/data/apply/valid/turn 2>err &&
	grep "not a valid Ed25519 public key" err
'

# A game of game file version 2 (tests/turn/data/v2-game, made by the
# carcpbem of before the full state hash): it keeps its short hash.
v2_game () {
	cp "$top_srcdir"/tests/turn/data/keys/* . && chmod 600 ./*.key &&
	mkdir game && cp "$top_srcdir"/tests/turn/data/v2-game/*.json* game/ &&
	chmod 600 game/state.json
}

# other_length GAME DIGITS SED: alice's turn t from GAME's view v.json,
# whose State has DIGITS digits; SED makes it the other length, and that
# turn, signed, is refused as stale (message in err).
other_length () {
	"$CARCPBEM" view "$1" -o v.json &&
	act=$("$CARCPBEM" legal v.json | sed -n 3p) &&
	"$CARCPBEM" move v.json "$act" pass --key alice.key -o t >/dev/null &&
	grep "^State: [0-9a-f]\{$2\}$" t &&
	sed "$3" t >t.other &&
	"$CARCPBEM" sign alice.key t.other -o t.signed >/dev/null &&
	expect_code 8 "$CARCPBEM" apply "$1" t.signed 2>err
}

test_expect_success 'the state hash is 256 bits; a game of version 2 keeps its 64-bit one' '
	v2_game &&
	"$CARCPBEM" replay game >out &&
	grep "^game: game old, 4 records: every signature and hash checks.$" out &&
	grep "^State a58f5c77f1ffadb6: Turn 4: bob" out &&
	"$CARCPBEM" apply game "$top_srcdir"/tests/turn/data/v2-game/turn4 >/dev/null &&
	grep "^  \"version\": 2,$" game/state.json &&
	tail -1 game/history.jsonl | grep "\"state\":\"[0-9a-f]\{16\}\"" &&
	other_length game 16 "s/^State: \(.*\)/State: \1\1\1\1/" &&
	grep "^  \"version\": 2,$" v.json &&
	grep "this turn names a state hash of 64 digits, but game old names its states by 16 (game file version 2)" err &&
	"$CARCPBEM" apply game t >/dev/null &&
	"$CARCPBEM" export game -o old.json >/dev/null &&
	"$CARCPBEM" replay old.json >out &&
	grep "6 records" out &&
	"$CARCPBEM" new --seed v3 --tiles BA/CFc.1,BA/L,BA/Rr --dir new --id new \
		--key alice.pub --key bob.pub alice bob >/dev/null &&
	grep "^  \"version\": 3,$" new/state.json &&
	grep "^  \"state_hash\": \"[0-9a-f]\{64\}\",$" new/state.json &&
	head -1 new/history.jsonl | grep "\"state\":\"[0-9a-f]\{64\}\"" &&
	other_length new 64 "s/^State: \(.\{16\}\).*/State: \1/" &&
	grep "this turn names a state hash of 16 digits, but game new names its states by 64 (game file version 3)" err &&
	"$CARCPBEM" apply new t >/dev/null &&
	"$CARCPBEM" replay new >/dev/null
'

test_done
