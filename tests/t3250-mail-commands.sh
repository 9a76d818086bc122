#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Signed commands and the mail verbs through the Maildir mail loop
# (docs/mail.md, "Verbs"; docs/turn-format.md, "Signed commands"): each
# player verb does what it says and answers; forged, changed, replayed
# and out-of-date commands are refused with a clear mail to the sender
# and change nothing; SET NOTIFY mine and observers are honoured by the
# mails after a turn.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"
. "$top_srcdir/tests/mail/verbs.sh"

meta_notify () {
	jq -r ".seats[0].notify" spool/games/g1/meta.json
}

# cmd PLAYER-KEY NAME WORDS...: a command of game g1, signed.
cmd () {
	k=$1 n=$2 && shift 2 &&
	"$CARCPBEM" command -k "$k.key" -g g1 -p "$n" "$@" 2>/dev/null
}

test_expect_success 'setup: game g1 by mail; observers from example.test' '
	cd "$WORK" &&
	host_setup &&
	printf "observers *@example.test, *@friends.test\n" >>host.conf &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1
'

test_expect_success 'SET TIMEZONE, signed: stored, answered' '
	cd "$WORK" &&
	cmd alice alice SET TIMEZONE Europe/Sofia >c1 &&
	grep -q "^-----BEGIN CARCASSONNE COMMAND-----" c1 &&
	send alice@example.test c1 &&
	grep -q "\"timezone\": *\"Europe/Sofia\"" spool/games/g1/meta.json &&
	grep -q "^To: alice@example.test" "$ANSWER" &&
	grep -q "time zone: done" "$ANSWER" &&
	grep -q "your time zone, Europe/Sofia" answer.txt
'

test_expect_success 'the same command mailed again is refused: carried out once' '
	cd "$WORK" &&
	cp spool/games/g1/meta.json meta.before &&
	cp c1 c1again &&
	send alice@example.test c1again &&
	grep -q "carried out already" answer.txt &&
	cmp meta.before spool/games/g1/meta.json
'

test_expect_success 'a zone the system does not know is refused' '
	cd "$WORK" &&
	cmd alice alice SET TIMEZONE Mars/Olympus >c2 &&
	send alice@example.test c2 &&
	grep -q "not a time zone this host knows" answer.txt &&
	cmd alice alice SET TIMEZONE ../../etc/passwd >c2b &&
	send alice@example.test c2b &&
	grep -q "not a time zone this host knows" answer.txt &&
	cmp meta.before spool/games/g1/meta.json
'

test_expect_success 'forged: mallory signs in alice'"'"'s name; refused, alice told' '
	cd "$WORK" &&
	cmd mallory alice SET NOTIFY mine >c3 &&
	send mallory@example.test c3 &&
	grep -q "^To: mallory@example.test" "$ANSWER" &&
	grep -q "not signed with alice.s registered key" answer.txt &&
	ls spool/outbox/m-*-forged-1.eml &&
	grep -q "^To: alice@example.test" spool/outbox/m-*-forged-1.eml &&
	cmp meta.before spool/games/g1/meta.json
'

test_expect_success 'a command changed after signing is refused' '
	cd "$WORK" &&
	cmd alice alice SET TIMEZONE Europe/Paris | sed "s/Europe\/Paris/Europe\/Sofia/" >c4 &&
	send alice@example.test c4 &&
	grep -q "changed after it was signed" answer.txt &&
	cmd alice alice SET TIMEZONE Europe/Paris | sed "s/^Date: 2023/Date: 2024/" >c4b &&
	send alice@example.test c4b &&
	grep -q "refused" answer.txt &&
	cmp meta.before spool/games/g1/meta.json
'

test_expect_success 'a command older than a week, or dated ahead, is refused' '
	cd "$WORK" &&
	CARCPBEM_NOW=$((1700000000 - 8 * 86400)) cmd alice alice SET NOTIFY mine >c5 &&
	send alice@example.test c5 &&
	grep -q "more than 7 days before the host" answer.txt &&
	CARCPBEM_NOW=$((1700000000 + 2 * 86400)) cmd alice alice SET NOTIFY mine >c5b &&
	send alice@example.test c5b &&
	grep -q "check your computer.s clock" answer.txt &&
	cmp meta.before spool/games/g1/meta.json
