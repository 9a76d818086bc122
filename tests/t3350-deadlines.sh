#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Deadlines with the fake clock ($CARCPBEM_NOW): the settings and their
# per-game overrides, the deadline in the notice (UTC and the player's
# zone), each reminder exactly once, policy wait, absences, pause, the
# spool's index of wake-up times, and a clock that jumps. The rules have
# no timeout (RULES.md); what a deadline does is docs/rules-decisions.md,
# "Deadlines".
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

T0=1700000000        # Tue 14 Nov 2023 22:13:20 UTC
H=3600
D=86400

# dl_setup [NEW-OPTIONS]: host_setup's game g1 with deadline 72h in the
# config (the default reminders 24h,0 and policy wait).
dl_setup () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	cat >host.conf <<-\EOC &&
	spool spool
	from "Carcassonne <game@example.test>"
	deadline 72h
	EOC
	"$CARCPBEM" new -c host.conf --id g1 --seed deadlines "$@" \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out
}

# at T: one pass of the loop at time T.
at () {
	CARCPBEM_NOW=$1 "$CARCPBEM" run --once -c host.conf -q 2>>run.log
}

# timer GAME: the game's time in the log SPOOL/timers (its last line
# wins; 0: none); timer_next: the header's NEXT (no later than any).
timer () {
	awk -v g="$1" 'NR > 1 && $1 == g { t = $2 } END { print t + 0 }' spool/timers
}
timer_next () {
	awk 'NR == 1 { print $3 + 0 }' spool/timers
}

# passes FROM TO STEP: a pass every STEP seconds from FROM to TO.
passes () {
	t=$1 && while test "$t" -le "$2"; do at "$t" || return 1; t=$((t + $3)); done
}

reminders () {
	find spool/outbox -name "g1-r$1-remind-*" | sort
}

meta () {
	sed -n "s/^ *\"$1\": *\"*\([^\",]*\)\"*,*$/\1/p" spool/games/g1/meta.json | head -n 1
}

test_expect_success 'the config: deadline, reminders, grace, policy, bot-after, absence-max' '
	printf "deadline 3d\nreminders 48h,1h,0\ngrace 2h\npolicy bot\nbot-after 2\nabsence-max 21d\n" >c.conf &&
	"$CARCPBEM" daemon -n -c c.conf &&
	printf "reminders 1h,24h\n" >bad1.conf &&
	test_must_fail "$CARCPBEM" daemon -n -c bad1.conf 2>err1 &&
	grep "bad1.conf:1:.*longest first" err1 &&
	printf "policy never\n" >bad2.conf &&
	test_must_fail "$CARCPBEM" daemon -n -c bad2.conf 2>err2 &&
	grep "use wait, bot or skip" err2 &&
	printf "deadline 3w\n" >bad3.conf &&
	test_must_fail "$CARCPBEM" daemon -n -c bad3.conf 2>err3 &&
	grep "s, m, h or d" err3
'

test_expect_success 'new --deadline --policy ...: the game s own settings in meta.json' '
	dl_setup --deadline 48h --policy skip --reminders 12h --grace 1h --bot-after 5 \
		--absence-max 7d &&
	test "$(meta deadline)" = 172800 && test "$(meta policy)" = skip &&
	test "$(meta grace)" = 3600 && test "$(meta bot_after)" = 5 &&
	test "$(meta absence_max)" = 604800 &&
	grep -A1 "\"reminders\"" spool/games/g1/meta.json | grep 43200 &&
	test "$(meta deadline_at)" = 2023-11-16T22:13:20Z &&
	test_must_fail "$CARCPBEM" new -o x.json --deadline 1h alice bob 2>err &&
	grep "games by mail" err &&
	test_must_fail "$CARCPBEM" new --spool s --policy later alice bob 2>err2 &&
	grep "use wait, bot or skip" err2
'

