#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem daemon and the spool lock: -n checks the config, the daemon
# polls and plays mailed turns, holds the spool against run --once,
# re-reads its config on SIGHUP and stops on SIGTERM, removing its pid
# file; in the background it logs to SPOOL/carcpbem.log.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# records_are N: the history has N records (evaluated at each try).
records_are () {
	test "$(records)" = "$1"
}

test_expect_success 'daemon -n checks the config' '
	cd "$WORK" && host_setup &&
	echo "poll 1s" >>host.conf &&
	"$CARCPBEM" daemon -n -c host.conf >out &&
	grep "^configuration OK: .*host.conf$" out
'

test_expect_success 'run and daemon take --spool and list -n in their help' '
	cd "$WORK" &&
	"$CARCPBEM" run --once --spool other -q &&
	test -d other/inbox/new &&
	"$CARCPBEM" daemon -n --spool other >out &&
	grep "^configuration OK" out &&
	"$CARCPBEM" run --help >help &&
	grep "^  -n  *check the config and exit" help &&
	! grep "(null)" help
'

test_expect_success 'issue 21 (low): run -n and daemon -n warn when from is not set (carcpbem@localhost)' '
	cd "$WORK" &&
	printf "spool spool\n" >nofrom.conf &&
	"$CARCPBEM" run -n -c nofrom.conf >out 2>err &&
	grep "^configuration OK: nofrom.conf (but see the warning about from)$" out &&
	grep "^carcpbem: warning: the mails. sender, from, is Carcassonne <carcpbem@localhost>: the players are told to mail that address" err &&
	"$CARCPBEM" daemon -n -c nofrom.conf >out 2>err &&
	grep "set from in the config" err &&
	"$CARCPBEM" daemon -n -c host.conf >out 2>err &&
	test ! -s err
'

test_expect_success 'a bad config is reported as file:line, nothing runs' '
	cd "$WORK" &&
	printf "spool spool\npolll 5\n" >bad.conf &&
	expect_code 1 "$CARCPBEM" daemon -n -c bad.conf 2>err &&
	grep "bad.conf:2: " err &&
	grep "poll" err &&
	expect_code 1 "$CARCPBEM" run --once -c bad.conf 2>err &&
	grep "bad.conf:2: " err
'

test_expect_success 'the daemon plays a mailed turn; run --once is kept off' '
	cd "$WORK" &&
	{ ("$CARCPBEM" daemon -f -c host.conf 2>daemon.log; echo $? >daemon.rc) & } &&
	wait_for test -s spool/carcpbem.pid &&
	cp spool/carcpbem.pid daemon.pid &&
	turn_text alice >t1 && mail_from alice@example.test "turn" t1 >m1 && deliver m1 &&
	wait_for records_are 2 &&
	wait_for test -f spool/outbox/g1-r1-notice-2.eml &&
	expect_code 75 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "the daemon (pid $(cat daemon.pid)) serves the spool .*: no run is needed beside it (to have it take its mail now: kill -USR1 $(cat daemon.pid))" err
'

test_expect_success 'SIGHUP re-reads the config; a bad one is refused, the old kept' '
	cd "$WORK" &&
	kill -HUP "$(cat daemon.pid)" &&
	wait_for grep "SIGHUP: config re-read" daemon.log &&
	cp host.conf host.good && echo "bogus x" >>host.conf &&
	kill -HUP "$(cat daemon.pid)" &&
	wait_for grep "keeping the old one" daemon.log &&
	cp host.good host.conf &&
	kill -0 "$(cat daemon.pid)"
'

test_expect_success 'SIGTERM stops it: exit 0, pid file gone, the spool free' '
	cd "$WORK" &&
	kill -TERM "$(cat daemon.pid)" &&
	wait_for test -s daemon.rc &&
	test "$(cat daemon.rc)" = 0 &&
	test ! -e spool/carcpbem.pid &&
	grep "stopped by a signal" daemon.log &&
	"$CARCPBEM" run --once -c host.conf -q
'

test_expect_success 'in the background: detached, logs to SPOOL/carcpbem.log' '
	cd "$WORK" &&
	"$CARCPBEM" daemon -c host.conf &&
	wait_for test -s spool/carcpbem.pid &&
	pid=$(cat spool/carcpbem.pid) &&
	kill -0 $pid &&
	turn_text bob >t2 && mail_from bob@example.test "turn" t2 >m2 && deliver m2 &&
	wait_for records_are 3 &&
	kill -TERM $pid &&
	wait_for test ! -e spool/carcpbem.pid &&
	grep "started: spool" spool/carcpbem.log &&
	grep "stopped by a signal" spool/carcpbem.log
'

test_done