'

test_expect_success 'an unsigned command, and a verb that needs one as a word, are refused' '
	cd "$WORK" &&
	"$CARCPBEM" command -g g1 -p alice SET NOTIFY mine >c6 2>/dev/null &&
	send alice@example.test c6 &&
	grep -q "the command is not signed" answer.txt &&
	printf "SET NOTIFY mine\n" >c6b &&
	send alice@example.test c6b &&
	grep -q "must come as a signed command" answer.txt &&
	grep -q "carcpbem command -k YOURKEY" answer.txt &&
	cmp meta.before spool/games/g1/meta.json
'

test_expect_success 'a host command without admin-keys is refused' '
	cd "$WORK" &&
	cmd carol host PAUSE >c7 &&
	send admin@example.test c7 &&
	grep -q "takes no host commands by mail" answer.txt ||
	grep -q "is not a command" answer.txt
'

test_expect_success 'SET NOTIFY mine: no update after my own turn, the notice still comes' '
	cd "$WORK" &&
	cmd alice alice SET NOTIFY mine >c8 &&
	send alice@example.test c8 &&
	grep -q "only when the decision is yours" answer.txt &&
	grep -q "\"notify\": *\"mine\"" spool/games/g1/meta.json &&
	play alice &&
	test -f spool/outbox/g1-r1-notice-2.eml &&
	test ! -f spool/outbox/g1-r1-update-1.eml &&
	play bob &&
	test -f spool/outbox/g1-r2-notice-1.eml &&
	cmd alice alice SET NOTIFY all >c8b &&
	send alice@example.test c8b &&
	grep -q "\"notify\": *\"all\"" spool/games/g1/meta.json &&
	play alice &&
	test -f spool/outbox/g1-r3-update-1.eml
'

test_expect_success 'SET ABSENCE: noted, the others told; past or too long refused' '
	cd "$WORK" &&
	cmd bob bob SET ABSENCE 2023-12-20 TO 2024-01-02 >c9 &&
	send bob@example.test c9 &&
	grep -q "absence: noted" "$ANSWER" &&
	grep -q "\"absence\"" spool/games/g1/meta.json &&
	grep -q "2023-12-20T00:00:00Z" spool/games/g1/meta.json &&
	grep -q "2024-01-03T00:00:00Z" spool/games/g1/meta.json &&
	told=$(ls spool/outbox/m-*-told-1.eml | tail -1) &&
	grep -q "^To: alice@example.test" "$told" &&
	mail_text "$told" | grep -q "bob will be away from 2023-12-20 to 2024-01-02" &&
	cmd bob bob SET ABSENCE 2023-10-01 TO 2023-10-03 >c9b &&
	send bob@example.test c9b &&
	grep -q "in the past" answer.txt &&
	cmd bob bob SET ABSENCE 2023-12-01 TO 2024-03-01 >c9c &&
	send bob@example.test c9c &&
	grep -q "14 days at most" answer.txt
'

test_expect_success 'LIST: the games of the sender'"'"'s address, with whose decision' '
	cd "$WORK" &&
	printf "LIST\n" >l1 &&
	send bob@example.test l1 &&
	grep -q "your games" "$ANSWER" &&
	grep -q "g1 .*turn" answer.txt &&
	grep -q "decision (yours)" answer.txt &&
	send nobody@elsewhere.test l1 &&
	grep -q "No game on this host" answer.txt
'

test_expect_success 'issue 21 (low): STATUS without a game lists the sender s games' '
	cd "$WORK" &&
	printf "STATUS\n" >s1 &&
	send bob@example.test s1 &&
	grep -q "your games" "$ANSWER" &&
	grep -q "g1 .*turn" answer.txt &&
	! grep -q "Which game" answer.txt
'