test_expect_success 'the notice and the updates state the deadline in UTC and in the reader s zone' '
	cd "$WORK" && mkdir notice && cd notice && dl_setup &&
	grep "^Please move by Friday 17 November 2023 22:13 UTC" spool/outbox/g1-r0-notice-1.eml &&
	sed "/\"name\": \"bob\"/a\\
      \"timezone\": \"Europe/Sofia\"," spool/games/g1/meta.json >m &&
	mv m spool/games/g1/meta.json &&
	CARCPBEM_NOW=$((T0 + H)) && export CARCPBEM_NOW && play alice &&
	grep "^Please move by Friday 17 November 2023 23:13 UTC" \
		spool/outbox/g1-r1-notice-2.eml &&
	grep "(Saturday 18 November 2023 01:13 EET (Europe/Sofia))" \
		spool/outbox/g1-r1-notice-2.eml &&
	grep "^The deadline for it: Friday 17 November 2023 23:13 UTC" \
		spool/outbox/g1-r1-update-1.eml &&
	! grep "EET (Europe/Sofia)" spool/outbox/g1-r1-update-1.eml
'

test_expect_success 'each reminder once, then policy wait reminds daily' '
	cd "$WORK" && mkdir wait && cd wait && dl_setup &&
	passes $((T0 + 6 * H)) $((T0 + 47 * H)) $((6 * H)) &&
	test -z "$(reminders 0)" &&
	at $((T0 + 48 * H)) && at $((T0 + 48 * H)) && at $((T0 + 50 * H)) &&
	test "$(reminders 0)" = spool/outbox/g1-r0-remind-0-1.eml &&
	grep "^Subject: .*reminder, your move by Friday 17 November" spool/outbox/g1-r0-remind-0-1.eml &&
	grep "is due by" spool/outbox/g1-r0-remind-0-1.eml &&
	grep "BEGIN CARCASSONNE TURN" spool/outbox/g1-r0-remind-0-1.eml &&
	test "$(meta missed)" = 0 &&
	passes $((T0 + 54 * H)) $((T0 + 72 * H - 1)) $((6 * H)) &&
	test "$(reminders 0 | wc -l)" = 1 &&
	at $((T0 + 72 * H)) &&
	test "$(meta missed)" = 1 &&
	test -f spool/outbox/g1-r0-remind-2-1.eml &&
	grep "was due by" spool/outbox/g1-r0-remind-2-1.eml &&
	test ! -f spool/outbox/g1-r0-remind-1-1.eml &&
	passes $((T0 + 78 * H)) $((T0 + 120 * H)) $((6 * H)) &&
	test "$(reminders 0 | wc -l)" = 4 && test -f spool/outbox/g1-r0-remind-4-1.eml &&
	test "$(meta missed)" = 1 &&
	CARCPBEM_NOW=$((T0 + 121 * H)) && export CARCPBEM_NOW && play alice &&
	test "$(records)" = 2 && test "$(meta missed)" = 0 &&
	test "$(meta decision_record)" = 1 &&
	test "$(meta deadline_at)" = 2023-11-22T23:13:20Z
'

test_expect_success 'reminders set to 2h,0 with a grace: the one at the deadline too' '
	dl_setup --reminders 2h,0 --grace 1h &&
	passes $((T0 + 6 * H)) $((T0 + 73 * H)) $H &&
	test "$(reminders 0 | wc -l)" = 3 &&
	test -f spool/outbox/g1-r0-remind-0-1.eml && test -f spool/outbox/g1-r0-remind-1-1.eml &&
	test -f spool/outbox/g1-r0-remind-2-1.eml &&
	grep "is overdue" spool/outbox/g1-r0-remind-2-1.eml
'

test_expect_success 'an absence moves the deadline past it' '
	dl_setup &&
	sed "/\"name\": \"bob\"/a\\
      \"absence\": [{\"from\": \"2023-11-15T00:00:00Z\", \"to\": \"2023-11-20T00:00:00Z\"}]," \
		spool/games/g1/meta.json >m && mv m spool/games/g1/meta.json &&
	CARCPBEM_NOW=$((T0 + H)) && export CARCPBEM_NOW && play alice &&
	test "$(meta deadline_at)" = 2023-11-22T23:13:20Z &&
	grep "^Please move by Wednesday 22 November 2023 23:13 UTC" spool/outbox/g1-r1-notice-2.eml
