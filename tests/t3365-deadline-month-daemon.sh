#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# t3360's month of a 5-player game, played by the daemon: carcpbem daemon
# runs the whole time, its clock a file the test moves on
# ($CARCPBEM_NOW_FILE), a pass asked for by SIGUSR1 at every step. alice,
# bob and carol answer each notice within half a day, dave and erin never
# answer (deadline 48h, a reminder 12h before, policy bot, bot-after 2).
# The game finishes, every reminder was sent once, no mail was sent twice
# or lost, and the history replays.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

MONTH_CONF="poll 1h
"

# wait_for's bound: 60 s (a loaded machine is slow)
WAIT_FOR_TENTHS=600

clock_is () {
	test "$(cat spool/clock)" = "$1"
}

# The daemon's clock: the file replaced whole (it makes passes of its own
# too, woken by inotify when a turn is delivered or by its timer, and must
# never read it half written). Each pass reads it once, when it begins.
month_time () {
	echo "$1" >now.new && mv now.new now
}

inbox_empty () {
	test -z "$(ls spool/inbox/new)"
}

# month_pass T: every pass at time T is over. A delivered turn was taken
# by a pass at T (the inbox is empty: a message leaves new/ when its pass
# is done with it); a pass at T has begun (SPOOL/clock says T); then the
# clock moves a minute on and a pass at T + 1 minute begins (SPOOL/clock
# says so), which shows the passes at T are over. Such a pass finds
# nothing to do: every clock of the game counts from a step's time.
month_pass () {
	kill -USR1 "$(cat daemon.pid)" && wait_for inbox_empty && wait_for clock_is "$1" &&
	month_time "$(($1 + 60))" && kill -USR1 "$(cat daemon.pid)" &&
	wait_for clock_is "$(($1 + 60))" || { echo "no pass at $1"; cat daemon.log; return 1; }
}

stop_daemon () {
	test -f "$WORK/daemon.pid" && kill -TERM "$(cat "$WORK/daemon.pid")" 2>/dev/null
	return 0
}
trap stop_daemon EXIT

month_start () {
test_expect_success 'the daemon starts on the fake clock' '
	cd "$WORK" &&
	month_time $T0 &&
	{ (CARCPBEM_NOW_FILE=$WORK/now "$CARCPBEM" daemon -f -c host.conf 2>daemon.log
	   echo $? >daemon.rc) & } &&
	wait_for test -s spool/carcpbem.pid &&
	cp spool/carcpbem.pid daemon.pid &&
	wait_for clock_is $T0
'
}

month_stop () {
test_expect_success 'the daemon stops on SIGTERM, with status 0' '
	cd "$WORK" &&
	kill -TERM "$(cat daemon.pid)" &&
	wait_for test -s daemon.rc &&
	test "$(cat daemon.rc)" = 0 && rm daemon.pid &&
	! grep -i "error" daemon.log
'
}

# The mails the daemon's passes said they sent ("sent 5 mails").
month_sent () {
	sed -n "s/.* sent \([0-9]*\) mails\{0,1\}\$/\1/p" daemon.log |
		awk "{ s += \$1 } END { print s + 0 }"
}

. "$top_srcdir/tests/mail/month.sh"

test_done
