#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# A command-line flag overrides the one setting it names and nothing
# else: the config's maildir, outbox-dir and pidfile stay where it put
# them under --spool, and new -c mails the start where the config sends
# mail (issue 10: the start went to SPOOL/outbox, run --spool read
# SPOOL/inbox and left the configured Maildir unread).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# keys: alice's and bob's key pairs in the current directory.
keys () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1
}

# newgame ARGS...: game g1 for alice and bob with their keys and addresses.
newgame () {
	"$CARCPBEM" new --id g1 --seed overrides \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		"$@" alice bob
}

# alice_turn SPOOL MAILDIR: alice's first turn mailed into MAILDIR/new.
alice_turn () {
	"$CARCPBEM" view "$1/games/g1" --player alice -o view.json &&
	"$CARCPBEM" move view.json "$("$CARCPBEM" legal view.json | grep -m1 "^place")" \
		pass --key alice.key >turn &&
	mail_from alice@example.test "[carcassonne g1] turn" turn >mail &&
	mkdir -p "$2/new" "$2/cur" "$2/tmp" &&
	cp mail "$2/new/1700000000.M1P1.test"
}

test_expect_success 'new -c: the start goes to the outbox-dir the config names' '
	keys &&
	printf "spool s1\noutbox-dir out\nfrom game@example.test\n" >host.conf &&
	newgame -c host.conf >new.out &&
	grep "Mailed the start to 2 players" new.out &&
	test -f s1/games/g1/state.json &&
	test -f out/g1-r0-notice-1.eml &&
	test -f out/g1-r0-start-2.eml &&
	test ! -e s1/outbox/g1-r0-notice-1.eml
'

test_expect_success 'new -c --spool: the game in --spool, the mails where the config says' '
	keys &&
	printf "spool s1\noutbox-dir out\nfrom game@example.test\n" >host.conf &&
	newgame -c host.conf --spool s2 >new.out &&
	test -f s2/games/g1/state.json &&
	test ! -e s1/games/g1 &&
	test -f out/g1-r0-notice-1.eml &&
	test ! -e s2/outbox/g1-r0-notice-1.eml &&
	grep -q "^From: game@example.test" out/g1-r0-notice-1.eml
'

test_expect_success 'run -c --spool: reads the config'"'"'s maildir, writes its outbox-dir' '
	keys &&
	printf "spool s1\nmaildir mdir\noutbox-dir out\n" >host.conf &&
	newgame -c host.conf --spool s2 >/dev/null &&
	alice_turn s2 mdir &&
	"$CARCPBEM" run --once -c host.conf --spool s2 2>err &&
	grep "1 message, 1 turn applied" err &&
	test "$(wc -l <s2/games/g1/history.jsonl)" = 2 &&
	test -f out/g1-r1-notice-2.eml &&
	test -f s2/lock && test ! -e s1/lock &&
	test -d s2/queue &&
	test "$(ls mdir/new | wc -l)" = 0 &&
	test ! -e s2/inbox/new/1700000000.M1P1.test
'

test_expect_success 'run --spool: what the config leaves out follows the spool' '
	keys &&
	printf "spool s1\n" >host.conf &&
	newgame -c host.conf --spool s2 >/dev/null &&
	test -f s2/outbox/g1-r0-notice-1.eml &&
	alice_turn s2 s2/inbox &&
	"$CARCPBEM" run --once -c host.conf --spool s2 2>err &&
	grep "1 message, 1 turn applied" err &&
	test -f s2/outbox/g1-r1-notice-2.eml &&
	test ! -e s1
'

# The daemons started, stopped at the end even when a test failed.
PIDS=$TRASH_BASE/daemons
export PIDS

test_expect_success 'daemon --spool keeps the config'"'"'s pidfile; --pidfile overrides it' '
	printf "spool s1\npidfile run/d.pid\npoll 1s\n" >host.conf &&
	mkdir run &&
	{ "$CARCPBEM" daemon -f -c host.conf --spool s2 2>d.log & echo $! >>"$PIDS"; } &&
	wait_for test -s run/d.pid &&
	test ! -e s2/carcpbem.pid &&
	kill -TERM "$(cat run/d.pid)" && wait_for test ! -e run/d.pid &&
	wait_for test ! -e s2/carcpbem.pid &&
	{ "$CARCPBEM" daemon -f -c host.conf --spool s2 --pidfile p2 2>d.log &
	  echo $! >>"$PIDS"; } &&
	wait_for test -s p2 &&
	test ! -e run/d.pid &&
	kill -TERM "$(cat p2)" && wait_for test ! -e p2
'

test_expect_success 'daemon --spool without a configured pidfile: SPOOL/carcpbem.pid' '
	printf "spool s1\npoll 1s\n" >host.conf &&
	{ "$CARCPBEM" daemon -f -c host.conf --spool s2 2>d.log & echo $! >>"$PIDS"; } &&
	wait_for test -s s2/carcpbem.pid &&
	test ! -e s1/carcpbem.pid &&
	kill -TERM "$(cat s2/carcpbem.pid)" && wait_for test ! -e s2/carcpbem.pid
'

test_expect_success 'bot --spool and --address keep the config'"'"'s maildir and outbox-dir' '
	keys &&
	printf "spool b1\nmaildir bmail\noutbox-dir bout\nfrom bot@example.test\n" >bot.conf &&
	mkdir -p bmail/new bmail/cur bmail/tmp &&
	"$CARCPBEM" bot -c bot.conf --spool b2 --key alice.key \
		--address alice@example.test --once -q 2>err &&
	test -f b2/lock && test ! -e b1 &&
	test ! -e b2/inbox && test ! -e b2/outbox
'

test -f "$PIDS" && kill $(cat "$PIDS") 2>/dev/null
test_done
