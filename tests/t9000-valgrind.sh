#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The program and the rules tests under valgrind: no invalid access, no
# uninitialised value used, no leak. Skipped in sanitizer builds (ASan and
# valgrind do not mix); CI runs it in a plain build as well. Memory that
# libraries keep until exit (cairo's pixman, ...) is still reachable, not a leak.
. "$top_srcdir/tests/lib.sh"

if [ "${CARC_SANITIZERS:-no}" = yes ]; then
	skip_all "built with --enable-sanitizers; valgrind runs in a plain build"
fi
if ! command -v valgrind >/dev/null 2>&1; then
	skip_all "valgrind not installed (contrib/install-deps.sh installs it)"
fi

vg () {
	valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible "$@"
}

test_expect_success 'demo game, directly and by mail' '
	vg "$CARCPBEM" demo --direct --seed valgrind --river --abbot --edition 2 >out &&
	grep "^Final scores:" out &&
	vg "$CARCPBEM" demo --seed valgrind --spool sp >out &&
	grep "^Final scores:" out
'

test_expect_success 'the mail loop: start, turns, replies, verbs, the daemon' '
	. "$top_srcdir/tests/mail/mailtest.sh" &&
	host_setup &&
	turn_text alice >t1 && mail_from alice@example.test "turn" t1 >m1 && deliver m1 &&
	printf "HELP\n" >h && mail_from carol@example.test "help" h >m2 && deliver m2 &&
	mail_from bob@example.test "[carcassonne g1] status" /dev/null >m3 && deliver m3 &&
	printf "history g1\n" >hh && mail_from alice@example.test "x" hh >m4 && deliver m4 &&
	"$CARCPBEM" sign mallory.key t1 >forged && mail_from carol@example.test "x" forged >m5 &&
	deliver m5 &&
	{ printf "From: bob@example.test\nSubject: x\nContent-Type: text/html\n\n<p>hi</p>\n"; } >m6 &&
	deliver m6 &&
	vg "$CARCPBEM" run --once -c host.conf -q &&
	test "$(ls spool/inbox/new | wc -l)" = 0 &&
	test "$(ls spool/outbox/*.eml | wc -l)" -ge 8 &&
	vg "$CARCPBEM" daemon -n -c host.conf >/dev/null
'

test_expect_success 'deadlines: a reminder, the bot at the deadline, a clock jump, admin set' '
	. "$top_srcdir/tests/mail/mailtest.sh" &&
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf "spool spool\nfrom game@example.test\ndeadline 48h\npolicy bot\nbot-after 1\n" >d.conf &&
	vg "$CARCPBEM" new -c d.conf --id g1 --seed vg --reminders 12h --key alice=alice.pub \
		--key bob=bob.pub --address alice=a@example.test --address bob=b@example.test \
		alice bob >/dev/null &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 36 * 3600)) vg "$CARCPBEM" run --once -c d.conf -q &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 48 * 3600)) vg "$CARCPBEM" run --once -c d.conf -q &&
	test "$(wc -l <spool/games/g1/history.jsonl)" -ge 2 &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 148 * 3600)) vg "$CARCPBEM" run --once -c d.conf -q &&
	ls spool/outbox | grep -q "remind" && ls spool/outbox | grep -q "^clock-" &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 149 * 3600)) vg "$CARCPBEM" admin -c d.conf g1 set deadline 3d >/dev/null
'

