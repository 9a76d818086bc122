#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# A host command's id is in its host record, so the history refuses it a
# second time for good (issue 22.5): a copy of an admin's ROLLBACK mailed
# by a stranger after the clock jumped 9 days ahead and back (the ids of
# commands.seen gone with the jump), or with commands.seen lost, undoes
# nothing; a REPLACE mailed again does not give the seat back to the key
# it replaced. Host commands are carried out in the order of their Date
# (issue 22.14): a PAUSE dated before a RESUME carried out already is
# refused as late, and the admin told how to fix it.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"
. "$top_srcdir/tests/mail/verbs.sh"

T0=1700000000
H=3600
DAY=86400

# hostcmd WHEN WORDS...: a host command signed by the admin key, dated WHEN.
hostcmd () {
	w=$1 && shift &&
	CARCPBEM_NOW=$w "$CARCPBEM" command -k admin.key -g g1 -p host "$@" 2>/dev/null
}

# at WHEN: a pass at that time.
at () {
	CARCPBEM_NOW=$1 "$CARCPBEM" run --once -c host.conf -q 2>>run.log
}

# send_at WHEN ADDRESS FILE: verbs.sh's send, the pass at WHEN.
send_at () {
	(CARCPBEM_NOW=$1 && export CARCPBEM_NOW && send "$2" "$3")
}

count () {
	jq -s "[.[] | select(.event == \"host\" and .command == \"$1\")] | length" \
		spool/games/g1/history.jsonl
}

game_setup () {
	mkdir "$1" && cd "$1" &&
	host_setup &&
	"$CARCPBEM" keygen admin >/dev/null 2>&1 &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	"$CARCPBEM" keygen dave >/dev/null 2>&1 &&
	cp admin.pub admin-keys &&
	printf "admin-keys admin-keys\n" >>host.conf
}

test_expect_success 'setup: alice played; the admin rolls it back by mail' '
	cd "$WORK" && game_setup jump &&
	play alice && test "$(records)" = 2 &&
	hostcmd $T0 ROLLBACK 1 >rb &&
	send_at $T0 admin@example.test rb &&
	test "$(count rollback)" = 1 &&
	play alice && test "$(records)" = 4
'

test_expect_success 'issue 22.5: after a 9-day clock jump and back (ids kept by their Date), a copy of the ROLLBACK by a stranger undoes nothing' '
	cd "$WORK/jump" &&
	at $((T0 + 9 * DAY)) &&
	CARCPBEM_NOW=$((T0 + 9 * DAY - H)) "$CARCPBEM" command -k alice.key -g g1 \
		-p alice SET NOTIFY mine >n1 2>/dev/null &&
	send_at $((T0 + 9 * DAY)) alice@example.test n1 &&
	grep -q "^[0-9a-f]\{32\} $((T0 + 9 * DAY - H)) m-" spool/commands.seen &&
	id=$(jq -r "select(.command == \"rollback\") | .command_id" spool/games/g1/history.jsonl) &&
	test -n "$id" && ! grep -q "^$id " spool/commands.seen &&
	at $((T0 + H)) && test "$(cat spool/clock)" = $((T0 + H)) &&
	send_at $((T0 + H)) mallory@example.test rb &&
	test "$(records)" = 4 && test "$(count rollback)" = 1 &&
	grep -q "carried out this command already" answer.txt &&
	"$CARCPBEM" replay spool/games/g1 >/dev/null
'

test_expect_success 'issue 22.5: with commands.seen lost, the copy undoes nothing either' '
	cd "$WORK/jump" &&
	rm spool/commands.seen &&
	cp rb rb2 && send_at $((T0 + 2 * H)) mallory@example.test rb2 &&
	test "$(records)" = 4 && test "$(count rollback)" = 1 &&
	grep -q "carried out this command already" answer.txt
'

