#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The host's commands at the keyboard (carcpbem admin GAME ...) on a game
# by mail, played through the Maildir loop with the fake clock: each
# command is a host record signed with the host key, meta.json changes,
# the players are told, and replay checks the whole history after each;
# a host record edited afterwards is refused. Seats the computer plays
# (kick) move from their player view as soon as their decision is due.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

admin () {
	"$CARCPBEM" admin -c host.conf g1 "$@"
}

replays () {
	"$CARCPBEM" replay spool/games/g1 >replay.out 2>&1 ||
	{ cat replay.out; return 1; }
}

last_record () {
	tail -n 1 spool/games/g1/history.jsonl
}

meta () {
	jq -r "$1" spool/games/g1/meta.json
}

test_expect_success 'pause: a signed host record, meta.json paused, both players told' '
	cd "$WORK" &&
	host_setup &&
	admin pause >out &&
	grep "game g1: the game is paused (record 1)" out &&
	test -f spool/host.key && test -f spool/host.key.pub &&
	test "$(stat -c %a spool/host.key)" = 600 &&
	hk=$(head -n 1 spool/games/g1/history.jsonl | jq -r .host_key) &&
	test "$(cut -d" " -f2 spool/host.key.pub)" = "$hk" &&
	test "$(last_record | jq -r .host_key)" = "$hk" &&
	last_record | jq -e ".event == \"host\" and .command == \"pause\" and .by == \"keyboard\" and (.signature | length) == 128" &&
	test "$(meta .paused)" = true &&
	test "$(meta .paused_at)" = 2023-11-14T22:13:20Z &&
	grep -q "^To: alice@example.test" spool/outbox/g1-r1-host-1.eml &&
	grep -q "^To: bob@example.test" spool/outbox/g1-r1-host-2.eml &&
	grep -q "the game is paused" spool/outbox/g1-r1-host-2.eml &&
	replays
'

test_expect_success 'pause again is refused and records nothing' '
	cd "$WORK" &&
	test_must_fail admin pause 2>err &&
	grep "paused already" err &&
	test "$(records)" = 2
'

test_expect_success 'issue 21 (low): extend on a game with no deadline is refused, nothing mailed' '
	cd "$WORK" &&
	n=$(outbox_count) &&
	test_must_fail admin extend 24 2>err &&
	grep "game g1 has no deadline running" err &&
	grep "set deadline" err &&
	test "$(records)" = 2 &&
	test "$(outbox_count)" = "$n"
'

test_expect_success 'issue 21 (low): resume moves the deadline on by the pause; no second notice' '
	cd "$WORK" &&
	jq ".deadline_at = \"2023-11-15T22:13:20Z\"" spool/games/g1/meta.json >m &&
	mv m spool/games/g1/meta.json &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 3600)) admin resume >out &&
	grep "record 2" out &&
	test "$(meta .paused)" = false &&
	test "$(meta .deadline_at)" = 2023-11-15T23:13:20Z &&
	test ! -f spool/outbox/g1-r2-notice-1.eml &&
	test "$(ls spool/outbox | grep -c "^g1-r2-")" = 2 &&
	grep -q "2023-11-15T23:13:20Z" spool/outbox/g1-r2-host-1.eml &&
	grep -q "latest notice" spool/outbox/g1-r2-host-1.eml &&
	replays
'

test_expect_success 'extend HOURS moves the deadline; bad numbers are refused' '
	cd "$WORK" &&
	admin extend 24 >out &&
	test "$(meta .deadline_at)" = 2023-11-16T23:13:20Z &&
	last_record | jq -e ".command == \"extend\" and .args == [\"24\"]" &&
	test_must_fail admin extend 0 2>err && grep "from 1 to 8760" err &&
	test_must_fail admin extend soon 2>err && grep "soon" err &&
	test_must_fail admin extend 2>err && grep "extend HOURS" err &&
	test_must_fail admin frobnicate 2>err && grep "not a host command" err &&
	test "$(records)" = 4 &&
	replays
'

test_expect_success 'a mailed turn after host records applies as ever' '
	cd "$WORK" &&
	play alice &&
	test "$(records)" = 5 &&
	test -f spool/outbox/g1-r4-notice-2.eml &&
	replays
'

test_expect_success 'kick: the computer plays the seat at once, signed by the host' '
	cd "$WORK" &&
	admin kick bob >out &&
	grep "the computer plays bob" out &&
	test "$(meta ".seats[1].bot")" = true &&
	test "$(records)" = 7 &&
	last_record | jq -e ".event == \"turn\" and .player == \"bob\" and .by == \"host\" and .why == \"the computer plays the seat\"" &&
	hostkey=$(last_record | jq -r .host_key) &&
	grep -q "$hostkey" spool/host.key.pub &&
	test -f spool/outbox/g1-r6-notice-1.eml &&
	replays
