#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# What a seat may be given (issue 22, items 2, 7, 8 and 14): an address
# is read once by the mail composer's own parser (GMime: exactly one
# mailbox) before anything is written, wherever it enters a game (new,
# admin replace, CREATE and REPLACE by mail) or the config; a seat is
# never named host, never given the host's address or key, an admin's
# key, or another seat's address; REPLACE by mail takes only a key line
# (never a host file), its address the last word. A game that holds an
# address no mail can be made for (written by an older version) is
# reported and its mails to that seat left out: the pass, the game and
# the other games go on, and nothing is retried every pass.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"
. "$top_srcdir/tests/mail/verbs.sh"

hostcmd () {
	k=$1 g=$2 && shift 2 &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + ${AHEAD:-0})) \
		"$CARCPBEM" command -k "$k.key" ${g:+-g "$g"} -p host "$@" 2>/dev/null
}

# new_game ID ADDRESS-OF-ALICE ADDRESS-OF-BOB: alice and bob in game ID.
new_game () {
	"$CARCPBEM" new -c host.conf --id "$1" --key alice=alice.pub --key bob=bob.pub \
		--address "alice=$2" --address "bob=$3" alice bob
}

address_of () {
	jq -r ".secret.addresses.$2" "spool/games/$1/state.json"
}

test_expect_success 'setup: game g1, an admin key, carol'"'"'s key' '
	cd "$WORK" &&
	host_setup &&
	"$CARCPBEM" keygen admin >/dev/null 2>&1 &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	cp admin.pub admin-keys &&
	printf "admin-keys admin-keys\n" >>host.conf
'

test_expect_success 'issue 22.2: new --address refuses x@, @ and a@b@c; no game written' '
	cd "$WORK" &&
	for a in "x@" "@" "a@b@c" "nobody"; do
		test_must_fail new_game g5 "$a" bob5@example.test 2>err &&
		grep -q "alice=$a: \"$a\" is not a mail address" err &&
		test ! -e spool/games/g5 || return 1
	done
'

test_expect_success 'issue 22.14: new refuses a seat named host, the host'"'"'s address, one address for two seats' '
	cd "$WORK" &&
	test_must_fail "$CARCPBEM" new -c host.conf --id g5 --key host=alice.pub \
		--key bob=bob.pub --address host=h@example.test \
		--address bob=b@example.test host bob 2>err &&
	grep -q "may not be named host" err &&
	test_must_fail new_game g5 game@example.test b@example.test 2>err &&
	grep -q "alice.s address: game@example.test is the host.s own address" err &&
	test_must_fail new_game g5 same@example.test SAME@example.test 2>err &&
	grep -q "alice and bob have the same address" err &&
	test ! -e spool/games/g5
'

test_expect_success 'issue 22.2: the config'"'"'s from is read by the composer'"'"'s parser' '
	cd "$WORK" &&
	sed "s/^from .*/from \"Carcassonne <game@@example.test>\"/" host.conf >bad.conf &&
	test_must_fail "$CARCPBEM" run --once -c bad.conf 2>err &&
	grep -q "from: .* is not a mail address" err
'

test_expect_success 'issue 22.2: bot --address is read by the composer'"'"'s parser' '
	cd "$WORK" &&
	mkdir -p botm/new botm/cur botm/tmp &&
	printf "spool bs\nmaildir botm\nfrom bot@example.test\n" >bot.conf &&
	test_must_fail "$CARCPBEM" bot -c bot.conf --key alice.key --address "a@b@c" \
		--once -q 2>err &&
	grep -q "\"a@b@c\" is not a mail address" err
'

test_expect_success 'issue 22.2: admin replace refuses x@ and @; nothing recorded' '
	cd "$WORK" &&
	n=$(records) &&
	for a in "x@" "@"; do
		test_must_fail "$CARCPBEM" admin -c host.conf g1 replace bob carol.pub "$a" 2>err &&
		grep -q "\"$a\" is not a mail address" err || return 1
	done &&
	test "$(records)" = "$n"
'

