#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Every command by signed mail that writes a host record (PAUSE, RESUME,
# EXTEND, KICK, RESIGN, REPLACE, ROLLBACK, TERMINATE), the mail loop
# killed (SIGKILL) at each of its crash points and run again: the spool
# ends as in the pass never killed, byte for byte (issue 22.1): one
# record of the command, its id in it, the players' mails once each,
# the admin's answer once and the same, replay accepts the history.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

# spool_as REF DIR: DIR's game, meta.json, outbox, inbox and queue are
# REF's, byte for byte; the game's mailed mark (its log's last line) and
# the text of the answer too (its attachment is the player's view when
# the answer is made: after the computer's move, in a run after a crash
# that came after that move).
spool_as () {
	for f in state.json history.jsonl meta.json; do
		cmp "$1/spool/games/g1/$f" "$2/spool/games/g1/$f" || return 1
	done &&
	test "$(tail -n 1 "$1/spool/games/g1/mailed")" = \
	     "$(tail -n 1 "$2/spool/games/g1/mailed")" &&
	(cd "$1/spool" && ls outbox inbox/new inbox/cur queue) >want &&
	(cd "$2/spool" && ls outbox inbox/new inbox/cur queue) >got &&
	test_cmp want got &&
	for m in "$1"/spool/outbox/g1-*.eml; do
		cmp "$m" "$2/spool/outbox/${m##*/}" || return 1
	done &&
	for m in "$1"/spool/outbox/m-*.eml; do
		mail_text "$m" >want && mail_text "$2/spool/outbox/${m##*/}" >got &&
		test_cmp want got || return 1
	done
}

# mail_command NAME KEY PLAYER WORDS...: the signed command mailed by
# its signer into START-NAME/cmd.eml (start: the spool it runs on).
mail_command () {
	n=$1 k=$2 p=$3 && shift 3 &&
	"$CARCPBEM" command -k "$k.key" -g g1 -p "$p" "$@" >"cmd-$n" 2>/dev/null &&
	mail_from "$k@example.test" "command" "cmd-$n" >"cmd-$n.eml"
}

MSG=1700000000.M1P1.cmd

# crash_all NAME START: the command mailed, processed once unkilled
# (ref-NAME), then killed at each crash point of that pass and run again.
crash_all () {
	rm -rf "ref-$1" && cp -r "$2" "ref-$1" && (
		cd "ref-$1" && deliver "../cmd-$1.eml" "$MSG" &&
		CARCPBEM_CRASH_LOG=../points-$1 "$CARCPBEM" run --once -c host.conf -q &&
		test -z "$(ls spool/inbox/new)" &&
		ans=$(ls spool/outbox/m-*-command.eml spool/outbox/m-*-error.eml 2>/dev/null ||
			true) &&
		test "$(echo "$ans" | wc -l)" = 1 &&
		mail_text "$ans" >../answer-$1 &&
		"$CARCPBEM" replay spool/games/g1 >/dev/null
	) || return 1
	n=$(wc -l <"points-$1") && test "$n" -ge 5 || return 1
	i=1
	while test $i -le "$n"; do
		rm -rf w && cp -r "$2" w && (
			cd w && deliver "../cmd-$1.eml" "$MSG" &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" run --once -c host.conf -q >/dev/null 2>&1 &&
			"$CARCPBEM" run --once -c host.conf -q &&
			spool_as "../ref-$1" . &&
			"$CARCPBEM" replay spool/games/g1 >/dev/null
		) || {
			echo "$1 killed at point $i ($(sed -n "${i}p" "points-$1")): not as unkilled"
			return 1
		}
		i=$((i + 1))
	done
}

# records_of COMMAND DIR: the host records of COMMAND in DIR's game.
records_of () {
	jq -s "[.[] | select(.event == \"host\" and .command == \"$1\")] | length" \
		"$2/spool/games/g1/history.jsonl"
}

test_expect_success 'setup: alice played, bob is due; a deadline; admin-keys' '
	cd "$WORK" && mkdir start && cd start &&
	host_setup &&
	printf "deadline 48h\nadmin-keys admin-keys\n" >>host.conf &&
	"$CARCPBEM" keygen admin >/dev/null 2>&1 &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	cp admin.pub admin-keys &&
	play alice && test "$(records)" = 2 &&
	cd .. && cp -r start paused && (cd paused &&
	"$CARCPBEM" admin -c host.conf g1 pause >/dev/null) &&
	cd start &&
	mail_command pause admin host PAUSE &&
	mail_command resume admin host RESUME &&
	mail_command extend admin host EXTEND 24 &&
	mail_command kick admin host KICK bob &&
	mail_command rollback admin host ROLLBACK 1 &&
	mail_command terminate admin host TERMINATE &&
	mail_command replace admin host REPLACE bob "$(cat carol.pub)" carol@example.test &&
	mail_command resign bob bob RESIGN &&
	mv cmd-* ..
'

test_expect_success 'issue 22.1: the unkilled passes: one record each, its id in it' '
	cd "$WORK" &&
	for c in pause extend kick rollback terminate replace resign; do
		rm -rf "ref-$c" && cp -r start "ref-$c" &&
		(cd "ref-$c" && deliver "../cmd-$c.eml" "$MSG" &&
		 "$CARCPBEM" run --once -c host.conf -q) &&
		test "$(records_of $c "ref-$c")" = 1 &&
		jq -s -e "[.[] | select(.event == \"host\")] | last |
			(.command_id | test(\"^[0-9a-f]{32}$\")) and
			(.command_date == \"2023-11-14T22:13:20Z\")" \
			"ref-$c/spool/games/g1/history.jsonl" >/dev/null || return 1
	done
'

for c in pause extend kick rollback terminate replace resign; do
	test_expect_success "issue 22.1: $c by mail killed at every crash point: done once, mailed once, answered once" "
		cd \"\$WORK\" && crash_all $c start &&
		test \"\$(records_of $c ref-$c)\" = 1 &&
		grep -q -i -e 'done' -e 'resigned' answer-$c &&
		! grep -q 'was refused' answer-$c
	"
done

test_expect_success 'issue 22.1: RESUME by mail killed at every crash point' '
	cd "$WORK" && crash_all resume paused &&
	test "$(records_of resume ref-resume)" = 1 &&
	grep -q "done" answer-resume && ! grep -q "was refused" answer-resume &&
	test "$(jq .paused ref-resume/spool/games/g1/meta.json)" = false
'

test_expect_success 'issue 22.1: PAUSE killed after its record: answered done, not "paused already"' '
	cd "$WORK" &&
	n=$(grep -n "host record appended" points-pause | head -1 | cut -d: -f1) &&
	rm -rf w && cp -r start w && cd w &&
	deliver ../cmd-pause.eml "$MSG" &&
	expect_code 137 env CARCPBEM_CRASH_AT=$n \
		"$CARCPBEM" run --once -c host.conf -q >/dev/null 2>&1 &&
	"$CARCPBEM" run --once -c host.conf -q &&
	mail_text spool/outbox/m-*-command.eml >ans &&
	grep -q "PAUSE on game g1: done" ans && ! grep -q "paused already" ans
'

test_done