'

test_expect_success 'the loop: after a mailed turn the kicked seat moves in the same pass' '
	cd "$WORK" &&
	play alice &&
	test "$(records)" = 9 &&
	last_record | jq -e ".player == \"bob\" and .by == \"host\"" &&
	test -f spool/outbox/g1-r8-notice-1.eml &&
	test "$(tail -n 1 spool/games/g1/mailed | jq .record)" = 8 &&
	replays
'

test_expect_success 'rollback N undoes the last N decisions; players told; replay agrees' '
	cd "$WORK" &&
	cp spool/games/g1/state.json before-rollback.json &&
	admin rollback 2 >out &&
	grep "the last 2 decisions are undone" out &&
	last_record | jq -e ".command == \"rollback\" and .args == [\"2\"]" &&
	test "$(jq .actions spool/games/g1/state.json | jq length)" -lt "$(jq .actions before-rollback.json | jq length)" &&
	grep -q "decisions are undone" spool/outbox/g1-r9-host-1.eml &&
	test -f spool/outbox/g1-r9-notice-1.eml &&
	replays &&
	test_must_fail admin rollback 99 2>err && grep "from 1 to" err
'

test_expect_success 'issue 21 (low): a host command'"'"'s notice has the map'"'"'s PNG, as a turn'"'"'s has' '
	cd "$WORK" &&
	grep -q "^Content-Type: image/png" spool/outbox/g1-r4-notice-2.eml &&
	grep -q "^Content-Type: image/png" spool/outbox/g1-r9-notice-1.eml &&
	grep -q "cid:map.g1-r9-notice-1@" spool/outbox/g1-r9-notice-1.eml
'

test_expect_success 'issue 21 (low): after a rollback the undone turn sent again counts, as the mail says' '
	cd "$WORK" &&
	mail_text spool/outbox/g1-r9-host-1.eml >rb.txt &&
	grep -q "a turn that was undone counts again if it is sent again" rb.txt &&
	! grep -q "earlier view are refused" rb.txt &&
	undone=$(jq -r "select(.seq == 7) | .turn_id" spool/games/g1/history.jsonl) &&
	before=$(records) &&
	mail_from alice@example.test "[carcassonne g1] again" turn-alice >mail-again &&
	deliver mail-again && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -ge $((before + 1)) &&
	test "$(jq -r "select(.seq == $before) | .turn_id" spool/games/g1/history.jsonl)" = "$undone" &&
	replays
'

test_expect_success 'replace: a new key and address for a seat; old turns still check' '
	cd "$WORK" &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	admin replace bob carol.pub carol@example.test >out &&
	grep "bob.s seat has a new player" out &&
	test "$(meta ".seats[1].bot")" = false &&
	last_record | jq -e ".command == \"replace\" and .args[0] == \"bob\" and .args[2] == \"carol@example.test\" and .was[1] == \"bob@example.test\"" &&
	"$CARCPBEM" show spool/games/g1 >show.out &&
	replays &&
	test_must_fail admin replace bob alice.pub carol@example.test 2>err &&
	grep "alice.s already" err &&
	test_must_fail admin replace bob carol.pub nobody 2>err &&
	grep "not a mail address" err
'

test_expect_success 'the new player plays with the new key, from the new address' '
	cd "$WORK" &&
	if jq -e ".decision.player == 0" spool/games/g1/state.json >/dev/null 2>&1 ||
	   "$CARCPBEM" show spool/games/g1 | grep -q "alice (A) to"; then play alice; fi &&
	before=$(records) &&
	"$CARCPBEM" view spool/games/g1 --player bob -o view-bob.json &&
	a=$("$CARCPBEM" legal view-bob.json | grep -m1 "^place") &&
	"$CARCPBEM" move view-bob.json "$a" pass --key carol.key >turn-new &&
	mail_from carol@example.test "[carcassonne g1] my turn" turn-new >mail-new &&
	deliver mail-new 1700000000.Mnew.test && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = $((before + 1)) &&
	grep -q "^To: carol@example.test" "spool/outbox/g1-r${before}-update-2.eml" &&
	replays
'

