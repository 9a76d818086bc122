#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Exactly once: the host is killed (SIGKILL) at every crash point of every
# run of a short game by mail (turns, an answer to HELP, an error reply),
# then run again; the game, its history, the mails sent and the inbox end
# exactly as in a run that was never killed: no turn lost or applied
# twice, no mail lost or sent twice.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

RUNS=4

# step K: the K-th mail of the script into the inbox, then one run.
step () {
	deliver "$WORK/mails/$1" "msg$1" &&
	"$CARCPBEM" run --once -c host.conf -q 2>>run.log
}

test_expect_success 'the reference: four mails, four runs, never killed' '
	cd "$WORK" && mkdir ref mails && cd ref &&
	host_setup &&
	cp -r . ../start &&
	turn_text alice >t1 && mail_from alice@example.test "turn" t1 >"$WORK/mails/1" &&
	step 1 &&
	printf "HELP\n" >h && mail_from carol@example.test "help" h >"$WORK/mails/2" &&
	step 2 &&
	turn_text bob >t3 && mail_from bob@example.test "turn" t3 >"$WORK/mails/3" &&
	step 3 &&
	printf "hello\n" >j && mail_from dave@example.test "x" j >"$WORK/mails/4" &&
	step 4 &&
	test "$(records)" = 3 &&
	test "$(ls spool/outbox | wc -l)" -ge 8
'

test_expect_success 'every run passes crash points' '
	cd "$WORK" && rm -rf c && cp -r start c && cd c &&
	k=1 && while test $k -le $RUNS; do
		deliver "$WORK/mails/$k" "msg$k" &&
		CARCPBEM_CRASH_LOG=$WORK/points.$k "$CARCPBEM" run --once -c host.conf -q ||
			return 1
		test -s "$WORK/points.$k" || return 1
		k=$((k + 1))
	done &&
	same . &&
	grep "turn applied" "$WORK/points.1" &&
	grep "history appended, state not saved" "$WORK/points.1" &&
	grep "mail queued" "$WORK/points.2" &&
	grep "mail sent, still queued" "$WORK/points.4"
'

test_expect_success 'killed at any point of any run, restarted: the same end' '
	cd "$WORK" &&
	k=1 && while test $k -le $RUNS; do
		n=$(wc -l <points.$k) && i=1 &&
		while test $i -le "$n"; do
			rm -rf w && cp -r start w && (
				cd w &&
				j=1 && while test $j -lt $k; do step $j || exit 1; j=$((j + 1)); done &&
				deliver "$WORK/mails/$k" "msg$k" &&
				expect_code 137 env CARCPBEM_CRASH_AT=$i \
					"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
				"$CARCPBEM" run --once -c host.conf -q &&
				j=$((k + 1)) && while test $j -le $RUNS; do step $j || exit 1; j=$((j + 1)); done
			) && same w || {
				echo "run $k, killed at point $i ($(sed -n "${i}p" points.$k)): differs"
				return 1
			}
			i=$((i + 1))
		done
		k=$((k + 1))
	done
'

test_done