test_expect_success 'signed commands and the verbs by mail, host commands, CREATE' '
	rm -rf cmd && mkdir cmd && cd cmd &&
	. "$top_srcdir/tests/mail/mailtest.sh" &&
	host_setup &&
	"$CARCPBEM" keygen admin >/dev/null 2>&1 && cp admin.pub admin-keys &&
	printf "admin-keys admin-keys\nobservers *@example.test\n" >>host.conf &&
	c () { k=$1 && shift && vg "$CARCPBEM" command -k "$k.key" "$@" 2>/dev/null; } &&
	c alice -g g1 -p alice SET TIMEZONE Europe/Sofia >c1 &&
	c alice -g g1 -p alice SET ABSENCE 2023-12-01 TO 2023-12-05 >c2 &&
	c bob -g g1 -p bob SET NOTIFY mine >c3 &&
	c mallory -g g1 -p alice RESIGN >c4 &&
	c admin -g g1 -p host PAUSE >c5 &&
	c admin -p host -w "player carol carol@example.test $(cat bob.pub)" CREATE g2 >c6 &&
	c bob -g g1 -p bob RESIGN >c7 &&
	printf "LIST\n" >c8 && printf "MAP g1\n" >c9 && printf "OBSERVE g1\n" >c10 &&
	for i in 1 2 3 4 5 6 7 8 9 10; do
		case $i in 1|2|4|8) a=alice ;; 3|7|9) a=bob ;; 10) a=carol ;; *) a=admin ;; esac
		mail_from $a@example.test command c$i >m$i && deliver m$i "msg$i" || return 1
	done &&
	cp m1 m11 && deliver m11 msg11 &&
	vg "$CARCPBEM" run --once -c host.conf -q &&
	test "$(ls spool/inbox/new | wc -l)" = 0 &&
	test -f spool/games/g2/state.json &&
	test "$(ls spool/outbox/m-*-command.eml | wc -l)" -ge 8 &&
	grep -q "carried out already" spool/outbox/*-error.eml
'

test_expect_success 'host commands, the host moving for a seat, replay of host records' '
	. "$top_srcdir/tests/mail/mailtest.sh" &&
	host_setup && "$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	vg "$CARCPBEM" admin -c host.conf g1 pause >/dev/null &&
	vg "$CARCPBEM" admin -c host.conf g1 resume >/dev/null &&
	vg "$CARCPBEM" admin -c host.conf g1 kick alice >/dev/null &&
	vg "$CARCPBEM" admin -c host.conf g1 replace bob carol.pub carol@example.test >/dev/null &&
	vg "$CARCPBEM" admin -c host.conf g1 rollback 1 >/dev/null &&
	test_must_fail vg "$CARCPBEM" admin -c host.conf g1 extend 0 2>/dev/null &&
	vg "$CARCPBEM" admin -c host.conf g1 terminate >/dev/null &&
	vg "$CARCPBEM" replay spool/games/g1 >out &&
	grep "every signature and hash checks" out
'

test_expect_success 'selfplay with every option' '
	vg "$CARCPBEM" selfplay -n 20 --seed vg --players 5 --river --abbot --edition 2 >out &&
	grep "^games: 20" out &&
	vg "$CARCPBEM" selfplay -n 10 --seed vg --players 3 --with river,abbot,king-robber >out &&
	grep "^games: 10" out
'

test_expect_success 'new, legal, play, show and a refusal' '
	vg "$CARCPBEM" new --seed vg -o g.json alice bob >/dev/null &&
	vg "$CARCPBEM" legal --json g.json >legal.json &&
	first=$(vg "$CARCPBEM" legal g.json | sed -n 3p) &&
	vg "$CARCPBEM" play g.json "$first" pass >/dev/null &&
	vg "$CARCPBEM" show --json g.json >/dev/null &&
	test_must_fail vg "$CARCPBEM" play g.json "knight Q" 2>err &&
	grep "unknown place" err &&
	vg "$CARCPBEM" new --seed vg --with river,abbot -o s.json alice >/dev/null &&
	expect_code 2 vg "$CARCPBEM" new --with abbot,count -o x.json a b 2>/dev/null &&
	vg "$CARCPBEM" play --json s.json "$(vg "$CARCPBEM" legal s.json | sed -n 3p)" pass \
		>/dev/null
'

test_expect_success 'the computer players: hint, greedy and MCTS' '
	vg "$CARCPBEM" new --seed vg --with river,abbot -o g.json alice bob >/dev/null &&
	vg "$CARCPBEM" hint g.json --player greedy --explain >out &&
	grep "^# greedy: " out &&
	vg "$CARCPBEM" hint g.json --playouts 30 --seed vg --explain >out &&
	grep "^# 1\. " out
'

test_expect_success 'render: text maps, PNG map and contact sheet' '
	"$CARCPBEM" new --river --abbot --edition 2 -o g.json alice bob carol \
		--tiles RI.1/RIrI,RI.1/CIRI,RI.1/LIRI,RI.1/RrII,RI.1/CcII,RI.1/IIG,BA/L \
		>/dev/null &&
	"$CARCPBEM" play g.json "place 1 0 90" "thief N" "place 2 0 0" "knight N" \
		"place 3 0 0" "farmer NL" "place 4 0 0" "thief N" "place 4 1 270" \
		"farmer NL" "place 5 1 0" abbot >/dev/null &&
	vg "$CARCPBEM" render g.json >map.txt &&
	vg "$CARCPBEM" render g.json --utf8 --page --width 30 >/dev/null &&
	vg "$CARCPBEM" render --tiles >/dev/null &&
	if "$CARCPBEM" render --tiles --png probe.png 2>/dev/null; then
		vg "$CARCPBEM" render g.json --png map.png &&
		vg "$CARCPBEM" render --tiles --png tiles.png &&
		vg "$top_builddir/tests/render/t-png" >out &&
		! grep "^not ok" out
	fi &&
	vg "$top_builddir/tests/render/t-geometry" >out &&
	! grep "^not ok" out &&
	grep "^Legend" map.txt
'

test_expect_success 'keys, signed turns, apply, replay, export' '
	vg "$CARCPBEM" keygen alice >/dev/null &&
	vg "$CARCPBEM" keygen bob >/dev/null &&
	vg "$CARCPBEM" new --seed vg --tiles BA/CFc.1,BA/L --dir game --key alice.pub \
		--key bob.pub --address bob=bob@example.org alice bob >/dev/null &&
	vg "$CARCPBEM" view game --player bob -o b.json &&
	vg "$CARCPBEM" view game -o v.json &&
	vg "$CARCPBEM" move v.json "place 0 -1 90" "knight N" --key alice.key -o t1 >/dev/null &&
	vg "$CARCPBEM" verify alice.pub t1 >/dev/null &&
	sed "s/^/> /" t1 >quoted &&
	vg "$CARCPBEM" sign alice.key quoted >/dev/null &&
	vg "$CARCPBEM" apply game t1 >/dev/null &&
	test_must_fail vg "$CARCPBEM" apply game quoted 2>err &&
	grep already-applied err &&
	test_must_fail vg "$CARCPBEM" apply game t1 2>/dev/null &&
	vg "$CARCPBEM" view game -o v.json &&
	vg "$CARCPBEM" move v.json "place 1 -1 0" monk --key bob.key -o t2 >/dev/null &&
	vg "$CARCPBEM" apply game t2 >/dev/null &&
	vg "$CARCPBEM" replay game >/dev/null &&
	vg "$CARCPBEM" export game -o a.json &&
	vg "$CARCPBEM" replay a.json >out &&
	grep "every signature and hash checks" out
'

test_expect_success 'game documents: views, load errors, signed games' '
	CARC_VIEW_GAMES=1 vg "$top_builddir/tests/state/t-views" >out &&
	! grep "^not ok" out &&
	vg "$top_builddir/tests/turn/t-turnfile" >out &&
	! grep "^not ok" out &&
	vg "$top_builddir/tests/turn/t-sshsig" >out &&
	! grep "^not ok" out
'

test_expect_success 'rules cases' '
	vg "$top_builddir/tests/rules/run-cases" >out &&
	! grep "^not ok" out
'

test_expect_success 'property tests (a few games)' '
	CARC_PROPERTY_GAMES=16 vg "$top_builddir/tests/rules/t-properties" >out &&
	! grep "^not ok" out
'

test_expect_success 'every listed option of every tile accepted (expansion sets too)' '
	CARC_OPTION_GAMES=2 vg "$top_builddir/tests/rules/t-catalog-options" >out &&
	! grep "^not ok" out
'

test_done