test_expect_success 'issue 22.14: admin replace refuses the host'"'"'s key, an admin key, another seat'"'"'s address' '
	cd "$WORK" &&
	n=$(records) &&
	test_must_fail "$CARCPBEM" admin -c host.conf g1 replace bob spool/host.key.pub \
		carol@example.test 2>err &&
	grep -q "the host.s own key" err &&
	test_must_fail "$CARCPBEM" admin -c host.conf g1 replace bob admin.pub \
		carol@example.test 2>err &&
	grep -q "an admin key of this host" err &&
	test_must_fail "$CARCPBEM" admin -c host.conf g1 replace bob carol.pub \
		ALICE@example.test 2>err &&
	grep -q "alice.s address already" err &&
	test_must_fail "$CARCPBEM" admin -c host.conf g1 replace bob carol.pub \
		game@example.test 2>err &&
	grep -q "the host.s own address" err &&
	test "$(records)" = "$n"
'

test_expect_success 'issue 22.2: REPLACE by mail with x@ is refused and answered; the next pass is quiet' '
	cd "$WORK" &&
	n=$(records) &&
	hostcmd admin g1 REPLACE bob "$(cat carol.pub)" "x@" >r1 &&
	send admin@example.test r1 &&
	grep -q "was refused" answer.txt &&
	grep -q "\"x@\" is not a mail address" answer.txt &&
	test "$(records)" = "$n" &&
	test "$(address_of g1 bob)" = bob@example.test &&
	"$CARCPBEM" run --once -c host.conf -q 2>err &&
	test ! -s err
'

test_expect_success 'issue 22.14: REPLACE by mail refuses the host'"'"'s key and an admin key' '
	cd "$WORK" &&
	n=$(records) &&
	AHEAD=1 hostcmd admin g1 REPLACE bob "$(cat spool/host.key.pub)" carol@example.test >r2 &&
	send admin@example.test r2 &&
	grep -q "the host.s own key" answer.txt &&
	AHEAD=2 hostcmd admin g1 REPLACE bob "$(cat admin.pub)" carol@example.test >r3 &&
	send admin@example.test r3 &&
	grep -q "an admin key of this host" answer.txt &&
	test "$(records)" = "$n"
'

test_expect_success 'issue 22.7: REPLACE by mail never reads a host file named as the key' '
	cd "$WORK" &&
	n=$(records) &&
	for k in "$WORK/carol.pub" /etc/passwd /nonexistent; do
		AHEAD=3 hostcmd admin g1 REPLACE bob "$k" carol@example.test >r4 &&
		send admin@example.test r4 &&
		grep -q "was refused: the new key is not a public key line" answer.txt &&
		grep -q "by mail only a key line is taken" answer.txt &&
		grep -q "REPLACE SEAT KEY ADDRESS" answer.txt &&
		! grep -qi "no such\|cannot\|permission\|exists" answer.txt &&
		AHEAD=$((AHEAD + 1)) || return 1
	done &&
	test "$(records)" = "$n" &&
	"$CARCPBEM" run --once -c host.conf -q 2>err &&
	test ! -s err &&
	test -z "$(ls spool/inbox/new)"
'

test_expect_success 'issue 22.8: REPLACE by mail: an OpenSSH key with a comment of many words, the address last' '
	cd "$WORK" &&
	if ! command -v ssh-keygen >/dev/null 2>&1; then
		echo "# skipped: no ssh-keygen"; return 0
	fi &&
	ssh-keygen -q -t ed25519 -N "" -C "carol on her laptop at home carol@laptop" -f ssh-carol &&
	AHEAD=10 hostcmd admin g1 REPLACE bob "$(cat ssh-carol.pub)" carol@example.test >r5 &&
	send admin@example.test r5 &&
	grep -q "host command: done" "$ANSWER" &&
	test "$(address_of g1 bob)" = carol@example.test &&
	tail -n 1 spool/games/g1/history.jsonl |
		jq -e ".command == \"replace\" and .args[2] == \"carol@example.test\"" &&
	test "$(tail -n 1 spool/games/g1/history.jsonl | jq -r ".args[1]" | cut -d" " -f2)" = \
		"$(cut -d" " -f2 ssh-carol.pub)"
'

