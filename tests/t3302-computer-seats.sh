#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Issue 21.1 and 21.7: the mails around seats the computer plays and
# seats given to a new player. A resigned, kicked or kept seat gets no
# notice and no update; the others are told the computer played it; a
# run of the computer's moves is mailed once; a turn from a resigned
# seat is refused as such. A replaced seat's new player gets a start of
# his own, and the player on move a new notice that says why.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

admin () {
	"$CARCPBEM" admin -c host.conf g1 "$@"
}

# three_setup: game g1 of alice, bob and carol by mail (alice first).
three_setup () {
	host_setup && "$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	rm -rf spool/games/g1 spool/outbox && mkdir spool/outbox &&
	"$CARCPBEM" new -c host.conf --id g1 --seed mailtest \
		--key alice=alice.pub --key bob=bob.pub --key carol=carol.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		--address carol=carol@example.test alice bob carol >new.out
}

# to WHO: the outbox mails to WHO@example.test, by name.
to () {
	grep -l "^To: $1@example.test" spool/outbox/*.eml | sed "s|.*/||" | sort
}

# newer LIST: the mails not in LIST (a file of names).
newer () {
	ls spool/outbox | sort | comm -13 "$1" -
}

test_expect_success 'issue 21.1: after RESIGN the seat gets no mail of its turns; the others read that the computer played it' '
	cd "$WORK" && mkdir a && cd a && three_setup &&
	play alice &&
	turn_text bob >bob-turn &&
	ls spool/outbox | sort >before &&
	admin resign bob >out &&
	newer before >new &&
	cat new &&
	grep -q "^g1-r2-host-2.eml$" new &&
	test "$(grep -c "^g1-r2-" new)" = 3 &&
	grep -q "^g1-r3-notice-3.eml$" new &&
	grep -q "^g1-r3-update-1.eml$" new &&
	test "$(grep -c "^g1-r3-" new)" = 2 &&
	grep -q "^Subject: .*the computer played for bob; " spool/outbox/g1-r3-update-1.eml &&
	mail_text spool/outbox/g1-r3-update-1.eml >u.txt &&
	grep -q "the computer played for bob in game g1" u.txt &&
	mail_text spool/outbox/g1-r3-notice-3.eml >n.txt &&
	grep -q "(the computer played for bob)" n.txt &&
	ls spool/outbox | sort >before &&
	play carol && play alice &&
	newer before >new && cat new &&
	test -z "$(newer before | xargs -r -I{} grep -l "^To: bob@" spool/outbox/{})" &&
	last=$(jq -s "last | .seq" spool/games/g1/history.jsonl) &&
	jq -s -e "last | .player == \"bob\" and .by == \"host\"" spool/games/g1/history.jsonl &&
	test -f "spool/outbox/g1-r$last-notice-3.eml" &&
	grep -q "^Subject: .*the computer played for bob; " "spool/outbox/g1-r$last-update-1.eml"
'

test_expect_success 'issue 21.1: a turn from the resigned seat is refused as resigned, and says what to do' '
	cd "$WORK/a" &&
	n=$(records) &&
	mail_from bob@example.test "Re: [carcassonne g1] turn 2: your move, bob" bob-turn >m &&
	deliver m 1700000000.Mresigned.test &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = "$n" &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -n 1)" >e.txt && cat e.txt &&
	grep -q "bob resigned from game g1" e.txt &&
	grep -q "no longer counts" e.txt &&
	grep -q "game-over mail" e.txt &&
	! grep -q "moved on" e.txt
'

test_expect_success 'issue 21.1: a run of the computer'"'"'s moves is mailed once: one notice saying what it did' '
	mkdir b && cd b && three_setup &&
	admin kick bob >/dev/null && admin kick carol >/dev/null &&
	ls spool/outbox | sort >before &&
	play alice &&
	newer before >new && cat new &&
	test "$(records)" = 6 &&
	test "$(grep -c notice new)" = 1 &&
	grep -q "^g1-r5-notice-1.eml$" new &&
	! grep -q "^g1-r4-" new &&
	test -z "$(newer before | xargs -r -I{} grep -l "^To: \(bob\|carol\)@" spool/outbox/{})" &&
	mail_text spool/outbox/g1-r5-notice-1.eml >n.txt &&
	grep -q "(the computer played for bob and carol: 2 turns)" n.txt