'

test_expect_success 'a paused game: no reminder, no deadline passes' '
	dl_setup &&
	sed "s/\"paused\": false/\"paused\": true, \"paused_at\": \"2023-11-15T00:00:00Z\"/" \
		spool/games/g1/meta.json >m && mv m spool/games/g1/meta.json &&
	passes $((T0 + 6 * H)) $((T0 + 8 * D)) $((6 * H)) &&
	test -z "$(reminders 0)" && test "$(meta missed)" = 0 &&
	test "$(timer_next)" = 0
'

test_expect_success 'admin pause stops the clock, resume moves the deadline on by the pause' '
	dl_setup && at $((T0 + H)) &&
	CARCPBEM_NOW=$((T0 + 10 * H)) "$CARCPBEM" admin -c host.conf g1 pause >out &&
	test "$(timer g1)" = 0 &&
	passes $((T0 + 16 * H)) $((T0 + 100 * H)) $((6 * H)) &&
	test -z "$(reminders 0)" && test "$(meta missed)" = 0 && test "$(records)" = 2 &&
	CARCPBEM_NOW=$((T0 + 106 * H)) "$CARCPBEM" admin -c host.conf g1 resume >out &&
	test "$(meta deadline_at)" = 2023-11-21T22:13:20Z &&
	test "$(timer g1)" = $((T0 + 144 * H)) &&
	test ! -f spool/outbox/g1-r2-notice-1.eml && # issue 21: no notice twice
	grep -q "2023-11-21T22:13:20Z" spool/outbox/g1-r2-host-1.eml &&
	passes $((T0 + 112 * H)) $((T0 + 143 * H)) $((6 * H)) && test -z "$(reminders 0)" &&
	at $((T0 + 144 * H)) && test -n "$(reminders 2)"
'

test_expect_success 'an idle pass reads SPOOL/timers only, opens no game' '
	dl_setup && at $((T0 + H)) &&
	test "$(timer_next)" = $((T0 + 48 * H)) &&
	test "$(timer g1)" = $((T0 + 48 * H)) &&
	cp spool/games/g1/meta.json keep && echo "{broken" >spool/games/g1/meta.json &&
	passes $((T0 + 2 * H)) $((T0 + 47 * H)) $((3 * H)) &&
	! grep -i "broken\|meta.json" run.log &&
	test_must_fail at $((T0 + 48 * H)) && grep "meta.json" run.log &&
	cp keep spool/games/g1/meta.json && at $((T0 + 48 * H)) &&
	test -f spool/outbox/g1-r0-remind-0-1.eml
'

test_expect_success 'SPOOL/timers removed: made again from the games clocks' '
	dl_setup && at $((T0 + H)) && rm spool/timers &&
	at $((T0 + 2 * H)) &&
	test "$(timer g1)" = $((T0 + 48 * H))
'

test_expect_success 'the clock jumps forward after an outage: deadlines move, the host is warned' '
	dl_setup && at $((T0 + H)) &&
	at $((T0 + H + 3 * D)) &&
	test -z "$(reminders 0)" && test "$(meta missed)" = 0 &&
	test "$(meta deadline_at)" = 2023-11-20T22:13:20Z &&
	grep "clock jumped forward by 259200 seconds" run.log &&
	f=$(ls spool/outbox/clock-*.eml) && grep "^To: game@example.test" "$f" &&
	grep "1 game(s)" "$f" &&
	passes $((T0 + H + 3 * D + 6 * H)) $((T0 + 3 * D + 48 * H - 1)) $((6 * H)) &&
	test -z "$(reminders 0)" &&
	at $((T0 + 3 * D + 48 * H)) && test -n "$(reminders 0)"
'

