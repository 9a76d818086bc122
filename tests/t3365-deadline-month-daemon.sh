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

T0=1700000000
H=3600
PLAYERS="alice bob carol dave erin"

# until CMD succeeds, at most 60 s (a loaded machine is slow)
wait_long () {
	n=0
	while ! "$@" 2>/dev/null; do
		n=$((n + 1))
		test $n -le 600 || return 1
		sleep 0.1
	done
}

clock_is () {
	test "$(cat spool/clock)" = "$1"
}

# pass T: the daemon's clock to T and a pass asked for; the pass has begun
# when SPOOL/clock says T. A second pass a minute later, which finds
# nothing to do (every clock of the game counts from a step), shows by
# beginning that the first one is over.
pass () {
	echo "$1" >now && kill -USR1 "$(cat daemon.pid)" && wait_long clock_is "$1" &&
	echo "$(($1 + 60))" >now && kill -USR1 "$(cat daemon.pid)" &&
	wait_long clock_is "$(($1 + 60))"
}

stop_daemon () {
	test -f "$WORK/daemon.pid" && kill -TERM "$(cat "$WORK/daemon.pid")" 2>/dev/null
	return 0
}
trap stop_daemon EXIT

due () {
	jq -r .decision.player spool/games/g1/state.json
}

test_expect_success 'the game: five players, deadline 48h, policy bot' '
	cd "$WORK" &&
	for p in $PLAYERS; do "$CARCPBEM" keygen "$p" >/dev/null 2>&1 || return 1; done &&
	cat >host.conf <<-\EOC &&
	spool spool
	from "Carcassonne <game@example.test>"
	deadline 48h
	reminders 12h
	policy bot
	bot-after 2
	poll 1h
	EOC
	CARCPBEM_NOW=$T0 "$CARCPBEM" new -c host.conf --id g1 --seed month \
		--key alice=alice.pub --key bob=bob.pub --key carol=carol.pub \
		--key dave=dave.pub --key erin=erin.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		--address carol=carol@example.test --address dave=dave@example.test \
		--address erin=erin@example.test \
		alice bob carol dave erin >new.out &&
	ls spool/outbox | wc -l >started &&
	test "$(cat started)" = 5
'

test_expect_success 'the daemon starts on the fake clock' '
	cd "$WORK" &&
	echo $T0 >now &&
	{ (CARCPBEM_NOW_FILE=$WORK/now "$CARCPBEM" daemon -f -c host.conf 2>daemon.log
	   echo $? >daemon.rc) & } &&
	wait_long test -s spool/carcpbem.pid &&
	cp spool/carcpbem.pid daemon.pid &&
	wait_long clock_is $T0
'

test_expect_success 'a pass every 12 hours until the game is over' '
	cd "$WORK" &&
	t=$T0 && steps=0 &&
	while test "$(jq -r .over spool/games/g1/state.json)" = false; do
		t=$((t + 12 * H)) && steps=$((steps + 1)) &&
		test $steps -le 400 || { echo "not over after $steps passes"; return 1; }
		case $(due) in
		alice|bob|carol)
			p=$(due) &&
			CARCPBEM_NOW=$t turn_text "$p" >"turn-$p" &&
			mail_from "$p@example.test" "[carcassonne g1] my turn" "turn-$p" >"mail-$p" &&
			deliver "mail-$p" || return 1 ;;
		esac
		pass $t || { echo "no pass at $t"; cat daemon.log; return 1; }
	done &&
	echo "$t" >end &&
	test $((t - T0)) -ge $((28 * 24 * H)) &&
	echo "over after $steps passes, $(((t - T0) / 86400)) days"
'

test_expect_success 'dave and erin: two deadlines missed each, then the computer' '
	cd "$WORK" &&
	jq -e ".seats[3].bot and .seats[3].away and .seats[3].missed == 2" spool/games/g1/meta.json &&
	jq -e ".seats[4].bot and .seats[4].away and .seats[4].missed == 2" spool/games/g1/meta.json &&
	jq -e "[.seats[0,1,2] | .bot or .missed > 0] | any | not" spool/games/g1/meta.json &&
	grep -c "\"why\":\"the deadline passed: the computer decided\"" spool/games/g1/history.jsonl >missed &&
	test "$(cat missed)" = 4 &&
	test "$(grep -c "\"why\":\"the computer plays the seat\"" spool/games/g1/history.jsonl)" -gt 20 &&
	! grep "\"by\":\"host\"" spool/games/g1/history.jsonl | grep -q "\"player\":\"\\(alice\\|bob\\|carol\\)\""
'

test_expect_success 'every reminder once: one before each missed deadline, none else' '
	cd "$WORK" &&
	ls spool/outbox | grep -- "-remind-" >reminders &&
	test "$(wc -l <reminders)" = 4 &&
	test "$(grep -c -- "-remind-0-4\\.eml$" reminders)" = 2 &&
	test "$(grep -c -- "-remind-0-5\\.eml$" reminders)" = 2
'

test_expect_success 'the daemon stops on SIGTERM, with status 0' '
	cd "$WORK" &&
	kill -TERM "$(cat daemon.pid)" &&
	wait_long test -s daemon.rc &&
	test "$(cat daemon.rc)" = 0 && rm daemon.pid &&
	! grep -i "error" daemon.log
'

test_expect_success 'nothing lost: every mail sent once, the queue and the inbox empty' '
	cd "$WORK" &&
	sent=$(sed -n "s/.* sent \([0-9]*\) mails\{0,1\}\$/\1/p" daemon.log |
		awk "{ s += \$1 } END { print s + 0 }") &&
	test "$sent" -gt 300 &&
	test "$((sent + $(cat started)))" = "$(ls spool/outbox | wc -l)" &&
	test -z "$(ls spool/queue | grep -v failed)" && test -z "$(ls spool/inbox/new)" &&
	for p in $PLAYERS; do
		ls spool/outbox | grep -q -- "-over-" || return 1
		grep -l "^To: $p@example.test" spool/outbox/*-over-* >/dev/null || return 1
	done &&
	records=$(wc -l <spool/games/g1/history.jsonl) &&
	jq -e ".record == $((records - 1))" spool/games/g1/mailed &&
	"$CARCPBEM" replay spool/games/g1 >replay.out &&
	grep "every signature and hash checks" replay.out
'

test_done
