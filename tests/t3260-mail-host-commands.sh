#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Host commands by signed mail (docs/mail.md, "Host commands by mail"):
# a command with Player: host signed by a key of the config's admin-keys
# is carried out as carcpbem admin would (a signed host record, replay
# still checks the whole history), answered, and refused when signed by
# any other key or mailed twice; CREATE makes a game from the mailed
# description and mails its start; RESIGN hands a seat to the computer,
# which moves at once when the decision is the seat's. Commands are dated
# in the order they are mailed (host commands dated before the game's last
# one are refused: t3318).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"
. "$top_srcdir/tests/mail/verbs.sh"

# hostcmd KEY GAME WORDS...: a host command signed with KEY.key.
hostcmd () {
	k=$1 g=$2 && shift 2 &&
	"$CARCPBEM" command -k "$k.key" ${g:+-g "$g"} -p host "$@" 2>/dev/null
}

meta () {
	jq -r "$2" "spool/games/$1/meta.json"
}

replays () {
	"$CARCPBEM" replay "spool/games/$1" >replay.out 2>&1 || { cat replay.out; return 1; }
}

test_expect_success 'setup: game g1 by mail; the admin key in admin-keys' '
	cd "$WORK" &&
	host_setup &&
	"$CARCPBEM" keygen admin >/dev/null 2>&1 &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	cp admin.pub admin-keys &&
	printf "admin-keys admin-keys\n" >>host.conf
'

test_expect_success 'PAUSE by mail: a host record by the admin key, answered, players told' '
	cd "$WORK" &&
	(CARCPBEM_NOW=$((CARCPBEM_NOW - 120)) && export CARCPBEM_NOW &&
	 hostcmd admin g1 PAUSE) >h1 &&
	send admin@example.test h1 &&
	grep -q "host command: done" "$ANSWER" &&
	grep -q "^To: admin@example.test" "$ANSWER" &&
	test "$(meta g1 .paused)" = true &&
	kid=$("$CARCPBEM" command -k admin.key -p host X 2>/dev/null | sed -n "s/^Key: //p") &&
	tail -n 1 spool/games/g1/history.jsonl |
		jq -e ".event == \"host\" and .command == \"pause\" and .by == \"admin key $kid\"" &&
	test -f spool/outbox/g1-r1-host-1.eml &&
	replays g1
'

test_expect_success 'the same PAUSE mailed again is refused; nothing recorded' '
	cd "$WORK" &&
	n=$(records) &&
	cp h1 h1again &&
	send admin@example.test h1again &&
	grep -q "carried out already" answer.txt &&
	test "$(records)" = "$n"
'

test_expect_success 'a host command signed by a player'"'"'s key is refused' '
	cd "$WORK" &&
	n=$(records) &&
	hostcmd alice g1 RESUME >h2 &&
	send alice@example.test h2 &&
	grep -q "not signed by an admin key of this host" answer.txt &&
	test "$(meta g1 .paused)" = true &&
	test "$(records)" = "$n"
'

test_expect_success 'a player command signed by the admin key as a seat is refused' '
	cd "$WORK" &&
	"$CARCPBEM" command -k admin.key -g g1 -p alice RESIGN >h3 2>/dev/null &&
	# an hour on: the replay above was answered as a stranger'"'"'s mail (issue 22.4)
	CARCPBEM_NOW=$((CARCPBEM_NOW + 3601)) send admin@example.test h3 &&
	grep -q "not signed with alice.s registered key" answer.txt &&
	test "$(meta g1 .seats[0].resigned)" = false
'