test_expect_success 'the clock jumps back: the time left stays, the host is warned' '
	dl_setup && at $((T0 + 10 * H)) &&
	at $((T0 + 5 * H)) &&
	test "$(meta deadline_at)" = 2023-11-17T17:13:20Z &&
	grep "clock jumped back by 18000 seconds" run.log &&
	test "$(ls spool/outbox/clock-*.eml | wc -l)" = 1 &&
	at $((T0 + 5 * H + 60)) && test "$(ls spool/outbox/clock-*.eml | wc -l)" = 1
'

test_expect_success 'a small step back (under an hour) is no jump' '
	dl_setup && at $((T0 + 10 * H)) && at $((T0 + 10 * H - 1800)) &&
	test "$(meta deadline_at)" = 2023-11-17T22:13:20Z &&
	! grep "jumped" run.log
'

test_expect_success 'policy skip: at the deadline the host makes the seat s default move' '
	dl_setup --policy skip &&
	"$CARCPBEM" view spool/games/g1 --player alice -o va.json &&
	first=$("$CARCPBEM" legal va.json | grep -m1 "^place") &&
	passes $((T0 + 6 * H)) $((T0 + 71 * H)) $((6 * H)) && test "$(records)" = 1 &&
	at $((T0 + 72 * H)) &&
	test "$(records)" = 2 &&
	tail -n 1 spool/games/g1/history.jsonl >last &&
	jq -e ".by == \"host\" and .why == \"the deadline passed: the default\"" last &&
	jq -r .text last >turn && grep -x "Action: $first" turn && grep -x "Action: pass" turn &&
	test "$(meta missed)" = 1 && test "$(meta decision_record)" = 1 &&
	test "$(meta deadline_at)" = 2023-11-20T22:13:20Z &&
	grep "^Please move by Monday 20 November 2023 22:13 UTC" spool/outbox/g1-r1-notice-2.eml &&
	"$CARCPBEM" replay spool/games/g1
'

test_expect_success 'policy bot: the computer moves; after bot-after misses it keeps the seat until the player is back (issue 21.1: no mails meanwhile)' '
	dl_setup --policy bot --bot-after 2 --reminders none &&
	turn_text alice >early-turn &&
	at $((T0 + 72 * H)) && test "$(records)" = 2 &&
	tail -n 1 spool/games/g1/history.jsonl |
		jq -e ".by == \"host\" and .player == \"alice\" and .why == \"the deadline passed: the computer decided\"" &&
	test "$(meta missed)" = 1 && test "$(meta away)" = false &&
	CARCPBEM_NOW=$((T0 + 73 * H)) && export CARCPBEM_NOW && play bob && test "$(records)" = 3 &&
	passes $((T0 + 79 * H)) $((T0 + 144 * H)) $((6 * H)) && test "$(records)" = 3 &&
	at $((T0 + 145 * H)) && test "$(records)" = 4 &&
	test "$(meta missed)" = 2 && test "$(meta away)" = true &&
	jq -e ".seats[0].bot" spool/games/g1/meta.json &&
	grep "^To: alice@example.test" spool/outbox/g1-r2-away-1.eml &&
	grep "the computer now plays your seat" spool/outbox/g1-r2-away-1.eml &&
	test "$(ls spool/outbox | grep -c -- -away-)" = 1 &&
	grep -q "mail STATUS g1" spool/outbox/g1-r2-away-1.eml &&
	test ! -f spool/outbox/g1-r3-update-1.eml &&
	CARCPBEM_NOW=$((T0 + 146 * H)) && export CARCPBEM_NOW && play bob &&
	test "$(records)" = 6 &&
	tail -n 1 spool/games/g1/history.jsonl |
		jq -e ".by == \"host\" and .player == \"alice\" and .why == \"the computer plays the seat\"" &&
	# issue 21.1: the kept seat gets no notice nor update until she is back
	test -z "$(grep -l "^To: alice@" spool/outbox/g1-r[3-5]-*.eml)" &&
	grep -q "(the computer played for alice)" spool/outbox/g1-r5-notice-2.eml &&
	mail_from alice@example.test "[carcassonne g1] me again" early-turn >late &&
	deliver late && CARCPBEM_NOW=$((T0 + 147 * H)) "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 6 &&
	test "$(meta missed)" = 0 && test "$(meta away)" = false &&
	jq -e ".seats[0].bot == false" spool/games/g1/meta.json &&
	CARCPBEM_NOW=$((T0 + 148 * H)) && export CARCPBEM_NOW && play bob &&
	test "$(records)" = 7 &&
	grep -q "^To: alice@example.test" spool/outbox/g1-r6-notice-1.eml &&
	"$CARCPBEM" replay spool/games/g1