# subject EML: its Subject, unfolded.
subject () {
	python3 -c "import email, sys
print(\" \".join(email.message_from_binary_file(open(sys.argv[1], \"rb\"))[\"Subject\"].split()))" "$1"
}

# hello NAME SUBJECT: bob mails "hello" under SUBJECT; the error reply's file.
hello () {
	printf "hello\n" >"$1" &&
	mail_from bob@example.test "$2" "$1" >"$1.eml" &&
	deliver "$1.eml" "1700000000.M$1-$(date +%s%N)P$$.test" &&
	ls spool/outbox/m-*-error.eml | sort >before &&
	"$CARCPBEM" run --once -c host.conf -q &&
	ls spool/outbox/m-*-error.eml | sort | comm -13 before -
}

test_expect_success 'issue 21 (low): a refusal before the game is read: the tag s game and the reason in the subject' '
	cd "$WORK" &&
	e=$(hello b9 "Re: [carcassonne g9] your move") &&
	test "$(subject "$e")" = "[carcassonne g9] your mail could not be used: No turn file was found in your mail" &&
	grep "^X-Carcpbem-Game: g9" "$e" &&
	e=$(hello b0 "hello") &&
	test "$(subject "$e")" = "[carcassonne] your mail could not be used"
'

test_expect_success 'MAP: the map as a picture, to the registered address only' '
	cd "$WORK" &&
	printf "MAP g1\n" >p1 &&
	send bob@example.test p1 &&
	m=$(ls -t spool/outbox/m-*-map.eml | head -1) &&
	grep -q "^To: bob@example.test" "$m" &&
	grep -q "map: " "$m" &&
	if grep -q "filename=g1-turn.*png" "$m"; then
		mail_attachment "$m" "$(sed -n "s/.*filename=\(g1-turn[0-9]*.png\).*/\1/p" "$m" | head -1)" |
			head -c 8 | od -c | grep -q "P   N   G"
	fi &&
	send dave@example.test p1 &&
	grep -q "not the address of a player of game g1" answer.txt
'

test_expect_success 'OBSERVE: allowed addresses get the public updates, never a view' '
	cd "$WORK" &&
	printf "OBSERVE g1\n" >o1 &&
	send carol@example.test o1 &&
	grep -q "To confirm, reply to this mail" answer.txt &&
	! grep -q "carol@example.test" spool/games/g1/meta.json &&
	confirm carol@example.test &&
	grep -q "You observe game g1" answer.txt &&
	grep -q "carol@example.test" spool/games/g1/meta.json &&
	send eve@elsewhere.test o1 &&
	grep -q "does not let eve@elsewhere.test observe" answer.txt &&
	! grep -q "eve@" spool/games/g1/meta.json &&
	r=$(records) &&
	play bob &&
	o=spool/outbox/g1-r$r-observe-1.eml &&
	test -f "$o" &&
	grep -q "^To: carol@example.test" "$o" &&
	! grep -q "filename=" "$o" &&
	! grep -q -i "seed\|secret\|BEGIN CARCASSONNE TURN" "$o" &&
	mail_text "$o" | grep -q "bob played"
'

test_expect_success 'UNOBSERVE: a mail in the observer'"'"'s name alone (a forged From) stops nothing; her confirming reply does' '
	cd "$WORK" &&
	printf "UNOBSERVE g1\n" >o2 &&
	send carol@example.test o2 &&
	grep -q "reply to this mail and keep its subject" answer.txt &&
	grep -q "carol@example.test" spool/games/g1/meta.json &&
	confirm carol@example.test &&
	grep -q "no more mails of game g1" answer.txt &&
	! grep -q "carol@example.test" spool/games/g1/meta.json &&
	r=$(records) &&
	play alice &&
	test ! -f spool/outbox/g1-r$r-observe-1.eml
'

test_expect_success 'RESIGN: the seat is marked resigned and bot, the others told' '
	cd "$WORK" &&
	send dora@friends.test o1 && confirm dora@friends.test &&
	cmd bob bob RESIGN >r1 &&
	send bob@example.test r1 &&
	grep -q "you resigned" "$ANSWER" &&
	grep -q "cannot win" answer.txt &&
	grep -q "\"resigned\": *true" spool/games/g1/meta.json &&
	grep -q "\"bot\": *true" spool/games/g1/meta.json &&
	key=$(basename "$ANSWER" -command.eml) &&
	jq -s "map(select(.event == \"host\" and .command == \"resign\" and .args == [\"bob\"])) |
		length" spool/games/g1/history.jsonl | grep -qx 1 &&
	jq -s ".[-1] | .player == \"bob\" and .by == \"host\"" spool/games/g1/history.jsonl |
		grep -qx true &&
	"$CARCPBEM" replay spool/games/g1 >/dev/null &&
	h=$(ls -t spool/outbox/g1-r*-host-1.eml | head -1) &&
	grep -q "^To: alice@example.test" "$h" &&
	mail_text "$h" | grep -q "bob resigned" &&
	test ! -e spool/outbox/$key-told-1.eml &&
	grep -q "^To: dora@friends.test" spool/outbox/$key-told-o1.eml &&
	mail_text spool/outbox/$key-told-o1.eml | grep -q "bob resigned from game g1"
'

test_expect_success 'an unknown command is refused with the list of commands' '
	cd "$WORK" &&
	cmd alice alice DANCE >u1 &&
	send alice@example.test u1 &&
	grep -q "is not a command a player can send" answer.txt &&
	grep -q "SET ABSENCE YYYY-MM-DD TO YYYY-MM-DD" answer.txt
'

test_expect_success 'a command quoted in a reply, CR LF and all, is read' '
	cd "$WORK" &&
	cmd alice alice SET TIMEZONE America/New_York | sed "s/^/> /; s/\$/\r/" >q1 &&
	send alice@example.test q1 &&
	grep -q "America/New_York" spool/games/g1/meta.json
'

test_expect_success 'commands.seen keeps a week: older ids go with the next command' '
	cd "$WORK" &&
	test "$(wc -l <spool/commands.seen)" -ge 5 &&
	grep -q "^[0-9a-f]\{32\} 1700000000 m-[0-9a-f]\{24\}$" spool/commands.seen &&
	CARCPBEM_NOW=$((1700000000 + 9 * 86400)) &&
	export CARCPBEM_NOW &&
	cmd alice alice SET NOTIFY mine >w1 &&
	send alice@example.test w1 &&
	test "$(wc -l <spool/commands.seen)" = 1 &&
	test "$(meta_notify)" = mine
'

# The run that carries out a command, killed at each of its crash points
# and started again: the command is carried out once (the second run
# sees its own id, from the same inbox message, and does it again),
# answered once, the others told once, and never called a replay.
test_expect_success 'killed at any point of a command'"'"'s run, restarted: done once' '
	cd "$WORK" &&
	rm -rf crash && mkdir crash &&
	cp -r spool host.conf alice.key crash/ && cd crash &&
	rm -rf spool/outbox && mkdir spool/outbox &&
	"$CARCPBEM" command -k alice.key -g g1 -p alice \
		SET ABSENCE 2023-11-20 TO 2023-11-22 >k1 2>/dev/null &&
	mail_from alice@example.test command k1 >k1.eml &&
	cp -r spool start &&
	deliver k1.eml msgk1 &&
	CARCPBEM_CRASH_LOG=$PWD/points "$CARCPBEM" run --once -c host.conf -q &&
	grep -q "command seen" points &&
	n=$(wc -l <points) && i=1 &&
	while test $i -le "$n"; do
		rm -rf spool && cp -r start spool &&
		deliver k1.eml msgk1 &&
		expect_code 137 env CARCPBEM_CRASH_AT=$i \
			"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
		"$CARCPBEM" run --once -c host.conf -q &&
		test "$(jq ".seats[0].absence | length" spool/games/g1/meta.json)" = 1 &&
		test "$(ls spool/outbox | grep -c -- "-command.eml")" = 1 &&
		test "$(ls spool/outbox | grep -c -- "-told-")" = 1 &&
		test "$(ls spool/outbox | grep -c -- "-error.eml")" = 0 &&
		test "$(ls spool/inbox/new | wc -l)" = 0 || {
			echo "killed at point $i ($(sed -n "${i}p" points)): not done once"
			return 1
		}
		i=$((i + 1))
	done
'

test_done
