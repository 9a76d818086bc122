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
	grep "line 1 holds a NUL byte" err3
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

test_done