test_expect_success 'issue 22.5: a REPLACE mailed again does not give the seat back to the key it replaced' '
	cd "$WORK" && game_setup replace &&
	hostcmd $((T0 + 60)) REPLACE bob "$(cat carol.pub)" carol@example.test >r1 &&
	send_at $((T0 + 60)) admin@example.test r1 &&
	hostcmd $((T0 + 120)) REPLACE bob "$(cat dave.pub)" dave@example.test >r2 &&
	send_at $((T0 + 120)) admin@example.test r2 &&
	test "$(count replace)" = 2 &&
	rm spool/commands.seen &&
	cp r1 r1again && send_at $((T0 + 180)) mallory@example.test r1again &&
	test "$(count replace)" = 2 &&
	jq -e ".secret.addresses.bob == \"dave@example.test\"" spool/games/g1/state.json >/dev/null &&
	grep -q "carried out this command already" answer.txt &&
	"$CARCPBEM" replay spool/games/g1 >/dev/null
'

test_expect_success 'issue 22.14: a PAUSE dated before a RESUME carried out already is refused as late' '
	cd "$WORK" && game_setup order &&
	CARCPBEM_NOW=$((T0 + 5)) "$CARCPBEM" admin -c host.conf g1 pause >/dev/null &&
	hostcmd $((T0 + 10)) PAUSE >p1 &&
	hostcmd $((T0 + 20)) RESUME >r1 &&
	send_at $((T0 + 30)) admin@example.test r1 &&
	test "$(jq .paused spool/games/g1/meta.json)" = false &&
	send_at $((T0 + 40)) admin@example.test p1 &&
	test "$(jq .paused spool/games/g1/meta.json)" = false &&
	test "$(count pause)" = 1 &&
	grep -q "this pause is dated 2023-11-14T22:13:30Z, before the resume dated 2023-11-14T22:13:40Z" answer.txt &&
	grep -q "make it again with carcpbem command" answer.txt
'

test_expect_success 'issue 22.14: made again, dated now, the PAUSE is carried out' '
	cd "$WORK/order" &&
	hostcmd $((T0 + 50)) PAUSE >p2 &&
	send_at $((T0 + 50)) admin@example.test p2 &&
	test "$(jq .paused spool/games/g1/meta.json)" = true &&
	grep -q "PAUSE on game g1: done" answer.txt &&
	"$CARCPBEM" replay spool/games/g1 >/dev/null
'

# setcmd WHEN WORDS...: alice's signed SET command, dated WHEN.
setcmd () {
	w=$1 && shift &&
	CARCPBEM_NOW=$w "$CARCPBEM" command -k alice.key -g g1 -p alice "$@" 2>/dev/null
}

notify () {
	jq -r ".seats[] | select(.name == \"alice\") | .notify" spool/games/g1/meta.json
}

test_expect_success 'a seat'"'"'s SET NOTIFY mailed again after a later one, with commands.seen lost, is refused; the last made counts' '
	cd "$WORK" && game_setup settings &&
	setcmd $((T0 + 10)) SET NOTIFY mine >mine &&
	setcmd $((T0 + 20)) SET NOTIFY all >all &&
	setcmd $((T0 + 5)) SET TIMEZONE Europe/Sofia >tz &&
	send_at $((T0 + 40)) alice@example.test mine && test "$(notify)" = mine &&
	send_at $((T0 + 50)) alice@example.test all && test "$(notify)" = all &&
	rm spool/commands.seen &&
	cp mine mine2 && send_at $((T0 + 60)) alice@example.test mine2 &&
	test "$(notify)" = all &&
	grep -q "This SET NOTIFY is dated before your last SET NOTIFY in game g1 (2023-11-14T22:13:40Z)" answer.txt &&
	send_at $((T0 + 80)) alice@example.test tz &&
	jq -e ".seats[] | select(.name == \"alice\") | .timezone == \"Europe/Sofia\"" \
		spool/games/g1/meta.json >/dev/null
'

test_done