test_expect_success 'an admin key of OpenSSH: PAUSE signed with ssh-keygen, pasted' '
	cd "$WORK" &&
	if ! command -v ssh-keygen >/dev/null 2>&1; then
		echo "# skipped: no ssh-keygen"; return 0
	fi &&
	ssh-keygen -q -t ed25519 -N "" -C admin@laptop -f ssh-admin &&
	cat ssh-admin.pub >>admin-keys &&
	(CARCPBEM_NOW=$((CARCPBEM_NOW - 90)) && export CARCPBEM_NOW &&
	 "$CARCPBEM" command -g g1 -p host RESUME) >s1.txt 2>/dev/null &&
	ssh-keygen -Y sign -f ssh-admin -n carcassonne s1.txt 2>/dev/null &&
	cat s1.txt s1.txt.sig >s1 &&
	send admin@example.test s1 &&
	grep -q "host command: done" "$ANSWER" &&
	test "$(meta g1 .paused)" = false &&
	tail -n 1 spool/games/g1/history.jsonl | jq -e ".command == \"resume\"" &&
	(CARCPBEM_NOW=$((CARCPBEM_NOW - 60)) && export CARCPBEM_NOW &&
	 hostcmd admin g1 PAUSE) >s2 &&
	send admin@example.test s2 &&
	test "$(meta g1 .paused)" = true &&
	replays g1
'

test_expect_success 'RESUME, EXTEND; a refused command says why' '
	cd "$WORK" &&
	hostcmd admin g1 RESUME >h4 &&
	send admin@example.test h4 &&
	test "$(meta g1 .paused)" = false &&
	"$CARCPBEM" admin -c host.conf g1 set deadline 48h >/dev/null &&
	hostcmd admin g1 EXTEND soon >h5 &&
	send admin@example.test h5 &&
	grep -q "was refused" answer.txt &&
	grep -q "soon" answer.txt &&
	hostcmd admin g1 EXTEND 24 >h6 &&
	send admin@example.test h6 &&
	tail -n 1 spool/games/g1/history.jsonl | jq -e ".command == \"extend\"" &&
	replays g1
'

test_expect_success 'KICK: the computer plays the seat as soon as its decision is due' '
	cd "$WORK" &&
	hostcmd admin g1 KICK bob >h7 &&
	send admin@example.test h7 &&
	test "$(meta g1 .seats[1].bot)" = true &&
	n=$(records) &&
	play alice &&
	test "$(records)" -ge $((n + 2)) &&
	replays g1
'

test_expect_success 'REPLACE SEAT KEY ADDRESS: carol takes bob'"'"'s seat' '
	cd "$WORK" &&
	hostcmd admin g1 REPLACE bob "$(cat carol.pub)" carol@example.test >h8 &&
	send admin@example.test h8 &&
	grep -q "host command: done" "$ANSWER" &&
	jq -e ".secret.addresses.bob == \"carol@example.test\"" spool/games/g1/state.json &&
	test "$(meta g1 .seats[1].bot)" = false &&
	replays g1
'

test_expect_success 'ROLLBACK 1 and TERMINATE by mail; replay checks them' '
	cd "$WORK" &&
	hostcmd admin g1 ROLLBACK 1 >h9 &&
	send admin@example.test h9 &&
	tail -n 1 spool/games/g1/history.jsonl | jq -e ".command == \"rollback\"" &&
	hostcmd admin g1 TERMINATE >h10 &&
	send admin@example.test h10 &&
	tail -n 1 spool/games/g1/history.jsonl | jq -e ".command == \"terminate\"" &&
	replays g1
'

test_expect_success 'CREATE: a new game from the mailed description, its start mailed' '
	cd "$WORK" &&
	"$CARCPBEM" command -k admin.key -p host \
		-w "player alice alice@example.test $(cat alice.pub)" \
		-w "player carol carol@example.test $(cat carol.pub)" \
		-w "with abbot" -w "first 2" CREATE g2 >c1 2>/dev/null &&
	send admin@example.test c1 &&
	grep -q "game created" "$ANSWER" &&
	grep -q "B carol <carol@example.test> key" answer.txt &&
	test -f spool/games/g2/state.json &&
	jq -e ".secret.addresses.carol == \"carol@example.test\"" spool/games/g2/state.json &&
	test -f spool/outbox/g2-r0-notice-2.eml &&
	grep -q "^To: carol@example.test" spool/outbox/g2-r0-notice-2.eml &&
	test -f spool/outbox/g2-r0-start-1.eml &&
	head -n 1 spool/games/g2/history.jsonl | jq -e ".host_key" &&
	"$CARCPBEM" show spool/games/g2 | grep -qi abbot &&
	replays g2 &&
	printf "STATUS g2\n" >c1s && send carol@example.test c1s &&
	grep -q "^carol@example.test	g2$" spool/players.index
