#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# What the host's commands say and do around the mail loop (issue 10):
# new -c says only what is true for the mode; new --spool makes the spool
# 0700; apply to a game by mail mails the turn as the loop does; a lock
# that cannot be taken is a failure with its cause, not "another run";
# a second daemon is told which daemon holds the spool.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

PIDS=$TRASH_BASE/daemons

test_expect_success 'new -c that mailed the start says the mail loop is next' '
	host_setup &&
	grep "^Mailed the start to 2 players" new.out &&
	grep "^Game g1. Next: the mail loop (carcpbem run --once from cron, or carcpbem daemon)" new.out &&
	! grep "send it to the players" new.out &&
	! grep "carcpbem view" new.out
'

test_expect_success 'new without addresses: send the view; one missing: said for that one' '
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	"$CARCPBEM" new --spool s1 --id g1 --key alice=alice.pub --key bob=bob.pub \
		alice bob >out &&
	! grep "Mailed" out &&
	grep "^Game g1. Next: carcpbem view s1/games/g1 -o g1.json, and send it to the players" out &&
	"$CARCPBEM" new --spool s2 --id g1 --key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test alice bob >out &&
	grep "^Mailed the start to 1 player\.$" out &&
	grep "^bob has no address: send bob carcpbem view s2/games/g1 --player bob -o g1-bob.json$" out &&
	"$CARCPBEM" view s2/games/g1 --player bob -o g1-bob.json
'

test_expect_success 'new --spool makes the spool and its games 0700, as documented' '
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	"$CARCPBEM" new --spool deep/spool --id g1 --key alice=alice.pub \
		--key bob=bob.pub alice bob >/dev/null &&
	for d in deep deep/spool deep/spool/games deep/spool/games/g1; do
		test "$(stat -c %a $d)" = 700 || { echo "$d is $(stat -c %a $d)" >&2; return 1; }
	done
'

test_expect_success 'apply to a game by mail mails the notice and the updates' '
	host_setup &&
	turn_text alice >t1 &&
	"$CARCPBEM" apply -c host.conf spool/games/g1 t1 >out &&
	grep "^Mailed the players (2 mails)" out &&
	test -f spool/outbox/g1-r1-notice-2.eml &&
	test -f spool/outbox/g1-r1-update-1.eml &&
	grep -q "^To: bob@example.test" spool/outbox/g1-r1-notice-2.eml &&
	test "$(ls spool/queue | wc -l)" = 0 &&
	mail_from alice@example.test "[carcassonne g1] turn" t1 >m1 && deliver m1 &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 2 &&
	grep -l "already" spool/outbox/*-error.eml &&
	test "$(ls spool/outbox | wc -l)" = 5
'

test_expect_success 'apply --no-mail, and apply while the loop holds the spool' '
	host_setup &&
	turn_text alice >t1 &&
	"$CARCPBEM" apply --no-mail spool/games/g1 t1 >out &&
	! grep Mailed out &&
	test "$(ls spool/outbox | wc -l)" = 2 &&
	turn_text bob >t2 &&
	{ flock spool/lock sleep 3 & } &&
	sleep 0.5 &&
	expect_code 75 "$CARCPBEM" apply -c host.conf spool/games/g1 t2 2>err &&
	grep "is in use by another carcpbem" err &&
	grep "the mail loop is at work on game" err &&
	test "$(records)" = 2 &&
	wait &&
	"$CARCPBEM" apply -c host.conf spool/games/g1 t2 >out &&
	grep "^Mailed the players" out
'

test_expect_success 'a lock that cannot be taken: exit 1 with the cause and the path' '
	host_setup &&
	rm -f spool/lock && mkdir spool/lock &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "cannot open the lock file [^ ]*/spool/lock: Is a directory" err &&
	! grep "another" err &&
	if test "$(id -u)" != 0; then
		rmdir spool/lock && chmod a-w spool &&
		expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err;
		r=$?; chmod u+w spool; test $r = 0 &&
		grep "Permission denied" err
	fi
'

test_expect_success 'a second daemon is told which daemon holds the spool' '
	host_setup && echo "poll 1s" >>host.conf &&
	{ "$CARCPBEM" daemon -f -c host.conf 2>d1.log & echo $! >>"$PIDS"; } &&
	wait_for test -s spool/carcpbem.pid &&
	pid=$(cat spool/carcpbem.pid) &&
	expect_code 75 "$CARCPBEM" daemon -f -c host.conf 2>err &&
	grep "another daemon (pid $pid, pid file [^ ]*/spool/carcpbem.pid) holds the spool [^ ]*/spool: one daemon serves a spool; stop that one first (kill $pid)" err &&
	! grep "cron" err &&
	expect_code 75 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "the daemon (pid $pid) serves the spool [^ ]*/spool: no run is needed beside it" err &&
	expect_code 75 "$CARCPBEM" run --once -q -c host.conf 2>err &&
	grep "kill -USR1 $pid" err &&
	kill -TERM "$pid" && wait_for test ! -e spool/carcpbem.pid
'

test_expect_success 'a run beside a run: 75, and quiet with -q unless stuck' '
	host_setup &&
	{ flock spool/lock sleep 3 & echo $! >holder; } &&
	sleep 0.5 && pid=$(cat holder) && echo "$pid run" >spool/lock &&
	expect_code 75 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "in use by another carcpbem (pid [0-9]*, lock [^ ]*/spool/lock), for [0-9]*s; this run stops: the next one tries again" err &&
	expect_code 75 "$CARCPBEM" run --once -q -c host.conf 2>err &&
	test ! -s err &&
	touch -d "2 hours ago" spool/lock &&
	expect_code 75 "$CARCPBEM" run --once -q -c host.conf 2>err &&
	grep "(pid $pid, .*for 1[0-9][0-9] minutes: if that carcpbem is stuck, stop it (kill $pid)" err &&
	wait
'

test_expect_success 'a daemon started while a run holds the spool waits for it' '
	host_setup && echo "poll 1s" >>host.conf &&
	{ flock spool/lock sleep 2 & } &&
	sleep 0.5 &&
	{ "$CARCPBEM" daemon -f -c host.conf 2>d.log & echo $! >>"$PIDS"; } &&
	wait_for grep "in use by another carcpbem .*: waiting for it to finish its pass" d.log &&
	test ! -e spool/carcpbem.pid &&
	wait_for test -s spool/carcpbem.pid &&
	grep " daemon$" spool/lock &&
	kill -TERM "$(cat spool/carcpbem.pid)" && wait_for test ! -e spool/carcpbem.pid
'

test -f "$PIDS" && kill $(cat "$PIDS") 2>/dev/null
test_done