'

test_expect_success 'issue 21.1: a kick that plays the rest of the game mails the game-over mail, not a mail a turn' '
	mkdir c && cd c && host_setup &&
	admin kick bob >/dev/null && play alice &&
	ls spool/outbox | sort >before &&
	admin kick alice >out &&
	test "$(records)" -gt 60 &&
	newer before >new && cat new &&
	test "$(wc -l <new)" -le 3 &&
	test "$(grep -c -- "-over-" new)" = 2 &&
	! grep -q -- "-notice-\|-update-" new &&
	over=$(grep -- "-over-1" new) &&
	mail_text "spool/outbox/$over" >o.txt &&
	grep -q "The computer.s last [0-9]* turns for alice and bob" o.txt &&
	grep -q "(below: its last moves; the archive and HISTORY g1 have the [0-9]* before)" o.txt &&
	test "$(grep -c "^ *[a-z]* placed " o.txt)" -le 6 &&
	test "$(sed -n "1,/^Final scores:/p" o.txt | wc -l)" -lt 60
'

test_expect_success 'issue 21.1: a turn from a kicked seat is refused as the host'"'"'s kick, with what to do' '
	cd "$WORK" && mkdir e && cd e && host_setup &&
	play alice && turn_text bob >bob-turn &&
	admin kick bob >/dev/null &&
	n=$(records) &&
	mail_from bob@example.test "Re: [carcassonne g1] turn 2: your move, bob" bob-turn >m &&
	deliver m && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = "$n" &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -n 1)" >e.txt &&
	grep -q "The host gave bob.s seat in game g1 to the computer (the host command kick)" e.txt &&
	grep -q "Ask the host if you want to play the seat again" e.txt
'

test_expect_success 'issue 21.7: replace: the new player gets a start of his own; the player on move a new notice saying why' '
	cd "$WORK" && mkdir d && cd d && host_setup &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	turn_text alice >old-turn &&
	admin replace bob carol.pub carol@example.test >out &&
	test -f spool/outbox/g1-r1-start-2.eml &&
	test ! -f spool/outbox/g1-r1-host-2.eml &&
	grep -q "^To: carol@example.test" spool/outbox/g1-r1-start-2.eml &&
	grep -q "^Subject: .*you take the seat bob of game g1" spool/outbox/g1-r1-start-2.eml &&
	grep -q "filename=g1-bob.json" spool/outbox/g1-r1-start-2.eml &&
	mail_text spool/outbox/g1-r1-start-2.eml >s.txt &&
	grep -q "the host gave you the seat bob of game g1" s.txt &&
	grep -q "Mail HELP to" s.txt &&
	grep -q "sign with your secret key carol.key" s.txt &&
	jq -e ".seats[1].key_name == \"carol\"" spool/games/g1/meta.json &&
	test -f spool/outbox/g1-r1-notice-1.eml &&
	mail_text spool/outbox/g1-r1-host-1.eml >h.txt &&
	grep -q "alice gets a new notice with this mail, and a turn made before it is refused" h.txt
'

test_expect_success 'issue 21.7: a turn made before the replace is refused naming the replace; one made after counts; his notice names his key file' '
	cd "$WORK/d" &&
	mail_from alice@example.test "Re: [carcassonne g1] turn 1" old-turn >m &&
	deliver m && "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 2 &&
	mail_text "$(ls -t spool/outbox/*-error.eml | head -n 1)" >e.txt &&
	grep -q "the host gave bob.s seat a new player (record 1) after your view was made" e.txt &&
	! grep -q "moved on since" e.txt &&
	play alice && test "$(records)" = 3 &&
	grep -q "^To: carol@example.test" spool/outbox/g1-r2-notice-2.eml &&
	mail_text spool/outbox/g1-r2-notice-2.eml >n.txt &&
	grep -q "carcpbem sign carol.key turn.txt" n.txt &&
	! grep -q "bob.key" n.txt
'

test_done