test_expect_success 'an edited host record is refused by replay (signature, chain)' '
	cd "$WORK" &&
	rm -rf forged && cp -r spool/games/g1 forged &&
	line=$(sed -n 4p forged/history.jsonl) &&
	echo "$line" | jq -e ".command == \"extend\"" &&
	sed -i "4s/\"args\":\[\"24\"\]/\"args\":[\"240\"]/" forged/history.jsonl &&
	test_must_fail "$CARCPBEM" replay forged 2>err &&
	grep "record 3 (host command extend)" err &&
	rm -rf forged && cp -r spool/games/g1 forged &&
	n=$(wc -l <forged/history.jsonl) &&
	old=$(tail -n 1 forged/history.jsonl) &&
	admin pause >/dev/null && cp spool/games/g1/history.jsonl forged/ &&
	cp spool/games/g1/state.json forged/ &&
	sed -i "\$s/\"by\":\"keyboard\"/\"by\":\"mallory\"/" forged/history.jsonl &&
	new=$(tail -n 1 forged/history.jsonl | tr -d "\n") &&
	h=$(printf "carcpbem history v1\n%s" "$new" | b2sum -l 256 | cut -d" " -f1) &&
	oldh=$(jq -r .archive.head forged/state.json) &&
	sed -i "s/$oldh/$h/" forged/state.json &&
	test_must_fail "$CARCPBEM" replay forged 2>err &&
	grep "signature does not match the record" err &&
	admin resume >/dev/null && replays
'

test_expect_success 'a host record signed by another key is refused' '
	cd "$WORK" &&
	rm -rf other && mkdir other && cp -r spool/games other/ && cp host.conf other/ &&
	(cd other && mkdir -p spool && mv games spool/ &&
	 test_must_fail "$CARCPBEM" admin -c host.conf g1 pause 2>err &&
	 grep "is not game g1.s host key" err)
'

test_expect_success 'terminate (issue 21 low: its mail names no decision and no repo path): no more turns nor commands' '
	cd "$WORK" &&
	admin terminate >out &&
	grep "the game is ended" out &&
	test "$(meta .terminated)" = true &&
	m=$(grep -l "the game is ended" spool/outbox/g1-r*-host-1.eml) &&
	grep -q "has no winner" "$m" &&
	mail_text "$m" >t.txt &&
	! grep -q "docs/" t.txt &&
	! grep -q " to place \| to decide\|decision is" t.txt &&
	before=$(records) &&
	turn_text alice >turn-x 2>/dev/null || turn_text carol >turn-x 2>/dev/null || true &&
	test_must_fail admin pause 2>err && grep "ended by the host" err &&
	test "$(records)" = "$before" &&
	replays
'

test_expect_success 'HISTORY by mail lists the host records and the host moves' '
	cd "$WORK" &&
	printf "HISTORY g1\n" >h &&
	mail_from alice@example.test "Re: x" h >mail-h &&
	deliver mail-h 1700000000.Mhistory.test &&
	"$CARCPBEM" run --once -c host.conf -q &&
	m=$(grep -l "the host: pause" spool/outbox/*-history.eml) &&
	grep -q "the host: replace bob" "$m" &&
	grep -q "the host: terminate" "$m" &&
	grep -q "bob    (host) place" "$m"
'

test_expect_success 'bots finish a game after replace and rollback; its archive replays' '
	mkdir g && cd g &&
	host_setup && "$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	admin kick alice >/dev/null &&
	admin replace bob carol.pub carol@example.test >/dev/null &&
	admin rollback 1 >/dev/null &&
	admin kick bob >/dev/null &&
	replays &&
	grep -q "^To: carol@example.test" spool/outbox/g1-r*-over-2.eml &&
	"$CARCPBEM" export spool/games/g1 -o arch.json &&
	"$CARCPBEM" replay arch.json >out && grep "every signature and hash checks" out
'

test_expect_success 'a resigned seat is the computer'"'"'s; not while paused, at once on resume' '
	mkdir h && cd h &&
	host_setup &&
	admin pause >/dev/null &&
	jq ".seats[1].resigned = true" spool/games/g1/meta.json >m &&
	mv m spool/games/g1/meta.json &&
	play alice &&
	test "$(records)" = 3 &&
	last_record | jq -e ".player == \"alice\"" &&
	admin resume >/dev/null &&
	test "$(records)" = 5 &&
	last_record | jq -e ".player == \"bob\" and .by == \"host\"" &&
	test -f spool/outbox/g1-r4-notice-1.eml &&
	replays
'

test_expect_success 'resign SEAT: a host record, meta.json resigned, the computer moves at once' '
	mkdir i && cd i &&
	host_setup && play alice &&
	admin resign bob >out &&
	grep "bob resigned (record 2)" out &&
	test "$(meta ".seats[1].resigned")" = true &&
	test "$(meta ".seats[1].bot")" = true &&
	grep -q "bob resigned" spool/outbox/g1-r2-host-1.eml &&
	last_record | jq -e ".player == \"bob\" and .by == \"host\"" &&
	test_must_fail admin resign bob 2>err && grep "resigned already" err &&
	replays
'

test_done