'

test_expect_success 'policy skip on a module decision: the Cathars escape passes (CATHARS-6)' '
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf "spool spool\nfrom \"Carcassonne <game@example.test>\"\ndeadline 72h\npolicy skip\n" >host.conf &&
	"$CARCPBEM" new -c host.conf --id g1 --seed mailtest --with cathars \
		--tiles SI.CA/Cc,BA/L,BA/L,BA/L,BA/L \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out &&
	CARCPBEM_NOW=$((T0 + H)) && export CARCPBEM_NOW &&
	turn_text alice "place 0 -1 180" "knight S" >t1 && mail_from alice@example.test t t1 >m1 &&
	deliver m1 && at $((T0 + H)) &&
	turn_text bob "place -1 -1 0" pass >t2 && mail_from bob@example.test t t2 >m2 &&
	deliver m2 && at $((T0 + 2 * H)) &&
	turn_text alice "place 0 1 0" pass --partial >t3 && mail_from alice@example.test t t3 >m3 &&
	deliver m3 && at $((T0 + 3 * H)) &&
	test "$(records)" = 4 && grep -q "Your decision now: escape" spool/outbox/g1-r3-notice-1.eml &&
	grep "^Please move by" spool/outbox/g1-r3-notice-1.eml &&
	passes $((T0 + 9 * H)) $((T0 + 75 * H)) $((6 * H)) &&
	test "$(records)" = 5 &&
	tail -n 1 spool/games/g1/history.jsonl >last &&
	jq -e ".by == \"host\" and .player == \"alice\" and .why == \"the deadline passed: the default\"" last &&
	jq -r .text last | grep -x "Action: pass" &&
	test "$(meta missed)" = 1 &&
	test "$(jq -r .decision.player spool/games/g1/state.json)" = bob &&
	"$CARCPBEM" replay spool/games/g1
'

test_expect_success 'admin set: the game s own setting, a host record; a new deadline for the decision due' '
	dl_setup && at $((T0 + H / 2)) && test "$(timer g1)" = $((T0 + 48 * H)) &&
	CARCPBEM_NOW=$((T0 + H)) "$CARCPBEM" admin -c host.conf g1 set deadline 48h >out &&
	grep "the game.s deadline is now 2d" out &&
	tail -n 1 spool/games/g1/history.jsonl |
		jq -e ".event == \"host\" and .command == \"set\" and .args == [\"deadline\", \"48h\"] and .was == [\"default\"]" &&
	test "$(meta deadline)" = 172800 &&
	test "$(meta deadline_at)" = 2023-11-16T22:13:20Z &&
	grep "^Please move by Thursday 16 November 2023 22:13 UTC" spool/outbox/g1-r1-notice-1.eml &&
	test "$(timer g1)" = $((T0 + 24 * H)) &&
	CARCPBEM_NOW=$((T0 + H)) "$CARCPBEM" admin -c host.conf g1 set policy skip >out &&
	test "$(meta policy)" = skip &&
	CARCPBEM_NOW=$((T0 + H)) "$CARCPBEM" admin -c host.conf g1 set reminders 6h,1h &&
	grep -A3 "\"reminders\"" spool/games/g1/meta.json | grep 21600 &&
	test_must_fail "$CARCPBEM" admin -c host.conf g1 set deadline soon 2>err &&
	grep "not a duration" err &&
	test_must_fail "$CARCPBEM" admin -c host.conf g1 set colour red 2>err &&
	grep "not a game setting" err &&
	CARCPBEM_NOW=$((T0 + 2 * H)) "$CARCPBEM" admin -c host.conf g1 set deadline default &&
	test "$(meta deadline)" = -1 && test "$(meta deadline_at)" = 2023-11-17T22:13:20Z &&
	"$CARCPBEM" replay spool/games/g1
