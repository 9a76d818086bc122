#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem admin killed (SIGKILL) at every crash point of a kick (the host
# record, meta.json, the players' mails, then the computer's move for the
# kicked seat and its mails): the game is never left broken. The next
# command catches state.json up with the history, replay checks it, and
# the mail loop goes on.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# all_mailed: every record from 2 on had its mails: the kick its host
# mails to both, a later host record to alice only (issue 21.1: bob's
# seat is the computer's, nobody reads its mails), a move its notice.
all_mailed () {
	jq -r "[.seq, .event] | @tsv" spool/games/g1/history.jsonl |
	while read -r seq event; do
		test "$seq" -ge 2 || continue
		case $event in
		host) test -f "spool/outbox/g1-r$seq-host-1.eml" &&
			if test "$seq" = 2; then
				test -f "spool/outbox/g1-r$seq-host-2.eml"
			else
				test ! -f "spool/outbox/g1-r$seq-host-2.eml"
			fi ;;
		turn) ls spool/outbox/g1-r$seq-notice-*.eml >/dev/null ;;
		esac || { echo "record $seq: no mails"; return 1; }
	done
}

test_expect_success 'setup: alice played; bob is due' '
	cd "$WORK" && mkdir start && cd start &&
	host_setup && play alice &&
	test "$(records)" = 2
'

test_expect_success 'kick passes crash points' '
	cd "$WORK" && rm -rf c && cp -r start c && cd c &&
	CARCPBEM_CRASH_LOG=$WORK/points "$CARCPBEM" admin -c host.conf g1 kick bob >out &&
	grep "host record appended, state not saved" "$WORK/points" &&
	test "$(grep -c "host record appended" "$WORK/points")" -ge 2 &&
	test "$(records)" = 4
'

test_expect_success 'killed at any point of kick: the next command catches up, replay checks' '
	cd "$WORK" &&
	n=$(wc -l <points) && i=1 &&
	while test $i -le "$n"; do
		rm -rf w && cp -r start w && (
			cd w &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" admin -c host.conf g1 kick bob >/dev/null 2>&1 &&
			r=$(records) && test "$r" -ge 2 && test "$r" -le 4 &&
			"$CARCPBEM" admin -c host.conf g1 set grace 1h >/dev/null &&
			"$CARCPBEM" replay spool/games/g1 >/dev/null &&
			if grep -q "\"command\":\"kick\"" spool/games/g1/history.jsonl; then
				test -f spool/outbox/g1-r2-host-1.eml &&
				test -f spool/outbox/g1-r2-host-2.eml &&
				test "$(jq ".seats[1].bot" spool/games/g1/meta.json)" = true &&
				test "$(jq .host_record spool/games/g1/meta.json)" = \
				     "$(jq -s "[.[] | select(.event == \"host\")] | last | .seq" spool/games/g1/history.jsonl)"
			else
				test "$(jq ".seats[1].bot" spool/games/g1/meta.json)" = false
			fi &&
			"$CARCPBEM" run --once -c host.conf -q &&
			test "$(find spool/queue -type f | wc -l)" = 0 &&
			all_mailed
		) || {
			echo "killed at point $i ($(sed -n "${i}p" points)): broken"
			return 1
		}
		i=$((i + 1))
	done
'

test_done
