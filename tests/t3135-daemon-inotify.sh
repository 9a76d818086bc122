#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The daemon answers at once (issue 13, latency): with poll 1h, a turn
# delivered into the inbox Maildir wakes it through inotify and its
# notice is in the outbox within seconds; with no mail at all, the next
# deadline wake-up in SPOOL/timers still ends the nap (a reminder mail).
# The bounds are 20 s against an hour's poll: only a wake-up can pass.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

WAIT_FOR_TENTHS=200

stop_daemon () {
	test -f "$WORK/daemon.pid" && kill -TERM "$(cat "$WORK/daemon.pid")" 2>/dev/null
	test -f "$WORK/dl/daemon.pid" && kill -TERM "$(cat "$WORK/dl/daemon.pid")" 2>/dev/null
	return 0
}
trap stop_daemon EXIT

# start_daemon: carcpbem daemon -f on host.conf, its pid in daemon.pid
# after its first pass has begun.
start_daemon () {
	{ ("$CARCPBEM" daemon -f -c host.conf 2>daemon.log; echo $? >daemon.rc) & } &&
	wait_for test -s spool/carcpbem.pid &&
	cp spool/carcpbem.pid daemon.pid
}

test_expect_success 'with poll 1h, a delivered turn is answered within seconds' '
	cd "$WORK" && host_setup &&
	echo "poll 1h" >>host.conf &&
	start_daemon &&
	wait_for grep "watching .*/spool/inbox/new for new mail" daemon.log &&
	turn_text alice >t1 && mail_from alice@example.test "turn" t1 >m1 &&
	sleep 1 && deliver m1 &&
	wait_for test -f spool/outbox/g1-r1-notice-2.eml &&
	test "$(records)" = 2 &&
	test -z "$(ls spool/inbox/new)"
'

test_expect_success 'so is the next one, and one that arrives during a pass' '
	cd "$WORK" &&
	turn_text bob >t2 && mail_from bob@example.test "turn" t2 >m2 &&
	deliver m2 &&
	wait_for test -f spool/outbox/g1-r2-notice-1.eml &&
	test "$(records)" = 3
'

test_expect_success 'SIGTERM still stops it while it waits on inotify' '
	cd "$WORK" &&
	kill -TERM "$(cat daemon.pid)" &&
	wait_for test -s daemon.rc &&
	test "$(cat daemon.rc)" = 0 && rm daemon.pid &&
	grep "stopped by a signal" daemon.log
'

# reminded: alice's reminder is in the outbox (at each try).
reminded () {
	test -n "$(find spool/outbox -name "g1-r0-remind-*")"
}

# On the real clock: a game whose reminder is due 15 s after it starts;
# the first pass mails the start, a later one (woken by the timer, as
# no mail comes and the poll is an hour) the reminder.
test_expect_success 'with no mail, the next deadline ends the nap (a reminder)' '
	mkdir -p "$WORK/dl" && cd "$WORK/dl" && unset CARCPBEM_NOW &&
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf "spool spool\nfrom game@example.test\npoll 1h\n" >host.conf &&
	printf "deadline 1h\nreminders 3585s\n" >>host.conf &&
	"$CARCPBEM" new -c host.conf --id g1 --seed inotify \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out &&
	start_daemon &&
	wait_for test -f spool/outbox/g1-r0-start-2.eml &&
	WAIT_FOR_TENTHS=400 wait_for reminded &&
	test "$(stat -c %Y spool/outbox/g1-r0-remind-*)" -gt \
		"$(stat -c %Y spool/outbox/g1-r0-start-2.eml)" &&
	grep "^Subject: .*remind" -i spool/outbox/g1-r0-remind-*
'

# before test_done removes the trash, and the pid files with it
stop_daemon
test_done