'

# Killed at every crash point of the passes of a deadline, then run
# again: the same mails, each once, and the same clock.
test_expect_success 'killed at every crash point of a deadline pass: the same end' '
	cd "$WORK" && mkdir crash && cd crash && dl_setup &&
	cp -r . ../crash-start &&
	TIMES="$((T0 + 48 * H)) $((T0 + 72 * H)) $((T0 + 96 * H)) $((T0 + 96 * H + 2 * D))" &&
	for t in $TIMES; do
		CARCPBEM_CRASH_LOG=$WORK/dpoints.$t at "$t" || return 1
	done &&
	grep "deadline reminder queued" "$WORK/dpoints.$((T0 + 48 * H))" &&
	grep "clock jump noted" "$WORK/dpoints.$((T0 + 96 * H + 2 * D))" &&
	grep "clock jump game moved" "$WORK/dpoints.$((T0 + 96 * H + 2 * D))" &&
	ls spool/outbox >"$WORK/crash-want" && cp spool/games/g1/meta.json "$WORK/crash-meta" &&
	test "$(reminders 0 | wc -l)" = 3 &&
	for t in $TIMES; do
		n=$(wc -l <"$WORK/dpoints.$t") && i=1 &&
		while test $i -le "$n"; do
			rm -rf "$WORK/w" && cp -r "$WORK/crash-start" "$WORK/w" && (
				cd "$WORK/w" &&
				for u in $TIMES; do
					if test "$u" = "$t"; then
						expect_code 137 env CARCPBEM_CRASH_AT=$i CARCPBEM_NOW=$u \
							"$CARCPBEM" run --once -c host.conf -q 2>/dev/null || exit 1
					fi
					at "$u" || exit 1
				done &&
				ls spool/outbox >got && test_cmp "$WORK/crash-want" got &&
				test_cmp "$WORK/crash-meta" spool/games/g1/meta.json
			) || {
				echo "pass at $t, killed at point $i ($(sed -n "${i}p" "$WORK/dpoints.$t"))"
				return 1
			}
			i=$((i + 1))
		done
	done
'

# The same for a pass whose policy moves for the player: the host's
# record, its mails and the clock of the next decision, each once.
test_expect_success 'killed at every crash point of a bot move at the deadline: the same end' '
	cd "$WORK" && mkdir bot && cd bot && dl_setup --policy bot --bot-after 1 --reminders none &&
	test -f spool/host.key && cp -r . ../bot-start &&
	CARCPBEM_CRASH_LOG=$WORK/bpoints at $((T0 + 72 * H)) &&
	test "$(records)" = 2 && test -f spool/outbox/g1-r0-away-1.eml &&
	grep "host record appended" "$WORK/bpoints" &&
	ls spool/outbox >"$WORK/bot-want" &&
	for f in history.jsonl state.json meta.json mailed; do
		cp "spool/games/g1/$f" "$WORK/bot-$f" || return 1
	done &&
	n=$(wc -l <"$WORK/bpoints") && i=1 &&
	while test $i -le "$n"; do
		rm -rf "$WORK/w" && cp -r "$WORK/bot-start" "$WORK/w" && (
			cd "$WORK/w" &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i CARCPBEM_NOW=$((T0 + 72 * H)) \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			at $((T0 + 72 * H)) &&
			ls spool/outbox >got && test_cmp "$WORK/bot-want" got &&
			for f in history.jsonl state.json meta.json mailed; do
				test_cmp "$WORK/bot-$f" "spool/games/g1/$f" || exit 1
			done
		) || {
			echo "killed at point $i ($(sed -n "${i}p" "$WORK/bpoints"))"
			return 1
		}
		i=$((i + 1))
	done
'

test_done
