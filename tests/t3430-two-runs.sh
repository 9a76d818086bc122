#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Several carcpbem on one spool (docs/mail.md, "Running two"): 30 games,
# four rounds of turns and a few verbs and bad mails. Three run --once
# started at the same moment, again and again while the rounds arrive;
# then a daemon with run --once from "cron" beside it, the daemon stopped
# midway and started again while a run is in its pass (it waits for it). Each spool ends as the reference spool that
# took the same mails in one run: every turn applied once, every mail in
# the outbox once, the inbox and the queue empty, replay passes. A run
# that finds the spool held exits 75 and says by whom. carcpbem new
# beside the loop leaves the start's mails to it (two flushes at once
# could send a mail twice) and wakes a daemon.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/concur.sh"

GAMES=30
ROUNDS=4

# runs_at_once K TAG: K run --once started together, each bounded; their
# exit codes appended to codes, their stderr kept as err.TAG.I.
runs_at_once () {
	i=0 && while test $i -lt "$1"; do
		i=$((i + 1))
		{ timeout 120 "$CARCPBEM" run --once -c host.conf 2>"err.$2.$i"
		  echo $? >>codes; } &
	done
	wait
}

# codes_ok PATTERN: every run exited 0 or 75; some found the spool held,
# and each of those that said something said PATTERN.
codes_ok () {
	! grep -v -x -e 0 -e 75 codes &&
	grep -q -x 75 codes &&
	grep -l "in use by\|serves the spool" err.* >held &&
	test -s held &&
	for f in $(cat held); do grep -q "$1" "$f" || return 1; done
}

test_expect_success 'the games, their turns, the reference run' '
	cd "$WORK" && concur_games $GAMES &&
	concur_turns $GAMES $ROUNDS mails &&
	test "$(ls mails | wc -l)" = $((GAMES * ROUNDS + 5)) &&
	cp -a spool base && cp -a spool ref &&
	sed "s/^spool spool/spool ref/" host.conf >ref.conf &&
	for r in $(seq 1 $ROUNDS); do concur_deliver mails $r ref || return 1; done &&
	"$CARCPBEM" run --once -c ref.conf -q &&
	concur_done ref &&
	for g in $(seq 1 $GAMES); do
		test "$(wc -l <ref/games/c$g/history.jsonl)" = $((ROUNDS + 1)) || return 1
	done &&
	test "$(ls ref/outbox/c*-r*-notice-*.eml | wc -l)" = $((GAMES * (ROUNDS + 1)))
'

test_expect_success 'three run --once at a time, again and again: each turn once' '
	cd "$WORK" && rm -rf spool err.* && cp -a base spool && : >codes &&
	for r in $(seq 1 $ROUNDS); do
		concur_deliver mails $r spool && runs_at_once 3 $r || return 1
	done &&
	n=0 && while ! concur_done spool && test $n -lt 10; do
		n=$((n + 1)) && runs_at_once 3 end$n
	done &&
	codes_ok "in use by another carcpbem (pid [0-9]*, lock [^ ]*), for [0-9]*s; this run stops: the next one tries again" &&
	concur_same ref spool $GAMES
'

test_expect_success 'a daemon, and run --once from cron beside it: each turn once' '
	cd "$WORK" && rm -rf spool err.* && cp -a base spool && : >codes && rm -f stop &&
	echo "poll 1s" >>host.conf &&
	concur_daemon 1 &&
	wait_for test -s spool/carcpbem.pid &&
	{ concur_cron host.conf stop & } &&
	concur_deliver mails 1 spool && concur_deliver mails 2 spool &&
	WAIT_FOR_TENTHS=600 wait_for test -f spool/outbox/c1-r2-notice-1.eml &&
	kill -TERM "$(cat spool/carcpbem.pid)" &&
	WAIT_FOR_TENTHS=600 wait_for test -f daemon.1.rc &&
	test ! -e spool/carcpbem.pid &&
	test "$(cat daemon.1.rc)" = 0 &&
	concur_deliver mails 3 spool && concur_deliver mails 4 spool &&
	{ timeout 120 "$CARCPBEM" run --once -c host.conf -q 2>err.cron.busy &
	  echo $! >run.pid; } &&
	wait_for grep " run$" spool/lock &&
	concur_daemon 2 &&
	WAIT_FOR_TENTHS=1200 wait_for concur_done spool &&
	wait_for test -s spool/carcpbem.pid &&
	kill -TERM "$(cat spool/carcpbem.pid)" &&
	WAIT_FOR_TENTHS=600 wait_for test -f daemon.2.rc &&
	touch stop && wait &&
	test "$(cat daemon.2.rc)" = 0 &&
	grep "in use by another carcpbem (pid [0-9]*, .*: waiting for it to finish its pass" daemon.2.log &&
	codes_ok "the daemon (pid [0-9]*) serves the spool [^ ]*: no run is needed beside it" &&
	concur_same ref spool $GAMES
'

# held SPOOL: someone holds SPOOL's lock.
held () {
	! flock -n "$1/lock" true
}

test_expect_success 'new beside the loop: the start waits for it, a daemon is asked' '
	cd "$WORK" && rm -rf spool stop && cp -a base spool &&
	sed "s/^poll .*/poll 60s/" host.conf >slow.conf &&
	{ flock spool/lock sleep 3 & } &&
	wait_for held spool &&
	"$CARCPBEM" new -c slow.conf --id n1 --seed n1 --key alice=alice.pub \
		--key bob=bob.pub --address alice=alice@example.test \
		--address bob=bob@example.test alice bob >new.out &&
	grep "^The start is queued in [^ ]*/spool/queue; the mail loop at work on the spool sends it" new.out &&
	test -f spool/queue/n1-r0-notice-1.env && test ! -e spool/outbox/n1-r0-notice-1.eml &&
	wait &&
	{ timeout 300 "$CARCPBEM" daemon -f -c slow.conf 2>daemon.3.log & } &&
	wait_for test -f spool/outbox/n1-r0-notice-1.eml &&
	wait_for grep -q " daemon$" spool/lock &&
	"$CARCPBEM" new -c slow.conf --id n2 --seed n2 --key alice=alice.pub \
		--key bob=bob.pub --address alice=alice@example.test \
		--address bob=bob@example.test alice bob >new.out &&
	grep "^The start is queued; the daemon (pid $(cat spool/carcpbem.pid)) sends it now" new.out &&
	wait_for test -f spool/outbox/n2-r0-start-2.eml &&
	test -f spool/outbox/n2-r0-notice-1.eml && wait_for concur_done spool
'

test_expect_success 'SIGHUP with another spool in the config: refused, the old kept' '
	cd "$WORK" && pid=$(cat spool/carcpbem.pid) &&
	sed "s/^spool spool/spool other/" slow.conf >other.conf && cp slow.conf slow.good &&
	cp other.conf slow.conf && kill -HUP "$pid" &&
	wait_for grep -q "SIGHUP: the config names another spool ([^ ]*/other); keeping the old config: restart the daemon to serve that spool" daemon.3.log &&
	test ! -e other && cp slow.good slow.conf &&
	concur_deliver mails 1 spool &&
	WAIT_FOR_TENTHS=600 wait_for concur_done spool &&
	test -f spool/outbox/c1-r1-notice-2.eml &&
	kill -TERM "$pid" && wait_for test ! -e spool/carcpbem.pid
'

# Whatever failed above: the cron loop and the daemon stop.
touch "$WORK/stop"
test -s "$WORK/spool/carcpbem.pid" && kill -TERM "$(cat "$WORK/spool/carcpbem.pid")" 2>/dev/null
wait
test_done
