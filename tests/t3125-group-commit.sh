#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Group commit (docs/mail.md, "Exactly once"): one pass over an inbox of
# many messages for several games (turns, the same turn twice, a forged
# turn, a verb, a stranger's mail) applies them in groups, with one sync
# of the file system per step of a group. Killed (SIGKILL) at every crash
# point of that pass and run again, the spool ends exactly as in a pass
# never killed; and it ends the same with group-commit 0 (a sync for
# every file) and with groups of two.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

GAMES="g1 g2 g3 g4"
SAME_GAMES=$GAMES

# turn_in GAME PLAYER: PLAYER's first legal placement and a pass in GAME.
turn_in () {
	"$CARCPBEM" view "spool/games/$1" --player "$2" -o "view-$1-$2.json" &&
	"$CARCPBEM" move "view-$1-$2.json" \
		"$("$CARCPBEM" legal "view-$1-$2.json" | grep -m1 '^place')" pass \
		--key "$2.key"
}

# inbox: every mail of the script into DIR's inbox at once.
inbox () {
	for m in "$WORK"/mails/*; do
		deliver "$m" "${m##*/}" || return 1
	done
}

test_expect_success 'setup: four games, eight mails waiting' '
	cd "$WORK" && mkdir ref mails && cd ref &&
	host_setup &&
	for g in g2 g3 g4; do
		"$CARCPBEM" new -c host.conf --id $g --seed "mailtest-$g" \
			--key alice=alice.pub --key bob=bob.pub \
			--address alice=alice@example.test \
			--address bob=bob@example.test alice bob >/dev/null || return 1
	done &&
	"$CARCPBEM" run --once -c host.conf -q &&
	cp -r . ../start &&
	turn_in g1 alice >t1 && mail_from alice@example.test "g1" t1 >../mails/m01 &&
	turn_in g2 alice >t2 && mail_from alice@example.test "g2" t2 >../mails/m02 &&
	turn_in g3 alice >t4 && cp t4 t3 && "$CARCPBEM" sign mallory.key t3 >/dev/null 2>&1 &&
	mail_from mallory@example.test "g3" t3 >../mails/m03 &&
	mail_from alice@example.test "g3" t4 >../mails/m04 &&
	cp ../mails/m01 ../mails/m05 &&
	printf "HELP\n" >h && mail_from carol@example.test "help" h >../mails/m06 &&
	turn_in g4 alice >t7 && mail_from alice@example.test "g4" t7 >../mails/m07 &&
	printf "hello\n" >j && mail_from dave@example.test "x" j >../mails/m08
'

test_expect_success 'the reference: one pass, never killed' '
	cd "$WORK/ref" && inbox &&
	CARCPBEM_CRASH_LOG=$WORK/points "$CARCPBEM" run --once -c host.conf -q 2>run.log &&
	for g in $GAMES; do
		test "$(wc -l <spool/games/$g/history.jsonl)" = 2 || return 1
	done &&
	test "$(ls spool/inbox/new | wc -l)" = 0 &&
	test "$(ls spool/inbox/cur | wc -l)" = 8 &&
	test "$(ls spool/queue | wc -l)" = 0 &&
	grep -l "already" spool/outbox/*.eml >/dev/null &&
	grep -l "tried to play" run.log >/dev/null &&
	for g in $GAMES; do "$CARCPBEM" replay spool/games/$g >/dev/null || return 1; done
'

test_expect_success 'the turns of a group are applied before any of its mails is queued' '
	cd "$WORK" &&
	first_queued=$(grep -n "mail queued" points | head -n 1 | cut -d: -f1) &&
	applied=$(head -n "$first_queued" points | grep -c "turn applied") &&
	test "$applied" -ge 2 &&
	grep "mail written" points >/dev/null &&
	grep "game marked mailed" points >/dev/null &&
	grep "mail sent, still queued" points >/dev/null &&
	grep "mail sent and dequeued" points >/dev/null
'

test_expect_success 'the same end with group-commit 0 and with groups of two' '
	cd "$WORK" &&
	for n in 0 2; do
		rm -rf w && cp -r start w && (
			cd w && inbox && echo "group-commit $n" >>host.conf &&
			"$CARCPBEM" run --once -c host.conf -q 2>/dev/null
		) && same w || { echo "group-commit $n differs"; return 1; }
	done
'

test_expect_success 'killed at any point of the pass, run again: the same end' '
	cd "$WORK" && n=$(wc -l <points) && test "$n" -gt 20 && i=1 &&
	while test $i -le "$n"; do
		rm -rf w && cp -r start w && (
			cd w && inbox &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			"$CARCPBEM" run --once -c host.conf -q 2>/dev/null
		) && same w || {
			echo "killed at point $i ($(sed -n "${i}p" points)): differs"
			return 1
		}
		i=$((i + 1))
	done
'

test_done