test_expect_success 'issue 22.2: CREATE by mail with x@ or @ is refused and answered; no game' '
	cd "$WORK" &&
	for a in "x@" "@"; do
		AHEAD=20 && AHEAD=$((AHEAD + ${#a})) &&
		hostcmd admin "" -w "player alice alice@example.test $(cat alice.pub)" \
			-w "player dave $a $(cat carol.pub)" CREATE g6 >c1 &&
		send admin@example.test c1 &&
		grep -q "The game was not created: dave.s address: \"$a\" is not a mail address" \
			answer.txt &&
		test ! -e spool/games/g6 || return 1
	done
'

test_expect_success 'issue 22.14: CREATE refuses a seat named host, a long id, the host'"'"'s address, one address twice' '
	cd "$WORK" &&
	AHEAD=30 hostcmd admin "" -w "player alice alice@example.test $(cat alice.pub)" \
		-w "player host dave@example.test $(cat carol.pub)" CREATE g7 >c2 &&
	send admin@example.test c2 &&
	grep -q "may not be named host" answer.txt &&
	long=abcdefghij-abcdefghij-abcdefghij-x &&
	AHEAD=31 hostcmd admin "" -w "player alice alice@example.test $(cat alice.pub)" \
		-w "player dave dave@example.test $(cat carol.pub)" CREATE $long >c3 &&
	send admin@example.test c3 &&
	grep -q "\"$long\" is not a game id: use 1 to 32" answer.txt &&
	test ! -e spool/games/abcdefghij-abcdefghij-abcdefghij &&
	AHEAD=32 hostcmd admin "" -w "player alice alice@example.test $(cat alice.pub)" \
		-w "player dave game@example.test $(cat carol.pub)" CREATE g7 >c4 &&
	send admin@example.test c4 &&
	grep -q "dave.s address: game@example.test is the host.s own address" answer.txt &&
	AHEAD=33 hostcmd admin "" -w "player alice alice@example.test $(cat alice.pub)" \
		-w "player dave Alice@example.test $(cat carol.pub)" CREATE g7 >c5 &&
	send admin@example.test c5 &&
	grep -q "alice and dave have the same address" answer.txt &&
	AHEAD=34 hostcmd admin "" -w "player alice alice@example.test $(cat alice.pub)" \
		-w "player dave dave@example.test $(cat admin.pub)" CREATE g7 >c6 &&
	send admin@example.test c6 &&
	grep -q "dave.s key: that is an admin key of this host" answer.txt &&
	test ! -e spool/games/g7
'

# An older version took "x@" into a game: bob's seat in game g2, alice's
# decision first. The game file is edited as that version left it.
test_expect_success 'issue 22.2: setup: games g2 (bob at x@) and g3 (good addresses)' '
	cd "$WORK" &&
	new_game g2 alice2@example.test bob2@example.test >/dev/null &&
	new_game g3 alice3@example.test bob3@example.test >/dev/null &&
	jq ".secret.addresses.bob = \"x@\"" spool/games/g2/state.json >s.json &&
	mv s.json spool/games/g2/state.json
'

# turn2 GAME PLAYER: PLAYER's default turn on GAME, mailed in.
turn2 () {
	"$CARCPBEM" view "spool/games/$1" --player "$2" -o "view-$1-$2.json" &&
	"$CARCPBEM" move "view-$1-$2.json" \
		"$("$CARCPBEM" legal "view-$1-$2.json" | grep -m1 "^place")" pass \
		--key "$2.key" >"turn-$1-$2" &&
	mail_from "${2}${1#g}@example.test" "[carcassonne $1] my turn" "turn-$1-$2" \
		>"mail-$1-$2" &&
	deliver "mail-$1-$2" "1700000000.Mt-$1-$2-$(date +%s%N)P$$.test"
}

test_expect_success 'issue 22.2: a game holding x@: the pass ends well, both games advance, the seat'"'"'s mail left out and logged' '
	cd "$WORK" &&
	turn2 g2 alice && turn2 g3 alice &&
	"$CARCPBEM" run --once -c host.conf -q 2>err &&
	grep -q "game g2: mail g2-r1-notice-2 not made: \"x@\" is not a mail address" err &&
	test "$(wc -l <spool/games/g2/history.jsonl)" = 2 &&
	test "$(wc -l <spool/games/g3/history.jsonl)" = 2 &&
	test -f spool/outbox/g2-r1-update-1.eml &&
	test ! -e spool/outbox/g2-r1-notice-2.eml &&
	test -f spool/outbox/g3-r1-notice-2.eml &&
	test -z "$(ls spool/inbox/new)" &&
	test -z "$(ls spool/queue)" &&
	"$CARCPBEM" run --once -c host.conf -q 2>err &&
	test ! -s err
'

test_expect_success 'issue 22.2: carcpbem admin works on that game and mends the address' '
	cd "$WORK" &&
	"$CARCPBEM" admin -c host.conf g2 pause >out 2>err &&
	grep -q "g2-r2-host-2 not made" err &&
	test -f spool/outbox/g2-r2-host-1.eml &&
	"$CARCPBEM" keygen bob2 >/dev/null 2>&1 &&
	"$CARCPBEM" admin -c host.conf g2 replace bob bob2.pub bob2@example.test >out &&
	test "$(address_of g2 bob)" = bob2@example.test &&
	grep -q "^To: bob2@example.test" spool/outbox/g2-r3-*.eml
'

# dl_game DIR [SETTING...]: game g1 in DIR/spool, deadline 72h, poll 1h,
# and each SETTING line in host.conf.
dl_game () {
	mkdir "$WORK/$1" && cd "$WORK/$1" && shift &&
	cp ../alice.pub ../bob.pub . &&
	printf "spool spool\nfrom \"Carcassonne <game@example.test>\"\ndeadline 72h\npoll 1h\n" \
		>host.conf &&
	for line in "$@"; do echo "$line" >>host.conf; done &&
	"$CARCPBEM" new -c host.conf --id g1 --key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >/dev/null
}

stop_daemon () {
	for d in "$WORK/dl" "$WORK/dl2"; do
		test -f "$d/daemon.pid" && kill -TERM "$(cat "$d/daemon.pid")" 2>/dev/null
	done
	return 0
}
trap stop_daemon EXIT

# daemon_3s TEXT: the daemon on the clock in ./now until TEXT is in its
# log, 3 s more, then stopped by SIGTERM.
daemon_3s () {
	{ (CARCPBEM_NOW_FILE=$PWD/now "$CARCPBEM" daemon -f -c host.conf 2>daemon.log
	   echo $? >daemon.rc) & } &&
	wait_for test -s spool/carcpbem.pid &&
	cp spool/carcpbem.pid daemon.pid &&
	wait_for grep -q "$1" daemon.log &&
	sleep 3 &&
	kill -TERM "$(cat daemon.pid)" && wait_for test -s daemon.rc && rm daemon.pid
}

# A deadline due for a seat at x@: its reminder is left out once, the
# clock goes on; the daemon (poll 1h) makes no pass a second for it.
test_expect_success 'issue 22.2: a reminder due to x@: run --once ends well, the timer moves on' '
	dl_game dl &&
	jq ".secret.addresses.alice = \"x@\"" spool/games/g1/state.json >s.json &&
	mv s.json spool/games/g1/state.json &&
	cp -r spool spool.0 &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 48 * 3600 + 1)) "$CARCPBEM" run --once -c host.conf -q \
		2>err &&
	grep -q "mail g1-r0-remind-0-1 not made" err &&
	test "$(tail -n 1 spool/timers)" = "g1 $((CARCPBEM_NOW + 72 * 3600))" &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 48 * 3600 + 2)) "$CARCPBEM" run --once -c host.conf -q \
		2>err &&
	test ! -s err
'

test_expect_success 'issue 22.2: the daemon with that reminder due makes no pass a second' '
	cd "$WORK/dl" &&
	rm -rf spool && mv spool.0 spool &&
	echo $((CARCPBEM_NOW + 48 * 3600 + 1)) >now &&
	daemon_3s "remind-0-1 not made" &&
	test "$(grep -c "x@" daemon.log)" = 1
'

test_expect_success 'issue 22.2: a deadline whose mail fails for another reason: no pass a second' '
	dl_game dl2 "templates tpl" &&
	mkdir tpl && printf "Subject: x\n\n{{nosuchvar}}\n" >tpl/remind.txt &&
	echo $((CARCPBEM_NOW + 48 * 3600 + 1)) >now &&
	daemon_3s "no value for {{nosuchvar}}" &&
	test "$(grep -c "error: cannot make the reminder" daemon.log)" = 1
'

test_done