'

test_expect_success 'CREATE refuses an id in use, a bad key, no players' '
	cd "$WORK" &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 1)) "$CARCPBEM" command -k admin.key -p host \
		-w "player alice alice@example.test $(cat alice.pub)" CREATE g2 >c2 2>/dev/null &&
	send admin@example.test c2 &&
	grep -q "There is a game g2 already" answer.txt &&
	"$CARCPBEM" command -k admin.key -p host \
		-w "player dave dave@example.test carcpbem-ed25519 AAAA dave" CREATE g3 >c3 2>/dev/null &&
	send admin@example.test c3 &&
	grep -q "dave.s key" answer.txt &&
	"$CARCPBEM" command -k admin.key -p host CREATE g4 >c4 2>/dev/null &&
	send admin@example.test c4 &&
	grep -q "name the players" answer.txt &&
	test ! -e spool/games/g3 && test ! -e spool/games/g4
'

test_expect_success 'issue 25.2: CREATE with six players: refused by mail without a sixth colour, created with inns-cathedrals (UN-03)' '
	cd "$WORK" &&
	six="" &&
	for p in p1 p2 p3 p4 p5 p6; do
		"$CARCPBEM" keygen $p >/dev/null 2>&1 &&
		six="$six -w \"player $p $p@example.test $(cat $p.pub)\"" || return 1
	done &&
	eval "\"\$CARCPBEM\" command -k admin.key -p host $six CREATE g6" >c6 2>/dev/null &&
	send admin@example.test c6 &&
	tr "\n" " " <answer.txt | grep -q "6 play *only with a module that brings a sixth *colour (--with *inns-cathedrals) (UN-03)" &&
	test ! -e spool/games/g6 &&
	CARCPBEM_NOW=$((CARCPBEM_NOW + 1)) eval "\"\$CARCPBEM\" command -k admin.key -p host $six -w \"with inns-cathedrals\" CREATE g6" >c7 2>/dev/null &&
	send admin@example.test c7 &&
	grep -q "game created" "$ANSWER" &&
	jq -e ".rules[\"inns-cathedrals\"] == true and (.players | length) == 6" spool/games/g6/state.json &&
	replays g6
'

test_expect_success 'RESIGN on the seat'"'"'s own decision: the computer moves at once, unmailed to her (issue 21.1)' '
	cd "$WORK" &&
	n=$(wc -l <spool/games/g2/history.jsonl) &&
	ls spool/outbox | sort >before &&
	"$CARCPBEM" command -k carol.key -g g2 -p carol RESIGN >r1 2>/dev/null &&
	send carol@example.test r1 &&
	grep -q "you resigned" "$ANSWER" &&
	grep -q "only the game-over mail" answer.txt &&
	# issue 21.1: no notice nor update of the computer'"'"'s move to carol
	ls spool/outbox | sort | comm -13 before - >new &&
	grep -q "^g2-r.*-notice-" new &&
	test -z "$(grep "^g2-r.*-\(notice\|update\)-" new | sed "s|^|spool/outbox/|" |
		xargs -r grep -l "^To: carol@")" &&
	test "$(meta g2 .seats[1].resigned)" = true &&
	test "$(wc -l <spool/games/g2/history.jsonl)" -gt "$n" &&
	tail -n 1 spool/games/g2/history.jsonl | jq -e ".player == \"carol\"" &&
	replays g2
'

test_done
